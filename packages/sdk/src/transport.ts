/**
 * The transport: a `fetch` wrapper that adds auth and client headers, retries with exponential backoff and full
 * jitter, timeouts, abort handling and token refresh. openapi-fetch calls it for every request.
 */
import { ConnectionError, parseRetryAfter, TimeoutError } from "./errors.js";

/**
 * The SDK's version, sent in `x-dispatch-client`.
 *
 * @example
 * ```ts
 * console.log(`@dispatchkit/sdk ${SDK_VERSION}`);
 * ```
 */
export const SDK_VERSION = "0.1.0";

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
   * Also retry POST and PATCH (default `false`: only GET, HEAD, OPTIONS, PUT and DELETE are retried, because a
   * retried POST may run twice, e.g. start two scheduling runs).
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
 * `client.POST("/v2/schedules", { body, retries: { retryPost: true }, timeoutMs: 5000 })`.
 *
 * @example
 * ```ts
 * const once: CallOptions = { retries: 0, timeoutMs: 2_000 };
 * await client.GET("/v2/workspaces", once);
 * ```
 */
export interface CallOptions {
  /** Overrides the client's retry settings for this call (a number sets `maxRetries`; `false` disables). */
  retries?: number | false | RetryOptions;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/**
 * Options of {@link createTransport} (the auth and retry part of `createClient`'s options).
 *
 * @example
 * ```ts
 * const transport = createTransport({ token: "secret", retries: 3 } satisfies TransportOptions);
 * ```
 */
export interface TransportOptions {
  /** API token, sent as `Authorization: Bearer <token>`. */
  token: TokenSource;
  /** The fetch to wrap; default `globalThis.fetch`, looked up at call time (MSW set up later still intercepts). */
  fetch?: FetchLike | undefined;
  /** Retry settings (a number sets `maxRetries`; `false` disables retries). Default: 2 retries. */
  retries?: number | false | RetryOptions | undefined;
  /**
   * Time limit of a whole call in milliseconds, retries and backoff included, until the response headers arrive;
   * a call that takes longer rejects with {@link TimeoutError}. Default: none.
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

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const UNSAFE_OPT_IN = new Set(["POST", "PATCH"]);

/**
 * Whether a status is worth retrying: 408, 429 and 5xx except 501 (not implemented) and 505.
 *
 * @example
 * ```ts
 * isRetryableStatus(503); // true
 * isRetryableStatus(400); // false
 * ```
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

/**
 * Default sleep: a timer that stops at once when `signal` aborts.
 *
 * @example
 * ```ts
 * await defaultSleep(250, AbortSignal.timeout(1_000));
 * ```
 */
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

/**
 * Run an injected sleep, but stop as soon as `signal` aborts even if the sleep ignores it.
 *
 * @example
 * ```ts
 * await abortableSleep(defaultSleep, 1_000, controller.signal);
 * ```
 */
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

function resolveRetry(client: RetryOptions, call: RetryOptions): ResolvedRetry {
  const o = { ...client, ...call };
  return {
    maxRetries: Math.max(0, o.maxRetries ?? 2),
    baseDelayMs: o.baseDelayMs ?? 500,
    maxDelayMs: o.maxDelayMs ?? 8000,
    maxRetryAfterMs: o.maxRetryAfterMs ?? 60_000,
    retryPost: o.retryPost ?? false,
    sleep: o.sleep ?? defaultSleep,
    random: o.random ?? Math.random,
    onRetry: o.onRetry,
  };
}

/**
 * Full-jitter backoff delay of the n-th retry (n from 1).
 *
 * @example
 * ```ts
 * backoffDelay(3, { baseDelayMs: 500, maxDelayMs: 8000, random: () => 0.5 }); // 1000
 * ```
 */
export function backoffDelay(
  retry: number,
  options: { baseDelayMs: number; maxDelayMs: number; random: () => number },
): number {
  const cap = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(options.random() * cap);
}

/** Replace every occurrence of the token in a text. */
function redact(text: string, token: string | undefined): string {
  return token ? text.split(token).join("[redacted]") : text;
}

/** A describable label of a request without its query values: `GET /v2/orders`. */
function label(request: Request): string {
  let path = request.url;
  try {
    path = new URL(request.url).pathname;
  } catch {
    // keep the raw url
  }
  return `${request.method} ${path}`;
}

const isBrowser = () =>
  typeof (globalThis as { document?: unknown }).document !== "undefined" &&
  typeof (globalThis as { window?: unknown }).window !== "undefined";

/**
 * The client's identification headers; `User-Agent` only outside browsers, which forbid or ignore it.
 *
 * @example
 * ```ts
 * clientHeaders("my-shop/1.4.0"); // { "x-dispatch-client": "dispatchkit-sdk/0.1.0 my-shop/1.4.0", "User-Agent": … }
 * ```
 */
export function clientHeaders(userAgent: string | undefined): Record<string, string> {
  const client = `dispatchkit-sdk/${SDK_VERSION}${userAgent ? ` ${userAgent}` : ""}`;
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

/** The state a transport keeps between calls: the current token (replaced by a refresh). */
interface TokenState {
  source: TokenSource;
  refreshing: Promise<void> | undefined;
}

/**
 * Wrap a fetch with auth, client headers, retries, timeouts and token refresh. `createClient` uses it; use it
 * yourself to give any fetch-based code the same behaviour.
 *
 * @example
 * ```ts
 * const fetchWithRetries = createTransport({ token: "secret", retries: { maxRetries: 3 }, timeoutMs: 10_000 });
 * const response = await fetchWithRetries(new Request("https://api.dispatch.example.com/v2/workspaces"));
 * ```
 */
export function createTransport(options: TransportOptions): FetchLike {
  const fetchFn: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const clientRetry = normalize(options.retries);
  const clientResolved = resolveRetry(clientRetry, {});
  const client = `dispatchkit-sdk/${SDK_VERSION}${options.userAgent ? ` ${options.userAgent}` : ""}`;
  const tokens: TokenState = { source: options.token, refreshing: undefined };
  // Sync for a string token: no extra microtask on the hot path.
  const currentToken = (): string | Promise<string> =>
    typeof tokens.source === "function" ? tokens.source() : tokens.source;

  async function refresh(used: string, onTokenExpired: () => string | Promise<string>): Promise<void> {
    if ((await currentToken()) !== used) return; // another call refreshed it meanwhile
    tokens.refreshing ??= (async () => {
      try {
        tokens.source = await onTokenExpired();
      } finally {
        tokens.refreshing = undefined;
      }
    })();
    await tokens.refreshing;
  }

  return async function transport(template: Request): Promise<Response> {
    const extra = template as Request & { retries?: number | false | RetryOptions; timeoutMs?: number };
    const retry = extra.retries === undefined ? clientResolved : resolveRetry(clientRetry, normalize(extra.retries));
    const timeoutMs = extra.timeoutMs ?? options.timeoutMs;
    const method = template.method.toUpperCase();
    const mayRetry = IDEMPOTENT.has(method) || (retry.retryPost && UNSAFE_OPT_IN.has(method));

    if (!template.headers.has("x-dispatch-client")) setClientHeaders(template.headers, client);

    // One signal for the whole call: the caller's signal, or a deadline linked to it when there is a time limit.
    // (No closures on the path without a time limit: they cost on every call.)
    const userSignal = template.signal;
    const deadline = timeoutMs !== undefined ? withDeadline(userSignal, timeoutMs, template) : undefined;
    const controller = deadline?.controller;
    const signal = controller?.signal ?? userSignal;
    const deadlineAt = deadline ? Date.now() + (timeoutMs as number) : Number.POSITIVE_INFINITY;

    let token: string | undefined;
    let refreshed = false;
    try {
      for (let attempt = 0; ; attempt++) {
        const next = currentToken();
        token = typeof next === "string" ? next : await next;
        if (signal.aborted) throw signal.reason;
        template.headers.set("Authorization", `Bearer ${token}`);
        // Keep the template unsent so its body can be re-sent intact; a bodiless request can be sent as is.
        let request = template.body === null ? template : template.clone();
        if (controller) request = new Request(request, { signal: controller.signal });

        let response: Response;
        try {
          response = await fetchFn(request);
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          if (mayRetry && attempt < retry.maxRetries) {
            const delayMs = backoffDelay(attempt + 1, retry);
            retry.onRetry?.({ attempt: attempt + 1, delayMs, method, url: template.url, status: undefined });
            await abortableSleep(retry.sleep, delayMs, signal);
            continue;
          }
          const reason = error instanceof Error ? error.message : String(error);
          throw new ConnectionError(`Failed to ${label(template)}: ${redact(reason, token)}`, {
            cause: sanitize(error, token),
          });
        }

        if (response.status === 401 && options.onTokenExpired && !refreshed && (await isTokenExpired(response))) {
          refreshed = true;
          discard(response);
          await refresh(token, options.onTokenExpired);
          attempt--; // the refresh retry does not count against the retries
          continue;
        }

        if (mayRetry && attempt < retry.maxRetries && isRetryableStatus(response.status)) {
          const retryAfter = parseRetryAfter(response.headers);
          const delayMs = retryAfter !== undefined ? retryAfter * 1000 : backoffDelay(attempt + 1, retry);
          // A wait the server or the deadline does not allow: hand the answer back now.
          if (delayMs > retry.maxRetryAfterMs || Date.now() + delayMs >= deadlineAt) return response;
          discard(response);
          retry.onRetry?.({ attempt: attempt + 1, delayMs, method, url: template.url, status: response.status });
          await abortableSleep(retry.sleep, delayMs, signal);
          continue;
        }
        return response;
      }
    } catch (error) {
      // Whatever was under way when the deadline or the caller's signal fired, report that, not its side effect.
      throw signal.aborted ? signal.reason : error;
    } finally {
      deadline?.dispose();
    }
  };
}

/** An abort controller that fires with a {@link TimeoutError} after `timeoutMs`, or with the caller's reason. */
function withDeadline(
  userSignal: AbortSignal,
  timeoutMs: number,
  request: Request,
): { controller: AbortController; dispose(): void } {
  const controller = new AbortController();
  const onUserAbort = () => controller.abort(userSignal.reason);
  const timer = setTimeout(
    () =>
      controller.abort(new TimeoutError(`Failed to ${label(request)}: no answer within ${timeoutMs} ms`, timeoutMs)),
    timeoutMs,
  );
  if (userSignal.aborted) controller.abort(userSignal.reason);
  else userSignal.addEventListener("abort", onUserAbort, { once: true });
  return {
    controller,
    dispose() {
      clearTimeout(timer);
      userSignal.removeEventListener("abort", onUserAbort);
    },
  };
}

/** Free an answer that is not handed back (not awaited: some bodies only settle once read). */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/** Whether a 401 answer carries `code: "TOKEN_EXPIRED"` (read from a copy, the answer stays readable). */
async function isTokenExpired(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body?.code === "TOKEN_EXPIRED";
  } catch {
    return false;
  }
}

/** A copy of an underlying error with the token taken out of its message and no references to the request. */
function sanitize(error: unknown, token: string | undefined): Error {
  if (!(error instanceof Error)) return new Error(redact(String(error), token));
  const copy = new Error(redact(error.message, token));
  copy.name = error.name;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") (copy as Error & { code?: string }).code = code;
  if (copy.stack) copy.stack = redact(copy.stack, token);
  return copy;
}
