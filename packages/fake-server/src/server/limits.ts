/**
 * The limits of the server (docs/standalone.md, Limits): how long a slow client may take, and how a request refused
 * before it was read whole (413, 414, 408, 431, anything that is not HTTP) is answered and its connection closed
 * without a reset destroying the answer. The byte limits are the fake's (`MAX_*_BYTES` of `@dispatchkit/fake/node`).
 */
import type { IncomingMessage, ServerOptions as NodeServerOptions, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { DomainError, MAX_HEADER_BYTES, STATUS_BY_CODE } from "@dispatchkit/fake/node";
import { CORS_HEADERS, refusalBody, sendRefusal, writeAnswer } from "./write-answer.js";

/** How long the server waits for a slow client before answering 408 `REQUEST_TIMEOUT`. */
export interface ServerTimeouts {
  /** Milliseconds from the connection (or the previous request) to the end of the headers. Default 30,000. */
  headersMs?: number;
  /** Milliseconds a request body may go without a byte arriving. Default 30,000. */
  bodyIdleMs?: number;
  /**
   * Milliseconds a request body may take from its first byte to its last, however steadily it trickles in (a body
   * that keeps sending a byte now and then holds its memory no longer than this). Default 30,000.
   */
  bodyMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The default bound on request body bytes held at once, across every connection: 64 MiB. */
const DEFAULT_BODY_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/** Seconds a client refused for {@link BodyBudget} is told to wait (`Retry-After`). */
export const BUSY_RETRY_AFTER_S = 1;

/**
 * The request body bytes the server holds at once, across every connection (bodies being read, and read bodies not
 * answered yet), bounded: a body whose next chunk would go over the bound is refused with 413 and `Retry-After`, its
 * bytes dropped, and the requests without a body (GET /_fake/health) are answered as ever.
 */
export interface BodyBudget {
  /** The bound, in bytes. */
  readonly max: number;
  /** The bytes held now. */
  held(): number;
  /** Hold `bytes` more, or false (nothing held) when that would go over the bound. */
  take(bytes: number): boolean;
  /** Give back `bytes` held. */
  give(bytes: number): void;
}

/** A {@link BodyBudget} of `max` bytes. */
export function createBodyBudget(max: number = DEFAULT_BODY_BYTES_IN_FLIGHT): BodyBudget {
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new TypeError(
      `Failed to start the server: maxBodyBytesInFlight must be a whole number of bytes >= 1, got ${max}`,
    );
  }
  let held = 0;
  return {
    max,
    held: () => held,
    take(bytes) {
      if (held + bytes > max) return false;
      held += bytes;
      return true;
    },
    give(bytes) {
      held = Math.max(0, held - bytes);
    },
  };
}

/**
 * How long a refused connection keeps reading (and discarding) what the client still sends before it is closed:
 * closing a socket with unread bytes resets it, and a reset can destroy the answer before the client reads it.
 */
const LINGER_MS = 2_000;

/** The timeouts with their defaults, and node's server options that apply them and the header limit. */
export function limitsOf(timeouts: ServerTimeouts = {}): {
  bodyIdleMs: number;
  bodyMs: number;
  node: NodeServerOptions;
} {
  const headersMs = timeouts.headersMs ?? DEFAULT_TIMEOUT_MS;
  const bodyMs = timeouts.bodyMs ?? DEFAULT_TIMEOUT_MS;
  return {
    bodyIdleMs: timeouts.bodyIdleMs ?? DEFAULT_TIMEOUT_MS,
    bodyMs,
    node: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: headersMs,
      // The body has its own deadline (bodyMs, answered 408 by the reader); node's bound on the whole request comes
      // later, for a request the reader never sees.
      requestTimeout: headersMs + bodyMs + 5_000,
      // Node checks both timeouts on this period: often enough that a short timeout is kept.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersMs / 2))),
    },
  };
}

/**
 * Answer a request refused before it was read whole (413, 414, 408; 403 and 404 too) and close its connection: the
 * client may still be sending, so what arrives is read and dropped for a moment before the socket closes, and the
 * client reads the answer instead of a reset.
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  error: DomainError,
  requestId: string,
  cors: Readonly<Record<string, string>> = CORS_HEADERS,
): void {
  // Node's parser may have answered this socket already (a request timeout, a bad chunk): nothing more to say.
  if (res.headersSent || !req.socket.writable) {
    req.socket.destroy();
    return;
  }
  sendRefusal(res, error, requestId, cors);
  linger(req.socket);
  req.resume();
}

/**
 * Answer a body refused for the bound on bytes held across connections ({@link BodyBudget}): 413
 * `PAYLOAD_TOO_LARGE` with `Retry-After` (RFC 9110: a temporary condition; both documents declare 413 for every
 * operation that takes a body, so the answer stays within the contract), and close its connection as
 * {@link refuse} does.
 */
export function refuseBusy(req: IncomingMessage, res: ServerResponse, message: string, requestId: string): void {
  if (res.headersSent || !req.socket.writable) {
    req.socket.destroy();
    return;
  }
  const body = JSON.stringify({ code: "PAYLOAD_TOO_LARGE", message, requestId });
  const head = [...Object.entries(CORS_HEADERS).flat(), "content-type", "application/json"];
  writeAnswer(res, 413, [...head, "retry-after", String(BUSY_RETRY_AFTER_S), "x-request-id", requestId], body, true);
  linger(req.socket);
  req.resume();
}

/** Keep reading (and dropping) a refused connection's bytes until the client closes it or {@link LINGER_MS} pass. */
function linger(socket: Socket): void {
  const deadline = setTimeout(() => socket.destroy(), LINGER_MS);
  deadline.unref();
  socket.once("close", () => clearTimeout(deadline));
  // The server ends a `connection: close` answer with destroySoon(), which would reset a socket with unread
  // bytes; half-close instead (the client sees the end of the answer) and keep reading until it closes.
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
  };
}

/** The refusal of a request node's parser gave up on, or undefined for one that is not HTTP (a bare 400). */
function parserRefusal(error: NodeJS.ErrnoException): DomainError | undefined {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return new DomainError(
      "HEADERS_TOO_LARGE",
      `Failed to read the request: its request line and headers are longer than ${MAX_HEADER_BYTES} bytes`,
    );
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return new DomainError("REQUEST_TIMEOUT", "Failed to read the request: it did not arrive in time");
  }
  return undefined;
}

/**
 * Answer a request node's parser refused (headers over `MAX_HEADER_BYTES`: 431; headers that never end: 408;
 * anything that is not HTTP: a bare 400) and close the connection. No `ServerResponse` exists: the answer is written
 * to the socket.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket, requestId: () => string): void {
  // An answer already started on this socket (or a socket gone) cannot take another one. A request whose body
  // was being read when the parser failed has none yet: its reading ends when this answer closes the socket.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const refusal = parserRefusal(error);
  if (!refusal) {
    socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    linger(socket);
    return;
  }
  const status = STATUS_BY_CODE[refusal.code];
  const id = requestId();
  const body = refusalBody(refusal, id);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    ...Object.entries(CORS_HEADERS).map(([name, value]) => `${name}: ${value}`),
    "content-type: application/json",
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${id}`,
    "connection: close",
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
  linger(socket);
}
