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
const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * The characters of an RFC 3986 URI (unreserved, reserved and `%` of a percent-encoding), what the contract's
 * `format: uri` accepts: `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and a backtick are printable but not allowed.
 */
const URI_CHARACTERS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

/**
 * Whether `value` is an absolute http(s) URL written as an RFC 3986 URI (what the contract's `format: uri`
 * accepts). The contract asks for `https://`; the fake also takes `http://` so that a test can receive on a
 * local server.
 */
function isReceiverUrl(value: string): boolean {
  if (!URI_CHARACTERS.test(value)) return false;
  // Brackets only enclose an IP-literal host (`https://[::1]:8080/`), never a path, query or fragment.
  if (/[[\]]/.test(value.replace(/^[a-z]+:\/\/(?:[^@/?#]*@)?\[[0-9A-Fa-f:.]+\]/i, ""))) return false;
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
  // Any 8-4-4-4-12 hex string, as the contract's `format: uuid`: an id that names no workspace answers 404.
  workspaceUuid: z.guid({ error: "must be a workspace uuid" }).optional(),
});
