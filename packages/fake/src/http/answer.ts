/**
 * The pipeline's answer as plain data (status, headers, JSON text): the standalone server writes it to node's
 * response as it is, and only fetch and MSW get a `Response` made of it (docs/decisions/0005-request-pipeline.md).
 */
import type { DomainError, ErrorCode, ErrorDetail } from "../domain/errors.js";
import { STATUS_BY_CODE } from "./status.js";

/**
 * The pipeline's answer as plain data: the standalone server writes it as it is, and {@link Router.handle} makes a
 * `Response` of it for fetch and MSW.
 */
export interface Answer {
  status: number;
  /** Header names in lower case; `x-request-id` always, `content-type` with a body. */
  headers: Record<string, string>;
  /** The body's text (JSON), or null for none. */
  body: string | null;
  /** An injected network error: the connection is dropped without an answer (fetch rejects). */
  networkError?: true;
  /** The id of the injected fault that gave this answer. */
  fault?: string;
}

/** An answer as a fetch `Response` (`Response.error()` for a network error). */
export function toResponse(answer: Answer): Response {
  if (answer.networkError) return Response.error();
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The UTF-8 bytes of answers' bodies, encoded once per answer: the journal keeps them and the standalone server writes
 * them (and counts them for `content-length`), instead of each encoding the text again. Kept on the answer under a
 * symbol of this module, which `JSON.stringify` and `Object.entries` skip (idempotency keeps answers in state files,
 * which must not change): a `WeakMap` entry per answer cost the garbage collector more (an ephemeron per request).
 */
const BYTES = Symbol("answer bytes");
type Encoded = Answer & { [BYTES]?: { body: string; bytes: Uint8Array } };
const ENCODER = new TextEncoder();
const NO_BYTES = new Uint8Array(0);

/**
 * UTF-8 bytes of a text: in Node into its pool of small buffers (`Buffer.from`, the same bytes: no allocation of their
 * own below 4 KiB, and a small view for the collector to move while the journal keeps them; the journal's bound
 * counts the bytes, the pool's 8 KiB slabs are shared by the answers kept), elsewhere a `TextEncoder`'s.
 */
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "utf8"): Uint8Array } }).Buffer;
const encode = NodeBuffer ? (text: string) => NodeBuffer.from(text, "utf8") : (text: string) => ENCODER.encode(text);

/** An answer's body as UTF-8 bytes (empty for none), encoded at the first call. */
export function answerBytes(answer: Answer): Uint8Array {
  if (answer.body === null || answer.body === "") return NO_BYTES;
  const kept = (answer as Encoded)[BYTES];
  // The bytes of this body: a copy of the answer made with a body of its own (`{ ...answer, body }`) encodes again.
  if (kept !== undefined && kept.body === answer.body) return kept.bytes;
  const bytes = encode(answer.body);
  (answer as Encoded)[BYTES] = { body: answer.body, bytes };
  return bytes;
}

function errorBody(code: ErrorCode, message: string, requestId: string, details?: ErrorDetail[]) {
  return details && details.length > 0 ? { code, message, requestId, details } : { code, message, requestId };
}

/** A body already written as JSON text (a large answer stringified in steps, `control/staged.ts`): sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** An answer with a JSON body (none when `body` is undefined) and `x-request-id`. */
export function jsonAnswer(status: number, body: unknown, requestId: string, headers?: Record<string, string>): Answer {
  const h: Record<string, string> = {};
  if (headers) for (const name of Object.keys(headers)) h[name.toLowerCase()] = headers[name] as string;
  h["x-request-id"] = requestId;
  if (body === undefined) return { status, headers: h, body: null };
  h["content-type"] = "application/json";
  return { status, headers: h, body: body instanceof JsonText ? body.text : JSON.stringify(body) };
}

/**
 * Answer an error code with the one error body (`RATE_LIMITED` and `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`,
 * 1 s unless given).
 */
export function errorAnswer(error: DomainError, requestId: string, retryAfterSeconds = 1): Answer {
  const status = STATUS_BY_CODE[error.code];
  const headers: Record<string, string> = {};
  if (error.code === "RATE_LIMITED" || error.code === "IDEMPOTENCY_KEY_IN_USE") {
    headers["retry-after"] = String(retryAfterSeconds);
  }
  return jsonAnswer(status, errorBody(error.code, error.message, requestId, error.details), requestId, headers);
}
