/**
 * Strict zod schemas of the request bodies (unknown fields are rejected, as the real v1 API does). They
 * mirror openapi.yaml's input schemas.
 * @see `docs/api-contract.md` sections 3 and 4
 */
import { z } from "zod";

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `HH:MM`, 24 h. */
export const timeOfDay = z.string().regex(HH_MM, "must be a time of day HH:MM (24 h)");

/** `YYYY-MM-DD`. */
export const isoDate = z.iso.date({ error: "must be a date YYYY-MM-DD" });

/** A location as sent: coordinates both or neither. */
export const locationInput = z
  .strictObject({
    address: z.string().min(1, "address must not be empty"),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      const missing = value.latitude === undefined ? "latitude" : "longitude";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "latitude and longitude go together: send both or neither",
      });
    }
  });

const timeWindow = z.strictObject({ startTime: timeOfDay, endTime: timeOfDay });
const customValue = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: "a custom field value must be a string, number, boolean or null",
});
const packageInput = z.strictObject({
  barcode: z.string().nullish(),
  description: z.string().nullish(),
  quantity: z.number().int().min(1),
});

/** Longest service duration of an order, in seconds (one day): longer ones would push a route's times past any calendar. */
export const MAX_DURATION = 86_400;

const orderShape = {
  name: z.string().nullish(),
  customerOrderNumber: z.string().nullish(),
  deliveryDate: isoDate,
  locations: z
    .array(locationInput, { error: "locations must be an array of exactly one location" })
    .length(1, "exactly one location is required"),
  timeWindows: z.array(timeWindow).nullish(),
  duration: z.number().int().min(0).max(MAX_DURATION, `must be at most ${MAX_DURATION} seconds (one day)`).nullish(),
  load: z.number().min(0).nullish(),
  tags: z.array(z.string().min(1)).nullish(),
  priority: z.enum(["low", "normal", "high"]).nullish(),
  phone: z.string().nullish(),
  email: z.email().nullish(),
  instructions: z.string().nullish(),
  customFields: z.record(z.string(), customValue).nullish(),
};

/** One order as sent to v2 (`OrderInput`). */
export const orderInput = z.strictObject({ ...orderShape, packages: z.array(packageInput).nullish() });

/** One order as sent to v1 (`OrderInputV1`, no packages). */
export const orderInputV1 = z.strictObject(orderShape);

/** Most orders per create request. */
export const MAX_ORDERS_PER_REQUEST = 1000;

/** Body of `POST /v2/orders` or `POST /v1/orders` when it is an array: 1..1,000 orders. */
export function orderArray<S extends z.ZodType>(item: S) {
  return z
    .array(item)
    .min(1, "send at least one order")
    .max(MAX_ORDERS_PER_REQUEST, `send at most ${MAX_ORDERS_PER_REQUEST} orders per request`);
}

/** Body of the completion endpoints. */
export const completeInput = z
  .strictObject({
    status: z.enum(["delivered", "missed"]),
    completedAt: z.iso.datetime({ offset: true, error: "must be an ISO-8601 date-time" }).optional(),
    missedReason: z.string().min(1).optional(),
    notes: z.string().optional(),
    signature: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "missed" && value.missedReason === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["missedReason"],
        message: "missedReason is required when status is missed",
      });
    }
    if (value.status === "missed" && value.signature !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["signature"],
        message: "signature is only allowed when status is delivered",
      });
    }
    if (value.status === "delivered" && value.missedReason !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["missedReason"],
        message: "missedReason is only allowed when status is missed",
      });
    }
  });

/** Body of `DELETE /v2/orders`: 1..500 uuid strings (malformed ones are reported as not_found, not rejected). */
export const deleteInput = z
  .array(z.string(), { error: "the body must be a JSON array of order uuid strings" })
  .min(1, "send at least one order uuid")
  .max(500, "send at most 500 order uuids per request");

const driverInput = z.strictObject({
  name: z.string().min(1),
  email: z.email().nullish(),
  phone: z.string().nullish(),
});

/** One route as sent (`RouteInput`). */
export const routeInput = z.strictObject({
  name: z.string().min(1, "name must not be empty"),
  date: isoDate,
  startTime: timeOfDay,
  endTime: timeOfDay,
  startLocation: locationInput,
  endLocation: locationInput.nullish(),
  capacity: z.number().min(0).nullish(),
  tags: z.array(z.string().min(1)).nullish(),
  driver: driverInput.nullish(),
});

/** Most routes per create request. */
export const MAX_ROUTES_PER_REQUEST = 500;

const routeList = z
  .array(routeInput, { error: "routes must be an array of routes" })
  .min(1, "send at least one route")
  .max(MAX_ROUTES_PER_REQUEST, `send at most ${MAX_ROUTES_PER_REQUEST} routes per request`);

/** Body of `POST /v2/routes`. */
export const routeCreateInput = z.strictObject({ workspaceUuid: z.uuid(), routes: routeList });

/** Body of `POST /v1/routes`. */
export const routeCreateInputV1 = routeList;

/** Body of `PATCH /v2/routes/{routeUuid}`. */
export const routeUpdateInput = z.strictObject({ locked: z.boolean() });

/** Body of `POST /v2/routes/publish`. */
export const publishInput = z.strictObject({
  workspaceUuid: z.uuid(),
  date: isoDate,
  routeUuids: z.array(z.uuid()).min(1).max(500).optional(),
});
