/**
 * Domain records → wire bodies (typed from the generated contract).
 * @see `docs/api-contract.md` sections 3, 4, 7
 */
import { retryAfterSeconds } from "../domain/actions.js";
import { isoString } from "../domain/clock.js";
import type { Context } from "../domain/context.js";
import { trackingLink } from "../domain/orders.js";
import type {
  ActionKind,
  ActionRecord,
  ActionSummary,
  DeleteActionSummary,
  OrderRecord,
  PublishActionSummary,
  RouteRecord,
  ScheduleActionSummary,
  UpdateActionSummary,
} from "../domain/records.js";
import { type RouteView, toRouteView } from "../domain/views.js";
import type { components } from "./contract-types.js";

type Schemas = components["schemas"];

/** An order, v2. */
export function toOrderBody(order: OrderRecord): Schemas["Order"] {
  return {
    uuid: order.uuid,
    workspaceUuid: order.workspaceUuid,
    orderNumber: order.orderNumber,
    name: order.name,
    customerOrderNumber: order.customerOrderNumber,
    deliveryDate: order.deliveryDate,
    locations: [{ ...order.location }],
    timeWindows: order.timeWindows.map((w) => ({ ...w })),
    duration: order.duration,
    load: order.load,
    tags: [...order.tags],
    priority: order.priority,
    phone: order.phone,
    email: order.email,
    instructions: order.instructions,
    customFields: { ...order.customFields },
    packages: order.packages.map((p) => ({ ...p })),
    status: order.status,
    routeUuid: order.routeUuid,
    trackingLink: trackingLink(order.uuid),
    signatureUrl: order.signatureUrl,
    deliveryTime: order.deliveryTime === null ? null : isoString(order.deliveryTime),
    deliveryMissedReason: order.deliveryMissedReason,
    deliveryNotes: order.deliveryNotes,
    createdAt: isoString(order.createdAt),
    updatedAt: isoString(order.updatedAt),
  };
}

/** An order, v1 (`workspaceId`; no trackingLink, signatureUrl, packages). */
export function toOrderV1Body(ctx: Context, order: OrderRecord): Schemas["OrderV1"] {
  const { workspaceUuid: _w, trackingLink: _t, signatureUrl: _s, packages: _p, ...rest } = toOrderBody(order);
  return { ...rest, workspaceId: ctx.state.workspaces.get(order.workspaceUuid)?.workspaceId ?? 0 };
}

/** A route, v2. */
export function toRouteBody(route: RouteRecord): Schemas["Route"] {
  return toRouteView(route) satisfies RouteView;
}

/** A route, v1 (`workspaceId` instead of `workspaceUuid`). */
export function toRouteV1Body(ctx: Context, route: RouteRecord): Schemas["RouteV1"] {
  const { workspaceUuid: _w, ...rest } = toRouteView(route);
  return { ...rest, workspaceId: ctx.state.workspaces.get(route.workspaceUuid)?.workspaceId ?? 0 };
}

/**
 * The answer to a poll of an action: 200 with the action, and while it is pending a `Retry-After` hint
 * (`docs/api-contract.md` section 7).
 */
export function toPollReply(ctx: Context, action: ActionRecord) {
  const retry = retryAfterSeconds(ctx, action);
  return {
    status: 200 as const,
    body: toActionBody(action),
    ...(retry !== undefined ? { headers: { "retry-after": String(retry) } } : {}),
  };
}

/** Whether a summary is the shape of one kind: each kind's summary has a key no other kind's has. */
type SummaryGuard<S extends ActionSummary> = (summary: ActionSummary) => summary is S;

const isScheduleSummary: SummaryGuard<ScheduleActionSummary> = (s) => "routesUsed" in s;
const isPublishSummary: SummaryGuard<PublishActionSummary> = (s) => "routes" in s;
const isUpdateSummary: SummaryGuard<UpdateActionSummary> = (s) => "orders" in s;
const isDeleteSummary: SummaryGuard<DeleteActionSummary> = (s) => "deleted" in s;

/**
 * The `actionSummary` of an action body, checked against its kind: the contract's `Action` union pairs each
 * `actionName` with one summary type, so a mismatch is a bug of the fake and is not answered.
 */
function summaryField<S extends ActionSummary>(action: ActionRecord, is: SummaryGuard<S>): { actionSummary?: S } {
  if (action.summary === null) return {};
  if (!is(action.summary)) {
    throw new Error(`Failed to answer action ${action.uuid}: its summary is not the summary of a ${action.kind}`);
  }
  return { actionSummary: action.summary };
}

/** The wire body of an action of kind `name` with its (checked) summary field, keys in the contract's order. */
function actionBody<N extends ActionKind, S extends ActionSummary>(
  action: ActionRecord,
  actionName: N,
  summary: { actionSummary?: S },
) {
  return {
    actionUuid: action.uuid,
    actionName,
    status: action.status,
    createdAt: isoString(action.createdAt),
    ...(action.finishedAt !== null ? { finishedAt: isoString(action.finishedAt) } : {}),
    ...summary,
    ...(action.reason !== null ? { reason: action.reason } : {}),
  };
}

/** An action, as answered by 202s and polls: the member of the `Action` union of its kind. */
export function toActionBody(action: ActionRecord): Schemas["Action"] {
  switch (action.kind) {
    case "schedule":
      return actionBody(action, "schedule", summaryField(action, isScheduleSummary));
    case "publish":
      return actionBody(action, "publish", summaryField(action, isPublishSummary));
    case "update":
      return actionBody(action, "update", summaryField(action, isUpdateSummary));
    case "delete":
      return actionBody(action, "delete", summaryField(action, isDeleteSummary));
  }
}
