/**
 * The token: sent at once when it is a string, refreshed through `onTokenExpired` on a 401 `TOKEN_EXPIRED` only,
 * at most once per call, and not when another call already refreshed it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenRefreshError } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import { TOKEN } from "./support/scripted.js";
import { failed, ok, scripted, URL_ } from "./support/scripted-transport.js";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
