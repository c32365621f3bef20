/**
 * The console on the standalone server: `GET /_fake/console` answers its page (with the seeded token and the base
 * path for the script), `GET /_fake/console/console.js` its script, under the fake's path prefix too. Run from
 * source, the script is bundled from src/console/ on first request. Chromium drives it in
 * test/browser/console.spec.ts.
 */
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "dev-token" });
const prefixed = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0/dispatch", token: "t<&>" });
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

describe("the console on the standalone server", () => {
  it("answers its page without a token, carrying the seeded token and loading only its own script", async () => {
    const res = await fetch(`${running.url}/_fake/console`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain('<meta name="dispatch-token" content="dev-token">');
    expect(html).toContain('<meta name="dispatch-base-path" content="">');
    expect([...html.matchAll(/src="([^"]*)"/g)].map((m) => m[1])).toEqual(["/_fake/console/console.js"]);
    expect([...html.matchAll(/<link[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="icon" href="data:,">']);
  });

  it("answers its script: a browser bundle with no import left", async () => {
    const res = await fetch(`${running.url}/_fake/console/console.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const script = await res.text();
    expect(script).toContain("Dispatch fake console");
    expect(script).not.toMatch(/^\s*import\s/m);
  }, 30_000);

  it("is served under the fake's path prefix, with the token escaped", async () => {
    const html = await (await fetch(`${runningPrefixed.url}/dispatch/_fake/console/`)).text();
    expect(html).toContain('<meta name="dispatch-token" content="t&lt;&amp;&gt;">');
    expect(html).toContain('<script type="module" src="/dispatch/_fake/console/console.js"></script>');
    expect((await fetch(`${runningPrefixed.url}/dispatch/_fake/console/console.js`)).status).toBe(200);
  }, 30_000);

  it("answers only GET and HEAD: other methods reach the control router (404 there)", async () => {
    const res = await fetch(`${running.url}/_fake/console`, { method: "POST" });
    expect(res.status).toBe(404);
    expect((await fetch(`${running.url}/_fake/console/other.js`)).status).toBe(404);
  });
});
