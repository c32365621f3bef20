/**
 * The caller's `signal`: an abort stops the call at any step and the call rejects with its reason, and no listener
 * is left behind on the signal afterwards.
 */
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { abortableSleep, defaultSleep, withDeadline } from "../src/deadline.js";
import { type ResponseEvent, TimeoutError } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import { TOKEN, undoStubsAfterEach, workspaceList } from "./support/scripted.js";
import { failed, ok, scripted, URL_ } from "./support/scripted-transport.js";

undoStubsAfterEach();

describe("aborts", () => {
  it("sends nothing when the caller aborts while the token is fetched", async () => {
    const controller = new AbortController();
    const seen: Request[] = [];
    const send = createTransport({
      token: async () => {
        controller.abort(new Error("gone"));
        return TOKEN;
      },
      fetch: async (request) => {
        seen.push(request);
        return ok();
      },
    });
    await expect(send(new Request(URL_, { signal: controller.signal }))).rejects.toThrow("gone");
    expect(seen).toHaveLength(0);
  });

  it("rejects with the caller's reason, not a ConnectionError, when the fetch fails after an abort", async () => {
    const controller = new AbortController();
    const responses: ResponseEvent[] = [];
    const send = createTransport({
      token: TOKEN,
      retries: 0,
      onResponse: (event) => responses.push(event),
      fetch: async () => {
        controller.abort(new Error("gone"));
        throw new TypeError("fetch failed");
      },
    });
    await expect(send(new Request(URL_, { signal: controller.signal }))).rejects.toThrow("gone");
    expect(responses).toEqual([]); // the attempt was cut short, not answered
  });

  it("logs a reason that is not an Error as it is", async () => {
    const lines: string[] = [];
    const logger = { debug: (m: string) => lines.push(m), info() {}, warn() {}, error() {} };
    const controller = new AbortController();
    controller.abort("user left");
    const send = createTransport({ token: TOKEN, logger, logLevel: "debug", fetch: async () => ok() });
    await expect(send(new Request(URL_, { signal: controller.signal }))).rejects.toBe("user left");
    expect(lines.map((l) => l.replace(/\d+ ms/, "N ms"))).toEqual([
      `[dispatchkit] aborted: user left (GET ${URL_}, 0 attempts in N ms)`,
    ]);
  });

  it("logs a timeout as an error, not as the caller's abort", async () => {
    const lines: string[] = [];
    const keep = (level: string) => (m: string) => lines.push(`${level} ${m.replace(/\d+ ms/g, "N ms")}`);
    const logger = { debug: keep("debug"), info: keep("info"), warn: keep("warn"), error: keep("error") };
    const hanging = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener("abort", () => reject(request.signal.reason)),
      );
    const send = createTransport({ token: TOKEN, logger, fetch: hanging, timeoutMs: 5 });
    await expect(send(new Request(URL_))).rejects.toBeInstanceOf(TimeoutError);
    expect(lines).toEqual([
      `error [dispatchkit] TimeoutError: Failed to GET ${URL_}: no answer within N ms (timeoutMs) (GET ${URL_}, 1 attempt in N ms)`,
    ]);
  });
});

describe("no listener left behind on the caller's signal", () => {
  const listeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

  it("by the default sleep, after it slept or was aborted", async () => {
    const controller = new AbortController();
    const sleeping = defaultSleep(1, controller.signal);
    expect(listeners(controller.signal)).toBe(1);
    await sleeping;
    expect(listeners(controller.signal)).toBe(0);
    const aborted = new AbortController();
    const cut = defaultSleep(60_000, aborted.signal).catch((e: unknown) => e);
    aborted.abort("stop");
    expect(await cut).toBe("stop");
    expect(listeners(aborted.signal)).toBe(0);
  });

  it("by abortableSleep, after the sleep resolved, failed or was aborted", async () => {
    const controller = new AbortController();
    await abortableSleep(async () => {}, 10, controller.signal);
    await abortableSleep(() => Promise.reject(new Error("broke")), 10, controller.signal).catch(() => {});
    expect(listeners(controller.signal)).toBe(0);
    const aborted = new AbortController();
    const cut = abortableSleep(() => new Promise(() => {}), 10, aborted.signal).catch((e: unknown) => e);
    aborted.abort("stop");
    expect(await cut).toBe("stop");
    expect(listeners(aborted.signal)).toBe(0);
  });

  it("by withDeadline, once disposed or once the caller aborted", () => {
    const controller = new AbortController();
    const deadline = withDeadline(controller.signal, 60_000, () => new TimeoutError("too slow", 60_000));
    expect(listeners(controller.signal)).toBe(1);
    deadline.dispose();
    expect(listeners(controller.signal)).toBe(0);
    const aborted = new AbortController();
    const cut = withDeadline(aborted.signal, 60_000, () => new TimeoutError("too slow", 60_000));
    aborted.abort("stop");
    expect(listeners(aborted.signal)).toBe(0);
    cut.dispose();
  });

  it("by a transport with a time limit, after a call with retries and logged bodies", async () => {
    const controller = new AbortController();
    const { send } = scripted([() => failed(503), ok], { timeoutMs: 60_000, logBodies: true, onResponse() {} });
    const request = new Request(URL_, { signal: controller.signal });
    const before = listeners(request.signal); // the signal the transport sees: the request's own
    expect((await send(request)).status).toBe(200);
    expect(listeners(request.signal)).toBe(before);
  });

  it("leaves no listener on the request's signal after logging an answer's body", async () => {
    const request = new Request(URL_);
    const before = getEventListeners(request.signal, "abort").length;
    const responses: ResponseEvent[] = [];
    const { send } = scripted([ok], { logBodies: true, onResponse: (e) => responses.push(e) });
    await send(request);
    expect(responses[0]?.responseBody).toBe(JSON.stringify(workspaceList()));
    expect(getEventListeners(request.signal, "abort").length).toBe(before);
  });
});
