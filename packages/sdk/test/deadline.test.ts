/**
 * Time limits (`timeoutMs`) and the one deadline behind them: of a client's call, of a transport used on its own,
 * their timers, retries near and within the limit, `abortableSleep`, `withDeadline` and the default sleep.
 */
import { delay, HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { abortableSleep, defaultSleep, withDeadline } from "../src/deadline.js";
import { createClient, TimeoutError } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import {
  BASE,
  errorAnswer,
  errorStatus,
  scriptedClient,
  scriptRoute,
  TOKEN,
  undoStubsAfterEach,
  useScriptedServer,
} from "./support/scripted.js";
import { failed, ok, scripted, URL_ } from "./support/scripted-transport.js";

const server = useScriptedServer();
const script = scriptRoute(server);

undoStubsAfterEach();

describe("retries near the deadline", () => {
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

  it("keeps the answer's URL on the copy it reads into memory, and an empty one when it had none", async () => {
    const answered = new Response("x", { status: 200 });
    Object.defineProperty(answered, "url", { value: `${URL_}?page=3` });
    const { send } = scripted([() => answered], { timeoutMs: 60_000 });
    expect((await send(new Request(URL_))).url).toBe(`${URL_}?page=3`);
    const bare = scripted([() => new Response("x", { status: 200 })], { timeoutMs: 60_000 });
    expect((await bare.send(new Request(URL_))).url).toBe("");
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

describe("timers", () => {
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
});

describe("retries and aborts within a time limit", () => {
  it("still retries within it (client timeoutMs)", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorStatus(500), () => errorStatus(502), ok]);
    const { client, sleeps } = scriptedClient({ timeoutMs: 60_000 });
    const { response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("still retries within it (per-call timeoutMs, transport used directly by a bare fetch)", async () => {
    const seen = script("post", "/v2/schedules", [() => errorStatus(503), () => HttpResponse.json({ ok: true })]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.POST("/v2/schedules", {
      body: { workspaceUuid: "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15", date: "2026-11-24" },
      timeoutMs: 60_000,
    });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([250]);
    expect(seen[1]?.headers.get("idempotency-key")).toBe(seen[0]?.headers.get("idempotency-key"));
  });

  it("leaves the caller's abort signal in charge: it rejects with the caller's reason, not a TimeoutError", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, () => new Promise<Response>(() => {})));
    const controller = new AbortController();
    const { client } = scriptedClient({ timeoutMs: 60_000 });
    const pending = client.GET("/v2/workspaces", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user navigated away")), 5);
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe("user navigated away");
  });

  it("rejects at once when the caller's signal is already aborted", async () => {
    const seen = script("get", "/v2/workspaces", [ok]);
    const { client } = scriptedClient({ timeoutMs: 60_000 });
    const error = await client
      .GET("/v2/workspaces", { signal: AbortSignal.abort(new Error("too late")) })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe("too late");
    expect(seen).toHaveLength(0);
  });
});

describe("the default sleep", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits the given milliseconds on the timer, not less", async () => {
    vi.useFakeTimers();
    let woke = false;
    const sleeping = defaultSleep(1000).then(() => {
      woke = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(woke).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with the signal's reason when it aborts, and clears its timer", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = defaultSleep(1000, controller.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error("stop"));
    expect(((await sleeping) as Error).message).toBe("stop");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects at once with an already aborted signal, starting no timer", async () => {
    vi.useFakeTimers();
    const error = await defaultSleep(1000, AbortSignal.abort(new Error("gone"))).catch((e: unknown) => e);
    expect((error as Error).message).toBe("gone");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("is what a client without an injected sleep waits with: the backoff on the timer", async () => {
    vi.useFakeTimers();
    const seen = script("get", "/v2/workspaces", [() => errorStatus(500), ok]);
    const client = createClient({ baseUrl: BASE, token: TOKEN, retries: { random: () => 0.5 } });
    let status200 = 0;
    const call = client.GET("/v2/workspaces").then(({ response }) => {
      status200 = response.status;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(seen).toHaveLength(2);
    expect(status200).toBe(200);
  });
});

describe("a client's time limits and aborts", () => {
  /**
   * A fetch that never answers, but honours the request's signal. Like a real fetch it holds the requests in flight:
   * the signal of `new Request(request, { signal })` follows its parent only weakly, so a request nothing holds can be
   * garbage-collected before its deadline fires, and the abort never arrives.
   */
  const inFlight = new Set<Request>();
  const hanging = (request: Request) => {
    inFlight.add(request);
    return new Promise<Response>((_, reject) => {
      const abort = () => {
        inFlight.delete(request);
        reject(request.signal.reason);
      };
      if (request.signal.aborted) abort();
      request.signal.addEventListener("abort", abort, { once: true });
    });
  };

  it("rejects with TimeoutError after the client's timeoutMs", async () => {
    const client = createClient({ baseUrl: BASE, token: TOKEN, fetch: hanging, timeoutMs: 20 });
    const error = await client.GET("/v2/workspaces").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(20);
  });

  it("lets a call override timeoutMs", async () => {
    const client = createClient({ baseUrl: BASE, token: TOKEN, fetch: hanging, timeoutMs: 60_000 });
    const error = await client.GET("/v2/workspaces", { timeoutMs: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(10);
  });

  it("times out a request msw holds forever", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, () => delay("infinite")));
    const { client } = scriptedClient({ timeoutMs: 20 });
    await expect(client.GET("/v2/workspaces")).rejects.toBeInstanceOf(TimeoutError);
  });

  it("rejects with the caller's abort reason", async () => {
    const client = createClient({ baseUrl: BASE, token: TOKEN, fetch: hanging });
    const controller = new AbortController();
    const pending = client.GET("/v2/workspaces", { signal: controller.signal });
    controller.abort(new Error("user navigated away"));
    await expect(pending).rejects.toThrow("user navigated away");
  });

  it("stops at once when aborted during a backoff pause (even if the sleep ignores the signal)", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(500), ok]);
    const controller = new AbortController();
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      retries: {
        sleep: () => new Promise(() => {}), // never wakes up by itself
        onRetry: () => queueMicrotask(() => controller.abort(new Error("stop"))),
      },
    });
    await expect(client.GET("/v2/workspaces", { signal: controller.signal })).rejects.toThrow("stop");
    expect(seen).toHaveLength(1);
  });

  it("does not sleep past the deadline: the retryable answer comes back instead", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(429, undefined, { "Retry-After": "5" }), ok]);
    const { client, sleeps } = scriptedClient({ timeoutMs: 1000 });
    const { response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
