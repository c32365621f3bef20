/**
 * The client and the transport wired up: `fetch` looked up at call time, the token and identification headers on
 * every request, a transport used on its own, and `bearerAuth` on a bare openapi-fetch client. What they do with the
 * answers is in the files named after it: retries, deadline, cancellation, idempotency-keys, token-refresh, hooks.
 */
import createFetchClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { bearerAuth, createClient, type paths } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import { BASE, errorAnswer, scriptedClient, scriptRoute, TOKEN, useScriptedServer } from "./support/scripted.js";
import { ok } from "./support/scripted-transport.js";

// Created before the server listens: `fetch` must be looked up at call time for msw to see its requests.
const early = createClient({ baseUrl: BASE, token: TOKEN });

const server = useScriptedServer();

const script = scriptRoute(server);

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
    const seen = script("get", "/v2/workspaces", [() => errorAnswer(503), ok]);
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
