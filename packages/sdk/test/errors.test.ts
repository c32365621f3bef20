/**
 * Typed errors: the class per status and code, `unwrap`, and that the token never leaks into an error's message,
 * JSON, `util.inspect` output or stack.
 */
import { inspect } from "node:util";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  ConflictError,
  ConnectionError,
  createClient,
  DispatchError,
  IdempotencyError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  TokenExpiredError,
  TokenRefreshError,
  UnauthorizedError,
  unwrap,
  ValidationError,
} from "../src/index.js";
import { BASE, errorBody, TOKEN, useScriptedServer } from "./support/scripted.js";

const server = useScriptedServer();

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("ApiError.from", () => {
  it.each([
    [400, "VALIDATION_FAILED", ValidationError],
    [400, "INVALID_JSON", ValidationError],
    [401, "UNAUTHORIZED", UnauthorizedError],
    [401, "TOKEN_EXPIRED", TokenExpiredError],
    [404, "NOT_FOUND", NotFoundError],
    [409, "ORDER_COMPLETED", ConflictError],
    [409, "ACTION_NOT_FINISHED", ConflictError],
    [409, "IDEMPOTENCY_KEY_IN_USE", ConflictError],
    [422, "IDEMPOTENCY_KEY_REUSED", IdempotencyError],
    [422, "VALIDATION_FAILED", ApiError],
    [429, "RATE_LIMITED", RateLimitError],
    [500, "INTERNAL", ServerError],
    [403, "FORBIDDEN", ApiError],
    [415, "UNSUPPORTED_MEDIA_TYPE", ApiError],
    [413, "PAYLOAD_TOO_LARGE", ApiError],
  ] as const)("maps %i %s to %o", (status, code, cls) => {
    const response = answer(status, errorBody(code));
    const error = ApiError.from(response, errorBody(code));
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(DispatchError);
    expect(error.constructor).toBe(cls);
    expect(error.name).toBe(cls.name);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.requestId).toBe("req_0001");
  });

  it("reads retryAfter of a 429", () => {
    const error = ApiError.from(
      answer(429, errorBody("RATE_LIMITED"), { "Retry-After": "7" }),
      errorBody("RATE_LIMITED"),
    );
    expect((error as RateLimitError).retryAfter).toBe(7);
    expect(error.toJSON()).toMatchObject({ retryAfter: 7, code: "RATE_LIMITED" });
  });

  it("copes with a body that is not the API's error body", () => {
    const error = ApiError.from(
      new Response("<html>Bad gateway</html>", {
        status: 502,
        statusText: "Bad Gateway",
        headers: { "x-request-id": "req_h" },
      }),
      "<html>Bad gateway</html>",
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error.code).toBe("UNKNOWN");
    expect(error.requestId).toBe("req_h");
    expect(error.message).toBe("Failed to complete the request: HTTP 502 Bad Gateway");
  });
});

describe("unwrap", () => {
  it("returns data of a success and throws the typed error of a failure", async () => {
    server.use(
      http.get(`${BASE}/v2/orders/:uuid`, ({ params }) =>
        params.uuid === "gone"
          ? HttpResponse.json(errorBody("NOT_FOUND", "Failed to fetch order: gone does not exist"), { status: 404 })
          : HttpResponse.json({ uuid: params.uuid }),
      ),
    );
    const client = createClient({ baseUrl: BASE, token: TOKEN });
    const found = await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "here" } } }));
    expect(found.uuid).toBe("here");
    const error = await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "gone" } } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe("Failed to fetch order: gone does not exist");
  });

  it("throws for an error answer without a body", async () => {
    server.use(http.delete(`${BASE}/v2/webhooks/:uuid`, () => new HttpResponse(null, { status: 404 })));
    const client = createClient({ baseUrl: BASE, token: TOKEN });
    await expect(
      unwrap(client.DELETE("/v2/webhooks/{uuid}", { params: { path: { uuid: "x" } } })),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the token never leaks", () => {
  const leaks = (error: unknown) => {
    const texts = [
      String(error),
      (error as Error).message,
      (error as Error).stack ?? "",
      JSON.stringify(error),
      inspect(error, { depth: 10, showHidden: true }),
    ];
    return texts.filter((t) => t.includes(TOKEN));
  };

  it("not in an ApiError from a 401", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, () => HttpResponse.json(errorBody("UNAUTHORIZED"), { status: 401 })));
    const client = createClient({ baseUrl: BASE, token: TOKEN });
    const error = await unwrap(client.GET("/v2/workspaces")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(leaks(error)).toEqual([]);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "UnauthorizedError",
      status: 401,
      code: "UNAUTHORIZED",
      message: "Failed: UNAUTHORIZED",
      requestId: "req_0001",
      details: [],
    });
  });

  it("not in a ConnectionError, even when the underlying error quotes the header", async () => {
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      retries: 0,
      fetch: async (request) => {
        throw new TypeError(`socket hang up sending ${request.headers.get("authorization")}`);
      },
    });
    const error = await client.GET("/v2/workspaces").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain("[redacted]");
    expect(leaks(error)).toEqual([]);
  });

  it("not in a TimeoutError", async () => {
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      timeoutMs: 5,
      fetch: (request) =>
        new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
    });
    const error = await client.GET("/v2/workspaces").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(leaks(error)).toEqual([]);
  });
});

describe("every error serializes", () => {
  it("toJSON gives each class's fields, never {}", () => {
    const cause = Object.assign(new TypeError("fetch failed"), { code: "ECONNREFUSED" });
    expect(JSON.parse(JSON.stringify(new DispatchError("Failed to do it: because")))).toEqual({
      name: "DispatchError",
      message: "Failed to do it: because",
    });
    expect(JSON.parse(JSON.stringify(new ConnectionError("Failed to GET https://a/v2: refused", { cause })))).toEqual({
      name: "ConnectionError",
      message: "Failed to GET https://a/v2: refused",
      cause: { name: "TypeError", message: "fetch failed", code: "ECONNREFUSED" },
    });
    expect(JSON.parse(JSON.stringify(new TimeoutError("Failed to GET https://a/v2: no answer", 300)))).toEqual({
      name: "TimeoutError",
      message: "Failed to GET https://a/v2: no answer",
      timeoutMs: 300,
    });
    expect(
      JSON.parse(JSON.stringify(new TokenRefreshError("Failed to refresh: no", { cause: new Error("no") }))),
    ).toEqual({
      name: "TokenRefreshError",
      message: "Failed to refresh: no",
      cause: { name: "Error", message: "no" },
    });
  });
});

describe("onTokenExpired failing", () => {
  const expired = () => HttpResponse.json(errorBody("TOKEN_EXPIRED"), { status: 401 });

  it("rejects with TokenRefreshError carrying a copy of what it threw, without the token", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, expired));
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      onTokenExpired: async () => {
        throw Object.assign(new Error(`session revoked for ${TOKEN}`), { code: "SESSION_REVOKED" });
      },
    });
    const error = await client.GET("/v2/workspaces").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRefreshError);
    expect(error).toBeInstanceOf(DispatchError);
    expect((error as Error).message).toBe(
      `Failed to refresh the expired token for GET ${BASE}/v2/workspaces: session revoked for [redacted]`,
    );
    expect(JSON.parse(JSON.stringify(error)).cause).toEqual({
      name: "Error",
      message: "session revoked for [redacted]",
      code: "SESSION_REVOKED",
    });
    const texts = [String(error), (error as Error).stack, JSON.stringify(error), inspect(error, { depth: 10 })];
    expect(texts.filter((t) => t?.includes(TOKEN))).toEqual([]);
  });

  it("rejects every call that shared the refresh, and refreshes again on the next expiry", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, expired));
    let refreshes = 0;
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      onTokenExpired: async () => {
        refreshes++;
        throw new Error("auth server down");
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map(() => client.GET("/v2/workspaces")));
    expect(results.map((r) => r.status === "rejected" && r.reason instanceof TokenRefreshError)).toEqual([
      true,
      true,
      true,
    ]);
    expect(refreshes).toBe(1);
    await expect(client.GET("/v2/workspaces")).rejects.toBeInstanceOf(TokenRefreshError);
    expect(refreshes).toBe(2);
  });

  it("rejects a refresh that returns no token", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, expired));
    const client = createClient({ baseUrl: BASE, token: TOKEN, onTokenExpired: () => "" });
    await expect(client.GET("/v2/workspaces")).rejects.toThrow(
      `Failed to refresh the expired token for GET ${BASE}/v2/workspaces: onTokenExpired returned an empty string, not a token`,
    );
  });
});
