/**
 * The transport's finer rules, with a scripted fetch (no network, no msw) and recorded sleeps: the backoff's cap and
 * rounding, Retry-After limits, which methods are retried, per-call settings over the client's, the deadline's edge,
 * time limits of a transport used on its own, identification headers, idempotency keys, and what the hooks are told.
 */
import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientOptions } from "../src/client-options.js";
import { abortableSleep, defaultSleep, withDeadline } from "../src/deadline.js";
import {
  createClient,
  type RequestEvent,
  type ResponseEvent,
  type RetryOptions,
  TimeoutError,
  TokenRefreshError,
} from "../src/index.js";
import { createTransport } from "../src/transport.js";
import { TOKEN, workspaceList } from "./support/scripted.js";

const URL_ = "https://api.test/v2/workspaces";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const ok = () => json(200, workspaceList());
const failed = (status: number, code = "INTERNAL", headers: Record<string, string> = {}) =>
  json(status, { code, message: `Failed: ${code}`, requestId: "req_0001" }, headers);

/**
 * A transport over a scripted fetch: answers in turn (the last one repeats; a function that throws is a network
 * error), every request kept, every sleep recorded instead of waited, jitter 0.5 unless told.
 */
function scripted(
  answers: (() => Response)[],
  options: Omit<ClientOptions, "baseUrl" | "token" | "retries"> & { retry?: RetryOptions } = {},
) {
  const seen: Request[] = [];
  const auths: (string | null)[] = [];
  const sleeps: number[] = [];
  const { retry, ...rest } = options;
  const fetch = async (request: Request) => {
    seen.push(request);
    auths.push(request.headers.get("authorization"));
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
    if (!answer) throw new Error("no answer scripted");
    return answer();
  };
  const send = createTransport({
    token: TOKEN,
    fetch,
    retries: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, ...retry },
    ...rest,
  });
  return { send, seen, auths, sleeps };
}

describe("backoff", () => {
  it("doubles from 500 ms and stops growing at maxDelayMs (default 8000 ms)", async () => {
    const { send, sleeps } = scripted([() => failed(503)], { retry: { maxRetries: 7 } });
    expect((await send(new Request(URL_))).status).toBe(503);
    expect(sleeps).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it("takes baseDelayMs and maxDelayMs from the settings", async () => {
    const { send, sleeps } = scripted([() => failed(503)], {
      retry: { maxRetries: 4, baseDelayMs: 100, maxDelayMs: 300 },
    });
    await send(new Request(URL_));
    expect(sleeps).toEqual([50, 100, 150, 150]);
  });

  it("rounds the jittered pause down to whole milliseconds, from 0 up to just below the cap", async () => {
    for (const [random, pause] of [
      [0, 0],
      [0.999, 499],
      [0.3333, 166],
    ] as const) {
      const { send, sleeps } = scripted([() => failed(503), ok], { retry: { random: () => random } });
      expect((await send(new Request(URL_))).status).toBe(200);
      expect(sleeps).toEqual([pause]);
    }
  });

  it("makes 2 retries by default, and none for a negative count", async () => {
    const twice = scripted([() => failed(500)]);
    await twice.send(new Request(URL_));
    expect(twice.seen).toHaveLength(3);
    const never = scripted([() => failed(500)], { retry: { maxRetries: -1 } });
    await never.send(new Request(URL_));
    expect(never.seen).toHaveLength(1);
  });

  it("backs off the same way after a network error", async () => {
    const { send, sleeps, seen } = scripted(
      [
        () => {
          throw new TypeError("fetch failed");
        },
        ok,
      ],
      { retry: { random: () => 0.25 } },
    );
    expect((await send(new Request(URL_))).status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([125]);
  });
});

describe("Retry-After", () => {
  it("waits up to 60 s by default; a longer hint hands the answer back at once", async () => {
    const minute = scripted([() => failed(429, "RATE_LIMITED", { "Retry-After": "60" }), ok]);
    expect((await minute.send(new Request(URL_))).status).toBe(200);
    expect(minute.sleeps).toEqual([60_000]);
    const longer = scripted([() => failed(503, "INTERNAL", { "Retry-After": "61" }), ok]);
    expect((await longer.send(new Request(URL_))).status).toBe(503);
    expect(longer.sleeps).toEqual([]);
  });

  it("waits exactly maxRetryAfterMs, not a second more", async () => {
    const retry = { maxRetryAfterMs: 2000 };
    const two = scripted([() => failed(429, "RATE_LIMITED", { "Retry-After": "2" }), ok], { retry });
    expect((await two.send(new Request(URL_))).status).toBe(200);
    expect(two.sleeps).toEqual([2000]);
    const three = scripted([() => failed(429, "RATE_LIMITED", { "Retry-After": "3" }), ok], { retry });
    expect((await three.send(new Request(URL_))).status).toBe(429);
    expect(three.seen).toHaveLength(1);
  });

  it("retries a 409 IDEMPOTENCY_KEY_IN_USE without a hint after the backoff", async () => {
    const { send, sleeps, seen } = scripted([() => failed(409, "IDEMPOTENCY_KEY_IN_USE"), ok]);
    expect((await send(new Request(URL_, { method: "POST", body: "{}" }))).status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([250]);
  });

  it("does not retry a 409 whose body is not JSON or whose code is not a string", async () => {
    for (const answer of [
      () => new Response("IDEMPOTENCY_KEY_IN_USE", { status: 409 }),
      () => json(409, { code: 409 }),
      () => json(409, null),
    ]) {
      const { send, seen } = scripted([answer, ok]);
      const response = await send(new Request(URL_, { method: "POST", body: "{}" }));
      expect(response.status).toBe(409);
      expect(seen).toHaveLength(1);
      expect(response.bodyUsed).toBe(false); // the code was read from a copy
    }
  });

  it("retries a 500 marked Idempotent-Replayed with any value but true", async () => {
    const { send, seen } = scripted([() => failed(500, "INTERNAL", { "Idempotent-Replayed": "false" }), ok]);
    expect((await send(new Request(URL_, { method: "POST", body: "{}" }))).status).toBe(200);
    expect(seen).toHaveLength(2);
  });
});

describe("which methods are retried", () => {
  it.each([
    ["HEAD", 2],
    ["OPTIONS", 2],
    ["GET", 2],
    ["PATCH", 1],
    ["PURGE", 1],
  ])("%s after a 503: %i attempt(s)", async (method, attempts) => {
    const { send, seen } = scripted([() => failed(503), () => new Response(null, { status: 204 })]);
    await send(new Request(URL_, { method }));
    expect(seen).toHaveLength(attempts);
  });

  it("retryPost opts PATCH in, and nothing else", async () => {
    for (const [method, attempts] of [
      ["PATCH", 2],
      ["PURGE", 1],
    ] as const) {
      const { send, seen } = scripted([() => failed(503), () => new Response(null, { status: 204 })], {
        retry: { retryPost: true },
      });
      await send(new Request(URL_, { method }));
      expect(seen).toHaveLength(attempts);
    }
  });
});

describe("per-call settings", () => {
  it("a call's retries object overrides the named settings and keeps the client's others", async () => {
    const { send, sleeps } = scripted([() => failed(500)], { retry: { maxRetries: 1 } });
    await send(new Request(URL_), { retries: { maxRetries: 3, baseDelayMs: 100 } });
    expect(sleeps).toEqual([50, 100, 200]); // the client's jitter and sleep, the call's count and base
    const plain = scripted([() => failed(500)], { retry: { maxRetries: 1 } });
    await plain.send(new Request(URL_));
    expect(plain.sleeps).toEqual([250]);
  });

  it("are resolved per call: one call's settings do not stick to the next", async () => {
    const { send, seen } = scripted([() => failed(500)]);
    await send(new Request(URL_), { retries: 0 });
    expect(seen).toHaveLength(1);
    await send(new Request(URL_));
    expect(seen).toHaveLength(4);
  });
});

describe("the deadline's edge", () => {
  it("retries only when the pause ends before the deadline", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-24T17:00:00Z") });
    const before = scripted([() => failed(503), ok], {
      timeoutMs: 1000,
      retry: { random: () => 0.999, baseDelayMs: 1000 },
    });
    expect((await before.send(new Request(URL_))).status).toBe(200);
    expect(before.sleeps).toEqual([999]);
    const at = scripted([() => failed(503, "INTERNAL", { "Retry-After": "1" }), ok], { timeoutMs: 1000 });
    expect((await at.send(new Request(URL_))).status).toBe(503);
    expect(at.sleeps).toEqual([]);
  });

  it("applies to a client's calls too (the deadline createClient hands over)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-24T17:00:00Z") });
    const seen: Request[] = [];
    const sleeps: number[] = [];
    const client = createClient({
      baseUrl: "https://api.test",
      token: TOKEN,
      timeoutMs: 1000,
      retries: { sleep: async (ms) => void sleeps.push(ms) },
      fetch: async (request) => {
        seen.push(request);
        return failed(429, "RATE_LIMITED", { "Retry-After": "1" });
      },
    });
    const { response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe("a transport used on its own", () => {
  /** A fetch that never answers but rejects with the request's abort reason, holding requests in flight. */
  const inFlight = new Set<Request>();
  const hanging = (request: Request) => {
    inFlight.add(request);
    return new Promise<Response>((_, reject) => {
      request.signal.addEventListener("abort", () => {
        inFlight.delete(request);
        reject(request.signal.reason);
      });
    });
  };

  it("names the method and the URL without its query in its TimeoutError", async () => {
    const send = createTransport({ token: TOKEN, fetch: hanging, timeoutMs: 10 });
    const error = await send(new Request(`${URL_}?page=2&email=a@b.example#top`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(`Failed to GET ${URL_}: no answer within 10 ms (timeoutMs)`);
    expect((error as TimeoutError).timeoutMs).toBe(10);
  });

  it("takes a call's timeoutMs over its own", async () => {
    const send = createTransport({ token: TOKEN, fetch: hanging, timeoutMs: 60_000 });
    const error = await send(new Request(URL_), { timeoutMs: 5 }).catch((e: unknown) => e);
    expect((error as TimeoutError).message).toBe(`Failed to GET ${URL_}: no answer within 5 ms (timeoutMs)`);
  });

  it("rejects with the caller's reason when its signal aborts first", async () => {
    const send = createTransport({ token: TOKEN, fetch: hanging, timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = send(new Request(URL_, { signal: controller.signal })).catch((e: unknown) => e);
    controller.abort("user left");
    expect(await pending).toBe("user left");
  });

  it("hands back the answer read into memory, with its status text, headers and body", async () => {
    const { send } = scripted(
      [() => new Response("plain words", { status: 201, statusText: "Made", headers: { "x-request-id": "r1" } })],
      { timeoutMs: 60_000 },
    );
    const response = await send(new Request(URL_));
    expect([response.status, response.statusText, response.headers.get("x-request-id")]).toEqual([201, "Made", "r1"]);
    expect(await response.text()).toBe("plain words");
    const empty = scripted([() => new Response(null, { status: 204 })], { timeoutMs: 60_000 });
    const none = await empty.send(new Request(URL_));
    expect([none.status, none.body]).toEqual([204, null]);
  });

  it("adds the client's identification and default headers, keeping the request's own", async () => {
    const { send, seen } = scripted([ok], { userAgent: "shop/2", headers: { "x-tenant": "t1", "x-trace": "default" } });
    await send(new Request(URL_, { headers: { "x-trace": "mine" } }));
    const headers = seen[0]?.headers;
    expect(headers?.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0 shop/2");
    expect(headers?.get("user-agent")).toBe("dispatchkit-sdk/0.1.0 shop/2");
    expect(headers?.get("x-tenant")).toBe("t1");
    expect(headers?.get("x-trace")).toBe("mine");
    expect(headers?.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("leaves a request that already names its client as it is", async () => {
    const { send, seen } = scripted([ok], { headers: { "x-tenant": "t1" } });
    await send(new Request(URL_, { headers: { "x-dispatch-client": "other/1" } }));
    expect(seen[0]?.headers.get("x-dispatch-client")).toBe("other/1");
    expect(seen[0]?.headers.has("x-tenant")).toBe(false);
  });

  it("sends no User-Agent in a browser (document and window present), only x-dispatch-client", async () => {
    vi.stubGlobal("document", {});
    vi.stubGlobal("window", {});
    const { send, seen } = scripted([ok]);
    await send(new Request(URL_));
    expect(seen[0]?.headers.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0");
    expect(seen[0]?.headers.has("user-agent")).toBe(false);
    const client = createClient({
      baseUrl: "https://api.test",
      token: TOKEN,
      fetch: async (request) => {
        seen.push(request);
        return ok();
      },
    });
    await client.GET("/v2/workspaces");
    expect(seen[1]?.headers.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0");
    expect(seen[1]?.headers.has("user-agent")).toBe(false);
  });

  it("sends a User-Agent where only one of document and window exists (not a browser)", async () => {
    for (const name of ["document", "window"]) {
      vi.stubGlobal(name, {});
      const { send, seen } = scripted([ok]);
      await send(new Request(URL_));
      expect(seen[0]?.headers.get("user-agent")).toBe("dispatchkit-sdk/0.1.0");
      vi.unstubAllGlobals();
    }
  });
});

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

describe("abortableSleep and withDeadline", () => {
  it("abortableSleep does not start the sleep for a signal already aborted", async () => {
    const sleep = vi.fn(async () => {});
    await expect(abortableSleep(sleep, 100, AbortSignal.abort(new Error("late")))).rejects.toThrow("late");
    expect(sleep).not.toHaveBeenCalled();
  });

  it("abortableSleep passes the signal on and hands back the sleep's own failure", async () => {
    const controller = new AbortController();
    const sleep = vi.fn(async () => {
      throw new Error("clock broke");
    });
    await expect(abortableSleep(sleep, 100, controller.signal)).rejects.toThrow("clock broke");
    expect(sleep).toHaveBeenCalledWith(100, controller.signal);
    await expect(abortableSleep(async () => {}, 100, controller.signal)).resolves.toBeUndefined();
  });

  it("withDeadline aborts with the timeout error when the time is up, and tells onAbort", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const heard: unknown[] = [];
    const deadline = withDeadline(
      undefined,
      500,
      () => new TimeoutError("too slow", 500),
      (r) => heard.push(r),
    );
    expect(deadline.at).toBe(1_000_500);
    await vi.advanceTimersByTimeAsync(499);
    expect(deadline.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.signal.reason).toBeInstanceOf(TimeoutError);
    expect(heard).toEqual([deadline.signal.reason]);
    deadline.dispose();
  });

  it("withDeadline follows the caller's signal, also one already aborted", () => {
    const controller = new AbortController();
    const heard: unknown[] = [];
    const deadline = withDeadline(
      controller.signal,
      500,
      () => new TimeoutError("too slow", 500),
      (r) => heard.push(r),
    );
    controller.abort("stop");
    expect(deadline.signal.reason).toBe("stop");
    expect(heard).toEqual(["stop"]);
    deadline.dispose();
    const early = withDeadline(AbortSignal.abort("before"), 500, () => new TimeoutError("too slow", 500));
    expect(early.signal.reason).toBe("before");
    early.dispose();
  });

  it("withDeadline's dispose stops the timer and unhooks the caller's signal", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const deadline = withDeadline(controller.signal, 500, () => new TimeoutError("too slow", 500));
    deadline.dispose();
    expect(vi.getTimerCount()).toBe(0);
    controller.abort("later");
    await vi.advanceTimersByTimeAsync(1000);
    expect(deadline.signal.aborted).toBe(false);
  });
});

describe("idempotency keys from getRandomValues", () => {
  it.each([
    [0x00, "00000000-0000-4000-8000-000000000000"],
    [0xff, "ffffffff-ffff-4fff-bfff-ffffffffffff"],
    [0x5a, "5a5a5a5a-5a5a-4a5a-9a5a-5a5a5a5a5a5a"],
  ])("sets the version and variant bits on random bytes all %i", async (byte, key) => {
    Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true });
    vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation((array) => {
      new Uint8Array(array.buffer).fill(byte);
      return array;
    });
    try {
      const { send, seen } = scripted([ok]);
      await send(new Request(URL_, { method: "POST", body: "{}" }));
      expect(seen[0]?.headers.get("idempotency-key")).toBe(key);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});

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
});

describe("token refresh details", () => {
  it("does not refresh on a 401 whose body is not JSON", async () => {
    const refresh = vi.fn(() => "tok_fresh");
    const { send, seen } = scripted([() => new Response("expired", { status: 401 }), ok], { onTokenExpired: refresh });
    expect((await send(new Request(URL_))).status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it("does not count the re-send after a refresh as a retry", async () => {
    const { send, auths } = scripted([() => failed(401, "TOKEN_EXPIRED"), () => failed(503)], {
      onTokenExpired: () => "tok_fresh",
      retry: { maxRetries: 1 },
    });
    expect((await send(new Request(URL_))).status).toBe(503);
    expect(auths).toEqual([`Bearer ${TOKEN}`, "Bearer tok_fresh", "Bearer tok_fresh"]);
  });

  it("names what onTokenExpired returned instead of a token", async () => {
    const { send } = scripted([() => failed(401, "TOKEN_EXPIRED")], {
      onTokenExpired: () => 42 as unknown as string,
    });
    const error = await send(new Request(URL_)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRefreshError);
    expect((error as Error).message).toBe(
      `Failed to refresh the expired token for GET ${URL_}: onTokenExpired returned number, not a token`,
    );
  });

  it("does not refresh again when another call already did", async () => {
    let token = "tok_old";
    const refresh = vi.fn(() => "tok_mine");
    const seen: string[] = [];
    const send = createTransport({
      token: () => token,
      onTokenExpired: refresh,
      fetch: async (request) => {
        const auth = request.headers.get("authorization") ?? "";
        seen.push(auth);
        if (auth === "Bearer tok_old") {
          token = "tok_other"; // refreshed elsewhere meanwhile
          return failed(401, "TOKEN_EXPIRED");
        }
        return ok();
      },
    });
    expect((await send(new Request(URL_))).status).toBe(200);
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toEqual(["Bearer tok_old", "Bearer tok_other"]);
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
});

describe("a client's TimeoutError", () => {
  it("names the URL with its path parameters filled in", async () => {
    const hanging = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener("abort", () => reject(request.signal.reason)),
      );
    const client = createClient({ baseUrl: "https://api.test", token: TOKEN, fetch: hanging, timeoutMs: 10 });
    const orderUuid = "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30";
    const error = await client
      .GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `Failed to GET https://api.test/v2/orders/${orderUuid}: no answer within 10 ms (timeoutMs)`,
    );
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

describe("more retry and refresh rules", () => {
  it("sends the request in the same tick with a string token (no pause to wait for a token)", () => {
    let sent = 0;
    const send = createTransport({
      token: TOKEN,
      fetch: async () => {
        sent++;
        return ok();
      },
    });
    const call = send(new Request(URL_));
    expect(sent).toBe(1);
    return call;
  });

  it("hands back a 401 TOKEN_EXPIRED as it is when there is no onTokenExpired", async () => {
    const { send, seen } = scripted([() => failed(401, "TOKEN_EXPIRED"), ok]);
    const response = await send(new Request(URL_));
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it("retries on IDEMPOTENCY_KEY_IN_USE in a 409 only, not in another answer", async () => {
    for (const status of [400, 422]) {
      const { send, seen } = scripted([() => failed(status, "IDEMPOTENCY_KEY_IN_USE"), ok]);
      const response = await send(new Request(URL_, { method: "POST", body: "{}" }));
      expect(response.status).toBe(status);
      expect(seen).toHaveLength(1);
    }
  });

  it("tells onRetry that a network error had no status", async () => {
    const infos: unknown[] = [];
    const { send } = scripted(
      [
        () => {
          throw new TypeError("fetch failed");
        },
        ok,
      ],
      { retry: { onRetry: (info) => infos.push(info) } },
    );
    await send(new Request(URL_));
    expect(infos).toEqual([{ attempt: 1, delayMs: 250, method: "GET", url: URL_, status: undefined }]);
  });

  it("keeps the answer's URL on the copy it reads into memory, and an empty one when it had none", async () => {
    const answered = new Response("x", { status: 200 });
    Object.defineProperty(answered, "url", { value: `${URL_}?page=3` });
    const { send } = scripted([() => answered], { timeoutMs: 60_000 });
    expect((await send(new Request(URL_))).url).toBe(`${URL_}?page=3`);
    const bare = scripted([() => new Response("x", { status: 200 })], { timeoutMs: 60_000 });
    expect((await bare.send(new Request(URL_))).url).toBe("");
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

describe("answers not handed back, and bodies read for the hooks", () => {
  it("frees the body of every answer it does not hand back (retried, or refreshed), and keeps the last", async () => {
    const answers: Response[] = [];
    const script = [
      () => failed(401, "TOKEN_EXPIRED"),
      () => failed(503),
      () => new Response(null, { status: 503 }),
      ok,
    ];
    const send = createTransport({
      token: TOKEN,
      onTokenExpired: () => "tok_fresh",
      retries: { sleep: async () => {}, maxRetries: 3 },
      fetch: async () => {
        const answer = (script[answers.length] ?? ok)();
        answers.push(answer);
        return answer;
      },
    });
    const response = await send(new Request(URL_));
    expect(response.status).toBe(200);
    expect(answers.map((a) => a.bodyUsed)).toEqual([true, true, false, false]); // the bodiless 503 has none to free
    expect(await response.json()).toEqual(workspaceList());
  });

  it("refreshes only on a 401: another answer saying TOKEN_EXPIRED is handed back", async () => {
    const refresh = vi.fn(() => "tok_fresh");
    const { send, seen } = scripted([() => failed(403, "TOKEN_EXPIRED"), ok], { onTokenExpired: refresh });
    expect((await send(new Request(URL_))).status).toBe(403);
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

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

  it("rejects at its deadline an answer that a fetch ignoring the signal hands over too late", async () => {
    const send = createTransport({
      token: TOKEN,
      timeoutMs: 5,
      fetch: () =>
        new Promise<Response>((resolve) => {
          const body = new ReadableStream({ pull: (c) => c.error(new Error("connection reset")) });
          setTimeout(() => resolve(new Response(body)), 20);
        }),
    });
    const error = await send(new Request(URL_)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    const whole = createTransport({
      token: TOKEN,
      timeoutMs: 5,
      fetch: () => new Promise<Response>((resolve) => setTimeout(() => resolve(ok()), 20)),
    });
    await expect(whole(new Request(URL_))).rejects.toBeInstanceOf(TimeoutError);
  });

  it("runs one timer for a client's call with a time limit: createClient's deadline, none of its own", async () => {
    vi.useFakeTimers();
    let timers = -1;
    const client = createClient({
      baseUrl: "https://api.test",
      token: TOKEN,
      timeoutMs: 60_000,
      fetch: async () => {
        timers = vi.getTimerCount();
        return ok();
      },
    });
    expect((await client.GET("/v2/workspaces")).response.status).toBe(200);
    expect(timers).toBe(1);
  });

  it("starts no timer for a call without a time limit", async () => {
    vi.useFakeTimers();
    let timers = -1;
    const send = createTransport({
      token: TOKEN,
      fetch: async () => {
        timers = vi.getTimerCount();
        return ok();
      },
    });
    expect((await send(new Request(URL_))).status).toBe(200);
    expect(timers).toBe(0);
  });

  it("waits as long as the answer takes when there is no time limit", async () => {
    const send = createTransport({
      token: TOKEN,
      fetch: () => new Promise<Response>((resolve) => setTimeout(() => resolve(ok()), 15)),
    });
    expect((await send(new Request(URL_))).status).toBe(200);
  });

  it("adds no header of its own beyond authorization and identification", async () => {
    const { send, seen } = scripted([ok]);
    await send(new Request(URL_));
    expect([...(seen[0]?.headers.keys() ?? [])].sort()).toEqual(["authorization", "user-agent", "x-dispatch-client"]);
  });

  it("names a URL without a host (a data: URL) by path /", async () => {
    const requests: RequestEvent[] = [];
    const { send } = scripted([ok], { onRequest: (e) => requests.push(e) });
    await send(new Request("data:text/plain,a/b"));
    expect(requests).toEqual([{ method: "GET", url: "data:text/plain,a/b", path: "/", attempt: 1 }]);
  });
});
