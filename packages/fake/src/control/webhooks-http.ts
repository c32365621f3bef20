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
import type { WebhookDeliveryRecord } from "../domain/records.js";
import { mapPage, paginate } from "../http/pagination.js";
import type { PublicOperation, PublicRequestContext } from "../http/router.js";
import { defineControlOperation } from "./typed.js";
import { toDeliveryBody } from "./views.js";
import type { FakeWebhooks, WebhookDeliveryFilter } from "./webhooks.js";

/**
 * The webhook control operations over one fake's webhooks, for `controlOperations(fake)`; `noBody` refuses a
 * request with a body other than nothing or `{}` (400 naming the fields); `deliveries` reads the log a page is cut
 * from.
 */
export function webhookControlOperations(
  webhooks: FakeWebhooks,
  noBody: (req: PublicRequestContext, action: string) => Promise<unknown>,
  deliveries: (filter: WebhookDeliveryFilter) => readonly WebhookDeliveryRecord[],
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
      const { organizationId: _, ...delivery } = webhooks.redeliver(req.params.id);
      return { status: 201, body: delivery };
    }),
  ];
}
