/**
 * What the pipeline reads of one request, whatever the host: a fetch `Request` (MSW, `fake.fetch`) or node's own
 * request (the standalone server), which then never becomes a `Request` unless a handler asks for one.
 */
import { readBody } from "./request-limits.js";

/**
 * What the pipeline reads of one request. Each host adapts its own to it: a fetch `Request` (MSW, `fake.fetch`)
 * through {@link incomingFromFetch}; node's request (the standalone server) without building a `Request` at all,
 * which costs about as much as answering a small request (docs/decisions/0005-request-pipeline.md).
 */
export interface IncomingRequest {
  /** The method as sent. */
  readonly method: string;
  /** The origin, `http://host:port`. */
  readonly origin: string;
  /** The path as a URL parser leaves it (percent-encoded, dot segments resolved), without the query. */
  readonly pathname: string;
  /** The query with its `?`, or `""` when none. */
  readonly search: string;
  /** A header's value as `Headers.get` gives it (repeated headers joined with `, `), or null. */
  header(name: string): string | null;
  /**
   * The body's bytes, read once however often asked (the handler's JSON, the idempotency fingerprint and the
   * journal share them); 413 over `MAX_BODY_BYTES`; empty when there is none.
   */
  bytes(): Promise<Uint8Array>;
  /** Stop reading a body nobody will read (a refused request). */
  discard(): void;
  /** The request as a fetch `Request` (built on first use: only a handler that reads `ctx.request` asks). */
  toRequest(): Request;
}

const NO_BYTES: Promise<Uint8Array> = Promise.resolve(new Uint8Array(0));

/**
 * The origin, path and query of a URL as fetch serializes it (`http(s)://host[:port]/path[?query][#fragment]`: a
 * parsed URL already, so they are cut out of it rather than parsed again), or a parse of any other.
 */
export function partsOf(href: string): { origin: string; pathname: string; search: string } {
  const authority = href.startsWith("https://") ? 8 : href.startsWith("http://") ? 7 : -1;
  const slash = authority < 0 ? -1 : href.indexOf("/", authority);
  // Credentials in the authority are no part of the origin: a URL parser leaves them out.
  if (slash < 0 || href.lastIndexOf("@", slash) >= authority) {
    const url = new URL(href);
    return { origin: url.origin, pathname: url.pathname, search: url.search };
  }
  const hash = href.indexOf("#", slash);
  const end = hash < 0 ? href.length : hash;
  const q = href.indexOf("?", slash);
  const query = q < 0 || q > end ? end : q;
  return {
    origin: href.slice(0, slash),
    pathname: href.slice(slash, query),
    // An empty query (`?` alone) is none, as `URL.search` says.
    search: end - query > 1 ? href.slice(query, end) : "",
  };
}

/** A fetch `Request` as the pipeline reads it (its URL cut up once; its body read through {@link readBody}, once). */
export function incomingFromFetch(request: Request): IncomingRequest {
  const url = partsOf(request.url);
  // A GET or HEAD has no body (some browsers expose none as a stream even when there is one: not a test for it).
  let bytes = request.method === "GET" || request.method === "HEAD" ? NO_BYTES : undefined;
  return {
    method: request.method,
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    header: (name) => request.headers.get(name),
    bytes: () => {
      bytes ??= readBody(request);
      return bytes;
    },
    discard: () => {
      request.body?.cancel().catch(() => undefined);
    },
    toRequest: () => request,
  };
}
