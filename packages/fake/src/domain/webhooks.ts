/**
 * Webhook subscriptions and the delivery log. The domain keeps the whole delivery schedule as plain data and
 * does no I/O: a dispatcher outside the domain keeps the pending deliveries' attempts in a queue (the log's
 * pending deliveries are that queue: snapshots and the state file keep it), makes each attempt (signing, HTTP or
 * an in-process listener) and reports how it ended ({@link recordAttempt}), which sets the next attempt's due time
 * on the fake's clock.
 *
 * Events reach deliveries lazily: commands append to `State.events` and {@link fanOutEvents} turns the events
 * not yet seen into one delivery per matching subscription. A subscription remembers the position of the first
 * event it may receive, so it never gets an event emitted before it was created, even one with the same
 * timestamp on a frozen clock.
 *
 * @see `docs/api-contract.md` section 6
 */
// Types only: the contract generated from openapi.yaml (the domain never imports from http/).
import type { components } from "@dispatchkit/sdk";
import { isoString } from "./clock.js";
import type { Context } from "./context.js";
import { DomainError, notFound } from "./errors.js";
import { findOwned } from "./ownership.js";
import type {
  EventRecord,
  EventType,
  Principal,
  WebhookAttemptResult,
  WebhookDeliveryRecord,
  WebhookSubscriptionRecord,
} from "./records.js";
import { getWorkspace } from "./workspaces.js";

/** Delays after failed attempts 1 to 5, each counted from the start of the failed attempt (1 min … 8 h). */
const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 28_800_000];

/** The body of a delivery: the contract's `WebhookEvent` envelope `{ id, type, createdAt, data }`. */
type WebhookEnvelope = components["schemas"]["WebhookEvent"];

/** What a subscription is created from (shape already checked at the edge: an absolute URL, distinct types). */
export interface SubscriptionInput {
  url: string;
  events: readonly EventType[];
  /** Only this workspace's events; omitted: every workspace of the organization. */
  workspaceUuid?: string | undefined;
}

/** Which deliveries to list (all when empty). */
export interface DeliveryFilter {
  eventId?: string | undefined;
  subscriptionUuid?: string | undefined;
}

/** One attempt to make, as {@link prepareAttempt} plans it: where, with which secret, and what to send. */
export interface AttemptPlan {
  deliveryId: string;
  /** 1 to 6: the first attempt and one retry per {@link WEBHOOK_RETRY_DELAYS_MS} delay. */
  attempt: number;
  /**
   * The attempt's instant on the fake's clock (epoch ms), as the delivery log keeps it. Its `x-dispatch-timestamp`
   * in seconds, unless the host signs with another clock (a server: its wall clock).
   */
  at: number;
  url: string;
  secret: string;
  envelope: WebhookEnvelope;
}

/** How an attempt ended, as the dispatcher saw it. */
export interface AttemptOutcome {
  result: WebhookAttemptResult;
  /** The status answered (null on a timeout or a connection error). */
  status: number | null;
  /** What went wrong without a status; null otherwise. */
  error: string | null;
}

/**
 * Subscribe `url` to `events` of the caller's organization (all workspaces, or `workspaceUuid` only: unknown or
 * foreign is 404). The subscription receives the events emitted from now on.
 */
export function createSubscription(
  ctx: Context,
  principal: Principal,
  input: SubscriptionInput,
): WebhookSubscriptionRecord {
  const workspace = input.workspaceUuid === undefined ? null : getWorkspace(ctx, principal, input.workspaceUuid);
  const subscription: WebhookSubscriptionRecord = {
    uuid: ctx.ids.uuid(),
    organizationId: principal.organizationId,
    url: input.url,
    events: [...input.events],
    workspaceUuid: workspace?.uuid ?? null,
    secret: ctx.ids.secret(),
    createdAt: ctx.clock.now(),
    firstEvent: ctx.state.events.length,
  };
  ctx.state.webhooks.subscriptions.set(subscription.uuid, subscription);
  return subscription;
}

/** The caller's organization's subscriptions, oldest first. */
export function listSubscriptions(ctx: Context, principal: Principal): WebhookSubscriptionRecord[] {
  return [...ctx.state.webhooks.subscriptions.values()].filter((s) => s.organizationId === principal.organizationId);
}

/**
 * Delete a subscription of the caller's organization (unknown or foreign: 404). It stops at once: events not
 * yet fanned out never reach it, and its pending deliveries end `cancelled` with no further attempt. An attempt
 * already in flight still records its outcome, without a retry.
 */
export function deleteSubscription(ctx: Context, principal: Principal, uuid: string): void {
  const { subscriptions, deliveries } = ctx.state.webhooks;
  findOwned(subscriptions, principal, "webhook subscription", uuid);
  subscriptions.delete(uuid);
  for (const delivery of deliveries.values()) {
    if (delivery.subscriptionUuid !== uuid || delivery.status !== "pending") continue;
    delivery.status = "cancelled";
    delivery.nextAttemptAt = null;
  }
}

function receives(subscription: WebhookSubscriptionRecord, event: EventRecord, position: number): boolean {
  return (
    position >= subscription.firstEvent &&
    subscription.organizationId === event.organizationId &&
    subscription.events.includes(event.type) &&
    (subscription.workspaceUuid === null || subscription.workspaceUuid === event.workspaceUuid)
  );
}

function addDelivery(
  ctx: Context,
  subscription: WebhookSubscriptionRecord,
  event: EventRecord,
  at: number,
  redeliveryOf: string | null,
): WebhookDeliveryRecord {
  const webhooks = ctx.state.webhooks;
  webhooks.lastDelivery += 1;
  // Numbered, not drawn from the seeded generator: when background work runs never shifts the API's ids.
  const delivery: WebhookDeliveryRecord = {
    id: `whd_${webhooks.lastDelivery}`,
    organizationId: subscription.organizationId,
    subscriptionUuid: subscription.uuid,
    url: subscription.url,
    eventId: event.id,
    eventType: event.type,
    status: "pending",
    createdAt: at,
    nextAttemptAt: at,
    attempts: [],
    redeliveryOf,
  };
  webhooks.deliveries.set(delivery.id, delivery);
  return delivery;
}

/**
 * Turn every event emitted since the last call into deliveries: one per subscription that receives it, in
 * emission order, the first attempt due at the event's instant.
 */
export function fanOutEvents(ctx: Context): void {
  const { events, webhooks } = ctx.state;
  for (; webhooks.fannedOut < events.length; webhooks.fannedOut++) {
    const position = webhooks.fannedOut;
    const event = events[position];
    if (!event) continue;
    for (const subscription of webhooks.subscriptions.values()) {
      if (receives(subscription, event, position)) addDelivery(ctx, subscription, event, event.createdAt, null);
    }
  }
}

/**
 * The events by id, per events array (append-only: a new state brings a new array), indexed as far as it was read.
 * An attempt finds its event in constant time, however long the fake has run.
 */
const eventIndex = new WeakMap<EventRecord[], { indexed: number; byId: Map<string, EventRecord> }>();

/** The event with this id, or undefined. */
function eventById(events: EventRecord[], id: string): EventRecord | undefined {
  let index = eventIndex.get(events);
  if (!index) {
    index = { indexed: 0, byId: new Map() };
    eventIndex.set(events, index);
  }
  for (; index.indexed < events.length; index.indexed++) {
    const event = events[index.indexed];
    if (event && !index.byId.has(event.id)) index.byId.set(event.id, event);
  }
  return index.byId.get(id);
}

/** The envelope of an event, keys in the contract's order; the same bytes on every attempt. */
function toWebhookEnvelope(event: EventRecord): WebhookEnvelope {
  const createdAt = isoString(event.createdAt);
  switch (event.type) {
    case "route.published":
      return { id: event.id, type: event.type, createdAt, data: event.data };
    case "route.eta_updated":
      return { id: event.id, type: event.type, createdAt, data: event.data };
    case "order.status_updated":
      return { id: event.id, type: event.type, createdAt, data: event.data };
  }
}

/**
 * Plan the next attempt of a pending delivery, made now: its number, the subscription's URL and secret, and the
 * envelope. Undefined when the delivery has ended or its subscription is gone.
 */
export function prepareAttempt(ctx: Context, deliveryId: string): AttemptPlan | undefined {
  const { webhooks, events } = ctx.state;
  const delivery = webhooks.deliveries.get(deliveryId);
  if (delivery?.status !== "pending") return undefined;
  const subscription = webhooks.subscriptions.get(delivery.subscriptionUuid);
  const event = eventById(events, delivery.eventId);
  if (!subscription || !event) return undefined;
  return {
    deliveryId,
    attempt: delivery.attempts.length + 1,
    at: ctx.clock.now(),
    url: subscription.url,
    secret: subscription.secret,
    envelope: toWebhookEnvelope(event),
  };
}

/**
 * Record how a planned attempt ended, with its duration on the fake's clock. A failure schedules the next
 * attempt (1 min, 5 min, 30 min, 2 h, 8 h after the failed one started) until the sixth, which gives the
 * delivery up (`failed`); a success ends it (`succeeded`); a deleted subscription gets no retry (`cancelled`).
 * An outcome that does not match the delivery's next attempt (already recorded, or of another state) is ignored.
 */
export function recordAttempt(
  ctx: Context,
  plan: AttemptPlan,
  outcome: AttemptOutcome,
): WebhookDeliveryRecord | undefined {
  const { webhooks } = ctx.state;
  const delivery = webhooks.deliveries.get(plan.deliveryId);
  if (!delivery || delivery.attempts.length + 1 !== plan.attempt) return undefined;
  const succeeded = outcome.result === "succeeded";
  const subscribed = webhooks.subscriptions.has(delivery.subscriptionUuid);
  const delay = WEBHOOK_RETRY_DELAYS_MS[plan.attempt - 1];
  const nextAttemptAt = !succeeded && subscribed && delay !== undefined ? plan.at + delay : null;
  delivery.attempts.push({
    attempt: plan.attempt,
    at: plan.at,
    result: outcome.result,
    status: outcome.status,
    error: outcome.error,
    durationMs: Math.max(0, ctx.clock.now() - plan.at),
    nextAttemptAt,
  });
  delivery.nextAttemptAt = nextAttemptAt;
  delivery.status = succeeded ? "succeeded" : nextAttemptAt !== null ? "pending" : subscribed ? "failed" : "cancelled";
  return delivery;
}

/**
 * Deliver a delivery's event to its subscription again: a new delivery (`redeliveryOf` the original), first
 * attempt due now, with the usual retries; the same event id and body. 404 for an unknown delivery, 409 when its
 * subscription was deleted.
 */
export function redeliver(ctx: Context, deliveryId: string): WebhookDeliveryRecord {
  const { webhooks, events } = ctx.state;
  const original = webhooks.deliveries.get(deliveryId);
  if (!original) throw notFound("webhook delivery", deliveryId);
  const subscription = webhooks.subscriptions.get(original.subscriptionUuid);
  const event = eventById(events, original.eventId);
  if (!subscription || !event) {
    throw new DomainError(
      "CONFLICT",
      `Failed to redeliver webhook delivery: ${deliveryId}'s subscription ${original.subscriptionUuid} was deleted`,
    );
  }
  return addDelivery(ctx, subscription, event, ctx.clock.now(), original.id);
}

/** Every delivery (all organizations), oldest first, optionally of one event or one subscription. */
export function listDeliveries(ctx: Context, filter: DeliveryFilter = {}): WebhookDeliveryRecord[] {
  return [...ctx.state.webhooks.deliveries.values()].filter(
    (d) =>
      (filter.eventId === undefined || d.eventId === filter.eventId) &&
      (filter.subscriptionUuid === undefined || d.subscriptionUuid === filter.subscriptionUuid),
  );
}
