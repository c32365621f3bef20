import { createClient, TokenExpiredError, unwrap } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";

const server = useFakeServer();

describe("tokens with a lifetime (fake.control.createToken({ expiresInMs }))", () => {
  it("works until the fake's clock has moved that far, then answers 401 TOKEN_EXPIRED", async () => {
    const { fake } = server;
    const token = fake.control.createToken({ expiresInMs: 30_000 });
    expect(fake.inspect().tokens.find((t) => t.token === token)?.expiresAt).toBe(
      new Date(fake.clock.now() + 30_000).toISOString(),
    );
    const client = createClient({ baseUrl: fake.baseUrl, token, retries: 0 });
    await fake.advance(29_999);
    expect((await client.GET("/v2/workspaces")).response.status).toBe(200);
    await fake.advance(1);
    const error = await unwrap(client.GET("/v2/workspaces")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenExpiredError);
  });

  it("lets the SDK refresh an expired token (onTokenExpired) and go on", async () => {
    const { fake } = server;
    const refreshed: string[] = [];
    const client = createClient({
      baseUrl: fake.baseUrl,
      token: fake.control.createToken({ expiresInMs: 1_000 }),
      onTokenExpired: () => {
        const next = fake.control.createToken({ expiresInMs: 60_000 });
        refreshed.push(next);
        return next;
      },
    });
    await fake.advance(1_000);
    expect((await client.GET("/v2/workspaces")).response.status).toBe(200);
    expect(refreshed).toHaveLength(1);
    expect(fake.journal.list().map((e) => e.status)).toEqual([401, 200]);
  });

  it("refuses a bad lifetime naming the field, and issues nothing", () => {
    const { fake } = server;
    const before = fake.inspect().tokens;
    expect(() => fake.control.createToken({ expiresInMs: -1 })).toThrow(
      /Failed to create token: expiresInMs: must not be negative/,
    );
    expect(() => fake.control.createToken({ expiresInMs: 1.5 })).toThrow(/expiresInMs: must be a whole number/);
    expect(() => fake.control.createToken({ expiresInMs: 5, expiresAt: 10 })).toThrow(
      /expiresInMs: give expiresAt or expiresInMs, not both/,
    );
    expect(fake.inspect().tokens).toEqual(before);
  });
});
