/**
 * The token: sent at once when it is a string, refreshed through `onTokenExpired` on a 401 `TOKEN_EXPIRED` only,
 * at most once per call, shared between concurrent calls, and not when another call already refreshed it.
 */
import { delay, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { TokenExpiredError, TokenRefreshError, UnauthorizedError, unwrap } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import {
  BASE,
  errorAnswer,
  errorBody,
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

describe("token refresh", () => {
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

  it("hands back a 401 TOKEN_EXPIRED as it is when there is no onTokenExpired", async () => {
    const { send, seen } = scripted([() => failed(401, "TOKEN_EXPIRED"), ok]);
    const response = await send(new Request(URL_));
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it("refreshes only on a 401: another answer saying TOKEN_EXPIRED is handed back", async () => {
    const refresh = vi.fn(() => "tok_fresh");
    const { send, seen } = scripted([() => failed(403, "TOKEN_EXPIRED"), ok], { onTokenExpired: refresh });
    expect((await send(new Request(URL_))).status).toBe(403);
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });
});

describe("tokens", () => {
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
});

describe("a client's token refresh", () => {
  const expired = () => errorAnswer(401, errorBody("TOKEN_EXPIRED", "Failed to authenticate: the token has expired"));

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
    script("get", "/v2/workspaces", [() => errorAnswer(401, errorBody("UNAUTHORIZED")), ok]);
    let refreshes = 0;
    const { client } = scriptedClient({ onTokenExpired: () => `tok_${++refreshes}` });
    const error = await unwrap(client.GET("/v2/workspaces")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).not.toBeInstanceOf(TokenExpiredError);
    expect(refreshes).toBe(0);
  });
});
