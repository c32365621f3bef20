/**
 * Scheduling: POST /v2/schedules (three modes), GET /v2/schedules (runs), GET /v2/schedules/{actionUuid} and
 * /v2/schedules/actions/{actionUuid} (the action), GET /v2/schedules/{actionUuid}/solution (the plan).
 * @see contract.md section 5
 */
import { z } from "zod";
import { type ActionRecord, retryAfterSeconds } from "../../domain/actions.js";
import { isoString } from "../../domain/clock.js";
import { DomainError, type ErrorDetail } from "../../domain/errors.js";
import { isoWithOffset } from "../../domain/scheduling/local-time.js";
import {
  getScheduleAction,
  getScheduleSolution,
  listScheduleActions,
  type ScheduleRequest,
  type ScheduleRunRecord,
  startSchedule,
} from "../../domain/scheduling/runs.js";
import type { Context } from "../../domain/state.js";
import type { components } from "../contract-types.js";
import { paginate } from "../pagination.js";
import { defineOperation, type TypedOperation } from "../typed.js";

type ActionBody = components["schemas"]["Action"];
type SolutionBody = components["schemas"]["Solution"];

const uuid = z.guid();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day HH:MM (24 h)");
const tags = z.array(z.string().min(1)).nullable().optional();

const location = z
  .strictObject({
    address: z.string().min(1),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [value.latitude === undefined ? "latitude" : "longitude"],
        message: "latitude and longitude go together: send both or neither",
      });
    }
  });

const options = z
  .strictObject({
    minimizeRoutes: z.boolean().optional(),
    balance: z.boolean().optional(),
    travelMode: z.enum(["car", "bicycle"]).optional(),
  })
  .optional();

const whatIfOrder = z.strictObject({
  uuid: uuid.optional(),
  name: z.string().nullable().optional(),
  customerOrderNumber: z.string().nullable().optional(),
  deliveryDate: date.optional(),
  locations: z.array(location).min(1).max(1),
  timeWindows: z
    .array(z.strictObject({ startTime: timeOfDay, endTime: timeOfDay }))
    .nullable()
    .optional(),
  duration: z.int().min(0).nullable().optional(),
  load: z.number().min(0).nullable().optional(),
  tags,
  priority: z.enum(["low", "normal", "high"]).nullable().optional(),
  phone: z.string().nullable().optional(),
  email: z.email().nullable().optional(),
  instructions: z.string().nullable().optional(),
  customFields: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable()
    .optional(),
  packages: z
    .array(
      z.strictObject({
        barcode: z.string().nullable().optional(),
        description: z.string().nullable().optional(),
        quantity: z.int().min(1),
      }),
    )
    .nullable()
    .optional(),
});

const whatIfRoute = z.strictObject({
  uuid: uuid.optional(),
  name: z.string().min(1),
  date,
  startTime: timeOfDay,
  endTime: timeOfDay,
  startLocation: location,
  endLocation: location.nullable().optional(),
  capacity: z.number().min(0).nullable().optional(),
  tags,
  driver: z
    .strictObject({
      name: z.string().min(1),
      email: z.email().nullable().optional(),
      phone: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

const scheduleAll = z.strictObject({ workspaceUuid: uuid, date, options });
const scheduleSpecific = z.strictObject({
  workspaceUuid: uuid,
  date,
  orders: z.array(uuid).min(1).max(1000),
  routes: z.array(uuid).min(1).max(500),
  options,
});
const scheduleWhatIf = z.strictObject({
  workspaceUuid: uuid,
  date,
  whatIf: z.strictObject({
    orders: z.array(whatIfOrder).min(1).max(1000),
    routes: z.array(whatIfRoute).min(1).max(500),
  }),
  options,
});

/** `orders[3].timeWindows[0].startTime` from a zod issue path. */
function pathOf(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** Zod issues as error details; an unknown field gets its own detail naming it. */
function detailsOf(error: z.ZodError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        details.push({ path: pathOf([...issue.path, key]), message: `unknown field ${JSON.stringify(key)}` });
      }
    } else {
      details.push({ path: pathOf(issue.path), message: issue.message });
    }
  }
  return details;
}

/** Parse the body of POST /v2/schedules; its shape picks the mode (what-if, specific, all). */
export function parseScheduleRequest(body: unknown): ScheduleRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new DomainError("VALIDATION_FAILED", "Failed to schedule: the body must be a JSON object", [
      { path: "", message: "expected an object" },
    ]);
  }
  const fail = (error: z.ZodError): never => {
    const details = detailsOf(error);
    const first = details[0];
    const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
    throw new DomainError(
      "VALIDATION_FAILED",
      `Failed to schedule: ${first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "invalid body"}${more}`,
      details,
    );
  };
  if ("whatIf" in body) {
    const parsed = scheduleWhatIf.safeParse(body);
    if (!parsed.success) return fail(parsed.error);
    return { mode: "what_if", ...parsed.data };
  }
  if ("orders" in body || "routes" in body) {
    const parsed = scheduleSpecific.safeParse(body);
    if (!parsed.success) return fail(parsed.error);
    return { mode: "specific", ...parsed.data };
  }
  const parsed = scheduleAll.safeParse(body);
  if (!parsed.success) return fail(parsed.error);
  return { mode: "all", ...parsed.data };
}

/** The wire shape of a scheduling action. */
export function toScheduleActionBody(action: ActionRecord): ActionBody {
  const body: ActionBody = {
    actionUuid: action.uuid,
    actionName: action.kind,
    status: action.status,
    createdAt: isoString(action.createdAt),
  };
  if (action.finishedAt !== null) body.finishedAt = isoString(action.finishedAt);
  if (action.summary) body.actionSummary = action.summary as NonNullable<ActionBody["actionSummary"]>;
  if (action.reason !== null) body.reason = action.reason;
  return body;
}

/** The wire shape of a run's solution: instants in the workspace's offset. */
export function toSolutionBody(run: ScheduleRunRecord): SolutionBody {
  const at = (ms: number) => isoWithOffset(ms, run.timezone);
  return {
    actionUuid: run.actionUuid,
    date: run.date,
    committed: run.committed,
    summary: { ...run.summary },
    routes: run.routes.map((route) => ({
      routeUuid: route.routeUuid,
      stops: route.stops.map((stop) => ({
        sequence: stop.sequence,
        orderUuid: stop.orderUuid,
        arrivalTime: at(stop.arrivalTime),
        departureTime: at(stop.departureTime),
        distanceFromPreviousStopInKilometers: stop.distanceFromPreviousStopInKilometers,
        load: stop.load,
      })),
      distanceInKilometers: route.distanceInKilometers,
      workingTimeInSeconds: route.workingTimeInSeconds,
      load: route.load,
    })),
    unscheduled: run.unscheduled.map((u) => ({ orderUuid: u.orderUuid, reason: u.reason })),
  };
}

function pollReply(domain: Context, action: ActionRecord) {
  const retry = retryAfterSeconds(domain, action);
  return {
    status: 200 as const,
    body: toScheduleActionBody(action),
    ...(retry !== undefined ? { headers: { "retry-after": String(retry) } } : {}),
  };
}

/** The scheduling operations. */
export function scheduleOperations(): TypedOperation[] {
  return [
    defineOperation("/v2/schedules", "post", async ({ domain, principal, json }) => {
      const request = parseScheduleRequest(await json());
      return { status: 202, body: toScheduleActionBody(startSchedule(domain, principal, request)) };
    }),
    defineOperation("/v2/schedules", "get", ({ domain, principal, url }) => ({
      status: 200,
      body: paginate(listScheduleActions(domain, principal).map(toScheduleActionBody), url),
    })),
    defineOperation("/v2/schedules/{actionUuid}", "get", ({ domain, principal, params }) =>
      pollReply(domain, getScheduleAction(domain, principal, params.actionUuid ?? "")),
    ),
    defineOperation("/v2/schedules/actions/{actionUuid}", "get", ({ domain, principal, params }) =>
      pollReply(domain, getScheduleAction(domain, principal, params.actionUuid ?? "")),
    ),
    defineOperation("/v2/schedules/{actionUuid}/solution", "get", ({ domain, principal, params }) => ({
      status: 200,
      body: toSolutionBody(getScheduleSolution(domain, principal, params.actionUuid ?? "")),
    })),
  ];
}
