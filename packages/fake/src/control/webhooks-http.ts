/**
 * The webhook control endpoints of the standalone server, answered through `fake.webhooks` (one implementation
 * in-process and over HTTP):
 * - `GET /_fake/webhook-deliveries?eventId=&subscriptionUuid=&page=&perPage=` → 200 `{ data: [delivery], metadata }`:
 *   a page of the delivery log (as the API's lists are paged), oldest first, each delivery with its attempts;
 * - `POST /_fake/webhook-deliveries/{id}/redeliver` → 201 `delivery`: the event again, as a new delivery whose
 *   answered `pending` and due now: the server attempts it right after answering (404 for an unknown id, 409 when
 *   the subscription was deleted).
 *
 * Instants are ISO-8601 UTC strings.
 */
import { isoString } from "../domain/clock.js";
import type { WebhookAttemptRecord, WebhookDeliveryRecord } from "../domain/records.js";
import { mapPage, paginate } from "../http/pagination.js";
import type { PublicOperation, PublicRequestContext } from "../http/router.js";
import { defineControlOperation } from "./typed.js";
import type { FakeWebhooks, WebhookDeliveryFilter } from "./webhooks.js";

const isoOrNull = (ms: number | null) => (ms === null ? null : isoString(ms));

function toAttemptBody(attempt: WebhookAttemptRecord) {
  return {
    attempt: attempt.attempt,
    at: isoString(attempt.at),
    result: attempt.result,
    status: attempt.status,
    error: attempt.error,
    durationMs: attempt.durationMs,
    nextAttemptAt: isoOrNull(attempt.nextAttemptAt),
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
    nextAttemptAt: isoOrNull(delivery.nextAttemptAt),
    redeliveryOf: delivery.redeliveryOf,
    attempts: delivery.attempts.map(toAttemptBody),
  };
}

/**
 * The webhook control operations over one fake's webhooks, for `controlOperations(fake)`; `noBody` refuses a
 * request with a body other than nothing or `{}` (400 naming the fields); `deliveries` reads the log a page is cut
 * from.
 */
export function webhookControlOperations(
  webhooks: FakeWebhooks,
  noBody: (req: PublicRequestContext, action: string) => Promise<unknown>,
  deliveries: (filter: WebhookDeliveryFilter) => readonly WebhookDeliveryRecord[] = (filter) =>
    webhooks.deliveries(filter),
): PublicOperation[] {
  return [
    defineControlOperation("/_fake/webhook-deliveries", "get", ({ query, url }) => {
      const filter: WebhookDeliveryFilter = {};
      const eventId = query.get("eventId");
      const subscriptionUuid = query.get("subscriptionUuid");
      if (eventId !== null) filter.eventId = eventId;
      if (subscriptionUuid !== null) filter.subscriptionUuid = subscriptionUuid;
      return { status: 200, body: mapPage(paginate(deliveries(filter), url), toDeliveryBody) };
    }),
    defineControlOperation("/_fake/webhook-deliveries/{id}/redeliver", "post", async (req) => {
      // No body: a webhook delivery aimed here (another fake's, a JSON event) is refused, so two fakes pointed at
      // each other's redeliver cannot loop.
      await noBody(req, "redeliver webhook");
      return { status: 201, body: toDeliveryBody(webhooks.redeliver(req.params.id)) };
    }),
  ];
}
