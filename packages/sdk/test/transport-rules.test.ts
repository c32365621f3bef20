/**
 * Retry rules that mutation testing found unchecked: which statuses and methods are retried, `retries: false`,
 * a time limit that leaves retries and the caller's signal working, and the default sleep on a fake clock.
 */
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultSleep } from "../src/deadline.js";
import { createClient, TimeoutError } from "../src/index.js";
import { BASE, errorBody, scriptedClient, TOKEN, useScriptedServer, workspaceList } from "./support/scripted.js";

const server = useScriptedServer();

/** Answers in turn (the last one repeats); records what was asked. */
function script(method: "get" | "delete" | "post", path: string, answers: (() => Response)[]) {
  const seen: Request[] = [];
  server.use(
    http[method](`${BASE}${path}`, ({ request }) => {
      seen.push(request.clone());
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
      if (!answer) throw new Error("no answer scripted");
      return answer();
    }),
  );
  return seen;
}

const ok = () => HttpResponse.json(workspaceList());
const status = (code: number) => HttpResponse.json(errorBody("INTERNAL"), { status: code });
const ORDER = "/v2/orders/0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30";

describe("which answers are retried", () => {
  it.each([
    [407, 1],
    [408, 2],
    [429, 2],
    [499, 1],
    [500, 2],
    [501, 1],
    [502, 2],
    [503, 2],
    [504, 2],
    [505, 1],
    [506, 2],
  ])("a GET answered %i is sent %i time(s) before a 200", async (code, attempts) => {
    const seen = script("get", "/v2/workspaces", [() => status(code), ok]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces");
    expect(seen).toHaveLength(attempts);
    expect(response.status).toBe(attempts === 1 ? code : 200);
    expect(sleeps).toEqual(attempts === 1 ? [] : [250]); // 0.5 * 500 ms, the first backoff
  });

  it("retries DELETE by default (deleting twice deletes once)", async () => {
    const seen = script("delete", ORDER, [() => status(503), () => new HttpResponse(null, { status: 204 })]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.DELETE("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" } },
    });
    expect(response.status).toBe(204);
    expect(seen.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
    expect(sleeps).toEqual([250]);
  });
});

describe("retries: false", () => {
  it("disables retries for one call", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(500), ok]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces", { retries: false });
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("disables retries for the whole client", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(500), ok]);
    const client = createClient({ baseUrl: BASE, token: TOKEN, retries: false });
    const { response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(1);
  });

  it("a number of retries per call keeps the client's sleep and jitter", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(500)]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces", { retries: 3 });
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });
});

describe("a time limit", () => {
  it("still retries within it (client timeoutMs)", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(500), () => status(502), ok]);
    const { client, sleeps } = scriptedClient({ timeoutMs: 60_000 });
    const { response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("still retries within it (per-call timeoutMs, transport used directly by a bare fetch)", async () => {
    const seen = script("post", "/v2/schedules", [() => status(503), () => HttpResponse.json({ ok: true })]);
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
    const seen = script("get", "/v2/workspaces", [() => status(500), ok]);
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
