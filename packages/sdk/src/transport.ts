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
import { createObserver, type ResponseEvent } from "./logging.js";
import { describeFailure, redact, sanitize } from "./redaction.js";
import { errorCodeOf, KEYED, normalizeRetries, resolveRetry, shouldRetry } from "./retry-rules.js";
import { createTokens } from "./token-refresh.js";

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
    // Set by openapi-fetch from createClient; a request handed to the transport directly gets them here.
    if (!headersSet && !headers.has("x-dispatch-client")) {
      setClientHeaders(headers, client);
      for (const [name, value] of extraHeaders) if (!headers.has(name)) headers.set(name, value);
    }
    // Set once on the template that every attempt is cloned from, so every retry sends the same key.
    if (method === KEYED) {
      headers.set(IDEMPOTENCY_KEY, call.idempotencyKey ?? headers.get(IDEMPOTENCY_KEY) ?? newIdempotencyKey());
    }

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
            await tokens.refresh(token, options.onTokenExpired);
          } catch (error) {
            const reason = redact(describeFailure(error), [token]);
            throw new TokenRefreshError(`Failed to refresh the expired token for ${target(template)}: ${reason}`, {
              cause: sanitize(error, [token]),
            });
          }
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
          const reason = redact(describeFailure(failure), [token, expired]);
          throw new ConnectionError(`Failed to ${target(template)}: ${reason}`, {
            cause: sanitize(failure, [token, expired]),
          });
        }
        if (response) discard(response);
        if (observer && outcome) observer.retry(outcome, delayMs);
        retry.onRetry?.({ attempt: retries + 1, delayMs, method, url: template.url, status: response?.status });
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
