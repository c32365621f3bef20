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
  // "close" is emitted once: `on` spares `once`'s wrapper.
  res.on("close", () => {
    report({
      method: req.method ?? "",
      path: req.url ?? "",
      status: res.writableFinished ? res.statusCode : 0,
      durationMs: Math.round((performance.now() - start) * 10) / 10,
      requestId: answeredRequestId(res),
    });
  });
}

/** How long a log line may wait in the buffer, and how much may wait before it is written at once. */
const FLUSH_AFTER_MS = 25;
const FLUSH_AT_CHARS = 16_384;

/** The request log of `dispatch-fake`: `log` takes an entry, `flush` writes what waits (on exit, before other lines). */
export interface RequestLog {
  log(entry: RequestLogEntry): void;
  flush(): void;
}

/**
 * The log lines of the CLI, one per request, as text or JSON, written in batches: a write per line costs more than
 * the rest of the line (stdout is written synchronously to a file or a pipe), so lines wait up to 25 ms or 16 KB,
 * and `flush` writes them at once (on exit, and before any other line of stdout). The time is formatted from a
 * cached second: no Date per line.
 */
export function createRequestLog(format: "text" | "json", write: (text: string) => void): RequestLog {
  let pending = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending === "") return;
    const text = pending;
    pending = "";
    write(text);
  };
  const time = isoTime();
  const line = format === "json" ? jsonLine : textLine;
  return {
    log(entry) {
      pending += line(time(), entry);
      if (pending.length >= FLUSH_AT_CHARS) flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
    },
    flush,
  };
}

const textLine = (time: string, e: RequestLogEntry) =>
  `${time} ${e.method} ${e.path} ${e.status} ${e.durationMs}ms ${e.requestId ?? "-"}\n`;

/** What `JSON.stringify({ time, ...entry })` writes, assembled by hand: only a string that needs it is escaped. */
const jsonLine = (time: string, e: RequestLogEntry) =>
  `{"time":"${time}","method":${jsonString(e.method)},"path":${jsonString(e.path)},"status":${e.status},"durationMs":${e.durationMs},"requestId":${e.requestId === null ? "null" : jsonString(e.requestId)}}\n`;

/**
 * A string JSON.stringify writes as it is, between quotes: no quote, backslash, control character or surrogate (a
 * lone one is escaped; a pair is left to JSON.stringify too).
 */
const AS_IT_IS = /^[ !#-[\]-\ud7ff\ue000-\uffff]*$/;
const jsonString = (text: string) => (AS_IT_IS.test(text) ? `"${text}"` : JSON.stringify(text));

/** `new Date().toISOString()`, from a cached string of the current second (and of the current millisecond). */
function isoTime(): () => string {
  let second = Number.NaN;
  let prefix = "";
  let lastMs = Number.NaN;
  let last = "";
  return () => {
    const now = Date.now();
    if (now === lastMs) return last;
    const s = Math.floor(now / 1000);
    if (s !== second) {
      // "YYYY-MM-DDTHH:MM:SS." (years 0–9999: the ISO form keeps its length).
      prefix = new Date(s * 1000).toISOString().slice(0, 20);
      second = s;
    }
    const ms = now - s * 1000;
    lastMs = now;
    last = `${prefix}${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
    return last;
  };
}
