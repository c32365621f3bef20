/**
 * The transport against scripted failures (msw): retries, backoff, Retry-After, idempotency, bodies re-sent,
 * token refresh, timeouts and aborts. Backoff sleeps are injected and recorded, never waited.
 */
import { delay, HttpResponse, http } from "msw";
import createFetchClient from "openapi-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  bearerAuth,
  ConflictError,
  ConnectionError,
  createClient,
  IdempotencyError,
  type paths,
  RateLimitError,
  ServerError,
  TimeoutError,
  TokenExpiredError,
  UnauthorizedError,
  unwrap,
  ValidationError,
} from "../src/index.js";
import { createTransport } from "../src/transport.js";
import { BASE, errorBody, scriptedClient, TOKEN, useScriptedServer, workspaceList } from "./support/scripted.js";

// Created before the server listens: `fetch` must be looked up at call time for msw to see its requests.
const early = createClient({ baseUrl: BASE, token: TOKEN });

const server = useScriptedServer();

/** Answers in turn (the last one repeats); counts the calls. */
function script(method: "get" | "post" | "put" | "patch" | "delete", path: string, answers: (() => Response)[]) {
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
const accepted = () =>
  HttpResponse.json(
    {
      actionUuid: "d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a",
      actionName: "schedule",
      status: "pending",
      createdAt: "2026-11-23T17:30:00.000Z",
    },
    { status: 202 },
  );
const scheduleBody = { workspaceUuid: "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15", date: "2026-11-24" };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const status = (code: number, body = errorBody(code === 429 ? "RATE_LIMITED" : "INTERNAL"), headers = {}) =>
  HttpResponse.json(body, { status: code, headers });

describe("createClient", () => {
  it("looks fetch up at call time, so a client created before msw listens is intercepted", async () => {
    script("get", "/v2/workspaces", [ok]);
    const { data } = await early.GET("/v2/workspaces");
    expect(data?.data[0]?.name).toBe("Main");
  });

  it("sends the bearer token, x-dispatch-client and User-Agent", async () => {
    const seen = script("get", "/v2/workspaces", [ok]);
    const { client } = scriptedClient({ userAgent: "my-shop/1.4.0" });
    await client.GET("/v2/workspaces");
    const headers = seen[0]?.headers;
    expect(headers?.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(headers?.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0 my-shop/1.4.0");
    expect(headers?.get("user-agent")).toBe("dispatchkit-sdk/0.1.0 my-shop/1.4.0");
  });

  it("calls a token function before every request", async () => {
    const seen = script("get", "/v2/workspaces", [ok]);
    let n = 0;
    const client = createClient({ baseUrl: BASE, token: async () => `tok_${++n}` });
    await client.GET("/v2/workspaces");
    await client.GET("/v2/workspaces");
    expect(seen.map((r) => r.headers.get("authorization"))).toEqual(["Bearer tok_1", "Bearer tok_2"]);
  });
});

describe("createTransport and bearerAuth on their own", () => {
  it("createTransport adds auth and client headers to any request, and retries", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(503), ok]);
    const sleeps: number[] = [];
    const send = createTransport({ token: TOKEN, retries: { sleep: async (ms) => void sleeps.push(ms) } });
    const response = await send(new Request(`${BASE}/v2/workspaces`));
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(seen[1]?.headers.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0");
  });

  it("bearerAuth sets the token on a bare openapi-fetch client", async () => {
    const seen = script("get", "/v2/workspaces", [ok]);
    const raw = createFetchClient<paths>({ baseUrl: BASE });
    raw.use(bearerAuth(() => "tok_mw"));
    await raw.GET("/v2/workspaces");
    expect(seen[0]?.headers.get("authorization")).toBe("Bearer tok_mw");
  });
});

describe("retries", () => {
  it("waits the Retry-After seconds of a 429, then succeeds", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(429, undefined, { "Retry-After": "2" }), ok]);
    const { client, sleeps } = scriptedClient();
    const { data, error } = await client.GET("/v2/workspaces");
    expect(error).toBeUndefined();
    expect(data?.data).toHaveLength(1);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it("honours a Retry-After HTTP-date", async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    script("get", "/v2/workspaces", [() => status(429, undefined, { "Retry-After": at }), ok]);
    const { client, sleeps } = scriptedClient();
    await unwrap(client.GET("/v2/workspaces"));
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(20_000);
    expect(sleeps[0]).toBeLessThanOrEqual(30_000);
  });

  it("does not wait a Retry-After beyond maxRetryAfterMs: the 429 comes back as RateLimitError", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(429, undefined, { "Retry-After": "3600" })]);
    const { client, sleeps } = scriptedClient();
    const error = await unwrap(client.GET("/v2/workspaces")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries a 500 twice with full-jitter exponential backoff, then succeeds", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(500), () => status(500), ok]);
    const { client, sleeps } = scriptedClient({ retry: { random: () => 0.5, baseDelayMs: 100 } });
    const workspaces = await unwrap(client.GET("/v2/workspaces"));
    expect(workspaces.data[0]?.name).toBe("Main");
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([50, 100]); // random * min(max, base * 2^(n-1))
  });

  it("gives up after maxRetries and returns the last answer (ServerError through unwrap)", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(503)]);
    const { client, sleeps } = scriptedClient({ retry: { maxRetries: 3 } });
    const { error, response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(503);
    expect(error?.code).toBe("INTERNAL");
    expect(seen).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    await expect(unwrap(client.GET("/v2/workspaces"))).rejects.toBeInstanceOf(ServerError);
  });

  it("retries a network error, then succeeds", async () => {
    const seen = script("get", "/v2/workspaces", [() => HttpResponse.error(), ok]);
    const { client, sleeps } = scriptedClient();
    const { data } = await client.GET("/v2/workspaces");
    expect(data?.data).toHaveLength(1);
    expect(seen).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it("turns a persistent network error into ConnectionError", async () => {
    const seen = script("get", "/v2/workspaces", [() => HttpResponse.error()]);
    const { client } = scriptedClient();
    const error = await client.GET("/v2/workspaces").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    // The method and the URL without its query; msw's network error says no more than "Failed to fetch".
    expect((error as Error).message).toBe(`Failed to GET ${BASE}/v2/workspaces: Failed to fetch`);
    expect(seen).toHaveLength(3);
  });

  it("retries POST by default, re-sending the body intact with one Idempotency-Key on every attempt", async () => {
    const seen = script("post", "/v2/schedules", [() => status(503), () => HttpResponse.error(), accepted]);
    const { client, sleeps } = scriptedClient();
    const action = await unwrap(client.POST("/v2/schedules", { body: scheduleBody }));
    expect(action.status).toBe("pending");
    expect(sleeps).toHaveLength(2);
    const bodies = await Promise.all(seen.map((r) => r.text()));
    expect(bodies).toEqual(Array(3).fill(JSON.stringify(scheduleBody)));
    expect(seen.every((r) => r.headers.get("content-type") === "application/json")).toBe(true);
    const keys = seen.map((r) => r.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
  });

  it("retries PATCH only when opted in", async () => {
    const seen = script("patch", "/v2/routes/:uuid", [
      () => status(503),
      () => status(503),
      () => status(404, errorBody("NOT_FOUND")),
    ]);
    const { client } = scriptedClient();
    const init = { params: { path: { routeUuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59" } }, body: { locked: true } };
    expect((await client.PATCH("/v2/routes/{routeUuid}", init)).response.status).toBe(503);
    expect(seen).toHaveLength(1);
    const optedIn = await client.PATCH("/v2/routes/{routeUuid}", { ...init, retries: { retryPost: true } });
    expect(optedIn.response.status).toBe(404);
    expect(seen).toHaveLength(3);
  });

  it("re-sends a PUT body intact on each retry", async () => {
    const order = { deliveryDate: "2026-11-24", locations: [{ address: "1 Main St" }] };
    const seen = script("put", "/v2/orders/:uuid", [
      () => status(500),
      () => status(502),
      () => status(404, errorBody("NOT_FOUND")),
    ]);
    const { client } = scriptedClient();
    const { response } = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" } },
      body: order,
    });
    expect(response.status).toBe(404);
    expect(await Promise.all(seen.map((r) => r.json()))).toEqual([order, order, order]);
  });

  it.each([
    [408, 2],
    [501, 1],
    [505, 1],
  ])("retries a %i answer only if it invites a retry (%i attempts)", async (code, attempts) => {
    const seen = script("get", "/v2/workspaces", [() => status(code), ok]);
    const { client } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces");
    expect(seen).toHaveLength(attempts);
    expect(response.status).toBe(attempts === 1 ? code : 200);
  });

  it("never retries a 400, 404 or 409", async () => {
    for (const [code, name] of [
      [400, "VALIDATION_FAILED"],
      [404, "NOT_FOUND"],
      [409, "CONFLICT"],
    ] as const) {
      const seen = script("get", "/v2/workspaces", [() => status(code, errorBody(name)), ok]);
      const { client, sleeps } = scriptedClient();
      const { response } = await client.GET("/v2/workspaces");
      expect(response.status).toBe(code);
      expect(seen).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
  });

  it("throws ValidationError with the field paths for a 400", async () => {
    script("get", "/v2/workspaces", [
      () =>
        status(
          400,
          errorBody("VALIDATION_FAILED", "Failed to list workspaces: perPage too large", [
            { path: "perPage", message: "must be ≤ 500" },
          ]),
        ),
    ]);
    const { client } = scriptedClient();
    const error = await unwrap(client.GET("/v2/workspaces", { params: { query: { perPage: 900 } } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([{ path: "perPage", message: "must be ≤ 500" }]);
    expect((error as ValidationError).requestId).toBe("req_0001");
  });

  it("is disabled per call with retries: 0", async () => {
    const seen = script("get", "/v2/workspaces", [() => status(500), ok]);
    const { client } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces", { retries: 0 });
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(1);
  });

  it("reports each retry to onRetry", async () => {
    script("get", "/v2/workspaces", [() => status(429, undefined, { "Retry-After": "1" }), () => status(500), ok]);
    const infos: unknown[] = [];
    const { client } = scriptedClient({ retry: { onRetry: (info) => infos.push(info), random: () => 0 } });
    await unwrap(client.GET("/v2/workspaces"));
    expect(infos).toEqual([
      { attempt: 1, delayMs: 1000, method: "GET", url: `${BASE}/v2/workspaces`, status: 429 },
      { attempt: 2, delayMs: 0, method: "GET", url: `${BASE}/v2/workspaces`, status: 500 },
    ]);
  });
});

describe("idempotency keys", () => {
  afterEach(() => vi.restoreAllMocks());

  const keysOf = (seen: Request[]) => seen.map((r) => r.headers.get("idempotency-key"));

  it("sends a new key per POST call, from crypto.randomUUID looked up at call time", async () => {
    const seen = script("post", "/v2/schedules", [accepted]);
    const { client } = scriptedClient();
    vi.spyOn(globalThis.crypto, "randomUUID")
      .mockReturnValueOnce("11111111-1111-4111-8111-111111111111")
      .mockReturnValueOnce("22222222-2222-4222-8222-222222222222");
    await client.POST("/v2/schedules", { body: scheduleBody });
    await client.POST("/v2/schedules", { body: scheduleBody });
    expect(keysOf(seen)).toEqual(["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"]);
  });

  it("sends the caller's idempotencyKey, the same on every retry", async () => {
    const seen = script("post", "/v2/schedules", [() => status(500), accepted]);
    const { client } = scriptedClient();
    await unwrap(client.POST("/v2/schedules", { body: scheduleBody, idempotencyKey: "job-42:schedule" }));
    expect(keysOf(seen)).toEqual(["job-42:schedule", "job-42:schedule"]);
  });

  it("keeps an Idempotency-Key header the caller set as a parameter", async () => {
    const seen = script("post", "/v2/schedules", [accepted]);
    const { client } = scriptedClient();
    await client.POST("/v2/schedules", {
      body: scheduleBody,
      params: { header: { "Idempotency-Key": "from-header" } },
    });
    expect(keysOf(seen)).toEqual(["from-header"]);
  });

  it("falls back to getRandomValues where randomUUID is missing (a browser page served over plain http)", async () => {
    const seen = script("post", "/v2/schedules", [accepted]);
    const { client } = scriptedClient();
    // An own property that hides the prototype's method; deleting it brings the method back.
    Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      await client.POST("/v2/schedules", { body: scheduleBody });
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(keysOf(seen)[0]).toMatch(UUID_V4);
    expect(typeof globalThis.crypto.randomUUID).toBe("function");
  });

  it("sends no key on GET, PUT, PATCH or DELETE, even when given one", async () => {
    const orderUuid = "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30";
    const get = script("get", "/v2/workspaces", [ok]);
    const put = script("put", "/v2/orders/:uuid", [() => status(404, errorBody("NOT_FOUND"))]);
    const patch = script("patch", "/v2/routes/:uuid", [() => status(404, errorBody("NOT_FOUND"))]);
    const del = script("delete", "/v2/orders/:uuid", [() => status(404, errorBody("NOT_FOUND"))]);
    const { client } = scriptedClient();
    await client.GET("/v2/workspaces", { idempotencyKey: "ignored" });
    const order = { deliveryDate: "2026-11-24", locations: [{ address: "1 Main St" }] };
    await client.PUT("/v2/orders/{orderUuid}", { params: { path: { orderUuid } }, body: order });
    await client.PATCH("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: orderUuid } },
      body: { locked: true },
    });
    await client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } });
    expect([...get, ...put, ...patch, ...del].map((r) => r.headers.has("idempotency-key"))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("does not retry a replayed answer, even a 500: it is the outcome the API kept for the key", async () => {
    const replayed500 = () =>
      HttpResponse.json(errorBody("INTERNAL"), { status: 500, headers: { "Idempotent-Replayed": "true" } });
    const seen = script("post", "/v2/schedules", [replayed500, accepted]);
    const { client, sleeps } = scriptedClient();
    const error = await unwrap(client.POST("/v2/schedules", { body: scheduleBody })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries 409 IDEMPOTENCY_KEY_IN_USE after its Retry-After, then gets the first answer", async () => {
    const inUse = () => status(409, errorBody("IDEMPOTENCY_KEY_IN_USE"), { "Retry-After": "1" });
    const replay = () =>
      HttpResponse.json(workspaceList(), { status: 202, headers: { "Idempotent-Replayed": "true" } });
    const seen = script("post", "/v2/schedules", [inUse, replay]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.POST("/v2/schedules", { body: scheduleBody });
    expect(response.status).toBe(202);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(sleeps).toEqual([1000]);
    expect(new Set(keysOf(seen)).size).toBe(1);
  });

  it("gives a busy key back as ConflictError once the retries are used up", async () => {
    const seen = script("post", "/v2/schedules", [
      () => status(409, errorBody("IDEMPOTENCY_KEY_IN_USE"), { "Retry-After": "1" }),
    ]);
    const { client } = scriptedClient({ retry: { maxRetries: 1 } });
    const error = await unwrap(client.POST("/v2/schedules", { body: scheduleBody })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect(seen).toHaveLength(2);
  });

  it("never retries another 409 or a 422 IDEMPOTENCY_KEY_REUSED", async () => {
    for (const [code, name] of [
      [409, "CONFLICT"],
      [422, "IDEMPOTENCY_KEY_REUSED"],
    ] as const) {
      const seen = script("post", "/v2/schedules", [() => status(code, errorBody(name)), accepted]);
      const { client, sleeps } = scriptedClient();
      const { response } = await client.POST("/v2/schedules", { body: scheduleBody });
      expect(response.status).toBe(code);
      expect(seen).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
    script("post", "/v2/schedules", [() => status(422, errorBody("IDEMPOTENCY_KEY_REUSED"))]);
    const { client } = scriptedClient();
    const error = await unwrap(client.POST("/v2/schedules", { body: scheduleBody })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyError);
  });
});

describe("token refresh", () => {
  const expired = () => status(401, errorBody("TOKEN_EXPIRED", "Failed to authenticate: the token has expired"));

  it("refreshes an expired token with onTokenExpired, retries once, and keeps the new token", async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/v2/workspaces`, ({ request }) => {
        const auth = request.headers.get("authorization") ?? "";
        seen.push(auth);
        return auth === "Bearer tok_fresh" ? ok() : expired();
      }),
    );
    let refreshes = 0;
    const { client } = scriptedClient({
      onTokenExpired: async () => {
        refreshes++;
        return "tok_fresh";
      },
    });
    expect((await unwrap(client.GET("/v2/workspaces"))).data).toHaveLength(1);
    expect((await unwrap(client.GET("/v2/workspaces"))).data).toHaveLength(1);
    expect(refreshes).toBe(1);
    expect(seen).toEqual([`Bearer ${TOKEN}`, "Bearer tok_fresh", "Bearer tok_fresh"]);
  });

  it("shares one refresh between concurrent calls", async () => {
    server.use(
      http.get(`${BASE}/v2/workspaces`, ({ request }) =>
        request.headers.get("authorization") === "Bearer tok_fresh" ? ok() : expired(),
      ),
    );
    let refreshes = 0;
    const { client } = scriptedClient({
      onTokenExpired: async () => {
        refreshes++;
        await delay(5);
        return "tok_fresh";
      },
    });
    const results = await Promise.all([1, 2, 3].map(() => unwrap(client.GET("/v2/workspaces"))));
    expect(results).toHaveLength(3);
    expect(refreshes).toBe(1);
  });

  it("refreshes only once per call: a token that stays expired throws TokenExpiredError", async () => {
    const seen = script("post", "/v2/schedules", [expired]);
    let refreshes = 0;
    const { client } = scriptedClient({
      onTokenExpired: () => {
        refreshes++;
        return `tok_${refreshes}`;
      },
    });
    const body = { workspaceUuid: "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15", date: "2026-11-24" };
    const error = await unwrap(client.POST("/v2/schedules", { body })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenExpiredError);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(2);
    expect(await seen[1]?.json()).toEqual(body); // the POST body re-sent intact after the refresh
  });

  it("does not refresh on UNAUTHORIZED (an unknown token)", async () => {
    script("get", "/v2/workspaces", [() => status(401, errorBody("UNAUTHORIZED")), ok]);
    let refreshes = 0;
    const { client } = scriptedClient({ onTokenExpired: () => `tok_${++refreshes}` });
    const error = await unwrap(client.GET("/v2/workspaces")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).not.toBeInstanceOf(TokenExpiredError);
    expect(refreshes).toBe(0);
  });
});

describe("timeouts and aborts", () => {
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
    const seen = script("get", "/v2/workspaces", [() => status(500), ok]);
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
    const seen = script("get", "/v2/workspaces", [() => status(429, undefined, { "Retry-After": "5" }), ok]);
    const { client, sleeps } = scriptedClient({ timeoutMs: 1000 });
    const { response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
