/**
 * The transport: the `fetch` wrapper openapi-fetch calls for every request. It adds auth and client headers and an
 * `Idempotency-Key` on every POST, retries with exponential backoff and full jitter ({@link retryDelay} alone decides
 * what is retried), holds a call to its time limit (body included), honours abort signals, refreshes expired tokens,
 * and reports to the logger and hooks. Its sleep and deadline helpers also pace {@link waitForAction}.
 */
import type { HeadersOptions } from "openapi-fetch";
import { ConnectionError, parseRetryAfter, TimeoutError, TokenRefreshError } from "./errors.js";
import { createObserver, type LoggingOptions, type RequestEvent, type ResponseEvent } from "./logging.js";
import { describeFailure, redact, sanitize } from "./redaction.js";

/** The SDK's version, sent in `x-dispatch-client`. */
const SDK_VERSION = "0.1.0";

// Options: what the client and single calls accept

/**
 * A fetch function as openapi-fetch calls it.
 *
 * @example
 * ```ts
 * const logging: FetchLike = async (request) => {
 *   console.log(request.method, request.url);
 *   return fetch(request);
 * };
 * ```
 */
export type FetchLike = (request: Request) => Promise<Response>;

/**
 * A token, or a function that returns the current one (called before every request).
 *
 * @example
 * ```ts
 * const token: TokenSource = async () => (await auth.getSession()).accessToken;
 * ```
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

// Retries: the settings, the backoff, and the one predicate that decides

/** Methods retried by default: sending one twice has the same effect as sending it once. */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
/** The method sent with an `Idempotency-Key` (the API honours keys on POST only), so retried by default too. */
const KEYED = "POST";
/** Methods retried only with `retryPost`: sending one twice may act twice. */
const UNSAFE_OPT_IN = new Set(["PATCH"]);
/** The request header of the key. */
const IDEMPOTENCY_KEY = "Idempotency-Key";

/** {@link RetryOptions} with every default filled in. */
interface ResolvedRetry {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  retryPost: boolean;
  sleep: Sleep;
  random: () => number;
  onRetry: ((info: RetryInfo) => void) | undefined;
}

function normalize(value: number | false | RetryOptions | undefined): RetryOptions {
  if (value === false) return { maxRetries: 0 };
  if (typeof value === "number") return { maxRetries: value };
  return value ?? {};
}

/** The client's retry settings overridden by the call's, defaults filled in. */
function resolveRetry(client: RetryOptions, call: RetryOptions): ResolvedRetry {
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

/**
 * The retry predicate: whether an attempt is retried, and after what pause. Returns the pause in milliseconds, or
 * `undefined` when the attempt's outcome is final (its answer is handed back, or its network error thrown). The
 * rules apply in order and the first that matches decides. (Re-sending a request once after `onTokenExpired`
 * refreshed the token is not a retry: it does not count, and {@link createTransport} does it before asking here.)
 *
 * @param retries - retries made so far (0 after the first attempt).
 * @param response - the attempt's answer, or `undefined` when the fetch threw (DNS, refused, reset, TLS).
 * @param deadlineAt - when the call's time limit runs out (epoch ms; `Infinity` without one).
 * @param code - the `code` of a 409 answer's body (the body is read for those only).
 */
function retryDelay(
  retry: ResolvedRetry,
  method: string,
  retries: number,
  response: Response | undefined,
  deadlineAt: number,
  code?: unknown,
): number | undefined {
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
  const busyKey = code === "IDEMPOTENCY_KEY_IN_USE"; // a 409's: no other answer's code is read
  if (status !== 408 && status !== 429 && !busyKey && (status < 500 || status === 501 || status === 505)) {
    return undefined;
  }
  // The server's `Retry-After` when it sent one (it knows when it can take the request), else our backoff.
  const delayMs = retryAfterMs(response.headers) ?? backoffDelay(retries + 1, retry);
  // A pause longer than the caller accepts (`maxRetryAfterMs`) or reaching past the deadline: hand this answer back
  // now instead of waiting for a retry that is not wanted or could not finish in time.
  if (delayMs > retry.maxRetryAfterMs || Date.now() + delayMs >= deadlineAt) return undefined;
  return delayMs;
}

// Pauses and time limits, shared with waitForAction

/** The server's `Retry-After` hint in milliseconds, or `undefined` when it sent none. */
export function retryAfterMs(headers: Pick<Headers, "get">): number | undefined {
  const seconds = parseRetryAfter(headers);
  return seconds === undefined ? undefined : seconds * 1000;
}

/** Default sleep: a timer that stops at once when `signal` aborts. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Run an injected sleep, but stop as soon as `signal` aborts even if the sleep ignores it. */
export function abortableSleep(sleep: Sleep, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    sleep(ms, signal).then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** A time limit on an operation, linked to the caller's signal (see {@link withDeadline}). */
export interface Deadline {
  /** Aborts with the timeout error when the time is up, or with the caller's reason when the caller's signal does. */
  readonly signal: AbortSignal;
  /** When the time is up (epoch ms). */
  readonly at: number;
  /** Stop the timer and unhook the caller's signal: call it when the operation ends, however it ends. */
  dispose(): void;
}

/**
 * One signal for a whole operation: it aborts with `timeoutError()` after `timeoutMs`, or with the reason of
 * `signal` (the caller's) when that aborts first, also when it already has. `onAbort` hears the reason too, without
 * an event listener of its own (they are costly on a hot path).
 */
export function withDeadline(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  timeoutError: () => TimeoutError,
  onAbort?: (reason: unknown) => void,
): Deadline {
  const controller = new AbortController();
  const abort = (reason: unknown) => {
    controller.abort(reason);
    onAbort?.(reason);
  };
  const onCallerAbort = () => abort(signal?.reason);
  const timer = setTimeout(() => abort(timeoutError()), timeoutMs);
  if (signal?.aborted) abort(signal.reason);
  else signal?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    at: Date.now() + timeoutMs,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

// Identification headers

/** The value of `x-dispatch-client`: the SDK and its version, then the application's name/version if given. */
function clientId(userAgent: string | undefined): string {
  return `dispatchkit-sdk/${SDK_VERSION}${userAgent ? ` ${userAgent}` : ""}`;
}

const isBrowser = () =>
  typeof (globalThis as { document?: unknown }).document !== "undefined" &&
  typeof (globalThis as { window?: unknown }).window !== "undefined";

/** The client's identification headers; `User-Agent` only outside browsers, which forbid or ignore it. */
export function clientHeaders(userAgent: string | undefined): Record<string, string> {
  const client = clientId(userAgent);
  return isBrowser() ? { "x-dispatch-client": client } : { "x-dispatch-client": client, "User-Agent": client };
}

function setClientHeaders(headers: Headers, client: string): void {
  headers.set("x-dispatch-client", client);
  if (isBrowser()) return;
  try {
    headers.set("User-Agent", client);
  } catch {
    // a runtime that forbids it: x-dispatch-client carries the same
  }
}

// The transport

/** The state a transport keeps between calls: the current token (replaced by a refresh). */
interface TokenState {
  source: TokenSource;
  refreshing: Promise<void> | undefined;
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

/**
 * A call's time limit as `createClient` sets it up: one deadline for the whole call, body included, which it ends
 * itself once the answer is parsed. It reaches the transport as a property of the request, under
 * {@link CALL_DEADLINE}; the transport leaves the request there, so that the timeout error can name its URL.
 */
export interface CallDeadline {
  deadline: Deadline;
  request?: Request;
}

/** The init key (copied onto the request by openapi-fetch) under which a {@link CallDeadline} reaches the transport. */
export const CALL_DEADLINE = "dispatchkitDeadline";

/** The SDK's per-call options as openapi-fetch leaves them: properties of the request. */
type CallExtras = Pick<CallOptions, "retries" | "timeoutMs" | "idempotencyKey"> & {
  [CALL_DEADLINE]?: CallDeadline;
};

/**
 * Wrap a fetch with auth, client headers, retries, timeouts and token refresh; `createClient` hands the result to
 * openapi-fetch. Per-call `retries`, `timeoutMs` and `idempotencyKey` (see {@link CallOptions}) arrive as properties
 * of the request, where openapi-fetch puts init keys it does not know. `headersSet`: the requests already carry the
 * identification and default headers (createClient has openapi-fetch add them), so they need no check.
 */
export function createTransport(options: Omit<ClientOptions, "baseUrl">, headersSet = false): FetchLike {
  const fetchFn: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const clientRetry = normalize(options.retries);
  // Resolved once: most calls carry no retry settings of their own.
  const clientResolved = resolveRetry(clientRetry, {});
  const client = clientId(options.userAgent);
  const extraHeaders = options.headers ? [...new Headers(options.headers)] : [];
  const observer = createObserver(options);
  const tokens: TokenState = { source: options.token, refreshing: undefined };
  // Sync for a string token: no extra microtask on the hot path.
  const currentToken = (): string | Promise<string> =>
    typeof tokens.source === "function" ? tokens.source() : tokens.source;

  async function refresh(used: string, onTokenExpired: () => string | Promise<string>): Promise<void> {
    if ((await currentToken()) !== used) return; // another call refreshed it meanwhile
    tokens.refreshing ??= (async () => {
      try {
        const fresh: unknown = await onTokenExpired();
        if (typeof fresh !== "string" || fresh === "") {
          throw new TypeError(
            `onTokenExpired returned ${fresh === "" ? "an empty string" : typeof fresh}, not a token`,
          );
        }
        tokens.source = fresh;
      } finally {
        tokens.refreshing = undefined;
      }
    })();
    await tokens.refreshing;
  }

  return async function transport(template: Request): Promise<Response> {
    const extra = template as Request & CallExtras;
    const retry = extra.retries === undefined ? clientResolved : resolveRetry(clientRetry, normalize(extra.retries));
    const timeoutMs = extra.timeoutMs ?? options.timeoutMs;
    const method = template.method.toUpperCase();

    const headers = template.headers;
    // Set by openapi-fetch from createClient; a request handed to the transport directly gets them here.
    if (!headersSet && !headers.has("x-dispatch-client")) {
      setClientHeaders(headers, client);
      for (const [name, value] of extraHeaders) if (!headers.has(name)) headers.set(name, value);
    }
    // Set once on the template that every attempt is cloned from, so every retry sends the same key.
    if (method === KEYED) {
      const key = extra.idempotencyKey ?? headers.get(IDEMPOTENCY_KEY) ?? newIdempotencyKey();
      headers.set(IDEMPOTENCY_KEY, key);
    }

    // One signal for the whole call: the caller's signal, or a deadline linked to it when there is a time limit.
    // createClient sets the deadline up itself (it must outlive this function, until the body is read; the request
    // already carries its signal); a request handed to the transport directly gets one here, and its answer is read
    // into memory under it. (No closures on the path without a time limit: they cost on every call.)
    const managed = extra[CALL_DEADLINE];
    if (managed) managed.request = template;
    // The deadline set up here, ended when this function returns.
    const own =
      managed !== undefined || timeoutMs === undefined
        ? undefined
        : withDeadline(
            template.signal,
            timeoutMs,
            () =>
              new TimeoutError(
                `Failed to ${target(template)}: no answer within ${timeoutMs} ms (timeoutMs)`,
                timeoutMs,
              ),
          );
    const deadline = managed?.deadline ?? own;
    const signal = deadline?.signal ?? template.signal;
    const deadlineAt = deadline?.at ?? Number.POSITIVE_INFINITY;

    // What the logger and hooks are told; nothing is prepared for them when there are none.
    const event = observer ? describeRequest(template, method) : undefined;
    // Durations are for the logger and hooks only: nothing is timed without them.
    const startedAt = observer ? performance.now() : 0;

    let token: string | undefined;
    let expired: string | undefined; // the token before a refresh, also kept out of every text
    let sent = 0;
    try {
      for (let attempt = 0; ; attempt++) {
        const next = currentToken();
        token = typeof next === "string" ? next : await next;
        if (signal.aborted) throw signal.reason;
        headers.set("Authorization", `Bearer ${token}`);
        // Keep the template unsent so its body can be re-sent intact; a bodiless request can be sent as is.
        let request = template.body === null ? template : template.clone();
        if (own) request = new Request(request, { signal });
        sent++;
        if (observer && event) {
          event.attempt = sent;
          const body = observer.bodies && template.body !== null ? await template.clone().text() : undefined;
          observer.request(body === undefined ? { ...event } : { ...event, body: redact(body, [token, expired]) });
        }
        const sentAt = observer ? performance.now() : 0;

        let response: Response | undefined;
        let failure: unknown;
        try {
          const answer = await fetchFn(request);
          response = own ? await buffered(answer, signal) : answer;
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          failure = error;
        }
        // What this attempt came to, for the logger and hooks (kept for the call's closing line).
        let outcome: ResponseEvent | undefined;
        if (observer && event) {
          outcome = describeOutcome(event, sentAt, response, failure, [token, expired]);
          if (observer.bodies && response?.body) {
            const text = await untilAborted(response.clone().text(), signal);
            outcome.responseBody = redact(text, [token, expired]);
          }
          observer.response(outcome);
        }

        if (
          response?.status === 401 &&
          options.onTokenExpired &&
          expired === undefined &&
          (await isTokenExpired(response))
        ) {
          expired = token;
          discard(response);
          if (observer && event) observer.refresh({ ...event });
          try {
            await refresh(token, options.onTokenExpired);
          } catch (error) {
            const reason = redact(describeFailure(error), [token]);
            throw new TokenRefreshError(`Failed to refresh the expired token for ${target(template)}: ${reason}`, {
              cause: sanitize(error, [token]),
            });
          }
          attempt--; // the refresh retry does not count against the retries
          continue;
        }

        const code = response?.status === 409 ? await errorCodeOf(response) : undefined;
        const delayMs = retryDelay(retry, method, attempt, response, deadlineAt, code);
        if (delayMs === undefined) {
          if (response) {
            if (observer && outcome) observer.answered(outcome, performance.now() - startedAt);
            return response;
          }
          const reason = redact(describeFailure(failure), [token, expired]);
          throw new ConnectionError(`Failed to ${target(template)}: ${reason}`, {
            cause: sanitize(failure, [token, expired]),
          });
        }
        if (response) discard(response);
        if (observer && outcome) observer.retry(outcome, delayMs);
        retry.onRetry?.({ attempt: attempt + 1, delayMs, method, url: template.url, status: response?.status });
        await abortableSleep(retry.sleep, delayMs, signal);
      }
    } catch (error) {
      // Whatever was under way when the deadline or the caller's signal fired, report that, not its side effect.
      const reason = signal.aborted ? signal.reason : error;
      if (observer && event) {
        const aborted = signal.aborted && !(reason instanceof TimeoutError); // by the caller, not the time limit
        const what = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
        observer.failed({ ...event }, redact(what, [token, expired]), performance.now() - startedAt, aborted);
      }
      throw reason;
    } finally {
      own?.dispose();
    }
  };
}

/** How errors and logs name a request, without its query (whose values may be personal data): `GET https://host/v2/orders`. */
export function target(request: Request): string {
  return `${request.method} ${splitUrl(request.url).url}`;
}

/**
 * A request's URL without its query and fragment, and its path. A `Request`'s URL is absolute, serialized and free
 * of credentials, so plain string work is enough (and cheaper than parsing it again on every logged call).
 */
function splitUrl(full: string): { url: string; path: string } {
  const query = full.search(/[?#]/);
  const url = query === -1 ? full : full.slice(0, query);
  const scheme = url.indexOf("://");
  const slash = scheme === -1 ? -1 : url.indexOf("/", scheme + 3);
  return { url, path: slash === -1 ? "/" : url.slice(slash) };
}

/** The part of the logger's and hooks' events that stays the same for every attempt of a call. */
function describeRequest(request: Request, method: string): RequestEvent {
  const { url, path } = splitUrl(request.url);
  return { method, url, path, attempt: 0 };
}

/** An attempt's outcome for the logger and hooks: the answer's status, duration and request id, or why none came. */
function describeOutcome(
  event: RequestEvent,
  sentAt: number,
  response: Response | undefined,
  failure: unknown,
  tokens: (string | undefined)[],
): ResponseEvent {
  const durationMs = performance.now() - sentAt;
  if (response === undefined) {
    const error = redact(describeFailure(failure), tokens);
    return { ...event, status: undefined, durationMs, requestId: undefined, error };
  }
  const requestId = response.headers.get("x-request-id") ?? undefined;
  return { ...event, status: response.status, durationMs, requestId };
}

/**
 * The answer with its body read into memory, while `signal` (the call's deadline) can still stop the reading: a
 * server that sends its headers and then stalls must not hold the call past its time limit. For a request handed to
 * the transport directly, whose deadline ends when the transport returns; the caller then reads the complete copy.
 */
async function buffered(response: Response, signal: AbortSignal): Promise<Response> {
  // A null-body status (204, 304…) always comes without a body: no copy needed, none could carry one.
  if (response.body === null) return response;
  const bytes = await untilAborted(response.arrayBuffer(), signal);
  const copy = new Response(bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // A constructed Response has no URL (""); keep the one the answer came from (redirects followed).
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}

/** A promise that rejects with the signal's reason as soon as it aborts (the underlying work may go on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Free an answer that is not handed back (not awaited: some bodies only settle once read). */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/** Whether a 401 answer carries `code: "TOKEN_EXPIRED"` (read from a copy, the answer stays readable). */
async function isTokenExpired(response: Response): Promise<boolean> {
  return (await errorCodeOf(response)) === "TOKEN_EXPIRED";
}

/**
 * The `code` of an error answer's body, read from a copy (the answer stays readable); undefined if it has none.
 * Callers compare it with a known code, so a code that is not a string needs no check of its own.
 */
function errorCodeOf(response: Response): Promise<unknown> {
  return response
    .clone()
    .json()
    .then((body: { code?: unknown }) => body.code) // a `null` body throws: no code
    .catch(() => undefined);
}

/**
 * A new idempotency key: a random UUID from the runtime's `crypto`, looked up at call time (a test may stub it).
 * `randomUUID` exists only in secure contexts (https, localhost); `getRandomValues` everywhere.
 */
function newIdempotencyKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
