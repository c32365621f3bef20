/**
 * Who may use the standalone server (docs/security.md), over real sockets: the Host a request names (DNS rebinding),
 * the Origin of a browser page on the control endpoints and the console, a browser's no-cors reads of another site,
 * and the origins and names a user allows. The API answers every origin with a token the user chose; while the token
 * is the well-known default, only the server's own origin and the allowed ones.
 */
import { request as httpRequest } from "node:http";
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessPolicy } from "../src/server/access.js";

const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "dev-token" });
let running: RunningServer;
let open: RunningServer;
let port: number;

beforeAll(async () => {
  running = await startServer(fake, {
    port: 0,
    allowOrigins: ["http://localhost:5173"],
    allowHosts: ["fake.internal"],
  });
  port = Number(new URL(running.url).port);
  open = await startServer(createFake({ token: "dev-token" }), { port: 0, allowOrigins: ["*"] });
});
afterAll(async () => {
  await running.close();
  await open.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over a socket, with exactly the headers given (Host included). */
function send(
  server: RunningServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const local = () => ({ host: `127.0.0.1:${port}` });
const bearer = { authorization: "Bearer dev-token" };

describe("the Host a request names", () => {
  it("refuses a name that is not the server's (a DNS-rebinding page), on the API, the home and /_fake/ alike", async () => {
    for (const path of ["/v2/workspaces", "/", "/_fake/clock", "/_fake/console"]) {
      const answer = await send(running, "GET", path, { host: `rebind.example:${port}`, ...bearer });
      expect([path, answer.status]).toEqual([path, 403]);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: "FORBIDDEN",
        message:
          'Failed to accept the request: this server does not answer to the name "rebind.example" (start it with --allow-host rebind.example to allow it)',
      });
      expect(answer.body).not.toContain("dev-token");
    }
  });

  it("answers IP addresses, localhost and names under it, and the names it was told to allow", async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
      `fake.internal:${port}`,
      "LOCALHOST",
    ]) {
      const answer = await send(running, "GET", "/v2/workspaces", { host, ...bearer });
      expect([host, answer.status]).toEqual([host, 200]);
    }
  });
});

describe("the control endpoints and the console in a browser", () => {
  it("refuse another site's page: nothing runs (no reset, no token minted), nothing is readable", async () => {
    const orders = fake.inspect().counts.orders;
    await fake.fetch(`/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json" },
      body: JSON.stringify([
        { deliveryDate: "2026-11-23", locations: [{ address: "A", latitude: 52.5, longitude: 13.4 }] },
      ]),
    });
    const tokens = fake.inspect().counts.tokens;
    const evil = { ...local(), origin: "http://evil.example" };
    for (const [method, path] of [
      ["POST", "/_fake/reset"],
      ["POST", "/_fake/tokens"],
      ["GET", "/_fake/journal"],
      ["GET", "/_fake/console"],
      ["GET", "/_fake/console/console.js"],
    ] as const) {
      const answer = await send(running, method, path, evil, method === "POST" ? "{}" : undefined);
      expect([path, answer.status]).toEqual([path, 403]);
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      expect(answer.body).not.toContain("dev-token");
    }
    expect(fake.inspect().counts.orders).toBe(orders + 1);
    expect(fake.inspect().counts.tokens).toBe(tokens);
    // A sandboxed frame or a file:// page sends Origin: null.
    expect((await send(running, "GET", "/_fake/clock", { ...local(), origin: "null" })).status).toBe(403);
  });

  it("refuse another site's no-cors reads (Sec-Fetch-Site) but not a navigation to the console", async () => {
    const read = await send(running, "GET", "/_fake/journal", {
      ...local(),
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "no-cors",
    });
    expect(read.status).toBe(403);
    const navigation = await send(running, "GET", "/_fake/console", {
      ...local(),
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
    });
    expect(navigation.status).toBe(200);
    // The page carries the token: no other site may frame it.
    expect(navigation.headers["x-frame-options"]).toBe("DENY");
    expect(navigation.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
  });

  it("answer the server's own pages, without CORS headers, and clients that are not browsers", async () => {
    const own = await send(running, "POST", "/_fake/tokens", { ...local(), origin: `http://127.0.0.1:${port}` }, "{}");
    expect(own.status).toBe(201);
    expect(own.headers["access-control-allow-origin"]).toBeUndefined();
    const sameOrigin = await send(running, "GET", "/_fake/clock", { ...local(), "sec-fetch-site": "same-origin" });
    expect(sameOrigin.status).toBe(200);
    const curl = await send(running, "GET", "/_fake/clock", local());
    expect(curl.status).toBe(200);
  });

  it("answer an allowed origin with its CORS headers, preflight included; * allows any", async () => {
    const allowed = { ...local(), origin: "http://localhost:5173" };
    const preflight = await send(running, "OPTIONS", "/_fake/tokens", {
      ...allowed,
      "access-control-request-method": "POST",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(preflight.headers.vary).toBe("origin");
    const minted = await send(running, "POST", "/_fake/tokens", allowed, "{}");
    expect(minted.status).toBe(201);
    expect(minted.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    const other = await send(running, "POST", "/_fake/tokens", { ...local(), origin: "http://localhost:5174" }, "{}");
    expect(other.status).toBe(403);
    const openPort = new URL(open.url).port;
    const any = await send(open, "GET", "/_fake/clock", { host: `127.0.0.1:${openPort}`, origin: "http://x.example" });
    expect(any.status).toBe(200);
    expect(any.headers["access-control-allow-origin"]).toBe("http://x.example");
  });
});

describe("the API in a browser", () => {
  it("answers another origin's page only if allowed while the token is the well-known default (nothing runs)", async () => {
    const orders = fake.inspect().counts.orders;
    const evil = { ...local(), origin: "http://localhost:8081", ...bearer };
    const workspaceUuid = fake.workspaces[0]?.uuid;
    for (const [method, path] of [
      ["GET", "/v2/workspaces"],
      ["GET", `/v2/orders?workspaceUuid=${workspaceUuid}`],
      ["POST", `/v2/orders?workspaceUuid=${workspaceUuid}`],
      ["POST", "/v2/webhooks"],
      ["OPTIONS", "/v2/orders"],
    ] as const) {
      const headers = method === "OPTIONS" ? { ...evil, "access-control-request-method": "DELETE" } : evil;
      const answer = await send(running, method, path, headers, method === "POST" ? "[]" : undefined);
      expect([method, path, answer.status]).toEqual([method, path, 403]);
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      expect(JSON.parse(answer.body)).toMatchObject({
        code: "FORBIDDEN",
        message:
          "Failed to accept the request: while its token is the well-known dev-token, the API and the control endpoints do not answer pages of http://localhost:8081 (start the server with --allow-origin http://localhost:8081 to allow it)",
      });
    }
    expect(fake.inspect().counts.orders).toBe(orders);
    // The allowed origin, the server's own page and clients that are not browsers are answered.
    const allowed = await send(running, "GET", "/v2/workspaces", { ...evil, origin: "http://localhost:5173" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(allowed.headers["access-control-expose-headers"]).toBe("x-request-id, retry-after, idempotent-replayed");
    const preflight = await send(running, "OPTIONS", "/v2/orders", {
      ...local(),
      origin: "http://localhost:5173",
      "access-control-request-method": "DELETE",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
    const own = await send(running, "GET", "/v2/workspaces", { ...evil, origin: `http://127.0.0.1:${port}` });
    expect(own.status).toBe(200);
    expect((await send(running, "GET", "/v2/workspaces", { ...local(), ...bearer })).status).toBe(200);
  });

  it("counts createFake's default token as well known too", async () => {
    const server = await startServer(createFake(), { port: 0 });
    try {
      const host = new URL(server.url).host;
      const answer = await send(server, "GET", "/v2/workspaces", {
        host,
        origin: "http://localhost:8081",
        authorization: "Bearer test-token",
      });
      expect(answer.status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it("answers every origin with a token the user chose", async () => {
    const server = await startServer(createFake({ token: "chosen-token" }), { port: 0 });
    try {
      const host = new URL(server.url).host;
      const origin = "http://evil.example";
      const answer = await send(server, "GET", "/v2/workspaces", {
        host,
        origin,
        authorization: "Bearer chosen-token",
      });
      expect(answer.status).toBe(200);
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
      const noToken = await send(server, "GET", "/v2/workspaces", { host, origin });
      expect(noToken.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it("decides on the path the router reads: dot segments cannot reach the control endpoints as the API", async () => {
    const chosen = createFake({ token: "chosen-token" });
    const server = await startServer(chosen, { port: 0 });
    try {
      const host = new URL(server.url).host;
      const tokens = chosen.inspect().counts.tokens;
      for (const path of ["/v2/../_fake/tokens", "/v2/%2e%2e/_fake/tokens", "/v2/./../_fake/tokens"]) {
        const answer = await send(server, "POST", path, { host, origin: "http://evil.example" }, "{}");
        expect([path, answer.status]).toEqual([path, 403]);
        expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      }
      expect(chosen.inspect().counts.tokens).toBe(tokens);
      // Not a browser: the same path reaches the control endpoint.
      expect((await send(server, "POST", "/v2/../_fake/tokens", { host }, "{}")).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe("createAccessPolicy", () => {
  it("refuses an allowed origin that is not an origin, naming it", () => {
    expect(() => createAccessPolicy({ allowOrigins: ["localhost:5173"] })).toThrow(
      'Failed to start the server: allowOrigins has "localhost:5173", not an origin',
    );
    expect(() => createAccessPolicy({ allowOrigins: ["null"] })).toThrow(TypeError);
  });
});
