/**
 * Which attempts the transport retries and after what pause: the answers and methods it retries, the backoff
 * and its cap, `Retry-After` and its limit, per-call settings over the client's, `retries: false`, `onRetry`, and the
 * answers it frees instead of handing back.
 */
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { ConnectionError, createClient, RateLimitError, ServerError, unwrap, ValidationError } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import {
  accepted,
  BASE,
  errorAnswer,
  errorBody,
  errorStatus,
  scheduleBody,
  scriptedClient,
  scriptRoute,
  TOKEN,
  UUID_V4,
  undoStubsAfterEach,
  useScriptedServer,
  workspaceList,
} from "./support/scripted.js";
import { failed, json, ok, scripted, URL_ } from "./support/scripted-transport.js";

const server = useScriptedServer();
const script = scriptRoute(server);

const ORDER = "/v2/orders/0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30";

undoStubsAfterEach();

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

describe("per-call retry settings", () => {
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

describe("which answers are retried", () => {
  it("retries on IDEMPOTENCY_KEY_IN_USE in a 409 only, not in another answer", async () => {
    for (const status of [400, 422]) {
      const { send, seen } = scripted([() => failed(status, "IDEMPOTENCY_KEY_IN_USE"), ok]);
      const response = await send(new Request(URL_, { method: "POST", body: "{}" }));
      expect(response.status).toBe(status);
      expect(seen).toHaveLength(1);
    }
  });

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
    const seen = script("get", "/v2/workspaces", [() => errorStatus(code), ok]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces");
    expect(seen).toHaveLength(attempts);
    expect(response.status).toBe(attempts === 1 ? code : 200);
    expect(sleeps).toEqual(attempts === 1 ? [] : [250]); // 0.5 * 500 ms, the first backoff
  });

  it("retries DELETE by default (deleting twice deletes once)", async () => {
    const seen = script("delete", ORDER, [() => errorStatus(503), () => new HttpResponse(null, { status: 204 })]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.DELETE("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" } },
    });
    expect(response.status).toBe(204);
    expect(seen.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
    expect(sleeps).toEqual([250]);
  });
});

describe("onRetry", () => {
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
});

describe("answers not handed back", () => {
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
});

describe("retries: false", () => {
  it("disables retries for one call", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorStatus(500), ok]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces", { retries: false });
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("disables retries for the whole client", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorStatus(500), ok]);
    const client = createClient({ baseUrl: BASE, token: TOKEN, retries: false });
    const { response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(1);
  });

  it("a number of retries per call keeps the client's sleep and jitter", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorStatus(500)]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces", { retries: 3 });
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });
});

describe("a client's retries", () => {
  it("waits the Retry-After seconds of a 429, then succeeds", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(429, undefined, { "Retry-After": "2" }), ok]);
    const { client, sleeps } = scriptedClient();
    const { data, error } = await client.GET("/v2/workspaces");
    expect(error).toBeUndefined();
    expect(data?.data).toHaveLength(1);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it("honours a Retry-After HTTP-date", async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    script("get", "/v2/workspaces", [() => errorAnswer(429, undefined, { "Retry-After": at }), ok]);
    const { client, sleeps } = scriptedClient();
    await unwrap(client.GET("/v2/workspaces"));
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(20_000);
    expect(sleeps[0]).toBeLessThanOrEqual(30_000);
  });

  it("does not wait a Retry-After beyond maxRetryAfterMs: the 429 comes back as RateLimitError", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(429, undefined, { "Retry-After": "3600" })]);
    const { client, sleeps } = scriptedClient();
    const error = await unwrap(client.GET("/v2/workspaces")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries a 500 twice with full-jitter exponential backoff, then succeeds", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(500), () => errorAnswer(500), ok]);
    const { client, sleeps } = scriptedClient({ retry: { random: () => 0.5, baseDelayMs: 100 } });
    const workspaces = await unwrap(client.GET("/v2/workspaces"));
    expect(workspaces.data[0]?.name).toBe("Main");
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([50, 100]); // random * min(max, base * 2^(n-1))
  });

  it("gives up after maxRetries and returns the last answer (ServerError through unwrap)", async () => {
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(503)]);
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
    const seen = script("post", "/v2/schedules", [() => errorAnswer(503), () => HttpResponse.error(), accepted]);
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
      () => errorAnswer(503),
      () => errorAnswer(503),
      () => errorAnswer(404, errorBody("NOT_FOUND")),
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
      () => errorAnswer(500),
      () => errorAnswer(502),
      () => errorAnswer(404, errorBody("NOT_FOUND")),
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
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(code), ok]);
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
      const seen = script("get", "/v2/workspaces", [() => errorAnswer(code, errorBody(name)), ok]);
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
        errorAnswer(
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
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(500), ok]);
    const { client } = scriptedClient();
    const { response } = await client.GET("/v2/workspaces", { retries: 0 });
    expect(response.status).toBe(500);
    expect(seen).toHaveLength(1);
  });

  it("reports each retry to onRetry", async () => {
    script("get", "/v2/workspaces", [
      () => errorAnswer(429, undefined, { "Retry-After": "1" }),
      () => errorAnswer(500),
      ok,
    ]);
    const infos: unknown[] = [];
    const { client } = scriptedClient({ retry: { onRetry: (info) => infos.push(info), random: () => 0 } });
    await unwrap(client.GET("/v2/workspaces"));
    expect(infos).toEqual([
      { attempt: 1, delayMs: 1000, method: "GET", url: `${BASE}/v2/workspaces`, status: 429 },
      { attempt: 2, delayMs: 0, method: "GET", url: `${BASE}/v2/workspaces`, status: 500 },
    ]);
  });
});
