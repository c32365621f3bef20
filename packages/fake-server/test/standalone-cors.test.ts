/**
 * CORS on the standalone server over plain HTTP: preflights of the API answer 204 with what a browser page may send
 * (before any auth), and every API answer (success, error) lets any origin read it and the SDK's headers, with a
 * token the user chose (a well-known one closes the API to other origins: standalone-access.test.ts). The
 * control endpoints under /_fake/ answer only the server's own origin and the origins it was told to allow
 * (standalone-access.test.ts has the rest of docs/security.md).
 */
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "cors-token" });
const PAGE_ORIGIN = "http://127.0.0.1:5173";
let running: RunningServer;

beforeAll(async () => {
  running = await startServer(fake, { port: 0 });
});
afterAll(() => running.close());

/** What a browser sends before a cross-origin call with the SDK's headers. */
function preflight(path: string, method = "POST") {
  return fetch(`${running.url}${path}`, {
    method: "OPTIONS",
    headers: {
      origin: PAGE_ORIGIN,
      "access-control-request-method": method,
      "access-control-request-headers": "authorization,content-type,x-dispatch-client",
    },
  });
}

/** A cross-origin call, validated against openapi.yaml. */
async function call(path: string, token?: string) {
  const res = await fetch(`${running.url}${path}`, {
    headers: { origin: PAGE_ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await res.text();
  expect(validator.check("GET", `${running.url}${path}`, res.status, res.headers, text)).toEqual([]);
  return res;
}

function expectReadableCrossOrigin(res: Response) {
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("access-control-expose-headers")).toBe("x-request-id, retry-after, idempotent-replayed");
}

describe("CORS on the standalone server", () => {
  it("answers a preflight with 204, the allowed methods and headers and a max age, without a token", async () => {
    const res = await preflight("/v2/orders?workspaceUuid=x");
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")?.split(", ")).toEqual(
      expect.arrayContaining(["GET", "POST", "PUT", "PATCH", "DELETE"]),
    );
    expect(res.headers.get("access-control-allow-headers")).toBe(
      "authorization, content-type, x-dispatch-client, idempotency-key",
    );
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  it("answers preflights for any path and method of the API, but none of another site's for the control endpoints", async () => {
    for (const [path, method] of [
      ["/v2/orders/00000000-0000-4000-8000-000000000000", "DELETE"],
      ["/v1/routes/publish", "PATCH"],
      ["/no/such/path", "GET"],
    ] as const) {
      const res = await preflight(path, method);
      expect([path, res.status]).toEqual([path, 204]);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    for (const path of ["/_fake/tokens", "/_fake/reset", "/_fake/console"]) {
      const res = await preflight(path);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("lets any origin read a success and its x-request-id", async () => {
    const res = await call("/v2/workspaces", "cors-token");
    expect(res.status).toBe(200);
    expectReadableCrossOrigin(res);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("lets any origin read error answers too (401 without a token, 404 for an unknown order)", async () => {
    const unauthorized = await call("/v2/workspaces");
    expect(unauthorized.status).toBe(401);
    expectReadableCrossOrigin(unauthorized);
    const missing = await call("/v2/orders/00000000-0000-4000-8000-000000000000", "cors-token");
    expect(missing.status).toBe(404);
    expectReadableCrossOrigin(missing);
  });

  it("refuses another site's page on the control endpoints (403, nothing run, nothing readable)", async () => {
    const tokens = fake.inspect().counts.tokens;
    const res = await fetch(`${running.url}/_fake/tokens`, {
      method: "POST",
      headers: { origin: PAGE_ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(await res.json()).toMatchObject({
      code: "FORBIDDEN",
      message: `Failed to accept the request: the control endpoints do not answer pages of ${PAGE_ORIGIN} (start the server with --allow-origin ${PAGE_ORIGIN} to allow it)`,
    });
    // No token was minted.
    expect(fake.inspect().counts.tokens).toBe(tokens);
  });

  it("leaves an OPTIONS that is no preflight to the fake, with the CORS headers", async () => {
    const res = await fetch(`${running.url}/v2/workspaces`, { method: "OPTIONS" });
    expect(res.status).not.toBe(204);
    expectReadableCrossOrigin(res);
  });
});
