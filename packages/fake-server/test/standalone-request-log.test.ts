/**
 * startServer's `onRequest` (what `dispatch-fake` prints as a log line per request) and `latencyMs`: one entry per
 * request with its status, duration and request id, a dropped connection as status 0, refusals included.
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createFake } from "@dispatchkit/fake";
import { type RequestLogEntry, startServer } from "@dispatchkit/fake-server";
import { describe, expect, it } from "vitest";
import { logWhenDone } from "../src/server/log.js";
import { writeAnswer } from "../src/server/write-answer.js";

describe("the request log (src/server/log.ts)", () => {
  it("reads the request id from the answer writer: node's response is left as it is (no writeHead wrapped)", () => {
    const writeHead = function (this: ServerResponse) {
      return this;
    };
    const res = Object.assign(new EventEmitter(), {
      writeHead,
      end: () => undefined,
      statusCode: 201,
      writableFinished: true,
    }) as unknown as ServerResponse;
    const req = { method: "POST", url: "/v2/orders" } as IncomingMessage;
    const entries: RequestLogEntry[] = [];
    logWhenDone(req, res, (entry) => entries.push(entry));
    expect(res.writeHead).toBe(writeHead);
    writeAnswer(res, 201, ["x-request-id", "req_1"], "{}", false);
    res.emit("close");
    expect(entries).toEqual([
      { method: "POST", path: "/v2/orders", status: 201, durationMs: expect.any(Number), requestId: "req_1" },
    ]);
  });
});

describe("startServer({ onRequest, latencyMs })", () => {
  it("reports every request once: answered, refused, and dropped by a network-error fault (status 0)", async () => {
    const fake = createFake({ token: "t" });
    const entries: RequestLogEntry[] = [];
    const server = await startServer(fake, { port: 0, onRequest: (entry) => entries.push(entry) });
    try {
      const ok = await fetch(`${server.url}/v2/workspaces?perPage=1`, { headers: { authorization: "Bearer t" } });
      const refused = await fetch(`${server.url}/_fake/clock`, { headers: { origin: "https://evil.example" } });
      fake.faults.add({ operationId: "listOrders", networkError: true });
      await expect(fetch(`${server.url}/v2/orders`, { headers: { authorization: "Bearer t" } })).rejects.toThrow();
      await expect.poll(() => entries.length).toBe(3);
      expect(entries).toEqual([
        {
          method: "GET",
          path: "/v2/workspaces?perPage=1",
          status: 200,
          durationMs: expect.any(Number),
          requestId: ok.headers.get("x-request-id"),
        },
        {
          method: "GET",
          path: "/_fake/clock",
          status: 403,
          durationMs: expect.any(Number),
          requestId: refused.headers.get("x-request-id"),
        },
        { method: "GET", path: "/v2/orders", status: 0, durationMs: expect.any(Number), requestId: null },
      ]);
      expect(ok.headers.get("x-request-id")).toMatch(/^req_/);
      expect(refused.headers.get("x-request-id")).toMatch(/^req_/);
    } finally {
      await server.close();
    }
  });

  it("delays API calls by latencyMs, not the control endpoints; refuses a negative latency", async () => {
    const fake = createFake({ token: "t" });
    const server = await startServer(fake, { port: 0, latencyMs: 200 });
    try {
      const timed = async (path: string, init?: RequestInit) => {
        const start = performance.now();
        expect((await fetch(`${server.url}${path}`, init)).status).toBe(200);
        return performance.now() - start;
      };
      expect(await timed("/v2/workspaces", { headers: { authorization: "Bearer t" } })).toBeGreaterThanOrEqual(190);
      expect(await timed("/_fake/clock")).toBeLessThan(150);
    } finally {
      await server.close();
    }
    expect(() => startServer(fake, { port: 0, latencyMs: -1 })).toThrow(
      "Failed to start the server: latencyMs must be a number of milliseconds >= 0, got -1",
    );
  });
});
