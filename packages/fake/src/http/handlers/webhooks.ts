/**
 * Webhook subscriptions: create (the only answer with the secret), list, delete.
 * @see `docs/api-contract.md` section 6
 */
import { isoString } from "../../domain/clock.js";
import { validationFailed } from "../../domain/errors.js";
import type { WebhookSubscriptionRecord } from "../../domain/records.js";
import { createSubscription, deleteSubscription, listSubscriptions } from "../../domain/webhooks.js";
import type { components } from "../contract-types.js";
import { parseWith } from "../input.js";
import type { OwnUrls } from "../own-urls.js";
import { paginate } from "../pagination.js";
import { defineOperation, type TypedOperation } from "../typed.js";
import { webhookInput } from "../webhook-schemas.js";

type WebhookBody = components["schemas"]["Webhook"];

/** The wire shape of a subscription, without its secret. */
export function toWebhookBody(subscription: WebhookSubscriptionRecord): WebhookBody {
  return {
    uuid: subscription.uuid,
    url: subscription.url,
    events: [...subscription.events],
    workspaceUuid: subscription.workspaceUuid,
    createdAt: isoString(subscription.createdAt),
  };
}

/** The webhook subscription operations; `own` are the fake's own addresses, which a subscription may not use. */
export function webhookOperations(own: OwnUrls): TypedOperation[] {
  return [
    defineOperation("/v2/webhooks", "post", async (req) => {
      const input = parseWith(webhookInput, await req.json(), "create webhook");
      const fake = own.reached(input.url);
      if (fake !== undefined) {
        throw validationFailed("create webhook", [
          {
            path: "url",
            message: `must not point at the fake itself (${fake}): its deliveries would call the fake's own API`,
          },
        ]);
      }
      const subscription = createSubscription(req.domain, req.principal, input);
      return { status: 201, body: { ...toWebhookBody(subscription), secret: subscription.secret } };
    }),
    defineOperation("/v2/webhooks", "get", ({ domain, principal, url }) => ({
      status: 200,
      body: paginate(listSubscriptions(domain, principal).map(toWebhookBody), url),
    })),
    defineOperation("/v2/webhooks/{uuid}", "delete", ({ domain, principal, params }) => {
      deleteSubscription(domain, principal, params.uuid);
      return { status: 204 };
    }),
  ];
}
