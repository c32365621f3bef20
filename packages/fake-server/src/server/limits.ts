/**
 * The limits of the server (docs/standalone.md, Limits): how long a slow client may take, and how a request refused
 * before it was read whole (413, 414, 408, 431, anything that is not HTTP) is answered and its connection closed
 * without a reset destroying the answer. The byte limits are the fake's (`MAX_*_BYTES` of `@dispatchkit/fake/node`).
 */
import type { IncomingMessage, ServerOptions as NodeServerOptions, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { DomainError, MAX_HEADER_BYTES, STATUS_BY_CODE } from "@dispatchkit/fake/node";
import { CORS_HEADERS, refusalBody, sendRefusal } from "./write-answer.js";

/** How long the server waits for a slow client before answering 408 `REQUEST_TIMEOUT`. */
export interface ServerTimeouts {
  /** Milliseconds from the connection (or the previous request) to the end of the headers. Default 30,000. */
  headersMs?: number;
  /** Milliseconds a request body may go without a byte arriving. Default 30,000. */
  bodyIdleMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * How long a refused connection keeps reading (and discarding) what the client still sends before it is closed:
 * closing a socket with unread bytes resets it, and a reset can destroy the answer before the client reads it.
 */
const LINGER_MS = 2_000;

/** The timeouts with their defaults, and node's server options that apply them and the header limit. */
export function limitsOf(timeouts: ServerTimeouts = {}): { bodyIdleMs: number; node: NodeServerOptions } {
  const headersMs = timeouts.headersMs ?? DEFAULT_TIMEOUT_MS;
  return {
    bodyIdleMs: timeouts.bodyIdleMs ?? DEFAULT_TIMEOUT_MS,
    node: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: headersMs,
      // The body has its own idle timeout; this bounds a request that trickles in forever.
      requestTimeout: Math.max(300_000, headersMs),
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
