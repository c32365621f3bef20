/**
 * Logging and hooks: what each level writes, what the hooks are told for each attempt, and what they never carry
 * (the token, headers, and bodies unless `logBodies`).
 */
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ClientOptions, createClient, type Logger, type RequestEvent, type ResponseEvent } from "../src/index.js";
import { BASE, errorBody, TOKEN, useScriptedServer, workspaceList } from "./support/scripted.js";

const server = useScriptedServer();

afterEach(() => {
  vi.restoreAllMocks();
});

/** A logger that keeps its lines as `level message`, durations replaced by `N ms` so they can be compared. */
function memoryLogger() {
  const lines: string[] = [];
  const keep = (level: string) => (message: string) => lines.push(`${level} ${message.replace(/\d+ ms/g, "N ms")}`);
  const logger: Logger = { debug: keep("debug"), info: keep("info"), warn: keep("warn"), error: keep("error") };
  return { logger, lines };
}

/** Answers `GET /v2/workspaces` in turn: a 503, then the list (each with its own request id). */
function flakyWorkspaces() {
  let n = 0;
  server.use(
    http.get(`${BASE}/v2/workspaces`, () => {
      n++;
      const headers = { "x-request-id": `req_${n}` };
      return n === 1
        ? HttpResponse.json(errorBody("INTERNAL"), { status: 503, headers })
        : HttpResponse.json(workspaceList(), { headers });
    }),
  );
}

const quiet = { sleep: async () => {}, random: () => 0.5 };

function client(options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: BASE, token: TOKEN, retries: quiet, ...options });
}

describe("logger", () => {
  it("at info: the retry (warn) and the call's answer (info)", async () => {
    flakyWorkspaces();
    const { logger, lines } = memoryLogger();
    await client({ logger }).GET("/v2/workspaces", { params: { query: { page: 1 } } });
    expect(lines).toEqual([
      `warn [dispatchkit] GET ${BASE}/v2/workspaces 503 (attempt 1, request req_1): retrying in N ms`,
      `info [dispatchkit] GET ${BASE}/v2/workspaces 200 in N ms (2 attempts, request req_2)`,
    ]);
  });

  it("at debug: every attempt sent and answered as well; never the query, a header or a body", async () => {
    flakyWorkspaces();
    const { logger, lines } = memoryLogger();
    await client({ logger, logLevel: "debug" }).GET("/v2/workspaces", { params: { query: { page: 1 } } });
    expect(lines).toEqual([
      `debug [dispatchkit] → GET ${BASE}/v2/workspaces (attempt 1)`,
      `debug [dispatchkit] ← GET ${BASE}/v2/workspaces 503 in N ms (attempt 1, request req_1)`,
      `warn [dispatchkit] GET ${BASE}/v2/workspaces 503 (attempt 1, request req_1): retrying in N ms`,
      `debug [dispatchkit] → GET ${BASE}/v2/workspaces (attempt 2)`,
      `debug [dispatchkit] ← GET ${BASE}/v2/workspaces 200 in N ms (attempt 2, request req_2)`,
      `info [dispatchkit] GET ${BASE}/v2/workspaces 200 in N ms (2 attempts, request req_2)`,
    ]);
  });

  it("at warn: only the retry; a 5xx that stays is a warning too", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, () => HttpResponse.json(errorBody("INTERNAL"), { status: 500 })));
    const { logger, lines } = memoryLogger();
    await client({ logger, logLevel: "warn", retries: { ...quiet, maxRetries: 1 } }).GET("/v2/workspaces");
    expect(lines).toEqual([
      `warn [dispatchkit] GET ${BASE}/v2/workspaces 500 (attempt 1): retrying in N ms`,
      `warn [dispatchkit] GET ${BASE}/v2/workspaces 500 in N ms (2 attempts, no request id)`,
    ]);
  });

  it("a level as logger writes to console from that level up", async () => {
    flakyWorkspaces();
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await client({ logger: "warn" }).GET("/v2/workspaces");
    expect(debug).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(warn.mock.calls.map(([line]) => String(line).replace(/\d+ ms/, "N ms"))).toEqual([
      `[dispatchkit] GET ${BASE}/v2/workspaces 503 (attempt 1, request req_1): retrying in N ms`,
    ]);
  });

  it("writes nothing without a logger", async () => {
    flakyWorkspaces();
    const spies = (["debug", "info", "warn", "error", "log"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    await client().GET("/v2/workspaces");
    expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 0, 0, 0]);
  });

  it("logs a call without an answer at error, and the caller's own abort at debug only", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, () => HttpResponse.error()));
    const { logger, lines } = memoryLogger();
    await client({ logger, retries: { ...quiet, maxRetries: 0 } })
      .GET("/v2/workspaces")
      .catch(() => {});
    expect(lines).toEqual([
      `error [dispatchkit] ConnectionError: Failed to GET ${BASE}/v2/workspaces: Failed to fetch (GET ${BASE}/v2/workspaces, 1 attempt in N ms)`,
    ]);

    lines.length = 0;
    const hanging = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener("abort", () => reject(request.signal.reason)),
      );
    const controller = new AbortController();
    const pending = client({ logger, logLevel: "debug", fetch: hanging }).GET("/v2/workspaces", {
      signal: controller.signal,
    });
    controller.abort(new Error("user navigated away"));
    await expect(pending).rejects.toThrow("user navigated away");
    expect(lines).toEqual([
      `debug [dispatchkit] → GET ${BASE}/v2/workspaces (attempt 1)`,
      `debug [dispatchkit] aborted: Error: user navigated away (GET ${BASE}/v2/workspaces, 1 attempt in N ms)`,
    ]);
  });

  it("takes the token out of a failure's line, whatever the error says", async () => {
    const { logger, lines } = memoryLogger();
    const leaky = async () => {
      throw new Error(`proxy refused Authorization: Bearer ${TOKEN}`);
    };
    await client({ logger, fetch: leaky, retries: 0 })
      .GET("/v2/workspaces")
      .catch(() => {});
    const controller = new AbortController();
    controller.abort(new Error(`cancelled while holding ${TOKEN}`));
    await client({ logger, logLevel: "debug" })
      .GET("/v2/workspaces", { signal: controller.signal })
      .catch(() => {});
    expect(lines.filter((line) => line.includes("[dispatchkit] ConnectionError") || line.includes("aborted"))).toEqual([
      `error [dispatchkit] ConnectionError: Failed to GET ${BASE}/v2/workspaces: proxy refused Authorization: Bearer [redacted] (GET ${BASE}/v2/workspaces, 1 attempt in N ms)`,
      // the signal was aborted before the first attempt: none was sent
      `debug [dispatchkit] aborted: Error: cancelled while holding [redacted] (GET ${BASE}/v2/workspaces, 0 attempts in N ms)`,
    ]);
    expect(lines.join("\n")).not.toContain(TOKEN);
  });

  it("logs a token refresh at info", async () => {
    server.use(
      http.get(`${BASE}/v2/workspaces`, ({ request }) =>
        request.headers.get("authorization") === "Bearer tok_fresh"
          ? HttpResponse.json(workspaceList())
          : HttpResponse.json(errorBody("TOKEN_EXPIRED"), { status: 401 }),
      ),
    );
    const { logger, lines } = memoryLogger();
    await client({ logger, onTokenExpired: () => "tok_fresh" }).GET("/v2/workspaces");
    expect(lines).toEqual([
      `info [dispatchkit] GET ${BASE}/v2/workspaces: the token has expired, refreshing it (onTokenExpired)`,
      `info [dispatchkit] GET ${BASE}/v2/workspaces 200 in N ms (2 attempts, no request id)`,
    ]);
  });
});

describe("hooks", () => {
  it("tell onRequest and onResponse about every attempt: method, URL, path, attempt, status, duration, request id", async () => {
    flakyWorkspaces();
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    await client({ onRequest: (e) => requests.push(e), onResponse: (e) => responses.push(e) }).GET("/v2/workspaces", {
      params: { query: { page: 2 } },
    });
    const request = { method: "GET", url: `${BASE}/v2/workspaces`, path: "/v2/workspaces" };
    expect(requests).toEqual([
      { ...request, attempt: 1 },
      { ...request, attempt: 2 },
    ]);
    expect(responses).toEqual([
      { ...request, attempt: 1, status: 503, durationMs: expect.any(Number), requestId: "req_1" },
      { ...request, attempt: 2, status: 200, durationMs: expect.any(Number), requestId: "req_2" },
    ]);
    expect(responses.every((r) => r.durationMs >= 0)).toBe(true);
  });

  it("report an attempt without an answer with its reason", async () => {
    server.use(http.get(`${BASE}/v2/workspaces`, () => HttpResponse.error()));
    const responses: ResponseEvent[] = [];
    await client({ onResponse: (e) => responses.push(e), retries: 0 })
      .GET("/v2/workspaces")
      .catch(() => {});
    expect(responses).toEqual([
      {
        method: "GET",
        url: `${BASE}/v2/workspaces`,
        path: "/v2/workspaces",
        attempt: 1,
        status: undefined,
        durationMs: expect.any(Number),
        requestId: undefined,
        error: "Failed to fetch",
      },
    ]);
  });

  it("carry bodies only with logBodies, with the token taken out", async () => {
    server.use(
      http.post(`${BASE}/v2/webhooks`, async ({ request }) =>
        HttpResponse.json({ echoed: await request.json() }, { status: 201 }),
      ),
    );
    const body = { url: `https://example.com/hook?token=${TOKEN}`, events: ["route.published" as const] };
    const plain: (RequestEvent | ResponseEvent)[] = [];
    await client({ onRequest: (e) => plain.push(e), onResponse: (e) => plain.push(e) }).POST("/v2/webhooks", { body });
    expect(plain.map((e) => "body" in e || "responseBody" in e)).toEqual([false, false]);

    const withBodies: (RequestEvent | ResponseEvent)[] = [];
    const { logger, lines } = memoryLogger();
    await client({
      logger,
      logLevel: "debug",
      logBodies: true,
      onRequest: (e) => withBodies.push(e),
      onResponse: (e) => withBodies.push(e),
    }).POST("/v2/webhooks", { body });
    const sent = JSON.stringify({ url: "https://example.com/hook?token=[redacted]", events: ["route.published"] });
    expect(withBodies[0]?.body).toBe(sent);
    expect((withBodies[1] as ResponseEvent).responseBody).toBe(`{"echoed":${sent}}`);
    expect(lines[0]).toBe(`debug [dispatchkit] → POST ${BASE}/v2/webhooks (attempt 1)\n${sent}`);
    expect(JSON.stringify([withBodies, lines])).not.toContain(TOKEN);
  });

  it("never carry the token or a header", async () => {
    flakyWorkspaces();
    const events: unknown[] = [];
    const { logger, lines } = memoryLogger();
    await client({
      logger,
      logLevel: "debug",
      userAgent: "my-shop/1.0",
      onRequest: (e) => events.push(e),
      onResponse: (e) => events.push(e),
    }).GET("/v2/workspaces");
    const all = JSON.stringify([events, lines]);
    expect(all).not.toContain(TOKEN);
    expect(all.toLowerCase()).not.toContain("authorization");
    expect(all).not.toContain("my-shop");
  });
});
