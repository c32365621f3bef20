// Reaches the fake's runtime on purpose: the home page must list exactly the control endpoints the runtime serves (runtime.controlEndpoints()), which no public API lists.
/**
 * The standalone server's home: `GET /` answers without a token, as JSON for tools and as a page for a browser,
 * naming the API, the base URL, the docs and every control endpoint. Every other path still needs a token.
 */
import { request as httpRequest } from "node:http";
import { createFake } from "@dispatchkit/fake";
import { CONTROL_PREFIX, type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeOf } from "../../fake/src/runtime.js";

const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "my-secret-token" });
const prefixed = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0/dispatch", token: "t" });
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
/** Control endpoints the home must list (the server may serve more: the list is the runtime's `controlEndpoints()`). */
const CONTROL = [
  ["POST", "/_fake/tokens"],
  ["POST", "/_fake/tokens/{token}/expire"],
  ["POST", "/_fake/organizations"],
  ["GET", "/_fake/webhook-deliveries"],
  ["POST", "/_fake/webhook-deliveries/{id}/redeliver"],
];
let running: RunningServer;
let runningPrefixed: RunningServer;

beforeAll(async () => {
  running = await startServer(fake, { port: 0 });
  runningPrefixed = await startServer(prefixed, { port: 0 });
});
afterAll(async () => {
  await running.close();
  await runningPrefixed.close();
});

describe("GET / on the standalone server", () => {
  it("answers JSON without a token for Accept: application/json, naming the API, base URL, docs and control", async () => {
    const res = await fetch(`${running.url}/`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    // Another origin's page may not read it (it names the state file, and a default token).
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const body = await res.json();
    expect(body).toEqual({
      name: "Delivery Dispatch Platform API (fake)",
      description: expect.stringContaining("in-memory fake of the Delivery Dispatch Platform API"),
      baseUrl: running.url,
      authentication: expect.stringContaining("Authorization: Bearer <token>"),
      docs: {
        site: "https://dispatchkit.github.io/dispatchkit/",
        restReference: "https://dispatchkit.github.io/dispatchkit/api/",
        standaloneGuide: expect.stringMatching(/^https:\/\/dispatchkit\.github\.io\/dispatchkit\/documents\/.+\.html$/),
        controlEndpoints: expect.stringMatching(
          /^https:\/\/dispatchkit\.github\.io\/dispatchkit\/documents\/.+\.html#test-control-endpoints$/,
        ),
      },
      example: `curl -H "Authorization: Bearer <token>" ${running.url}/v2/workspaces`,
      console: `${running.url}/_fake/console`,
      health: `${running.url}/_fake/health`,
      openapi: {
        api: `${running.url}/_fake/openapi.yaml`,
        control: `${running.url}/_fake/control-openapi.yaml`,
      },
      control: runtimeOf(fake)
        .controlEndpoints()
        .map(({ method, path }) => ({
          method,
          path,
          url: `${running.url}${path}`,
        })),
      persistence: { stateFile: null, savedAt: null, error: null },
    });
    expect(body.description).toContain("Its data lives in memory only: a restart starts again.");
    // Every control endpoint the server serves, these among them.
    expect(body.control).toEqual(
      expect.arrayContaining(CONTROL.map(([method, path]) => ({ method, path, url: `${running.url}${path}` }))),
    );
    // Never a token of one's own: the page is open to anyone who reaches the server.
    expect(JSON.stringify(body)).not.toContain("my-secret-token");
  });

  it("answers JSON to curl's Accept: */* and to no Accept at all", async () => {
    for (const headers of [{ accept: "*/*" }, {}]) {
      const res = await fetch(`${running.url}/`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect((await res.json()).baseUrl).toBe(running.url);
    }
  });

  it("answers a page to a browser, with the base URL, the docs and every control endpoint", async () => {
    const res = await fetch(`${running.url}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("vary")).toBe("accept");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<title>Delivery Dispatch Platform API (fake)</title>");
    expect(html).toContain(`<code>${running.url}</code>`);
    expect(html).toContain('<a href="https://dispatchkit.github.io/dispatchkit/api/">REST reference</a>');
    const rows = [...html.matchAll(/<tr><td>(\w+)<\/td><td><code>([^<]+)<\/code><\/td><\/tr>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual(
      runtimeOf(fake)
        .controlEndpoints()
        .map(({ method, path }) => [method, path]),
    );
    expect(rows).toEqual(expect.arrayContaining(CONTROL));
    // Self-contained: no script, nothing loaded, and an empty icon so the browser asks for no /favicon.ico.
    expect(html).not.toMatch(/<script|src=/);
    expect([...html.matchAll(/<link[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="icon" href="data:,">']);
    expect(html).not.toContain("my-secret-token");
    expect(html).toContain(`<a href="${running.url}/_fake/openapi.yaml">the API</a>`);
    expect(html).toContain(`<code>${running.url}/_fake/health</code>`);
  });

  it("shows a default token (the CLI's dev-token, createFake's test-token), so its curl example runs as printed", async () => {
    for (const token of ["dev-token", undefined]) {
      const server = await startServer(createFake(token ? { token } : {}), { port: 0 });
      try {
        const shown = token ?? "test-token";
        const body = await (await fetch(`${server.url}/`, { headers: { accept: "application/json" } })).json();
        expect(body.example).toBe(`curl -H "Authorization: Bearer ${shown}" ${server.url}/v2/workspaces`);
        expect(body.authentication).toContain(`This server uses the default token, ${shown}.`);
        const html = await (await fetch(`${server.url}/`, { headers: { accept: "text/html" } })).text();
        expect(html).toContain(`Authorization: Bearer ${shown}`);
        // The example runs: the token it shows is the one the server takes.
        const listed = await fetch(`${server.url}/v2/workspaces`, { headers: { authorization: `Bearer ${shown}` } });
        expect(listed.status).toBe(200);
      } finally {
        await server.close();
      }
    }
  });

  it("says where the data lives: a state file, when it was saved, and why the last save failed", async () => {
    const status = { stateFile: "/tmp/state.json", savedAt: "2026-11-23T08:00:00.000Z", error: null as string | null };
    const saved = await startServer(createFake({ token: "dev-token" }), { port: 0, persistence: () => status });
    try {
      const read = async () => (await fetch(`${saved.url}/`, { headers: { accept: "application/json" } })).json();
      const body = await read();
      expect(body.persistence).toEqual(status);
      expect(body.description).toContain(
        "Its data is kept in the state file /tmp/state.json (last saved 2026-11-23T08:00:00.000Z) across restarts.",
      );
      expect(body.description).not.toContain("memory only");
      status.error = "ENOSPC: no space left on device";
      const failing = await read();
      expect(failing.persistence.error).toBe("ENOSPC: no space left on device");
      expect(failing.description).toContain(
        "The last save failed, and the previous file is kept: ENOSPC: no space left on device.",
      );
      const html = await (await fetch(`${saved.url}/`, { headers: { accept: "text/html" } })).text();
      expect(html).toContain("The last save failed, and the previous file is kept");
    } finally {
      await saved.close();
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await fetch(`${running.url}/`, { method: "HEAD", headers: { accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.text()).toBe("");
  });

  it("keeps every other path behind the token, and the control endpoints open", async () => {
    const api = await fetch(`${running.url}/v2/workspaces`, { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    expect((await api.json()).code).toBe("UNAUTHORIZED");
    const unknown = await fetch(`${running.url}/index.html`);
    expect(unknown.status).toBe(401);
    const post = await fetch(`${running.url}/`, { method: "POST", headers: { accept: "application/json" } });
    expect(post.status).toBe(401);
    const control = await fetch(`${running.url}${CONTROL_PREFIX}tokens`, { method: "POST" });
    expect(control.status).toBe(201);
  });

  it("serves the home at / and at the fake's path prefix, whose base URL includes the prefix", async () => {
    for (const path of ["/", "/dispatch", "/dispatch/"]) {
      const res = await fetch(`${runningPrefixed.url}${path}`, { headers: { accept: "application/json" } });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.baseUrl).toBe(`${runningPrefixed.url}/dispatch`);
      expect(body.control[0]).toEqual({
        method: "POST",
        path: "/_fake/tokens",
        url: `${runningPrefixed.url}/dispatch/_fake/tokens`,
      });
    }
  });

  it("shows neither a default token nor the state file's path to another origin's page", async () => {
    const status = { stateFile: "/home/dev/app/fake-state.json", savedAt: null, error: null };
    for (const token of ["dev-token", "chosen-token"]) {
      const server = await startServer(createFake({ token }), { port: 0, persistence: () => status });
      try {
        for (const accept of ["application/json", "text/html"]) {
          const foreign = await fetch(`${server.url}/`, { headers: { accept, origin: "http://localhost:5173" } });
          expect([token, accept, foreign.status]).toEqual([token, accept, 403]);
          expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
          const text = await foreign.text();
          expect(text).not.toContain("dev-token");
          expect(text).not.toContain("/home/dev");
        }
        // The server's own page and clients that are not browsers still read it whole.
        const own = await fetch(`${server.url}/`, { headers: { accept: "application/json", origin: server.url } });
        expect(own.status).toBe(200);
        expect((await own.json()).persistence.stateFile).toBe(status.stateFile);
      } finally {
        await server.close();
      }
    }
  });

  it("never fails (500) on a Host it answers to, and refuses a Host that is not a name and port (403)", async () => {
    const port = new URL(running.url).port;
    const answered = ["[::1]", `[::1]:${port}`, "LOCALHOST", `Localhost:${port}`, "localhost.", "127.0.0.1:", "127.1"];
    const refused = ["localhost:abc", "localhost:99999", "[::1", "::1", "[::1]x", `:${port}`, "[fe80::1%25eth0]", ""];
    for (const host of [...answered, ...refused]) {
      for (const accept of ["application/json", "text/html"]) {
        const answer = await rawGet(running.url, host, accept);
        expect([host, accept, answer.status]).toEqual([host, accept, answered.includes(host) ? 200 : 403]);
        if (answer.status === 403) expect(JSON.parse(answer.body).code).toBe("FORBIDDEN");
        else if (accept === "application/json") expect(() => new URL(JSON.parse(answer.body).baseUrl)).not.toThrow();
      }
    }
  });
});

/** `GET /` over a socket with exactly this Host header. */
function rawGet(url: string, host: string, accept: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const headers = { host, accept };
    const req = httpRequest({ host: hostname, port, path: "/", headers, setHost: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
