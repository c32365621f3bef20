/**
 * The CLI's request log lines (createRequestLog, src/server/log.ts): the same text and JSON as a line formatted per
 * request with a Date and JSON.stringify, written in batches, nothing left behind by `flush`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRequestLog, type RequestLogEntry } from "../src/server/log.js";

const entry = (over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  method: "GET",
  path: "/v2/orders?perPage=1",
  status: 200,
  durationMs: 1.2,
  requestId: "req_1",
  ...over,
});

/** The lines as they were formatted before the log was batched: a Date and JSON.stringify per line. */
const textBefore = (time: string, e: RequestLogEntry) =>
  `${time} ${e.method} ${e.path} ${e.status} ${e.durationMs}ms ${e.requestId ?? "-"}\n`;
const jsonBefore = (time: string, e: RequestLogEntry) => `${JSON.stringify({ time, ...e })}\n`;

afterEach(() => {
  vi.useRealTimers();
});

describe("createRequestLog", () => {
  const entries = [
    entry(),
    entry({ method: "POST", path: "/v2/orders", status: 201, durationMs: 13, requestId: null }),
    entry({ status: 0, durationMs: 0 }),
    entry({ path: '/v2/orders?name="a\\b"', requestId: 'req_"x"' }),
    entry({ path: "/v2/orders?q=\u0001\t\u001f" }),
    entry({ path: "/v2/orders?q=straße€😀" }),
    entry({ path: "/v2/orders?q=\ud800lone\udfff" }),
  ];
  const instants = [
    "2026-11-28T06:28:51.000Z",
    "2026-11-28T06:28:51.007Z",
    "2026-11-28T06:28:51.070Z",
    "2026-11-28T06:28:51.999Z",
    "2026-11-28T06:28:52.000Z",
    "2026-12-31T23:59:59.999Z",
    "2027-01-01T00:00:00.001Z",
  ];

  for (const format of ["text", "json"] as const) {
    it(`${format}: writes the very lines a Date and ${format === "json" ? "JSON.stringify" : "a template"} per line wrote`, () => {
      vi.useFakeTimers();
      const written: string[] = [];
      const log = createRequestLog(format, (text) => written.push(text));
      let expected = "";
      for (const [i, e] of entries.entries()) {
        const time = instants[i] ?? "";
        vi.setSystemTime(new Date(time));
        log.log(e);
        log.log(e);
        const line = (format === "json" ? jsonBefore : textBefore)(time, e);
        expected += line + line;
      }
      expect(written).toEqual([]);
      log.flush();
      expect(written).toEqual([expected]);
      for (const line of expected.trim().split("\n")) if (format === "json") JSON.parse(line);
    });
  }

  it("writes the lines of a burst at once, after a short wait, and at once when they fill the buffer", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const log = createRequestLog("text", (text) => written.push(text));
    for (let i = 0; i < 10; i++) log.log(entry());
    expect(written).toEqual([]);
    vi.advanceTimersByTime(25);
    expect(written).toHaveLength(1);
    expect(written[0]?.split("\n")).toHaveLength(11);
    // A large burst does not wait for the timer: 16 KB of lines are written as they fill up.
    for (let i = 0; i < 1000; i++) log.log(entry());
    expect(written.length).toBeGreaterThan(2);
    log.flush();
    expect(written.join("").split("\n")).toHaveLength(1011);
    log.flush();
    vi.advanceTimersByTime(100);
    expect(written.join("").split("\n")).toHaveLength(1011);
  });
});
