/**
 * The retry rules: the settings a call runs with, the backoff, and the one predicate that decides whether an attempt
 * is retried ({@link shouldRetry}). The transport asks it after every attempt and does what it says.
 */
import type { RetryInfo, RetryOptions, Sleep } from "./client-options.js";
import { defaultSleep } from "./deadline.js";
import { parseRetryAfter } from "./errors.js";

/** Methods retried by default: sending one twice has the same effect as sending it once. */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
/** The method sent with an `Idempotency-Key` (the API honours keys on POST only), so retried by default too. */
export const KEYED = "POST";
/** Methods retried only with `retryPost`: sending one twice may act twice. */
const UNSAFE_OPT_IN = new Set(["PATCH"]);

/** {@link RetryOptions} with every default filled in. */
export interface ResolvedRetry {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  retryPost: boolean;
  sleep: Sleep;
  random: () => number;
  onRetry: ((info: RetryInfo) => void) | undefined;
}

/** A `retries` option as settings: a number sets `maxRetries`, `false` is none. */
export function normalizeRetries(value: number | false | RetryOptions | undefined): RetryOptions {
  if (value === false) return { maxRetries: 0 };
  if (typeof value === "number") return { maxRetries: value };
  return value ?? {};
}

/** The client's retry settings overridden by the call's, defaults filled in. */
export function resolveRetry(client: RetryOptions, call: RetryOptions): ResolvedRetry {
  const o = { ...client, ...call };
  return {
    maxRetries: o.maxRetries ?? 2, // a negative count retries nothing, like 0
    baseDelayMs: o.baseDelayMs ?? 500,
    maxDelayMs: o.maxDelayMs ?? 8000,
    maxRetryAfterMs: o.maxRetryAfterMs ?? 60_000,
    retryPost: o.retryPost ?? false,
    sleep: o.sleep ?? defaultSleep,
    random: o.random ?? Math.random,
    onRetry: o.onRetry,
  };
}

/** Full-jitter backoff of the n-th retry (n from 1): `floor(random() * min(maxDelayMs, baseDelayMs * 2^(n-1)))` ms. */
function backoffDelay(retry: number, options: Pick<ResolvedRetry, "baseDelayMs" | "maxDelayMs" | "random">): number {
  const cap = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(options.random() * cap);
}

/** The server's `Retry-After` hint in milliseconds, or `undefined` when it sent none. */
export function retryAfterMs(headers: Pick<Headers, "get">): number | undefined {
  const seconds = parseRetryAfter(headers);
  return seconds === undefined ? undefined : seconds * 1000;
}

/** One attempt's outcome, as {@link shouldRetry} weighs it. */
export interface AttemptOutcome {
  method: string;
  /** Retries made so far (0 after the first attempt). */
  retries: number;
  /** The attempt's answer, or `undefined` when the fetch threw (DNS, refused, reset, TLS). */
  response: Response | undefined;
  /** The `code` of a 409 answer's body (the body is read for those only). */
  code: unknown;
  /** When the call's time limit runs out (epoch ms; `Infinity` without one). */
  deadlineAt: number;
}

/**
 * The retry predicate: whether an attempt is retried, and after what pause. Returns the pause in milliseconds, or
 * `undefined` when the attempt's outcome is final (its answer is handed back, or its network error thrown). The
 * rules apply in order and the first that matches decides. (Re-sending a request once after `onTokenExpired`
 * refreshed the token is not a retry: it does not count, and the transport does it before asking here.)
 */
export function shouldRetry(retry: ResolvedRetry, attempt: AttemptOutcome): number | undefined {
  const { method, retries, response } = attempt;
  // Retries used up: every retry adds load on a server that may be struggling and time the caller waits, so
  // `maxRetries` bounds both.
  if (retries >= retry.maxRetries) return undefined;
  // Only requests that are safe to repeat. POST carries an Idempotency-Key, the same on every retry of the call:
  // a repeat after a lost answer gets the first answer back instead of acting twice (creating the orders again).
  // PATCH only when opted in: repeated, it may act twice. Other methods (CONNECT, TRACE…) never.
  if (!IDEMPOTENT.has(method) && method !== KEYED && !(retry.retryPost && UNSAFE_OPT_IN.has(method))) return undefined;
  // No answer at all is usually transient. There is no answer to hand back either, so no pause is too long: a
  // deadline that fires during the pause ends the call with its TimeoutError.
  if (response === undefined) return backoffDelay(retries + 1, retry);
  // A replay is the outcome the API kept for the key (a 500 included): every retry would get the same answer.
  if (response.headers.get("idempotent-replayed") === "true") return undefined;
  // Only the statuses that invite a retry: 408 (the server stopped waiting), 429 (rate limited), 409
  // IDEMPOTENCY_KEY_IN_USE (an earlier attempt got through and is still being answered; once it is, a retry gets its
  // answer replayed) and 5xx, except 501 and 505, which say the server cannot serve this request at all. Any other
  // answer would come back the same.
  const status = response.status;
  const busyKey = attempt.code === "IDEMPOTENCY_KEY_IN_USE"; // a 409's: no other answer's code is read
  if (status !== 408 && status !== 429 && !busyKey && (status < 500 || status === 501 || status === 505)) {
    return undefined;
  }
  // The server's `Retry-After` when it sent one (it knows when it can take the request), else our backoff.
  const delayMs = retryAfterMs(response.headers) ?? backoffDelay(retries + 1, retry);
  // A pause longer than the caller accepts (`maxRetryAfterMs`) or reaching past the deadline: hand this answer back
  // now instead of waiting for a retry that is not wanted or could not finish in time.
  if (delayMs > retry.maxRetryAfterMs || Date.now() + delayMs >= attempt.deadlineAt) return undefined;
  return delayMs;
}

/**
 * The `code` of an error answer's body, read from a copy (the answer stays readable); undefined if it has none.
 * Callers compare it with a known code, so a code that is not a string needs no check of its own.
 */
export function errorCodeOf(response: Response): Promise<unknown> {
  return response
    .clone()
    .json()
    .then((body: { code?: unknown }) => body.code) // a `null` body throws: no code
    .catch(() => undefined);
}
