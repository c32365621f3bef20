/**
 * The transport: the `fetch` openapi-fetch calls for every request. It adds auth and client headers and an
 * `Idempotency-Key` on every POST, retries as {@link shouldRetry} says, holds a call to its time limit (body
 * included), honours abort signals, refreshes expired tokens, and reports to the logger and hooks.
 */
import { describeOutcome, describeRequest, target } from "./attempt-events.js";
import type { CallOptions, ClientOptions, FetchLike } from "./client-options.js";
import { abortableSleep, type Deadline, timeLimitError, untilAborted, withDeadline } from "./deadline.js";
import { ConnectionError, TimeoutError, TokenRefreshError } from "./errors.js";
import { IDEMPOTENCY_KEY, newIdempotencyKey } from "./idempotency-key.js";
import { createObserver, type Observer, type RequestEvent, type ResponseEvent } from "./logging.js";
import { describeFailure, redact, sanitize } from "./redaction.js";
import { errorCodeOf, KEYED, normalizeRetries, resolveRetry, shouldRetry } from "./retry-rules.js";
import { createTokens, type Tokens } from "./token-refresh.js";

/** The SDK's version, sent in `x-dispatch-client`. */
const SDK_VERSION = "0.1.0";

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

/**
 * What one call brings to the transport beside its request: its own {@link CallOptions} (over the client's), and
 * the deadline `createClient` set up for it (which outlives the transport, until the body is read).
 */
export interface CallSettings extends Pick<CallOptions, "retries" | "timeoutMs" | "idempotencyKey"> {
  deadline?: Deadline | undefined;
}

/** The transport's signature: a fetch that also takes a call's settings (openapi-fetch passes them per request). */
export type Transport = (request: Request, call?: CallSettings) => Promise<Response>;

/** The settings of a call that has none of its own. */
const CLIENT_SETTINGS: CallSettings = {};

/**
 * The client's headers on a request handed to the transport directly (`client`: openapi-fetch set them already when
 * absent), and the idempotency key, set once on the template every attempt is cloned from (every retry sends it).
 */
function prepareHeaders(
  headers: Headers,
  method: string,
  call: CallSettings,
  client: { client: string; extraHeaders: [string, string][] } | undefined,
): void {
  if (client && !headers.has("x-dispatch-client")) {
    setClientHeaders(headers, client.client);
    for (const [name, value] of client.extraHeaders) if (!headers.has(name)) headers.set(name, value);
  }
  if (method === KEYED) {
    headers.set(IDEMPOTENCY_KEY, call.idempotencyKey ?? headers.get(IDEMPOTENCY_KEY) ?? newIdempotencyKey());
  }
}

type Secrets = (string | undefined)[];

/**
 * Tell the observer about attempt `sent` (with its body, redacted, when bodies are wanted): at once unless a body is
 * to be read, so an attempt without one is sent in the same turn (a promise only when there is something to wait for).
 */
function observeRequest(
  observer: Observer,
  event: RequestEvent,
  sent: number,
  template: Request,
  secrets: Secrets,
): Promise<void> | undefined {
  event.attempt = sent;
  if (!observer.bodies || template.body === null) {
    observer.request({ ...event });
    return undefined;
  }
  return template
    .clone()
    .text()
    .then((body) => observer.request({ ...event, body: redact(body, secrets) }));
}

/**
 * What an attempt came to, told to the observer (and kept for the call's closing line): at once unless a body is to be
 * read (then a promise).
 */
function observeOutcome(
  observer: Observer,
  event: RequestEvent,
  attempt: { sentAt: number; response: Response | undefined; failure: unknown; signal: AbortSignal },
  secrets: Secrets,
): ResponseEvent | Promise<ResponseEvent> {
  const outcome = describeOutcome(event, attempt.sentAt, attempt.response, attempt.failure, secrets);
  if (!observer.bodies || !attempt.response?.body) {
    observer.response(outcome);
    return outcome;
  }
  return untilAborted(attempt.response.clone().text(), attempt.signal).then((text) => {
    outcome.responseBody = redact(text, secrets);
    observer.response(outcome);
    return outcome;
  });
}

/** Refresh the expired `token`, or throw a TokenRefreshError that never shows it. */
async function refreshToken(
  tokens: Tokens,
  token: string,
  onTokenExpired: NonNullable<ClientOptions["onTokenExpired"]>,
  template: Request,
): Promise<void> {
  try {
    await tokens.refresh(token, onTokenExpired);
  } catch (error) {
    const reason = redact(describeFailure(error), [token]);
    throw new TokenRefreshError(`Failed to refresh the expired token for ${target(template)}: ${reason}`, {
      cause: sanitize(error, [token]),
    });
  }
}

/** The error of a call whose last attempt got no answer. */
function connectionError(template: Request, failure: unknown, secrets: Secrets): ConnectionError {
  const reason = redact(describeFailure(failure), secrets);
  return new ConnectionError(`Failed to ${target(template)}: ${reason}`, { cause: sanitize(failure, secrets) });
}

/** Tell the observer how the call failed (`aborted`: by the caller, not the time limit). */
function observeFailure(
  observer: Observer,
  event: RequestEvent,
  reason: unknown,
  signal: AbortSignal,
  startedAt: number,
  secrets: Secrets,
): void {
  const aborted = signal.aborted && !(reason instanceof TimeoutError);
  const what = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  observer.failed({ ...event }, redact(what, secrets), performance.now() - startedAt, aborted);
}

/**
 * Wrap a fetch with auth, client headers, retries, timeouts and token refresh; `createClient` hands it to
 * openapi-fetch, with each call's settings in the call's own `fetch`. `headersSet`: the requests already carry the
 * identification and default headers (createClient has openapi-fetch add them), so they need no check.
 */
export function createTransport(options: Omit<ClientOptions, "baseUrl">, headersSet = false): Transport {
  const fetchFn: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const clientRetry = normalizeRetries(options.retries);
  const clientResolved = resolveRetry(clientRetry, {}); // once: most calls carry no retry settings of their own
  const client = clientId(options.userAgent);
  const extraHeaders = options.headers ? [...new Headers(options.headers)] : [];
  const observer = createObserver(options);
  const tokens = createTokens(options.token);
  return async function transport(template: Request, call = CLIENT_SETTINGS): Promise<Response> {
    const retry =
      call.retries === undefined ? clientResolved : resolveRetry(clientRetry, normalizeRetries(call.retries));
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    const method = template.method.toUpperCase();
    const headers = template.headers;
    prepareHeaders(headers, method, call, headersSet ? undefined : { client, extraHeaders });
    // One signal for the whole call: the caller's, or a deadline linked to it when there is a time limit.
    // createClient's deadline outlives this function (until the body is read; the request already carries its
    // signal); a request handed to the transport directly gets one here, ended when this function returns, and its
    // answer is read into memory under it. (No closures on the path without a time limit: they cost on every call.)
    const own =
      call.deadline !== undefined || timeoutMs === undefined
        ? undefined
        : withDeadline(template.signal, timeoutMs, () => timeLimitError(target(template), timeoutMs));
    const deadline = call.deadline ?? own;
    const signal = deadline?.signal ?? template.signal;
    const deadlineAt = deadline?.at ?? Number.POSITIVE_INFINITY;
    // What the logger and hooks are told, and durations; nothing is prepared or timed when there are none.
    const event = observer ? describeRequest(template, method) : undefined;
    const startedAt = observer ? performance.now() : 0;
    let token: string | undefined;
    let expired: string | undefined; // the token before a refresh, also kept out of every text
    let sent = 0;
    try {
      for (let retries = 0; ; retries++) {
        const next = tokens.current();
        token = typeof next === "string" ? next : await next;
        if (signal.aborted) throw signal.reason;
        headers.set("Authorization", `Bearer ${token}`);
        // Keep the template unsent so its body can be re-sent intact; a bodiless request can be sent as is.
        let request = template.body === null ? template : template.clone();
        if (own) request = new Request(request, { signal });
        sent++;
        const told = observer && event ? observeRequest(observer, event, sent, template, [token, expired]) : undefined;
        if (told) await told;
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
        const observed =
          observer && event
            ? observeOutcome(observer, event, { sentAt, response, failure, signal }, [token, expired])
            : undefined;
        const outcome = observed instanceof Promise ? await observed : observed;

        if (
          response?.status === 401 &&
          options.onTokenExpired &&
          expired === undefined &&
          (await isTokenExpired(response))
        ) {
          expired = token;
          discard(response);
          if (observer && event) observer.refresh({ ...event });
          await refreshToken(tokens, token, options.onTokenExpired, template);
          retries--; // the refresh's re-send does not count against the retries
          continue;
        }

        const code = response?.status === 409 ? await errorCodeOf(response) : undefined;
        const delayMs = shouldRetry(retry, { method, retries, response, code, deadlineAt });
        if (delayMs === undefined) {
          if (response) {
            if (observer && outcome) observer.answered(outcome, performance.now() - startedAt);
            return response;
          }
          throw connectionError(template, failure, [token, expired]);
        }
        if (response) discard(response);
        if (observer && outcome) observer.retry(outcome, delayMs);
        retry.onRetry?.({ attempt: retries + 1, delayMs, method, url: template.url, status: response?.status });
        await abortableSleep(retry.sleep, delayMs, signal);
      }
    } catch (error) {
      // Whatever was under way when the deadline or the caller's signal fired, report that, not its side effect.
      const reason = signal.aborted ? signal.reason : error;
      if (observer && event) observeFailure(observer, event, reason, signal, startedAt, [token, expired]);
      throw reason;
    } finally {
      own?.dispose();
    }
  };
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

/** Free an answer that is not handed back (not awaited: some bodies only settle once read). */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/** Whether a 401 answer carries `code: "TOKEN_EXPIRED"` (read from a copy, the answer stays readable). */
async function isTokenExpired(response: Response): Promise<boolean> {
  return (await errorCodeOf(response)) === "TOKEN_EXPIRED";
}
