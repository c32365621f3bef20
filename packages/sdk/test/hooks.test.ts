/**
 * What the logger and the `onRequest` / `onResponse` hooks are told about each attempt: the URL without its query,
 * attempts, request ids, durations, and the bodies read for them.
 */
import { getEventListeners } from "node:events";
import { describe, expect, it, vi } from "vitest";
import type { RequestEvent, ResponseEvent } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import { TOKEN, undoStubsAfterEach } from "./support/scripted.js";
import { failed, json, ok, scripted, URL_ } from "./support/scripted-transport.js";

undoStubsAfterEach();

describe("what the hooks are told", () => {
  it("names the URL without query and fragment, and its path (/ for the root)", async () => {
    const requests: RequestEvent[] = [];
    const { send } = scripted([ok], { onRequest: (event) => requests.push(event) });
    await send(new Request(`${URL_}?page=2#top`));
    await send(new Request("https://api.test#top"));
    await send(new Request("https://api.test/v2/orders#a?b"));
    expect(requests).toEqual([
      { method: "GET", url: URL_, path: "/v2/workspaces", attempt: 1 },
      { method: "GET", url: "https://api.test/", path: "/", attempt: 1 },
      { method: "GET", url: "https://api.test/v2/orders", path: "/v2/orders", attempt: 1 },
    ]);
  });

  it("counts a re-send after a token refresh as an attempt, and logs the refresh", async () => {
    const requests: number[] = [];
    const lines: string[] = [];
    const logger = { debug() {}, info: (m: string) => lines.push(m), warn() {}, error() {} };
    const { send } = scripted([() => failed(401, "TOKEN_EXPIRED"), ok], {
      onRequest: (event) => requests.push(event.attempt),
      onTokenExpired: () => "tok_fresh",
      logger,
    });
    expect((await send(new Request(URL_))).status).toBe(200);
    expect(requests).toEqual([1, 2]);
    expect(lines[0]).toBe(`[dispatchkit] GET ${URL_}: the token has expired, refreshing it (onTokenExpired)`);
  });

  it("reads no bodies without logBodies, and none that are absent with it", async () => {
    const events: (RequestEvent | ResponseEvent)[] = [];
    const hooks = { onRequest: (e: RequestEvent) => events.push(e), onResponse: (e: ResponseEvent) => events.push(e) };
    const plain = scripted([ok], hooks);
    await plain.send(new Request(URL_, { method: "POST", body: "{}" }));
    const withBodies = scripted([() => new Response(null, { status: 204 })], { ...hooks, logBodies: true });
    await withBodies.send(new Request(URL_));
    expect(events.map((e) => ["body" in e, "responseBody" in e])).toEqual([
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it("tells the request id of an answer, or undefined when it has none", async () => {
    const responses: ResponseEvent[] = [];
    const { send } = scripted([() => failed(503), () => json(200, {}, { "x-request-id": "req_9" })], {
      onResponse: (e) => responses.push(e),
    });
    await send(new Request(URL_));
    expect(responses.map((r) => [r.status, r.requestId])).toEqual([
      [503, undefined],
      [200, "req_9"],
    ]);
  });

  it("names a URL without a host (a data: URL) by path /", async () => {
    const requests: RequestEvent[] = [];
    const { send } = scripted([ok], { onRequest: (e) => requests.push(e) });
    await send(new Request("data:text/plain,a/b"));
    expect(requests).toEqual([{ method: "GET", url: "data:text/plain,a/b", path: "/", attempt: 1 }]);
  });
});

describe("durations", () => {
  it("measure each attempt from sending to its answer, and the call from start to end, pauses included", async () => {
    let clock = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const lines: string[] = [];
    const responses: ResponseEvent[] = [];
    const logger = { debug() {}, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error() {} };
    const answers = [() => failed(503), ok];
    let n = 0;
    const send = createTransport({
      token: TOKEN,
      logger,
      onResponse: (event) => responses.push(event),
      retries: {
        sleep: async (ms) => {
          clock += ms;
        },
        random: () => 0.5,
      },
      fetch: async () => {
        clock += 40;
        const answer = answers[n++] ?? ok;
        return answer();
      },
    });
    await send(new Request(URL_));
    expect(responses.map((r) => r.durationMs)).toEqual([40, 40]);
    expect(lines).toEqual([
      `[dispatchkit] GET ${URL_} 503 (attempt 1): retrying in 250 ms`,
      `[dispatchkit] GET ${URL_} 200 in 330 ms (2 attempts, no request id)`,
    ]);
  });

  it("measure a call that fails from its start", async () => {
    let clock = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const lines: string[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (m: string) => lines.push(m) };
    const send = createTransport({
      token: TOKEN,
      logger,
      retries: 0,
      fetch: async () => {
        clock += 70;
        throw new TypeError("fetch failed");
      },
    });
    await send(new Request(URL_)).catch(() => {});
    expect(lines).toEqual([
      `[dispatchkit] ConnectionError: Failed to GET ${URL_}: fetch failed (GET ${URL_}, 1 attempt in 70 ms)`,
    ]);
  });
});

describe("bodies read for the hooks", () => {
  it("tells the hooks about a network error with logBodies on (no body to read)", async () => {
    const responses: ResponseEvent[] = [];
    const send = createTransport({
      token: TOKEN,
      retries: 0,
      logBodies: true,
      onResponse: (e) => responses.push(e),
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(send(new Request(URL_))).rejects.toThrow(`Failed to GET ${URL_}: fetch failed`);
    expect(responses.map((r) => [r.status, r.error, "responseBody" in r])).toEqual([
      [undefined, "fetch failed", false],
    ]);
  });

  it("fails the call with the error of a body that breaks while it is read for the hooks", async () => {
    const request = new Request(URL_);
    const before = getEventListeners(request.signal, "abort").length;
    const broken = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new Error("connection reset"));
          },
        }),
      );
    const { send } = scripted([broken], { logBodies: true, onResponse() {} });
    await expect(send(request)).rejects.toThrow("connection reset");
    expect(getEventListeners(request.signal, "abort").length).toBe(before);
  });

  it("stops reading a stalled body for the hooks when the caller aborts", async () => {
    const controller = new AbortController();
    const request = new Request(URL_, { signal: controller.signal });
    const before = getEventListeners(request.signal, "abort").length;
    const stalled = () => new Response(new ReadableStream({ pull: () => new Promise<void>(() => {}) }));
    const { send } = scripted([stalled], { logBodies: true, onResponse() {} });
    setTimeout(() => controller.abort("stop"), 5); // while the body is being read
    await expect(send(request)).rejects.toBe("stop");
    expect(getEventListeners(request.signal, "abort").length).toBe(before);
  });
});
