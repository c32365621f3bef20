/**
 * `fake.inspect()`: everything the fake holds, as plain data in the API's own answer shapes (and the control
 * document's, for what only the control endpoints answer), so that tests assert on behaviour without reaching into
 * the store. The shape is versioned (`version: 1`): a field is only ever added within a version. Every record of an
 * organization carries its `organizationId`. Reading it changes nothing (no pending action is settled).
 */

import { isoString } from "../domain/clock.js";
import type { Context } from "../domain/context.js";
import type { TravelMode } from "../domain/geo.js";
import { toTimelineView } from "../domain/views.js";
import { toOrderBody, toRouteBody } from "../http/bodies.js";
import type { components as Api } from "../http/contract-types.js";
import { toSolutionBody } from "../http/handlers/schedules.js";
import {
  type InspectedAction,
  type InspectedDelivery,
  type InspectedEvent,
  type InspectedNotification,
  type InspectedOrganization,
  type InspectedToken,
  type InspectedWebhook,
  type InspectedWorkspace,
  inspectAction,
  inspectDelivery,
  inspectEvent,
  inspectNotification,
  inspectOrganization,
  inspectToken,
  inspectWebhook,
  inspectWorkspace,
} from "./views.js";

export type {
  InspectedAction,
  InspectedDelivery,
  InspectedEvent,
  InspectedNotification,
  InspectedOrganization,
  InspectedToken,
  InspectedWebhook,
  InspectedWorkspace,
};

/** The version of {@link FakeInspection}'s shape this package answers. */
export const INSPECTION_VERSION = 1;

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

/** The stored solution of a scheduling run: the API's `Solution`, its organization, workspace and mode. */
export type InspectedSolution = Api["schemas"]["Solution"] & {
  organizationId: string;
  workspaceUuid: string;
  mode: "all" | "specific" | "what_if";
};

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

/** Everything `ctx` holds, as {@link FakeInspection}. */
export function inspectContext(ctx: Context): FakeInspection {
  const { state } = ctx;
  const organizations = [...state.organizations.values()].map(inspectOrganization);
  const tokens = [...state.tokens.values()].map(inspectToken);
  const workspaces = [...state.workspaces.values()].map(inspectWorkspace);
  const orders = [...state.orders.values()].map((o) => ({ ...toOrderBody(o), organizationId: o.organizationId }));
  const routes = [...state.routes.values()].map((r) => ({
    ...toRouteBody(r),
    organizationId: r.organizationId,
    orderUuids: [...r.orderUuids],
    travelMode: r.travelMode,
    stops: toTimelineView(ctx, r),
  }));
  const actions = [...state.actions.values()].map((a) => inspectAction(ctx, a));
  const solutions = [...state.scheduleRuns.values()].map((run) => ({
    ...toSolutionBody(run),
    organizationId: run.organizationId,
    workspaceUuid: run.workspaceUuid,
    mode: run.mode,
  }));
  const events = state.events.map(inspectEvent);
  const notifications = state.notifications.map(inspectNotification);
  const subscriptions = [...state.webhooks.subscriptions.values()].map(inspectWebhook);
  const deliveries = [...state.webhooks.deliveries.values()].map(inspectDelivery);
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
