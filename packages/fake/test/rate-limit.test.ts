import { createFake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";

const server = useFakeServer({ rateLimit: { requests: 3, perSeconds: 2 } });

async function get(path: string, token = server.fake.token) {
  const res = await fetch(`${server.fake.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe("the optional per-token rate limit (createFake({ rateLimit }))", () => {
  it("admits `requests` per window, then 429 RATE_LIMITED with Retry-After until the window closes", async () => {
    const { fake } = server;
    for (let i = 0; i < 3; i++) expect((await get("/v2/workspaces")).status).toBe(200);
    const limited = await get("/v2/workspaces");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "RATE_LIMITED", requestId: limited.headers.get("x-request-id") });
    expect(limited.body.message).toMatch(/^Failed to accept the request: too many requests/);
    expect(limited.headers.get("retry-after")).toBe("2");
    fake.clock.advance(1500);
    const later = await get(`/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`);
    expect(later.status).toBe(429);
    expect(later.headers.get("retry-after")).toBe("1");
    fake.clock.advance(500);
    expect((await get("/v2/workspaces")).status).toBe(200);
  });

  it("counts each token on its own; unauthenticated requests answer 401 first", async () => {
    const { fake } = server;
    for (let i = 0; i < 4; i++) await get("/v2/workspaces");
    expect((await get("/v2/workspaces")).status).toBe(429);
    const other = fake.control.createToken();
    expect((await get("/v2/workspaces", other)).status).toBe(200);
    expect((await get("/v2/workspaces", "nope")).status).toBe(401);
  });

  it("a limited request changes nothing", async () => {
    const { fake } = server;
    for (let i = 0; i < 3; i++) await get("/v2/workspaces");
    const before = fake.inspect();
    const res = await fetch(`${fake.baseUrl}/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: JSON.stringify({ deliveryDate: "2026-11-23", locations: [{ address: "x" }] }),
    });
    expect(res.status).toBe(429);
    expect(fake.inspect()).toEqual(before);
  });

  it("is off by default, and reset() forgets the windows", async () => {
    const plain = createFake({ now: "2026-11-23T08:00:00Z" });
    for (let i = 0; i < 200; i++) {
      const res = await plain.fetch(`${plain.baseUrl}/v2/workspaces`, {
        headers: { authorization: `Bearer ${plain.token}` },
      });
      expect(res.status).toBe(200);
    }
    const limited = createFake({ now: "2026-11-23T08:00:00Z", rateLimit: { requests: 1, perSeconds: 60 } });
    const call = () =>
      limited.fetch(`${limited.baseUrl}/v2/workspaces`, { headers: { authorization: `Bearer ${limited.token}` } });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(429);
    limited.reset();
    expect((await call()).status).toBe(200);
  });

  it("refuses a nonsensical limit", () => {
    expect(() => createFake({ rateLimit: { requests: 0, perSeconds: 1 } })).toThrow(/Failed to create the rate limit/);
  });
});
