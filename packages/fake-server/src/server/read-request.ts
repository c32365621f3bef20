/**
 * Reading a request (tRPC's node adapter splits its host the same way: read a request, write an answer, log,
 * limits): node's request as the fake's pipeline reads it, with one header reader, its target split without parsing a
 * URL when it is plain, and its body read as it arrives under the byte and idle limits.
 */
import type { IncomingMessage } from "node:http";
import {
  bodyTooLarge,
  DomainError,
  declaredTooLarge,
  type HostRequest,
  MAX_BODY_BYTES,
  MAX_URL_BYTES,
  urlTooLong,
} from "@dispatchkit/fake/node";

/** The client went away before its request arrived whole: nobody to answer. */
export class ClientGone extends Error {}

/** A header of node's request as a fetch `Headers` gives it (repeated values joined with `, `), or null. */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** node's request headers as the access policy reads them (`get`, `has`), through {@link headerOf}. */
export function headersOf(req: IncomingMessage): Pick<Headers, "get" | "has"> {
  return { get: (name) => headerOf(req, name), has: (name) => headerOf(req, name) !== null };
}

/** A method that only reads: GET, HEAD, OPTIONS. */
export const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/** A CORS preflight: OPTIONS naming the method it asks for. */
export const isPreflight = (req: IncomingMessage) =>
  req.method === "OPTIONS" && headerOf(req, "access-control-request-method") !== null;

/** Whether a request's body is read before it is answered: every method but GET and HEAD. */
const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/**
 * Read a request body as it arrives, counting bytes: more than `MAX_BODY_BYTES` stops the reading at once (413), and
 * so does a pause longer than `idleMs` between two chunks (408).
 */
function readBody(req: IncomingMessage, idleMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (outcome: () => void) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
      req.pause();
      outcome();
    };
    const idle = () =>
      new DomainError(
        "REQUEST_TIMEOUT",
        `Failed to read the request body: no byte arrived for ${idleMs} ms (${size} bytes received)`,
      );
    const timer = setTimeout(() => stop(() => reject(idle())), idleMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        stop(() => reject(bodyTooLarge(MAX_BODY_BYTES, `more than ${MAX_BODY_BYTES} bytes arrived`)));
        return;
      }
      chunks.push(chunk);
      timer.refresh();
    };
    const onEnd = () => stop(() => resolve(Buffer.concat(chunks, size)));
    const onClose = () => stop(() => reject(new ClientGone("the client closed the connection mid-body")));
    req.on("data", onData).on("end", onEnd).on("close", onClose).on("error", onClose);
  });
}

/**
 * A request target node's parser passed on that a URL parser leaves as it is: unreserved and sub-delimiter
 * characters, `%`, `:`, `@`, `/` and `?` (no `'`, which a parser escapes in a query, no `#`, `\`, spaces or
 * non-ASCII). With no dot segment in its path, its path and query are split off it without parsing a URL.
 */
const PLAIN_TARGET = /^[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/;
const DOT_SEGMENT = /\/\.|%2e/i;

/** The path and query of an origin-form target (`/path?query`), as `new URL(target, origin)` gives them. */
function splitTarget(origin: string, target: string): { pathname: string; search: string } {
  const q = target.indexOf("?");
  const pathname = q < 0 ? target : target.slice(0, q);
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(pathname)) {
    const search = q < 0 || q === target.length - 1 ? "" : target.slice(q);
    return { pathname, search };
  }
  const url = new URL(`${origin}${target}`);
  return { pathname: url.pathname, search: url.search };
}

const NO_BYTES: Promise<Uint8Array> = Promise.resolve(new Uint8Array(0));

/**
 * Refuse a request target or a declared body the host does not take, before anything is read: a `DomainError` (404
 * for a target that is not a path, 414, 413).
 */
function checkTarget(req: IncomingMessage): void {
  const target = req.url ?? "/";
  // Only the origin form (`/path?query`) names something here; `*` and absolute URLs name nothing.
  if (!target.startsWith("/")) {
    throw new DomainError("NOT_FOUND", `Failed to route the request: no endpoint ${req.method ?? ""} ${target}`);
  }
  if (Buffer.byteLength(target) > MAX_URL_BYTES) throw urlTooLong(MAX_URL_BYTES, Buffer.byteLength(target));
  const declared = declaredTooLarge(headerOf(req, "content-length"), MAX_BODY_BYTES);
  if (declared) throw declared;
}

/** node's request as a fetch `Request` (only a handler or a page that asks for one gets it). */
function fetchRequestOf(req: IncomingMessage, origin: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(new URL(`${origin}${req.url ?? "/"}`), {
    method: req.method ?? "GET",
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

/**
 * The request as the pipeline reads it (node's headers and the body read whole, no fetch `Request` unless one is
 * asked for), once its target has passed {@link checkTarget} and its body has been read.
 */
function hostRequestOf(req: IncomingMessage, origin: string, body: Buffer | undefined): HostRequest {
  const { pathname, search } = splitTarget(origin, req.url ?? "/");
  let request: Request | undefined;
  return {
    method: req.method ?? "GET",
    origin,
    pathname,
    search,
    header: (name) => headerOf(req, name),
    bytes: () => (body ? Promise.resolve(body) : NO_BYTES),
    discard: () => undefined,
    toRequest: () => {
      request ??= fetchRequestOf(req, origin, body);
      return request;
    },
  };
}

/**
 * Read `req` whole: its target checked, then its body (every method but GET and HEAD). A GET or HEAD is handed over
 * synchronously (no promise before the pipeline's); a refusal is a `DomainError`, a client gone a {@link ClientGone}.
 */
export function readRequest(
  req: IncomingMessage,
  origin: string,
  bodyIdleMs: number,
): HostRequest | Promise<HostRequest> {
  checkTarget(req);
  if (!hasBody(req.method ?? "GET")) return hostRequestOf(req, origin, undefined);
  return readBody(req, bodyIdleMs).then((body) => hostRequestOf(req, origin, body));
}
