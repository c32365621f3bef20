/**
 * `fake.inspect()`: everything the fake holds, as plain data in the API's own answer shapes (and the control
 * document's, for what only the control endpoints answer), so that tests assert on behaviour without reaching into
 * the store. The shape is versioned (`version: 1`): a field is only ever added within a version. Every record of an
 * organization carries its `organizationId`. Reading it changes nothing (no pending action is settled).
 */

import { isoString } from "../domain/clock.js";
import type { Context } from "../domain/context.js";
import type { TravelMode } from "../domain/geo.js";
import type {
  ActionKind,
  ActionStatus,
  ActionSummary,
  EventType,
  NotificationRecord,
  OrderStatusUpdatedData,
  RouteEventData,
  WebhookAttemptRecord,
  WebhookDeliveryStatus,
} from "../domain/records.js";
import { toTimelineView } from "../domain/views.js";
import { toOrderBody, toRouteBody } from "../http/bodies.js";
import type { components as Api } from "../http/contract-types.js";
import { toSolutionBody } from "../http/handlers/schedules.js";
import { toWebhookBody } from "../http/handlers/webhooks.js";
import { toWorkspaceBody } from "../http/handlers/workspaces.js";
import { toEventBody } from "./events-http.js";
import { toControlAction, toNotificationBody } from "./http.js";
import { toDeliveryBody } from "./webhooks-http.js";

/** The version of {@link FakeInspection}'s shape this package answers. */
export const INSPECTION_VERSION = 1;

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

/** A workspace: the API's `Workspace` and its organization. */
export type InspectedWorkspace = Api["schemas"]["Workspace"] & { organizationId: string };

/** A live order: the API's v2 `Order` and its organization. */
export type InspectedOrder = Api["schemas"]["Order"] & { organizationId: string };

/**
 * A route: the API's v2 `Route`, its organization, its orders in visiting sequence, its travel mode and its
 * timeline's stops as `GET /v2/routes/{uuid}/timeline` answers them.
 */
export type InspectedRoute = Api["schemas"]["Route"] & {
  organizationId: string;
  orderUuids: string[];
  travelMode: TravelMode;
  stops: Api["schemas"]["TimelineStop"][];
};

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
  summary: ActionSummary | null;
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

/** The stored solution of a scheduling run: the API's `Solution`, its organization, workspace and mode. */
export type InspectedSolution = Api["schemas"]["Solution"] & {
  organizationId: string;
  workspaceUuid: string;
  mode: "all" | "specific" | "what_if";
};

/** An emitted event, as `GET /_fake/events` answers it: `data` is the webhook payload's `data` at emission. */
export interface InspectedEvent {
  id: string;
  type: EventType;
  organizationId: string;
  workspaceUuid: string;
  createdAt: string;
  data: RouteEventData | OrderStatusUpdatedData;
}

/** A customer notification, as `GET /_fake/notifications` answers it. */
export type InspectedNotification = Omit<NotificationRecord, "createdAt"> & { createdAt: string };

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
  attempts: (Omit<WebhookAttemptRecord, "at" | "nextAttemptAt"> & { at: string; nextAttemptAt: string | null })[];
}

/** A kept idempotency key: the request it was first sent with and the status of the answer kept for it. */
export interface InspectedIdempotencyKey {
  organizationId: string;
  key: string;
  method: string;
  /** The path under the base URL, with its query sorted. */
  target: string;
  /** The status of the kept answer. */
  status: number;
  /** When the answer was kept; the key is forgotten 24 h later. */
  storedAt: string;
}

/** What the next created records will be numbered. */
export interface InspectedSequences {
  /** The `workspaceId` of the next workspace. */
  nextWorkspaceId: number;
  /** The last `ORD-<n>` number handed out, per organization. */
  orderNumbers: { organizationId: string; last: number }[];
}

/**
 * Everything one fake holds, as plain data (`fake.inspect()`): compare two inspections with `toEqual` to assert
 * that a call changed nothing. Lists are in creation order (events, notifications and deliveries oldest first).
 */
export interface FakeInspection {
  /** The shape's version ({@link INSPECTION_VERSION}). */
  version: 1;
  organizations: InspectedOrganization[];
  tokens: InspectedToken[];
  workspaces: InspectedWorkspace[];
  orders: InspectedOrder[];
  routes: InspectedRoute[];
  actions: InspectedAction[];
  solutions: InspectedSolution[];
  events: InspectedEvent[];
  notifications: InspectedNotification[];
  webhooks: { subscriptions: InspectedWebhook[]; deliveries: InspectedDelivery[] };
  idempotencyKeys: InspectedIdempotencyKey[];
  sequences: InspectedSequences;
  /** How many of each there are. */
  counts: {
    organizations: number;
    tokens: number;
    workspaces: number;
    orders: number;
    routes: number;
    actions: number;
    pendingActions: number;
    solutions: number;
    events: number;
    notifications: number;
    webhookSubscriptions: number;
    webhookDeliveries: number;
    idempotencyKeys: number;
  };
}

const iso = (ms: number | null) => (ms === null ? null : isoString(ms));

/** Everything `ctx` holds, as {@link FakeInspection}. */
export function inspectContext(ctx: Context): FakeInspection {
  const { state } = ctx;
  const organizations = [...state.organizations.values()].map(({ id, name }) => ({ id, name }));
  const tokens = [...state.tokens.values()].map((t) => ({
    token: t.token,
    organizationId: t.organizationId,
    createdAt: isoString(t.createdAt),
    expiresAt: iso(t.expiresAt),
  }));
  const workspaces = [...state.workspaces.values()].map((w) => ({
    ...toWorkspaceBody(w),
    organizationId: w.organizationId,
  }));
  const orders = [...state.orders.values()].map((o) => ({ ...toOrderBody(o), organizationId: o.organizationId }));
  const routes = [...state.routes.values()].map((r) => ({
    ...toRouteBody(r),
    organizationId: r.organizationId,
    orderUuids: [...r.orderUuids],
    travelMode: r.travelMode,
    stops: toTimelineView(ctx, r),
  }));
  const actions: InspectedAction[] = [...state.actions.values()].map((a) => ({
    ...toControlAction(a),
    summary: a.summary === null ? null : structuredClone(a.summary),
    pendingWork: ctx.state.works.has(a.uuid),
  }));
  const solutions = [...state.scheduleRuns.values()].map((run) => ({
    ...toSolutionBody(run),
    organizationId: run.organizationId,
    workspaceUuid: run.workspaceUuid,
    mode: run.mode,
  }));
  const events: InspectedEvent[] = state.events.map((e) => ({ ...toEventBody(e), data: structuredClone(e.data) }));
  const notifications: InspectedNotification[] = state.notifications.map(toNotificationBody);
  const subscriptions = [...state.webhooks.subscriptions.values()].map((s) => ({
    ...toWebhookBody(s),
    organizationId: s.organizationId,
    secret: s.secret,
  }));
  const deliveries: InspectedDelivery[] = [...state.webhooks.deliveries.values()].map((d) => ({
    ...toDeliveryBody(d),
    organizationId: d.organizationId,
  }));
  const idempotencyKeys = [...state.idempotencyKeys.values()].map((k) => ({
    organizationId: k.organizationId,
    key: k.key,
    method: k.request.method,
    target: k.request.target,
    status: k.answer.status,
    storedAt: isoString(k.storedAt),
  }));
  return {
    version: INSPECTION_VERSION,
    organizations,
    tokens,
    workspaces,
    orders,
    routes,
    actions,
    solutions,
    events,
    notifications,
    webhooks: { subscriptions, deliveries },
    idempotencyKeys,
    sequences: {
      nextWorkspaceId: state.nextWorkspaceId,
      orderNumbers: [...state.orderNumbers].map(([organizationId, last]) => ({ organizationId, last })),
    },
    counts: {
      organizations: organizations.length,
      tokens: tokens.length,
      workspaces: workspaces.length,
      orders: orders.length,
      routes: routes.length,
      actions: actions.length,
      pendingActions: actions.filter((a) => a.status === "pending").length,
      solutions: solutions.length,
      events: events.length,
      notifications: notifications.length,
      webhookSubscriptions: subscriptions.length,
      webhookDeliveries: deliveries.length,
      idempotencyKeys: idempotencyKeys.length,
    },
  };
}
