/**
 * What a client and a single call accept: the options of `createClient`, the per-call options, and the shapes of
 * what they take (a fetch, a token source, a sleep, retry settings).
 */
import type { HeadersOptions } from "openapi-fetch";
import type { LoggingOptions } from "./logging.js";

/**
 * A fetch function as openapi-fetch calls it.
 *
 * @inline
 */
export type FetchLike = (request: Request) => Promise<Response>;

/**
 * A token, or a function that returns the current one (called before every request).
 *
 * @inline
 */
export type TokenSource = string | (() => string | Promise<string>);

/**
 * Waits `ms` milliseconds; must reject (with `signal.reason`) as soon as `signal` aborts. Inject your own for
 * deterministic tests.
 *
 * @example
 * ```ts
 * const instant: Sleep = async () => {}; // tests: never wait
 * const client = createClient({ baseUrl, token, retries: { sleep: instant } });
 * ```
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * What {@link RetryOptions.onRetry} is told before each retry.
 *
 * @example
 * ```ts
 * createClient({ baseUrl, token, retries: { onRetry: (info: RetryInfo) => console.warn(`retry ${info.attempt} in ${info.delayMs} ms`) } });
 * ```
 */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the SDK waits before it. */
  delayMs: number;
  method: string;
  url: string;
  /** The status that caused the retry, or `undefined` for a network error. */
  status: number | undefined;
}

/**
 * How calls are retried.
 *
 * @example
 * ```ts
 * const retries: RetryOptions = { maxRetries: 4, baseDelayMs: 250, retryPost: false };
 * ```
 */
export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 disables retries). */
  maxRetries?: number;
  /** Backoff base: the n-th retry waits a random time in `[0, min(maxDelayMs, baseDelayMs * 2^(n-1))]` (default 500). */
  baseDelayMs?: number;
  /** Backoff cap (default 8000). */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the 429/503 is returned at once (default 60000). */
  maxRetryAfterMs?: number;
  /**
   * Also retry PATCH (default `false`: a repeated PATCH may act twice). GET, HEAD, OPTIONS, PUT and DELETE are
   * retried anyway, and so is POST, which always carries an `Idempotency-Key` (see {@link CallOptions.idempotencyKey}).
   */
  retryPost?: boolean;
  /** The sleep used between attempts (default: `setTimeout`). */
  sleep?: Sleep;
  /** Random source in `[0, 1)` for the jitter (default `Math.random`). */
  random?: () => number;
  /** Called before each retry (logging, metrics). */
  onRetry?: (info: RetryInfo) => void;
}

/**
 * Per-call options, passed beside `params`/`body` in any call's init:
 * `client.POST("/v2/schedules", { body, idempotencyKey: job.id, retries: 4, timeoutMs: 5000 })`. Any other key is a
 * compile error, and a wrong value a `TypeError` naming the option when the call is made.
 *
 * @example
 * ```ts
 * const once: CallOptions = { retries: 0, timeoutMs: 2_000 };
 * await client.GET("/v2/workspaces", once);
 * ```
 */
export interface CallOptions {
  /** Overrides the client's retry settings for this call (a number sets `maxRetries`; `false` disables). */
  retries?: number | false | RetryOptions | undefined;
  /** Overrides the client's `timeoutMs` for this call: the whole call, retries and reading the answer included. */
  timeoutMs?: number | undefined;
  /**
   * The `Idempotency-Key` of this POST: 1 to 255 printable ASCII characters, unique per operation you mean to carry
   * out once. Default: a new random UUID per call. Either way every retry of the call sends the same key, so the API
   * answers a repeat with the first answer instead of acting twice. Reuse your own key when you retry a call
   * yourself (after a crash, from a job queue). Other methods send no key.
   */
  idempotencyKey?: string | undefined;
  /** Aborts the call (also during a backoff pause); it rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this call (over the client's `headers`). `Authorization` is always the client's token. */
  headers?: HeadersOptions | undefined;
}

/**
 * Options of {@link createClient}.
 *
 * @example
 * ```ts
 * const options: ClientOptions = { baseUrl: "https://api.dispatch.example.com", token: () => session.token, timeoutMs: 30_000 };
 * ```
 */
export interface ClientOptions extends LoggingOptions {
  /** Base URL of the API, e.g. `https://api.dispatch.example.com`. */
  baseUrl: string;
  /** API token, sent as `Authorization: Bearer <token>`. */
  token: TokenSource;
  /** The fetch to wrap; default `globalThis.fetch`, looked up at call time (MSW set up later still intercepts). */
  fetch?: FetchLike | undefined;
  /** Headers sent with every call (a call's own `headers` win). `Authorization` is always the token. */
  headers?: Record<string, string> | Headers | undefined;
  /** Retry settings (a number sets `maxRetries`; `false` disables retries). Default: 2 retries. */
  retries?: number | false | RetryOptions | undefined;
  /**
   * Time limit of a whole call in milliseconds: every attempt, the pauses between them and reading the answer's
   * body. A call that takes longer rejects with {@link TimeoutError}, also when the server sent its headers and then
   * stalled (the connection is then closed). Default: none.
   */
  timeoutMs?: number | undefined;
  /** Your application's name/version, sent in `x-dispatch-client` (and `User-Agent` where a runtime allows it). */
  userAgent?: string | undefined;
  /**
   * Called when the API answers 401 `TOKEN_EXPIRED`: return a fresh token. It is kept for later calls and the call
   * is retried once. Concurrent calls share one refresh.
   */
  onTokenExpired?: (() => string | Promise<string>) | undefined;
}
