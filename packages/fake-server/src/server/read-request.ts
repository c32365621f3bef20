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
import { type BodyBudget, BUSY_RETRY_AFTER_S } from "./limits.js";

/** The client went away before its request arrived whole: nobody to answer. */
export class ClientGone extends Error {}

/** A header of node's request as a fetch `Headers` gives it (repeated values joined with `, `), or null. */
export function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/**
 * node's request headers as the access policy reads them (`get`, `has`), through {@link headerOf}: one small object
 * per request, its methods on the prototype (no closures).
 */
export class NodeHeaders implements Pick<Headers, "get" | "has"> {
  readonly #req: IncomingMessage;
  constructor(req: IncomingMessage) {
    this.#req = req;
  }
  get(name: string): string | null {
    return headerOf(this.#req, name);
  }
  has(name: string): boolean {
    return headerOf(this.#req, name) !== null;
  }
}

/** A method that only reads: GET, HEAD, OPTIONS. */
export const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/** A CORS preflight: OPTIONS naming the method it asks for. */
export const isPreflight = (req: IncomingMessage) =>
  req.method === "OPTIONS" && headerOf(req, "access-control-request-method") !== null;

/** Whether a request's body is read before it is answered: every method but GET and HEAD. */
export const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/** How a body is read: its timeouts, the bound on bytes held across connections, and when its bytes are let go. */
export interface BodyReading {
  /** Milliseconds the body may go without a byte arriving (408). */
  idleMs: number;
  /** Milliseconds the body may take from the start of its reading to its last byte (408). */
  deadlineMs: number;
  /** The bytes held across connections: a chunk that would go over it refuses the body (413 with Retry-After). */
  budget: BodyBudget;
  /** Call `release` once the request read whole is answered (its bytes are held until then). */
  whenAnswered(release: () => void): void;
  /** A refusal of the request known before its body is read (an API call without a valid token: 401), or undefined. */
  admit(): DomainError | undefined;
}

/**
 * A body refused because its next chunk would take the bytes held across connections over their bound: 413
 * `PAYLOAD_TOO_LARGE` with `Retry-After`, an answer of the host (as a front proxy's), not of the API.
 */
export class ServerBusy extends Error {}

const busy = (budget: BodyBudget) =>
  new ServerBusy(
    `Failed to read the request body: the server holds ${budget.max} bytes of request bodies already; retry after ${BUSY_RETRY_AFTER_S} s`,
  );

/**
 * Read a request body as it arrives, counting bytes: more than `MAX_BODY_BYTES` stops the reading at once (413), and
 * so does a pause longer than `idleMs` between two chunks or a body still arriving after `deadlineMs` (408), or a
 * chunk that would take the bytes held across connections over their bound (413 with Retry-After). The bytes are held in the budget
 * until the request is answered; a refused or abandoned body gives them back (and drops its chunks) at once.
 */
function readBody(req: IncomingMessage, reading: BodyReading): Promise<Buffer> {
  const { idleMs, deadlineMs, budget } = reading;
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const giveBack = () => {
      budget.give(size);
      size = 0;
    };
    const stop = (outcome: () => void) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
      req.pause();
      outcome();
    };
    const fail = (error: Error) =>
      stop(() => {
        chunks = [];
        giveBack();
        reject(error);
      });
    const timeout = (why: string) =>
      new DomainError("REQUEST_TIMEOUT", `Failed to read the request body: ${why} (${size} bytes received)`);
    // One timer for both limits (most bodies arrive whole before it could fire: one timer to set and clear, not
    // two): it fires at the earlier of the two instants, and the limit passed first answers.
    const start = performance.now();
    let lastByte = start;
    const check = () => {
      const now = performance.now();
      const idleAt = lastByte + idleMs;
      const deadlineAt = start + deadlineMs;
      if (idleAt <= now && idleAt <= deadlineAt) fail(timeout(`no byte arrived for ${idleMs} ms`));
      else if (deadlineAt <= now) fail(timeout(`it did not arrive whole within ${deadlineMs} ms`));
      else timer = setTimeout(check, Math.min(idleAt, deadlineAt) - now);
    };
    let timer = setTimeout(check, Math.min(idleMs, deadlineMs));
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > MAX_BODY_BYTES) {
        fail(bodyTooLarge(MAX_BODY_BYTES, `more than ${MAX_BODY_BYTES} bytes arrived`));
        return;
      }
      if (!budget.take(chunk.length)) {
        fail(busy(budget));
        return;
      }
      size += chunk.length;
      chunks.push(chunk);
      lastByte = performance.now();
    };
    const onEnd = () =>
      stop(() => {
        const body = Buffer.concat(chunks, size);
        chunks = [];
        const held = size;
        reading.whenAnswered(() => budget.give(held));
        resolve(body);
      });
    const onClose = () => fail(new ClientGone("the client closed the connection mid-body"));
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

/** The path and query of a request target, as the pipeline reads them. */
export interface TargetParts {
  pathname: string;
  search: string;
}

/** The path and query of an origin-form target (`/path?query`), as `new URL(target, origin)` gives them. */
export function splitTarget(origin: string, target: string): TargetParts {
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
 * asked for), once its target has passed {@link checkTarget} and its body has been read: its methods on the
 * prototype (no closures per request).
 */
class NodeRequest implements HostRequest {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly #req: IncomingMessage;
  readonly #body: Buffer | undefined;
  #request: Request | undefined;

  constructor(
    req: IncomingMessage,
    readonly origin: string,
    parts: TargetParts,
    body: Buffer | undefined,
  ) {
    this.method = req.method ?? "GET";
    this.pathname = parts.pathname;
    this.search = parts.search;
    this.#req = req;
    this.#body = body;
  }

  header(name: string): string | null {
    return headerOf(this.#req, name);
  }

  bytes(): Promise<Uint8Array> {
    return this.#body ? Promise.resolve(this.#body) : NO_BYTES;
  }

  discard(): void {}

  toRequest(): Request {
    this.#request ??= fetchRequestOf(this.#req, this.origin, this.#body);
    return this.#request;
  }
}

/**
 * Read `req` whole: its target checked, then whether it is admitted before its body is read, then its body (every
 * method but GET and HEAD, under `reading`, which a request with a body needs). `parts` is its target split already
 * (else it is split here). A GET or HEAD is handed over synchronously (no promise before the pipeline's); a refusal
 * is a `DomainError`, a client gone a {@link ClientGone}.
 */
export function readRequest(
  req: IncomingMessage,
  origin: string,
  parts: TargetParts | undefined,
  reading: BodyReading | undefined,
): HostRequest | Promise<HostRequest> {
  checkTarget(req);
  const split = parts ?? splitTarget(origin, req.url ?? "/");
  if (!hasBody(req.method ?? "GET")) return new NodeRequest(req, origin, split, undefined);
  if (reading === undefined) throw new TypeError(`Failed to read a ${req.method} request: no body reading given`);
  const refusal = reading.admit();
  if (refusal) throw refusal;
  return readBody(req, reading).then((bytes) => new NodeRequest(req, origin, split, bytes));
}
