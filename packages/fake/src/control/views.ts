/**
 * The views of what a fake holds: plain-data copies of its records in the API's answer shapes (the control
 * document's for what only the control endpoints answer). `fake.inspect()`, the public methods (`fake.actions.list()`,
 * `fake.events`, `fake.webhooks.deliveries()`, ...) and the `/_fake/` endpoints answer them; a view never shares an
 * object with the store, so changing one changes nothing in the fake.
 */
import { isoString } from "../domain/clock.js";
import type { Context } from "../domain/context.js";
import type { ServiceArea } from "../domain/geo.js";
import type {
  ActionKind,
  ActionRecord,
  ActionStatus,
  EventRecord,
  EventType,
  NotificationRecord,
  OrderStatusUpdatedData,
  Organization,
  RouteEventData,
  TokenRecord,
  WebhookAttemptRecord,
  WebhookAttemptResult,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookSubscriptionRecord,
  Workspace,
} from "../domain/records.js";
import type { components as Api } from "../http/contract-types.js";
import { toWebhookBody } from "../http/handlers/webhooks.js";
import { toWorkspaceBody } from "../http/handlers/workspaces.js";
import { toEventBody } from "./events-http.js";

const iso = (ms: number | null) => (ms === null ? null : isoString(ms));

function toAttemptBody(attempt: WebhookAttemptRecord) {
  return {
    attempt: attempt.attempt,
    at: isoString(attempt.at),
    result: attempt.result,
    status: attempt.status,
    error: attempt.error,
    durationMs: attempt.durationMs,
    nextAttemptAt: iso(attempt.nextAttemptAt),
  };
}

/** The wire shape of a delivery of the log. */
export function toDeliveryBody(delivery: WebhookDeliveryRecord) {
  return {
    id: delivery.id,
    subscriptionUuid: delivery.subscriptionUuid,
    url: delivery.url,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    createdAt: isoString(delivery.createdAt),
    nextAttemptAt: iso(delivery.nextAttemptAt),
    redeliveryOf: delivery.redeliveryOf,
    attempts: delivery.attempts.map(toAttemptBody),
  };
}

/** An action as the control endpoints answer it: every field the fake holds, instants as ISO strings. */
export function toControlAction(action: ActionRecord) {
  return {
    uuid: action.uuid,
    kind: action.kind,
    status: action.status,
    organizationId: action.organizationId,
    workspaceUuid: action.workspaceUuid,
    createdAt: isoString(action.createdAt),
    finishedAt: iso(action.finishedAt),
    // A copy: an object type of its own, which the document's open object accepts.
    summary: action.summary === null ? null : { ...action.summary },
    reason: action.reason,
    held: action.held,
    dueAt: iso(action.dueAt),
    afterPolls: action.afterPolls,
    polls: action.polls,
    failWith: action.failWith,
  };
}

export function toNotificationBody(notification: NotificationRecord) {
  return { ...notification, createdAt: isoString(notification.createdAt) };
}

/** An organization. */
export interface InspectedOrganization {
  id: string;
  name: string;
}

/** An API token (instants as ISO-8601 UTC strings; `expiresAt` null: never expires). */
export interface InspectedToken {
  token: string;
  organizationId: string;
  createdAt: string;
  expiresAt: string | null;
}

/** A workspace: the API's `Workspace`, its organization and its service area (where addresses are geocoded). */
export type InspectedWorkspace = Api["schemas"]["Workspace"] & { organizationId: string; serviceArea: ServiceArea };

/**
 * A background action as `GET /_fake/actions` answers it (instants as ISO-8601 UTC strings), and whether the fake
 * still holds work to run for it (`pendingWork`: true while pending, false once ended).
 */
export interface InspectedAction {
  uuid: string;
  kind: ActionKind;
  status: ActionStatus;
  organizationId: string;
  workspaceUuid: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The action's `actionSummary` in the API. */
  summary:
    | Api["schemas"]["ScheduleSummary"]
    | Api["schemas"]["PublishSummary"]
    | Api["schemas"]["UpdateSummary"]
    | Api["schemas"]["DeleteSummary"]
    | null;
  /** Why it failed. */
  reason: string | null;
  /** Waits for a release. */
  held: boolean;
  /** With `afterMs`, when it ends. */
  dueAt: string | null;
  /** With `afterPolls`, how many polls answer `pending`. */
  afterPolls: number | null;
  /** How many times it was polled at its endpoint. */
  polls: number;
  /** With a `fail` policy, the reason it will fail with. */
  failWith: string | null;
  pendingWork: boolean;
}

/**
 * An emitted event, as `GET /_fake/events` answers it: `data` is the webhook payload's `data` at emission (its shape
 * follows `type`).
 */
export type InspectedEvent = {
  id: string;
  organizationId: string;
  workspaceUuid: string;
  createdAt: string;
} & (
  | { type: "route.published"; data: RouteEventData }
  | { type: "route.eta_updated"; data: RouteEventData }
  | { type: "order.status_updated"; data: OrderStatusUpdatedData }
);

/** A customer notification, as `GET /_fake/notifications` answers it. */
export interface InspectedNotification {
  /** A uuid. */
  id: string;
  organizationId: string;
  workspaceUuid: string;
  orderUuid: string;
  routeUuid: string;
  kind: "order_delivered" | "order_missed";
  /** Where it went: the order's email and phone (either may be null). */
  email: string | null;
  phone: string | null;
  /** The text sent, with the tracking link. */
  message: string;
  trackingLink: string;
  createdAt: string;
}

/** A webhook subscription: the API's `Webhook`, its organization and its signing secret. */
export type InspectedWebhook = Api["schemas"]["Webhook"] & { organizationId: string; secret: string };

/** A delivery of the webhook log, as `GET /_fake/webhook-deliveries` answers it, and its organization. */
export interface InspectedDelivery {
  id: string;
  organizationId: string;
  subscriptionUuid: string;
  url: string;
  eventId: string;
  eventType: EventType;
  status: WebhookDeliveryStatus;
  createdAt: string;
  nextAttemptAt: string | null;
  redeliveryOf: string | null;
  /** Every attempt made, instants as ISO-8601 UTC strings. */
  attempts: {
    /** 1 to 6. */
    attempt: number;
    at: string;
    result: WebhookAttemptResult;
    /** The status answered; null on a timeout or a connection error. */
    status: number | null;
    /** What went wrong without a status (the timeout, the connection error); null otherwise. */
    error: string | null;
    durationMs: number;
    nextAttemptAt: string | null;
  }[];
}

// One view per record, shared by `fake.inspect()` and the public methods (`fake.actions.list()`, `fake.events`,
// `fake.webhooks.deliveries()`, ...): each returns a fresh plain-data copy, never the stored record.

/** An organization as {@link InspectedOrganization}. */
export function inspectOrganization({ id, name }: Organization): InspectedOrganization {
  return { id, name };
}

/** A token as {@link InspectedToken}. */
export function inspectToken(t: TokenRecord): InspectedToken {
  return {
    token: t.token,
    organizationId: t.organizationId,
    createdAt: isoString(t.createdAt),
    expiresAt: iso(t.expiresAt),
  };
}

/** A workspace as {@link InspectedWorkspace}. */
export function inspectWorkspace(w: Workspace): InspectedWorkspace {
  return { ...toWorkspaceBody(w), organizationId: w.organizationId, serviceArea: { ...w.serviceArea } };
}

/** An action as {@link InspectedAction} (`pendingWork` read from `ctx`). */
export function inspectAction(ctx: Context, a: ActionRecord): InspectedAction {
  return {
    ...toControlAction(a),
    summary: a.summary === null ? null : structuredClone(a.summary),
    pendingWork: ctx.state.works.has(a.uuid),
  };
}

/** An event as {@link InspectedEvent}. */
export function inspectEvent(e: EventRecord): InspectedEvent {
  return { ...toEventBody(e), type: e.type, data: structuredClone(e.data) } as InspectedEvent;
}

/** A notification as {@link InspectedNotification}. */
export function inspectNotification(n: NotificationRecord): InspectedNotification {
  return toNotificationBody(n);
}

/** A webhook subscription as {@link InspectedWebhook}. */
export function inspectWebhook(s: WebhookSubscriptionRecord): InspectedWebhook {
  return { ...toWebhookBody(s), organizationId: s.organizationId, secret: s.secret };
}

/** A delivery of the log as {@link InspectedDelivery}. */
export function inspectDelivery(d: WebhookDeliveryRecord): InspectedDelivery {
  return { ...toDeliveryBody(d), organizationId: d.organizationId };
}
