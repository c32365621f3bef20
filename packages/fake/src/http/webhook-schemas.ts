/**
 * Strict zod schema of the webhook subscription body, mirroring openapi.yaml's `WebhookInput`.
 * @see `docs/api-contract.md` section 6
 */
import { z } from "zod";
import type { EventType } from "../domain/records.js";

/** The event types a subscription can name. */
export const EVENT_TYPES = [
  "route.published",
  "route.eta_updated",
  "order.status_updated",
] as const satisfies readonly EventType[];

/** Longest subscription URL (openapi.yaml's `maxLength`). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Whether `value` is an absolute http(s) URL written in printable ASCII (what the contract's `format: uri`
 * accepts). The contract asks for `https://`; the fake also takes `http://` so that a test can receive on a
 * local server.
 */
function isReceiverUrl(value: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const eventType = z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` });

/** Body of `POST /v2/webhooks`. */
export const webhookInput = z.strictObject({
  url: z
    .string()
    .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
    .refine(isReceiverUrl, { error: "must be an absolute https:// URL" }),
  events: z
    .array(eventType, { error: "events must be an array of event types" })
    .min(1, "subscribe to at least one event type")
    .superRefine((events, ctx) => {
      events.forEach((type, index) => {
        if (events.indexOf(type) !== index) {
          ctx.addIssue({ code: "custom", path: [index], message: `duplicate event type ${JSON.stringify(type)}` });
        }
      });
    }),
  workspaceUuid: z.uuid({ error: "must be a workspace uuid" }).optional(),
});
