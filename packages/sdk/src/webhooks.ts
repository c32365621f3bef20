/**
 * Webhook signatures: verify a delivery and get the typed event, or sign one for your tests. HMAC-SHA256 through
 * WebCrypto (`globalThis.crypto.subtle`), so it runs in Node 20+, browsers and edge runtimes alike.
 *
 * @see `docs/api-contract.md` section 6 (webhooks)
 */
import { DispatchError, type DispatchErrorJson, named } from "./errors.js";
import type { components } from "./generated/openapi.js";

/**
 * Any webhook event body, discriminated by `type` (`components.schemas.WebhookEvent`).
 *
 * @example
 * ```ts
 * function handle(event: WebhookEvent) {
 *   if (event.type === "route.published") console.log(event.data.route.uuid);
 * }
 * ```
 */
export type WebhookEvent = components["schemas"]["WebhookEvent"];

/**
 * The event types: `route.published`, `route.eta_updated`, `order.status_updated`.
 *
 * @inline
 */
export type WebhookEventType = WebhookEvent["type"];

/**
 * The event of one type: `WebhookEventOf<"order.status_updated">`.
 *
 * @example
 * ```ts
 * function onStatus(event: WebhookEventOf<"order.status_updated">) {
 *   console.log(event.data.order.status);
 * }
 * ```
 */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/**
 * Header names of a delivery.
 */
const WEBHOOK_HEADERS = {
  signature: "x-dispatch-signature",
  timestamp: "x-dispatch-timestamp",
  eventId: "x-dispatch-event-id",
  topic: "x-dispatch-topic",
} as const;

/**
 * Which check of {@link verifyWebhook} failed.
 *
 * @inline
 */
export type WebhookVerificationReason =
  | "missing_header"
  | "malformed_signature"
  | "timestamp_out_of_tolerance"
  | "signature_mismatch"
  | "invalid_json";

/**
 * A delivery failed verification; `reason` says which check failed. Answer it with 400 (the service retries).
 *
 * @example
 * ```ts
 * async function receive(rawBody: string, headers: Headers) {
 *   try {
 *     return await verifyWebhook({ rawBody, headers, secret });
 *   } catch (error) {
 *     if (error instanceof WebhookVerificationError) return { rejected: error.reason }; // answer 400
 *     throw error;
 *   }
 * }
 * ```
 */
export class WebhookVerificationError extends DispatchError {
  /** The check that failed. */
  readonly reason: WebhookVerificationReason;

  static {
    named(WebhookVerificationError, "WebhookVerificationError");
  }

  constructor(reason: WebhookVerificationReason, message: string) {
    super(`Failed to verify webhook: ${message}`);
    this.reason = reason;
  }

  override toJSON(): DispatchErrorJson & { reason: WebhookVerificationReason } {
    return { ...super.toJSON(), reason: this.reason };
  }
}

/**
 * Request headers in any common shape: `Headers`, a plain object (any case), or Node's `IncomingHttpHeaders`.
 *
 * @inline
 */
export type WebhookHeaders =
  | Headers
  | Record<string, string | readonly string[] | undefined>
  | { get(name: string): string | null };

/**
 * Input of {@link verifyWebhook}.
 *
 * @inline
 */
export interface VerifyWebhookOptions {
  /** The body exactly as received (bytes or the undecoded text): never a parsed and re-serialized object. */
  rawBody: string | Uint8Array | ArrayBuffer;
  /** The delivery's headers. */
  headers: WebhookHeaders;
  /** The subscription's secret (from `POST /v2/webhooks`); during rotation pass both: `[newSecret, oldSecret]`. */
  secret: string | readonly string[];
  /** Accepted clock difference in seconds, both directions (default 300). */
  toleranceSeconds?: number;
  /**
   * The current time (a `Date` or milliseconds since the epoch); default the receiver's clock (`Date.now()`), which
   * agrees with the real service and with the fake's standalone server (it signs with its wall clock). In process the
   * fake signs with its own clock: pass `fake.clock.now()`.
   */
  now?: Date | number;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | readonly string[] | undefined>;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = record[key];
    if (value === undefined) return undefined;
    return typeof value === "string" ? value : value.join(",");
  }
  return undefined;
}

function toBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  // Bytes are copied, a buffer viewed: either way exactly the bytes received.
  return typeof body === "string" ? encoder.encode(body) : new Uint8Array(body);
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new DispatchError("Failed to verify webhook: WebCrypto (globalThis.crypto.subtle) is not available");
  return s;
}

async function hmac(secret: string, timestamp: string, body: Uint8Array): Promise<Uint8Array> {
  const key = await subtle().importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const prefix = encoder.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix, 0);
  message.set(body, prefix.length);
  return new Uint8Array(await subtle().sign("HMAC", key, message));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The bytes of hex digits (the signature pattern admits nothing else, and at least one), or undefined if odd. */
function fromHex(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0) return undefined;
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** Compare two byte strings in time that depends only on their lengths. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i % b.length] ?? 0);
  return diff === 0;
}

/**
 * Verify a webhook delivery and return its typed event. Checks, in order: the `x-dispatch-signature` and
 * `x-dispatch-timestamp` headers are present (`missing_header`); the signature header holds `v0=<hex>` values
 * and the timestamp is unix seconds (`malformed_signature`); the timestamp is within `toleranceSeconds` of now
 * (`timestamp_out_of_tolerance`); one `v0=` value equals HMAC-SHA256(secret, `${timestamp}.${rawBody}`), compared
 * in constant time (`signature_mismatch`); the body is JSON (`invalid_json`).
 *
 * @example
 * ```ts
 * // Express: keep the raw body for this route
 * app.post("/webhooks/dispatch", express.raw({ type: "application/json" }), async (req, res) => {
 *   const event = await verifyWebhook({ rawBody: req.body, headers: req.headers, secret: process.env.WEBHOOK_SECRET! });
 *   if (event.type === "order.status_updated") console.log(event.data.order.status);
 *   res.sendStatus(204);
 * });
 * ```
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const signatureHeader = header(options.headers, WEBHOOK_HEADERS.signature);
  const timestamp = header(options.headers, WEBHOOK_HEADERS.timestamp)?.trim();
  if (!signatureHeader) throw new WebhookVerificationError("missing_header", `no ${WEBHOOK_HEADERS.signature} header`);
  if (!timestamp) throw new WebhookVerificationError("missing_header", `no ${WEBHOOK_HEADERS.timestamp} header`);

  const candidates: Uint8Array[] = [];
  for (const part of signatureHeader.split(",")) {
    const match = /^\s*v0=([0-9a-fA-F]+)\s*$/.exec(part);
    const bytes = match?.[1] ? fromHex(match[1]) : undefined;
    if (bytes) candidates.push(bytes);
  }
  if (candidates.length === 0) {
    throw new WebhookVerificationError("malformed_signature", `${WEBHOOK_HEADERS.signature} holds no v0=<hex> value`);
  }
  if (!/^\d+$/.test(timestamp)) {
    throw new WebhookVerificationError("malformed_signature", `${WEBHOOK_HEADERS.timestamp} is not unix seconds`);
  }

  const tolerance = options.toleranceSeconds ?? 300;
  const nowMs = options.now === undefined ? Date.now() : +options.now;
  const skew = Math.abs(nowMs / 1000 - Number(timestamp));
  if (skew > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      `timestamp ${timestamp} is ${Math.round(skew)} s away from now (tolerance ${tolerance} s)`,
    );
  }

  const body = toBytes(options.rawBody);
  const secrets = typeof options.secret === "string" ? [options.secret] : options.secret;
  let matched = false;
  for (const secret of secrets) {
    const expected = await hmac(secret, timestamp, body);
    // Check every candidate (no early exit), so timing says nothing about which one matched.
    for (const candidate of candidates) matched = constantTimeEqual(expected, candidate) || matched;
  }
  if (!matched) throw new WebhookVerificationError("signature_mismatch", "no signature matches the body and secret");

  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("invalid_json", "the body is not JSON");
  }
}

/**
 * A signed delivery, as {@link signWebhookForTest} returns it.
 *
 * @inline
 */
export interface SignedWebhook {
  /** The exact body to send. */
  rawBody: string;
  /** `content-type`, `x-dispatch-event-id`, `x-dispatch-timestamp`, `x-dispatch-topic`, `x-dispatch-signature`. */
  headers: Record<string, string>;
}

/**
 * Sign an event as the service does, to test your webhook endpoint (e.g. post `rawBody` with `headers` to it).
 *
 * @param timestamp - unix seconds (default now).
 * @example
 * ```ts
 * const { rawBody, headers } = await signWebhookForTest(webhookEvent, "whsec_test");
 * const answer = await fetch("http://localhost:3000/webhooks/dispatch", { method: "POST", body: rawBody, headers });
 * ```
 */
export async function signWebhookForTest(
  event: WebhookEvent,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): Promise<SignedWebhook> {
  const rawBody = JSON.stringify(event);
  const ts = String(Math.floor(timestamp));
  const signature = toHex(await hmac(secret, ts, encoder.encode(rawBody)));
  return {
    rawBody,
    headers: {
      "content-type": "application/json",
      [WEBHOOK_HEADERS.eventId]: event.id,
      [WEBHOOK_HEADERS.timestamp]: ts,
      [WEBHOOK_HEADERS.topic]: event.type,
      [WEBHOOK_HEADERS.signature]: `v0=${signature}`,
    },
  };
}
