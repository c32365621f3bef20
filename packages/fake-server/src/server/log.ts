/**
 * The request log: one entry per request, when its answer has been sent or its connection closed without one. The
 * request id comes from the answer writer (write-answer.ts), which records it as it writes: nothing is wrapped.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { answeredRequestId } from "./write-answer.js";

/** One answered request, for a log line. */
export interface RequestLogEntry {
  method: string;
  /** The request target as sent: path and query. */
  path: string;
  /** The status answered; 0 when the connection closed before an answer (a dropped call, a client gone). */
  status: number;
  /** Milliseconds from the request's arrival to the end of its answer. */
  durationMs: number;
  /** The answer's `x-request-id`, or null when it has none (a preflight, the console). */
  requestId: string | null;
}

/** Report a request once, when its answer has been sent or its connection closed without one. */
export function logWhenDone(req: IncomingMessage, res: ServerResponse, report: (entry: RequestLogEntry) => void): void {
  const start = performance.now();
  res.once("close", () => {
    report({
      method: req.method ?? "",
      path: req.url ?? "",
      status: res.writableFinished ? res.statusCode : 0,
      durationMs: Math.round((performance.now() - start) * 10) / 10,
      requestId: answeredRequestId(res),
    });
  });
}
