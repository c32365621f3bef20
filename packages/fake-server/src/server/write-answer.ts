/**
 * Writing an answer: the one place the server writes a status and headers on node's response, whatever the answer
 * (the fake's plain answer, a page's `Response`, a refusal, a preflight, a failure). It remembers each response's
 * request id for the log (log.ts), so nothing wraps `res.writeHead`.
 */
import type { ServerResponse } from "node:http";
import { answerBytes, type DomainError, type HostAnswer, STATUS_BY_CODE } from "@dispatchkit/fake/node";

/**
 * CORS of the answers the host gives itself before a request is routed (a body too large, a stalled client): they
 * carry no data, and a page of any origin may read why its call failed. The routed answers' CORS headers come from
 * the access policy (access.ts).
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-request-id, retry-after, idempotent-replayed",
};

/**
 * The `x-request-id` a response was answered with (read by the request log), kept on the response under a symbol
 * of this module: a WeakMap entry per response cost the garbage collector more (an ephemeron per request).
 */
const REQUEST_ID = Symbol("x-request-id");
type Answered = ServerResponse & { [REQUEST_ID]?: string };

/** The request id `res` was answered with, or null (none yet, or an answer without one). */
export function answeredRequestId(res: ServerResponse): string | null {
  return (res as Answered)[REQUEST_ID] ?? null;
}

/**
 * Write one answer: `headers` as a flat list of names and values (lower-case names), then `content-length` and,
 * while the server stops or for a refusal, `connection: close`. The one writer of a status line.
 */
export function writeAnswer(
  res: ServerResponse,
  status: number,
  headers: string[],
  body: Uint8Array | string | undefined,
  close: boolean,
): void {
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] === "x-request-id") (res as Answered)[REQUEST_ID] = headers[i + 1] as string;
  }
  const length = body === undefined ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.length;
  // A 204 has no body, and says nothing of one.
  if (status !== 204) headers.push("content-length", String(length));
  if (close) headers.push("connection", "close");
  res.writeHead(status, headers);
  res.end(length === 0 ? undefined : body);
}

/** A record of headers as the flat list {@link writeAnswer} takes. */
const flat = (record: Readonly<Record<string, string>>) => Object.entries(record).flat();

/** Write the fake's plain answer (no `Response` made and read back: docs/decisions/0025-hot-path.md). */
export function sendAnswer(res: ServerResponse, answer: HostAnswer, closing: boolean, cors: Record<string, string>) {
  // An injected network error: drop the connection without an answer, as a failing network would.
  if (answer.networkError) {
    res.destroy();
    return;
  }
  // The answer's own value of a CORS header wins, in the CORS header's place.
  const own = answer.headers;
  const head: string[] = [];
  for (const name in cors) head.push(name, own[name] ?? (cors[name] as string));
  for (const name in own) {
    if (name !== "content-length" && !(name in cors)) head.push(name, own[name] as string);
  }
  // Encoded into node's pool of small buffers (no allocation of its own below 4 KiB); written beside the head.
  writeAnswer(res, answer.status, head, answerBytes(answer), closing);
}

/** Write a page's `Response` (the home, a document, the console, `extra`). */
export async function sendResponse(
  res: ServerResponse,
  response: Response,
  closing: boolean,
  cors: Record<string, string>,
): Promise<void> {
  // An injected network error: drop the connection without an answer, as a failing network would.
  if (response.type === "error") {
    res.destroy();
    return;
  }
  const headers: Record<string, string> = { ...cors };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  delete headers["content-length"];
  writeAnswer(res, response.status, flat(headers), new Uint8Array(await response.arrayBuffer()), closing);
}

/** The one error body of an answer the host gives itself (the fake never saw the request). */
export function refusalBody(error: DomainError, requestId: string): string {
  return JSON.stringify({ code: error.code, message: error.message, requestId });
}

/** Write a refusal the host makes itself (413, 414, 408, 403, 404), closing the connection. */
export function sendRefusal(
  res: ServerResponse,
  error: DomainError,
  requestId: string,
  cors: Readonly<Record<string, string>>,
): void {
  const head = [...flat(cors), "content-type", "application/json", "x-request-id", requestId];
  writeAnswer(res, STATUS_BY_CODE[error.code], head, refusalBody(error, requestId), true);
}

/** A preflight's answer: its CORS headers, no body. */
export function sendPreflight(res: ServerResponse, cors: Readonly<Record<string, string>>): void {
  writeAnswer(res, 204, flat(cors), undefined, false);
}

/** 500 for a request the server failed to answer (reported on stderr with its request id). */
export function sendFailure(res: ServerResponse, error: unknown, requestId: string): void {
  console.error(`[dispatch-fake] failed to answer a request (${requestId})`, error);
  if (res.destroyed) return;
  const body = JSON.stringify({
    code: "INTERNAL",
    message: "Failed to answer the request: internal error",
    requestId,
  });
  if (res.headersSent) {
    res.end(body);
    return;
  }
  const head = [...flat(CORS_HEADERS), "content-type", "application/json", "x-request-id", requestId];
  writeAnswer(res, 500, head, body, false);
}
