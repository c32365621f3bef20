/**
 * Strict zod schemas of the request bodies (unknown fields are rejected, as the real v1 API does). They
 * mirror openapi.yaml's input schemas.
 * @see `docs/api-contract.md` sections 3 and 4
 */

/**
 * A uuid in a body: any 8-4-4-4-12 hex string, as the contract's `format: uuid` (not only RFC versions 1-8), so
 * the fake and a validating proxy accept the same ids.
 */
export const uuidField = z.guid("must be a uuid (8-4-4-4-12 hex digits)");

import { z } from "zod";

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `HH:MM`, 24 h. */
const timeOfDay = z.string().regex(HH_MM, "must be a time of day HH:MM (24 h)");

/** `YYYY-MM-DD`. */
export const isoDate = z.iso.date({ error: "must be a date YYYY-MM-DD" });

/**
 * Longest free strings of request bodies, in Unicode code points (how JSON Schema's `maxLength` counts), by
 * kind of field; openapi.yaml declares the same `maxLength` on each field.
 */
export const MAX_LENGTH = {
  /** Tags and custom field names. */
  label: 100,
  /** Names and references: order, route and driver names, customer order numbers, package barcodes and descriptions, bulk-delete ids. */
  name: 255,
  /** Phone numbers. */
  phone: 50,
  /** Email addresses (the longest address an SMTP path can carry). */
  email: 254,
  /** One line of text: addresses, custom field string values, missed reasons. */
  line: 1000,
  /** Free text for people: an order's instructions, completion notes. */
  note: 2000,
  /** A completion's base64 PNG signature (about 730 KB of image). */
  signature: 1_000_000,
} as const;

/**
 * A UTF-16 surrogate without its other half (JSON can carry one escaped, `"\ud800"`): not a character, and no
 * UTF-8 encoding exists for it, so a string holding one is refused rather than stored and echoed.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The length of a string in Unicode code points (`"🚚".length` is 2, one code point). */
function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/**
 * `schema` with at most `max` code points. zod's own `max` counts UTF-16 units and would refuse strings with
 * characters outside the BMP (emoji) that the contract accepts.
 */
function limited<S extends z.ZodType<string>>(schema: S, max: number): S {
  return schema
    .refine((value) => value.length <= max || codePoints(value) <= max, {
      error: `must be at most ${max} characters`,
    })
    .refine((value) => !value.includes("\u0000"), { error: "must not contain a NUL character (U+0000)" })
    .refine((value) => !UNPAIRED_SURROGATE.test(value), {
      error: "must be valid Unicode: it contains an unpaired surrogate",
    });
}

/** A free string of at most `max` code points. */
export function text(max: number) {
  return limited(z.string(), max);
}

/** A location as sent: coordinates both or neither. */
export const locationInput = z
  .strictObject({
    address: limited(z.string().min(1, "address must not be empty"), MAX_LENGTH.line),
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
const customValue = z.union([text(MAX_LENGTH.line), z.number(), z.boolean(), z.null()], {
  error: "a custom field value must be a string, number, boolean or null",
});
const customFieldsRecord = z.record(text(MAX_LENGTH.label), customValue, {
  error: (issue) =>
    issue.code === "invalid_key" ? `a custom field name must be at most ${MAX_LENGTH.label} characters` : undefined,
});
/** A custom field name that z.record neither checks nor keeps (it would set the prototype). */
const PROTO_NAME = "__proto__";
type CustomFieldsInput = Record<string, z.output<typeof customValue>>;
/**
 * Custom fields as sent. `__proto__` is a name like any other for the contract: its value is checked like the
 * others and kept as an own property (z.record skips that key, so the record alone would store nothing).
 */
const customFields = z.custom<CustomFieldsInput>().transform((input, ctx): CustomFieldsInput => {
  const parsed = customFieldsRecord.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  }
  if (!Object.hasOwn(input as object, PROTO_NAME)) return parsed.data;
  const value = customValue.safeParse((input as Record<string, unknown>)[PROTO_NAME]);
  if (!value.success) {
    for (const issue of value.error.issues) {
      ctx.addIssue({ ...issue, path: [PROTO_NAME, ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
    }
    return z.NEVER;
  }
  const fields = { ...parsed.data };
  Object.defineProperty(fields, PROTO_NAME, {
    value: value.data,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return fields;
});
const tags = z.array(limited(z.string().min(1), MAX_LENGTH.label));
const email = limited(z.email(), MAX_LENGTH.email);
const packageInput = z.strictObject({
  barcode: text(MAX_LENGTH.name).nullish(),
  description: text(MAX_LENGTH.name).nullish(),
  quantity: z.number().int().min(1),
});

/** Longest service duration of an order, in seconds (one day): longer ones would push a route's times past any calendar. */
const MAX_DURATION = 86_400;

const orderShape = {
  name: text(MAX_LENGTH.name).nullish(),
  customerOrderNumber: text(MAX_LENGTH.name).nullish(),
  deliveryDate: isoDate,
  locations: z
    .array(locationInput, { error: "locations must be an array of exactly one location" })
    .length(1, "exactly one location is required"),
  timeWindows: z.array(timeWindow).nullish(),
  duration: z.number().int().min(0).max(MAX_DURATION, `must be at most ${MAX_DURATION} seconds (one day)`).nullish(),
  load: z.number().min(0).nullish(),
  tags: tags.nullish(),
  priority: z.enum(["low", "normal", "high"]).nullish(),
  phone: text(MAX_LENGTH.phone).nullish(),
  email: email.nullish(),
  instructions: text(MAX_LENGTH.note).nullish(),
  customFields: customFields.nullish(),
};

/** One order as sent to v2 (`OrderInput`). */
export const orderInput = z.strictObject({ ...orderShape, packages: z.array(packageInput).nullish() });

/** One order as sent to v1 (`OrderInputV1`, no packages). */
export const orderInputV1 = z.strictObject(orderShape);

/** Most orders per create request. */
const MAX_ORDERS_PER_REQUEST = 1000;

/** An array body of 1..1,000 `item`s. */
function orderArray<S extends z.ZodType>(item: S) {
  return z
    .array(item)
    .min(1, "send at least one order")
    .max(MAX_ORDERS_PER_REQUEST, `send at most ${MAX_ORDERS_PER_REQUEST} orders per request`);
}

/**
 * Body of `POST /v2/orders` when it is an array: 1..1,000 orders. Built once, here: a schema built per request
 * cost about half the request again.
 */
export const orderArrayInput = orderArray(orderInput);

/** Body of `POST /v1/orders` when it is an array. */
export const orderArrayInputV1 = orderArray(orderInputV1);

const completedAt = z.iso.datetime({ offset: true, error: "must be an ISO-8601 date-time" }).optional();
const notes = text(MAX_LENGTH.note).optional();

/** Body of the completion endpoints, by `status`: delivered (may carry a signature) or missed (with a reason). */
export const completeInput = z.discriminatedUnion(
  "status",
  [
    z.strictObject({
      status: z.literal("delivered"),
      completedAt,
      notes,
      signature: text(MAX_LENGTH.signature).optional(),
      // Declared so that the message says why instead of "unknown field".
      missedReason: z.never({ error: "missedReason is only allowed when status is missed" }).optional(),
    }),
    z.strictObject({
      status: z.literal("missed"),
      completedAt,
      missedReason: limited(z.string().min(1), MAX_LENGTH.line),
      notes,
      signature: z.never({ error: "signature is only allowed when status is delivered" }).optional(),
    }),
  ],
  {
    error: (issue) => (issue.code === "invalid_union" ? "status must be one of delivered, missed" : undefined),
  },
);

/** Body of `DELETE /v2/orders`: 1..500 uuid strings (malformed ones are reported as not_found, not rejected). */
export const deleteInput = z
  .array(text(MAX_LENGTH.name), { error: "the body must be a JSON array of order uuid strings" })
  .min(1, "send at least one order uuid")
  .max(500, "send at most 500 order uuids per request");

const driverInput = z.strictObject({
  name: limited(z.string().min(1), MAX_LENGTH.name),
  email: email.nullish(),
  phone: text(MAX_LENGTH.phone).nullish(),
});

/** One route as sent (`RouteInput`). */
export const routeInput = z.strictObject({
  name: limited(z.string().min(1, "name must not be empty"), MAX_LENGTH.name),
  date: isoDate,
  startTime: timeOfDay,
  endTime: timeOfDay,
  startLocation: locationInput,
  endLocation: locationInput.nullish(),
  capacity: z.number().min(0).nullish(),
  tags: tags.nullish(),
  driver: driverInput.nullish(),
});

/** Most routes per create request. */
const MAX_ROUTES_PER_REQUEST = 500;

const routeList = z
  .array(routeInput, { error: "routes must be an array of routes" })
  .min(1, "send at least one route")
  .max(MAX_ROUTES_PER_REQUEST, `send at most ${MAX_ROUTES_PER_REQUEST} routes per request`);

/** Body of `POST /v2/routes`. */
export const routeCreateInput = z.strictObject({ workspaceUuid: uuidField, routes: routeList });

/** Body of `POST /v1/routes`. */
export const routeCreateInputV1 = routeList;

/** Body of `PATCH /v2/routes/{routeUuid}`. */
export const routeUpdateInput = z.strictObject({ locked: z.boolean() });

/** Body of `POST /v2/routes/publish`. */
export const publishInput = z.strictObject({
  workspaceUuid: uuidField,
  date: isoDate,
  routeUuids: z.array(uuidField).min(1).max(500).optional(),
});
