/**
 * Scheduling: POST /v2/schedules (three modes), GET /v2/schedules (runs), GET /v2/schedules/{actionUuid} and
 * /v2/schedules/actions/{actionUuid} (the action), GET /v2/schedules/{actionUuid}/solution (the plan).
 * @see `docs/api-contract.md` section 5
 */
import { z } from "zod";
import { DomainError, validationFailed } from "../../domain/errors.js";
import type { ScheduleRunRecord } from "../../domain/records.js";
import type { ScheduleRequest } from "../../domain/scheduling/requests.js";
import { startSchedule } from "../../domain/scheduling/runs.js";
import { getScheduleSolution, listScheduleActions, pollScheduleAction } from "../../domain/scheduling/solutions.js";
import { isoWithOffset } from "../../domain/time.js";
import { toActionBody, toPollReply } from "../bodies.js";
import type { components } from "../contract-types.js";
import { zodDetails } from "../input.js";
import { mapPage, paginate } from "../pagination.js";
import type { Operation } from "../router.js";
import { isoDate, orderInput, routeInput, uuidField } from "../schemas.js";
import { defineOperation } from "../typed.js";

type SolutionBody = components["schemas"]["Solution"];

/** Order and route references are looked up, not format-checked strictly: an unknown one answers 404. */
const uuid = uuidField;

const options = z
  .strictObject({
    minimizeRoutes: z.boolean().optional(),
    balance: z.boolean().optional(),
    routeCost: z.number().int().min(0).max(86_400).optional(),
    travelMode: z.enum(["car", "bicycle"]).optional(),
  })
  .optional();

/** `WhatIfOrder`: an `OrderInput` with an optional caller-chosen uuid and an optional delivery date. */
const whatIfOrder = orderInput.extend({ uuid: uuid.optional(), deliveryDate: isoDate.optional() });

/** `WhatIfRoute`: a `RouteInput` with an optional caller-chosen uuid. */
const whatIfRoute = routeInput.extend({ uuid: uuid.optional() });

const scheduleAll = z.strictObject({ workspaceUuid: uuid, date: isoDate, options });
const scheduleSpecific = z.strictObject({
  workspaceUuid: uuid,
  date: isoDate,
  orders: z.array(uuid).min(1).max(1000),
  routes: z.array(uuid).min(1).max(500),
  options,
});
const scheduleWhatIf = z.strictObject({
  workspaceUuid: uuid,
  date: isoDate,
  whatIf: z.strictObject({
    orders: z.array(whatIfOrder).min(1).max(1000),
    routes: z.array(whatIfRoute).min(1).max(500),
  }),
  options,
});

/** The edge schemas of the three bodies (exported for the type test against the generated contract types). */
export const scheduleRequestSchemas = { all: scheduleAll, specific: scheduleSpecific, whatIf: scheduleWhatIf };

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed("schedule", zodDetails(result.error, [], body));
  return result.data;
}

/** Parse the body of POST /v2/schedules; its shape picks the mode (what-if, specific, all). */
function parseScheduleRequest(body: unknown): ScheduleRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new DomainError("VALIDATION_FAILED", "Failed to schedule orders: the body must be a JSON object", [
      { path: "body", message: "expected a JSON object" },
    ]);
  }
  if ("whatIf" in body) return { mode: "what_if", ...parse(scheduleWhatIf, body) };
  if ("orders" in body || "routes" in body) return { mode: "specific", ...parse(scheduleSpecific, body) };
  return { mode: "all", ...parse(scheduleAll, body) };
}

/** The wire shape of a run's solution: instants in the workspace's offset. */
export function toSolutionBody(run: ScheduleRunRecord): SolutionBody {
  const at = (ms: number) => isoWithOffset(ms, run.timezone);
  return {
    actionUuid: run.actionUuid,
    date: run.date,
    committed: run.committed,
    summary: {
      routesUsed: run.summary.routesUsed,
      ordersScheduled: run.summary.ordersScheduled,
      ordersUnscheduled: run.summary.ordersUnscheduled,
      distanceInKilometers: run.summary.distanceInKilometers,
      workingTimeInSeconds: run.summary.workingTimeInSeconds,
      idleTimeInSeconds: run.summary.idleTimeInSeconds,
    },
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

/** The scheduling operations. */
export function scheduleOperations(): Operation[] {
  return [
    defineOperation("/v2/schedules", "post", async ({ domain, principal, json }) => {
      const request = parseScheduleRequest(await json());
      return { status: 202, body: toActionBody(startSchedule(domain, principal, request)) };
    }),
    defineOperation("/v2/schedules", "get", ({ domain, principal, url }) => ({
      status: 200,
      body: mapPage(paginate(listScheduleActions(domain, principal), url), toActionBody),
    })),
    defineOperation("/v2/schedules/{actionUuid}", "get", ({ domain, principal, params }) =>
      toPollReply(domain, pollScheduleAction(domain, principal, params.actionUuid)),
    ),
    defineOperation("/v2/schedules/actions/{actionUuid}", "get", ({ domain, principal, params }) =>
      toPollReply(domain, pollScheduleAction(domain, principal, params.actionUuid)),
    ),
    defineOperation("/v2/schedules/{actionUuid}/solution", "get", ({ domain, principal, params }) => ({
      status: 200,
      body: toSolutionBody(getScheduleSolution(domain, principal, params.actionUuid)),
    })),
  ];
}
