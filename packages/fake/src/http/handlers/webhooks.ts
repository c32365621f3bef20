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
import type { Operation } from "../router.js";
import { defineOperation } from "../typed.js";
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

/** The webhook subscription operations; `own` says which URLs a subscription may not use (the fake's own, …). */
export function webhookOperations(own: OwnUrls): Operation[] {
  return [
    defineOperation("/v2/webhooks", "post", async (req) => {
      const input = parseWith(webhookInput, await req.json(), "create webhook");
      // The fake itself, a link-local or unspecified address: as written, and as its host resolves.
      const refused = await own.resolvedRefusal(input.url);
      if (refused !== undefined) throw validationFailed("create webhook", [{ path: "url", message: refused }]);
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
