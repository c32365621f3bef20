/**
 * The records of the fake's state: plain data only (types, no code), so the state is a structured clone away
 * from a snapshot. Every other domain module builds on these; this file imports nothing but leaves.
 */
// Types only: the contract generated from openapi.yaml (the domain never imports from http/).
import type { components } from "@dispatchkit/sdk";
import type { ServiceArea, TravelMode } from "./geo.js";

/** An organization: owns tokens and workspaces. */
export interface Organization {
  id: string;
  name: string;
}

/** An API token of one organization. */
export interface TokenRecord {
  token: string;
  organizationId: string;
  createdAt: number;
  /** Epoch ms from which the token answers 401 TOKEN_EXPIRED; null: never expires. */
  expiresAt: number | null;
}

/** The caller, once authenticated. */
export interface Principal {
  organizationId: string;
  token: string;
}

/** A workspace: v2 identifies it by uuid, v1 by the numeric workspaceId. */
export interface Workspace {
  uuid: string;
  workspaceId: number;
  organizationId: string;
  name: string;
  /** IANA time zone of the workspace's times of day. */
  timezone: string;
  serviceArea: ServiceArea;
  createdAt: number;
}

/** A stored location: the address as sent and its coordinates (sent, or geocoded). */
export interface Location {
  address: string;
  latitude: number;
  longitude: number;
}

/** Order status (`docs/api-contract.md` section 3). */
export type OrderStatus = "not_scheduled" | "scheduled" | "delivered" | "missed";

/** Who is left unscheduled first when not all orders fit (`low` first). */
export type OrderPriority = "low" | "normal" | "high";

/** A time window, `HH:MM` in the workspace's time zone. */
export interface TimeWindowRecord {
  startTime: string;
  endTime: string;
}

/** A package of an order. */
interface PackageRecord {
  barcode: string | null;
  description: string | null;
  quantity: number;
}

/** Custom field values. */
export type CustomFieldValue = string | number | boolean | null;

/** The writable fields of an order, with defaults applied (what create and PUT store). */
export interface OrderFields {
  name: string | null;
  customerOrderNumber: string | null;
  deliveryDate: string;
  /** The one location, always with coordinates. */
  location: Location;
  timeWindows: TimeWindowRecord[];
  /** Service seconds (default 300). */
  duration: number;
  /** Default 1. */
  load: number;
  tags: string[];
  priority: OrderPriority;
  phone: string | null;
  email: string | null;
  instructions: string | null;
  customFields: Record<string, CustomFieldValue>;
  packages: PackageRecord[];
}

/** One live order. Plain data (lives in `State.orders`); deleted orders are removed from the state. */
export interface OrderRecord extends OrderFields {
  uuid: string;
  organizationId: string;
  workspaceUuid: string;
  /** `ORD-<n>`, sequential per organization. */
  orderNumber: string;
  status: OrderStatus;
  /** The route the order is on; null when not scheduled (kept after completion). */
  routeUuid: string | null;
  signatureUrl: string | null;
  /** Completion instant (epoch ms); null before completion. */
  deliveryTime: number | null;
  deliveryMissedReason: string | null;
  deliveryNotes: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The driver of a route. */
interface Driver {
  name: string;
  email: string | null;
  phone: string | null;
}

/** One row of a route's timeline. Instants are epoch ms; null where not (yet) known. */
export interface TimelineEntry {
  type: "start_location" | "delivering_stop" | "end_location";
  /** The order served at a delivering stop; null for the start and end locations. */
  orderUuid: string | null;
  distanceFromPreviousKm: number;
  plannedArrival: number | null;
  plannedDeparture: number | null;
  estimatedArrival: number | null;
  estimatedDeparture: number | null;
  actualArrival: number | null;
  actualDeparture: number | null;
}

/** One route. Plain data (lives in `State.routes`). */
export interface RouteRecord {
  uuid: string;
  organizationId: string;
  workspaceUuid: string;
  name: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Shift start and end, `HH:MM` in the workspace's time zone. */
  startTime: string;
  endTime: string;
  startLocation: Location;
  /** Null: the route ends at its last stop (and `endTime` bounds the last departure). */
  endLocation: Location | null;
  /** Maximum total load; null is unlimited. */
  capacity: number | null;
  tags: string[];
  driver: Driver | null;
  /** Set by PATCH; locked routes are left out of schedule-all and keep their orders. */
  locked: boolean;
  status: "planned" | "published";
  /** Epoch ms of the last (re)publication; null while planned. */
  publishedAt: number | null;
  /** How the route's travel times are computed (set by the last scheduling run; default car). */
  travelMode: TravelMode;
  /** The route's orders, in visiting sequence (the source of truth; `timeline` is computed from it). */
  orderUuids: string[];
  /**
   * The computed timeline: start location, one delivering stop per order (same order as `orderUuids`), and
   * the end location when there is one. Recomputed by `recomputeRoute`; never edit it by hand.
   */
  timeline: TimelineEntry[];
  /** Totals of the computed timeline (0 while the route has no orders). */
  distanceInKilometers: number;
  workingTimeInSeconds: number;
  createdAt: number;
  updatedAt: number;
}

/** The kinds of background work, as `actionName` on the wire. */
export type ActionKind = "schedule" | "publish" | "update" | "delete";

/** `pending` until the work ends, then `finished` or `failed`. */
export type ActionStatus = "pending" | "finished" | "failed";

/** Summary of a scheduling run (`actionSummary` of a `schedule` action). */
export interface ScheduleActionSummary {
  routesUsed: number;
  ordersScheduled: number;
  ordersUnscheduled: number;
  committed: boolean;
}

/**
 * Per-route outcome of a `publish` action: `finished` (published), `skipped` (no orders: not published, and it
 * does not fail the action) or `failed` (it fails the action); `error` says why for the last two.
 */
export interface PublishActionSummary {
  routes: { uuid: string; status: "finished" | "skipped" | "failed"; error?: string }[];
}

/** Outcome of an order `update` action. */
export interface UpdateActionSummary {
  orders: {
    uuid: string;
    status: "not_scheduled" | "scheduled" | "delivered" | "missed";
    routeUuid: string | null;
    violations: string[];
  }[];
}

/** Outcome of a `delete` action (published routes count as locked, so no `order_published`). */
export interface DeleteActionSummary {
  deleted: { uuid: string }[];
  failed: { uuid: string; reason: "order_completed" | "order_locked" | "not_found" }[];
}

/** Any action summary (wire-shaped plain data). */
export type ActionSummary = ScheduleActionSummary | PublishActionSummary | UpdateActionSummary | DeleteActionSummary;

/** One action. Plain data (lives in `State.actions`). */
export interface ActionRecord {
  uuid: string;
  organizationId: string;
  /** The workspace the work is about (null if none). */
  workspaceUuid: string | null;
  kind: ActionKind;
  status: ActionStatus;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms once ended; null while pending. */
  finishedAt: number | null;
  /** What changed; set when finished (and on a failed publish, with the per-route results). */
  summary: ActionSummary | null;
  /** Why it failed; null unless failed. */
  reason: string | null;
  /** With `delayMs`: the instant from which the action may end; null otherwise. */
  dueAt: number | null;
  /** Whether the action waits for a release (hold) instead of the clock. */
  held: boolean;
  /** With an `afterPolls` policy: how many polls answer `pending` before the action ends; null otherwise. */
  afterPolls: number | null;
  /** How many times the action was polled at its endpoint. */
  polls: number;
  /** With a `fail` policy: the reason it ends `failed` with instead of running its work; null otherwise. */
  failWith: string | null;
}

/** The event topics. */
export type EventType = "route.published" | "route.eta_updated" | "order.status_updated";

/** Payload of `route.published` (planned timeline) and `route.eta_updated` (live timeline): the contract's. */
export type RouteEventData = components["schemas"]["RouteEventData"];

/** Payload of `order.status_updated`: the contract's. */
export type OrderStatusUpdatedData = components["schemas"]["OrderStatusUpdatedData"];

/** One emitted event; `data` is the webhook payload's `data` as it was at emission (`docs/api-contract.md` section 6). */
export type EventRecord = {
  /** `evt_…`, the webhook's event id. */
  id: string;
  organizationId: string;
  workspaceUuid: string;
  /** Epoch ms. */
  createdAt: number;
} & (
  | { type: "route.published"; data: RouteEventData }
  | { type: "route.eta_updated"; data: RouteEventData }
  | { type: "order.status_updated"; data: OrderStatusUpdatedData }
);

/** A customer notification the service "sent" when an order was completed. */
export interface NotificationRecord {
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
  createdAt: number;
}

/** The three modes of a scheduling run. */
export type ScheduleMode = "all" | "specific" | "what_if";

/** One planned stop of a stored solution (instants in epoch ms). */
export interface SolutionStopRecord {
  sequence: number;
  orderUuid: string;
  arrivalTime: number;
  departureTime: number;
  distanceFromPreviousStopInKilometers: number;
  load: number;
}

/** One route of a stored solution. */
export interface SolutionRouteRecord {
  routeUuid: string;
  stops: SolutionStopRecord[];
  distanceInKilometers: number;
  workingTimeInSeconds: number;
  load: number;
}

/** Totals of a solution: the contract's `SolutionSummary`. */
type SolutionSummary = components["schemas"]["SolutionSummary"];

/** An order a run could not place, with the reason: the contract's `UnscheduledOrder`. */
export type UnscheduledRecord = components["schemas"]["UnscheduledOrder"];

/** The stored result of a finished run (`GET /v2/schedules/{actionUuid}/solution`). */
export interface ScheduleRunRecord {
  actionUuid: string;
  organizationId: string;
  workspaceUuid: string;
  /** Time zone of the workspace when the run ended (instants are answered in its offset). */
  timezone: string;
  date: string;
  mode: ScheduleMode;
  committed: boolean;
  summary: SolutionSummary;
  routes: SolutionRouteRecord[];
  unscheduled: UnscheduledRecord[];
}

/** A webhook subscription of one organization (`docs/api-contract.md` section 6). */
export interface WebhookSubscriptionRecord {
  uuid: string;
  organizationId: string;
  /** Where deliveries are POSTed (or the in-process listener registered under this URL). */
  url: string;
  /** The event types it receives, as subscribed (distinct). */
  events: EventType[];
  /** Only the events of this workspace; null: every workspace of the organization. */
  workspaceUuid: string | null;
  /** The HMAC-SHA256 key of its signatures (`whsec_…`); the API shows it only at creation. */
  secret: string;
  createdAt: number;
  /**
   * Position in `State.events` of the first event it may receive: it gets the events emitted after it was
   * created, never earlier ones, even when they share its creation instant.
   */
  firstEvent: number;
}

/** Where a delivery stands: retrying, delivered, given up after the last attempt, or stopped by a DELETE. */
export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed" | "cancelled";

/**
 * How one attempt ended: `succeeded` (a 2xx in time), `rejected` (any other status), `timeout` (no status in
 * time) or `connection_error` (no answer at all, or the in-process listener threw).
 */
export type WebhookAttemptResult = "succeeded" | "rejected" | "timeout" | "connection_error";

/** One attempt of a delivery, as kept in the delivery log. Instants are epoch ms of the fake's clock. */
export interface WebhookAttemptRecord {
  /** 1 to 6. */
  attempt: number;
  /**
   * When it was made, on the fake's clock. In process it is the `x-dispatch-timestamp` (in ms); a server signs with
   * its wall clock instead (`webhooks.timestampClock`).
   */
  at: number;
  result: WebhookAttemptResult;
  /** The status answered; null on a timeout or a connection error. */
  status: number | null;
  /** What went wrong without a status (the timeout, the connection error); null otherwise. */
  error: string | null;
  /** How long it took on the fake's clock (0 on a frozen clock). */
  durationMs: number;
  /** When the next attempt is due; null after a success, the last attempt, or a deleted subscription. */
  nextAttemptAt: number | null;
}

/** One event to one subscription, with its attempts: the unit of the delivery log. */
export interface WebhookDeliveryRecord {
  /** `whd_<n>`, numbered in creation order. */
  id: string;
  organizationId: string;
  subscriptionUuid: string;
  /** The subscription's URL when the delivery was created. */
  url: string;
  /** The event's id (`evt_…`): the same on every attempt and for every subscription. */
  eventId: string;
  eventType: EventType;
  status: WebhookDeliveryStatus;
  createdAt: number;
  /** When the next attempt is due; null once the delivery has ended. */
  nextAttemptAt: number | null;
  attempts: WebhookAttemptRecord[];
  /** The delivery this one redelivers (made by a redeliver operation); null otherwise. */
  redeliveryOf: string | null;
}

/** The webhook part of the state: subscriptions, the delivery log and how far events were fanned out. */
export interface WebhookState {
  /** Live subscriptions by uuid, in creation order. Deleted ones are removed. */
  subscriptions: Map<string, WebhookSubscriptionRecord>;
  /** Every delivery by id, in creation order. */
  deliveries: Map<string, WebhookDeliveryRecord>;
  /** Events of `State.events` before this position have been turned into deliveries. */
  fannedOut: number;
  /** Number of the last delivery id handed out. */
  lastDelivery: number;
}

/** What an idempotency key was first sent with: the request a later use of the key must repeat exactly. */
export interface IdempotentRequest {
  /** `POST`. */
  method: string;
  /** The path under the base URL and the query with its parameters sorted by name: `/v2/orders?workspaceUuid=…`. */
  target: string;
  /** Lowercase hex SHA-256 of the body's canonical JSON (object keys sorted, no whitespace), or of its raw text. */
  bodySha256: string;
}

/** An answer as it was sent, to be sent again byte for byte. */
export interface StoredAnswer {
  status: number;
  /** Header name (lowercase) and value pairs, `x-request-id` included. */
  headers: [string, string][];
  /** The body's text, or null for an answer without a body. */
  body: string | null;
}

/** An idempotency key of one organization, its first request and that request's answer (`docs/api-contract.md` section 1). */
export interface IdempotencyRecord {
  organizationId: string;
  key: string;
  request: IdempotentRequest;
  answer: StoredAnswer;
  /** When the answer was kept (epoch ms): the key is forgotten 24 h later. */
  storedAt: number;
}
