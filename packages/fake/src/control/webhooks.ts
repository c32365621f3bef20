/**
 * `fake.webhooks`: the in-process side of webhook delivery for tests. Subscriptions are made through the API
 * (`POST /v2/webhooks`); this reads them and the delivery log, redelivers, and routes a subscription's URL to an
 * in-process handler. The standalone server serves the log and redelivery under `/_fake/` through the same
 * functions (`control/webhooks-http.ts`).
 */
import type { Context } from "../domain/context.js";
import { fanOutEvents, listDeliveries, redeliver } from "../domain/webhooks.js";
import type { WebhookDispatcher, WebhookHandler } from "../webhooks/dispatcher.js";
import { type InspectedDelivery, type InspectedWebhook, inspectDelivery, inspectWebhook } from "./views.js";

/** Which deliveries {@link FakeWebhooks.deliveries} lists (all when empty). */
export interface WebhookDeliveryFilter {
  /** Only the deliveries of this event (`evt_…`). */
  eventId?: string;
  /** Only the deliveries to this subscription. */
  subscriptionUuid?: string;
}

/** Webhook subscriptions, the delivery log and in-process receivers of a fake. */
export interface FakeWebhooks {
  /** Every subscription of every organization, oldest first, with its secret. */
  subscriptions(): InspectedWebhook[];
  /**
   * The delivery log: one delivery per event and subscription (and per redelivery), oldest first, each with its
   * attempts (time, result, status or error, duration, next attempt). Events emitted since the last run of the
   * background work are listed as pending deliveries with no attempt yet. Copies: they do not change later.
   */
  deliveries(filter?: WebhookDeliveryFilter): InspectedDelivery[];
  /**
   * Deliver a delivery's event to its subscription again, as a new delivery (`redeliveryOf`) whose first attempt
   * is due now (made by the next `fake.runUntilIdle()` or `fake.advance()`), with the usual retries. Throws
   * NOT_FOUND for an unknown id, CONFLICT when the subscription was deleted.
   */
  redeliver(deliveryId: string): InspectedDelivery;
  /**
   * Deliver to `handler` in-process, instead of over HTTP, every attempt to a subscription whose `url` is `url`
   * (compared as parsed URLs). The handler gets the signed delivery as a `Request` and answers a `Response`.
   * A second `listen` on the same URL replaces the handler. Returns a function that stops this listener.
   * Listeners are code, not data: `reset()` and `restore()` keep them.
   */
  listen(url: string, handler: WebhookHandler): () => void;
  /** Stop delivering `url` in-process: its deliveries go over `fetch` again. */
  unlisten(url: string): void;
}

/** Build `fake.webhooks` over a fake's context and dispatcher. */
export function createFakeWebhooks(ctx: Context, dispatcher: WebhookDispatcher): FakeWebhooks {
  return {
    subscriptions: () => [...ctx.state.webhooks.subscriptions.values()].map(inspectWebhook),
    deliveries(filter = {}) {
      fanOutEvents(ctx);
      return listDeliveries(ctx, filter).map(inspectDelivery);
    },
    redeliver(deliveryId) {
      fanOutEvents(ctx);
      return inspectDelivery(redeliver(ctx, deliveryId));
    },
    listen: (url, handler) => dispatcher.listen(url, handler),
    unlisten: (url) => dispatcher.unlisten(url),
  };
}
