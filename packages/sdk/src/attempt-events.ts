/**
 * How a request is named to people: in error messages (method and URL without the query) and in the events the
 * logger and hooks are told about each attempt.
 */
import type { RequestEvent, ResponseEvent } from "./logging.js";
import { describeFailure, redact } from "./redaction.js";

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
export function describeRequest(request: Request, method: string): RequestEvent {
  const { url, path } = splitUrl(request.url);
  return { method, url, path, attempt: 0 };
}

/** An attempt's outcome for the logger and hooks: the answer's status, duration and request id, or why none came. */
export function describeOutcome(
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
