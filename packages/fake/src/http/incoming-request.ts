/**
 * What the pipeline reads of one request, whatever the host: a fetch `Request` (MSW, `fake.fetch`) or node's own
 * request (the standalone server), which then never becomes a `Request` unless a handler asks for one.
 */
import { readBody } from "./request-limits.js";

/**
 * What the pipeline reads of one request. Each host adapts its own to it: a fetch `Request` (MSW, `fake.fetch`)
 * through {@link incomingFromFetch}; node's request (the standalone server) without building a `Request` at all,
 * which costs about as much as answering a small request (docs/decisions/0025-hot-path.md).
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

/** A fetch `Request` as the pipeline reads it (one URL parse; its body read through {@link readBody}, once). */
export function incomingFromFetch(request: Request): IncomingRequest {
  const url = new URL(request.url);
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
