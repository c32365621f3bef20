/**
 * The options of a client and of a call at run time: a wrong value or an unknown key is a TypeError (or RangeError)
 * naming the option, before any request; `idempotencyKey` and `headers` reach the wire; `withResponse` hands back
 * the raw answer beside the data.
 */
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { type ClientOptions, createClient, NotFoundError, type RequestInitOf, withResponse } from "../src/index.js";
import { BASE, errorBody, TOKEN, useScriptedServer, workspaceList } from "./support/scripted.js";

const server = useScriptedServer();

/** Answers `GET /v2/workspaces` and records each request. */
function recordWorkspaces() {
  const seen: Request[] = [];
  server.use(
    http.get(`${BASE}/v2/workspaces`, ({ request }) => {
      seen.push(request);
      return HttpResponse.json(workspaceList(), { headers: { "x-request-id": "req_ws" } });
    }),
  );
  return seen;
}

const WHERE = `Failed to GET ${BASE}/v2/workspaces`;

describe("per-call options at run time", () => {
  // JavaScript callers (and casts) get past the types; these are what they see.
  const call = (init: Record<string, unknown>) =>
    createClient({ baseUrl: BASE, token: TOKEN }).GET("/v2/workspaces", init as RequestInitOf<"/v2/workspaces", "get">);

  it.each([
    [{ timeoutMs: "5s" }, TypeError, `${WHERE}: timeoutMs must be a number of milliseconds (got "5s")`],
    [{ timeoutMs: 0 }, RangeError, `${WHERE}: timeoutMs must be greater than 0 and at most 2147483647 (got 0)`],
    [
      { timeoutMs: 3e9 },
      RangeError,
      `${WHERE}: timeoutMs must be greater than 0 and at most 2147483647 (got 3000000000)`,
    ],
    [
      { retries: "3" },
      TypeError,
      `${WHERE}: retries must be a number of retries, false, or an object of retry settings (got "3")`,
    ],
    [{ retries: -1 }, TypeError, `${WHERE}: retries must be a whole number, 0 or more (got -1)`],
    [
      { retries: { maxRetries: 1.5 } },
      TypeError,
      `${WHERE}: retries.maxRetries must be a whole number, 0 or more (got 1.5)`,
    ],
    [{ retries: { retryPost: "yes" } }, TypeError, `${WHERE}: retries.retryPost must be true or false (got "yes")`],
    [
      { retries: { retrypost: true } },
      TypeError,
      `${WHERE}: unknown option "retries.retrypost" (did you mean retryPost?); the options are maxRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs, retryPost, sleep, random, onRetry (in retries)`,
    ],
    [{ idempotencyKey: "" }, TypeError, `${WHERE}: idempotencyKey must be a non-empty string (got "")`],
    [
      { timeout: 5 },
      TypeError,
      `${WHERE}: unknown option "timeout" (did you mean timeoutMs?); the options are timeoutMs, retries, idempotencyKey, signal, headers, params, body, parseAs`,
    ],
    [
      { retry: 0 },
      TypeError,
      `${WHERE}: unknown option "retry" (did you mean retries?); the options are timeoutMs, retries, idempotencyKey, signal, headers, params, body, parseAs`,
    ],
    [
      { fetch: globalThis.fetch },
      TypeError,
      `${WHERE}: a call takes no fetch of its own (it would bypass the SDK's auth, retries and time limits); give fetch to createClient`,
    ],
    [
      { bogus: true },
      TypeError,
      `${WHERE}: unknown option "bogus"; the options are timeoutMs, retries, idempotencyKey, signal, headers, params, body, parseAs`,
    ],
  ])("refuses %j before sending anything", async (init, cls, message) => {
    const seen = recordWorkspaces();
    const error = await call(init).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(cls);
    expect((error as Error).message).toBe(message);
    expect(seen).toEqual([]);
  });

  it("takes valid options, undefined ones and the standard RequestInit members", async () => {
    const seen = recordWorkspaces();
    const { data } = await call({
      timeoutMs: 5_000,
      retries: { maxRetries: 1, retryPost: false, maxRetryAfterMs: undefined },
      idempotencyKey: undefined,
      priority: "high",
      cache: "no-store",
    });
    expect(data).toEqual(workspaceList());
    expect(seen).toHaveLength(1);
  });
});

describe("createClient options at run time", () => {
  const create = (options: Record<string, unknown>) => () =>
    createClient({ baseUrl: BASE, token: TOKEN, ...options } as ClientOptions);
  const where = "Failed to create the client";

  it.each([
    [{ timeoutMs: "5s" }, `${where}: timeoutMs must be a number of milliseconds (got "5s")`],
    [
      { timeout: 5000 },
      `${where}: unknown option "timeout" (did you mean timeoutMs?); the options are baseUrl, token, fetch, headers, retries, timeoutMs, userAgent, onTokenExpired, logger, logLevel, logBodies, onRequest, onResponse`,
    ],
    [
      { baseURL: BASE },
      `${where}: unknown option "baseURL" (did you mean baseUrl?); the options are baseUrl, token, fetch, headers, retries, timeoutMs, userAgent, onTokenExpired, logger, logLevel, logBodies, onRequest, onResponse`,
    ],
    [{ token: "" }, `${where}: token must be a non-empty string or a function (got "")`],
    [{ baseUrl: undefined }, `${where}: baseUrl must be a non-empty string (got undefined)`],
    [
      { logger: "verbose" },
      `${where}: logger must be a level (debug, info, warn, error) or an object with debug, info, warn and error methods (got "verbose")`,
    ],
    [
      { logger: "debug", logLevel: "warn" },
      `${where}: logLevel goes with a logger object (with a level as logger, it is that level)`,
    ],
    [{ onTokenExpired: "refresh" }, `${where}: onTokenExpired must be a function (got "refresh")`],
    [{ headers: "x-tenant: a" }, `${where}: headers must be an object or a Headers (got "x-tenant: a")`],
  ])("refuses %j", (options, message) => {
    expect(create(options)).toThrow(message);
  });

  it("refuses a timeoutMs no timer can hold with a RangeError", () => {
    expect(create({ timeoutMs: -1 })).toThrow(RangeError);
  });
});

describe("headers and idempotency keys", () => {
  it("sends the client's headers on every call; a call's own headers win; Authorization is always the token", async () => {
    const seen = recordWorkspaces();
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      headers: { "x-tenant": "north", "accept-language": "de", authorization: "Bearer not-this" },
    });
    await client.GET("/v2/workspaces");
    await client.GET("/v2/workspaces", { headers: { "accept-language": "fr", "x-trace": "t1" } });
    const picked = seen.map((r) => ({
      tenant: r.headers.get("x-tenant"),
      language: r.headers.get("accept-language"),
      trace: r.headers.get("x-trace"),
      authorization: r.headers.get("authorization"),
      client: r.headers.get("x-dispatch-client"),
    }));
    expect(picked).toEqual([
      {
        tenant: "north",
        language: "de",
        trace: null,
        authorization: `Bearer ${TOKEN}`,
        client: "dispatchkit-sdk/0.1.0",
      },
      {
        tenant: "north",
        language: "fr",
        trace: "t1",
        authorization: `Bearer ${TOKEN}`,
        client: "dispatchkit-sdk/0.1.0",
      },
    ]);
  });

  it("sends idempotencyKey as the Idempotency-Key header, on every attempt", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/v2/schedules`, ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        return keys.length === 1
          ? HttpResponse.json(errorBody("INTERNAL"), { status: 503 })
          : HttpResponse.json(
              { actionUuid: "a", actionName: "schedule", status: "pending", createdAt: "2026-11-23T17:30:00.000Z" },
              { status: 202 },
            );
      }),
    );
    const client = createClient({ baseUrl: BASE, token: TOKEN, retries: { sleep: async () => {} } });
    const { response } = await client.POST("/v2/schedules", {
      body: { workspaceUuid: "w", date: "2026-11-24" },
      idempotencyKey: "run-2026-11-24",
      retries: { retryPost: true },
    });
    expect(response.status).toBe(202);
    expect(keys).toEqual(["run-2026-11-24", "run-2026-11-24"]);
  });
});

describe("withResponse", () => {
  it("resolves with the data and the raw answer", async () => {
    recordWorkspaces();
    const client = createClient({ baseUrl: BASE, token: TOKEN });
    const { data, response } = await withResponse(client.GET("/v2/workspaces"));
    expect(data).toEqual(workspaceList());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("req_ws");
  });

  it("throws the typed error of an error answer, like unwrap", async () => {
    server.use(http.get(`${BASE}/v2/orders/:uuid`, () => HttpResponse.json(errorBody("NOT_FOUND"), { status: 404 })));
    const client = createClient({ baseUrl: BASE, token: TOKEN });
    await expect(
      withResponse(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "x" } } })),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
