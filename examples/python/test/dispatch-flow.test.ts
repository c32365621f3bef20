/**
 * examples/python/dispatch_flow.py against the standalone server started with the example fixtures
 * (examples/fixtures/delivery-day.json), the script waiting on its health check (`--wait`): once with the server run
 * here (port 0, a frozen clock), every answer it gives the script validated against openapi.yaml on the way out, and
 * once as a user runs it, the `dispatch-fake --fixtures` process and the script started together. The script runs in
 * the machine's python3 and its output and the server's state are checked. Skipped, saying so, when python3 is not
 * installed.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createFake, type Fixtures } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { createClient, type DispatchClient, unwrap } from "@dispatchkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeCliArgs } from "../../../test/support/fake-cli.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const SCRIPT = fileURLToPath(new URL("../dispatch_flow.py", import.meta.url));
const FIXTURES = fileURLToPath(new URL("../../fixtures/delivery-day.json", import.meta.url));
const python = spawnSync("python3", ["--version"], { encoding: "utf8" });
const hasPython = python.status === 0;
if (!hasPython) console.warn("examples/python: SKIPPED, python3 is not installed (the example needs Python 3.8+)");

const run = promisify(execFile);
const validator = createContractValidator();
const problems: string[] = [];
const fake = createFake({
  baseUrl: "http://127.0.0.1:0",
  token: "py-token",
  now: "2026-11-23T08:00:00Z",
  fixtures: JSON.parse(readFileSync(FIXTURES, "utf8")) as Fixtures,
});
const client = createClient({ baseUrl: fake.baseUrl, token: "acme-token", fetch: (request) => fake.fetch(request) });
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(fake, {
    port: 0,
    // The API's answers go through fake.fetch (the same pipeline) so each can be checked against the contract.
    extra: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/" || path.startsWith("/_fake/")) return undefined;
      const response = await fake.fetch(request);
      const copy = response.clone();
      problems.push(...validator.check(request.method, request.url, copy.status, copy.headers, await copy.text()));
      return response;
    },
  });
});
afterAll(() => server?.close());

/** Run the example against `baseUrl` (default: the server run here); its exit code, stdout and stderr. */
async function dispatchFlow(args: string[], baseUrl = server.url) {
  try {
    const { stdout, stderr } = await run("python3", [SCRIPT, "--base-url", baseUrl, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** The fixtures' orders and route of 2026-11-30 in Berlin: somebody else's day, which the example leaves alone. */
async function fixturesDay(api: DispatchClient) {
  const [berlin] = (await unwrap(api.GET("/v2/workspaces"))).data;
  const workspaceUuid = berlin!.uuid;
  const orders = await unwrap(api.GET("/v2/orders", { params: { query: { workspaceUuid, date: "2026-11-30" } } }));
  const fixtures = orders.data.filter((o) => o.customerOrderNumber?.startsWith("ACME-"));
  const routes = await unwrap(api.GET("/v2/routes", { params: { query: { workspaceUuid, date: "2026-11-30" } } }));
  return {
    workspaceUuid,
    orders: fixtures.map((o) => ({ number: o.customerOrderNumber, status: o.status, routeUuid: o.routeUuid })),
    van2: routes.data.find((r) => r.name === "Van 2"),
  };
}

/** The fixtures' day as loaded: Van 2 with three orders on it, not published, and one order not planned. */
async function expectFixturesUntouched(api: DispatchClient) {
  const { orders, van2 } = await fixturesDay(api);
  expect(van2).toMatchObject({ ordersCount: 3, publishedAt: null });
  expect(orders).toEqual([
    { number: "ACME-1001", status: "scheduled", routeUuid: van2!.uuid },
    { number: "ACME-1002", status: "scheduled", routeUuid: van2!.uuid },
    { number: "ACME-1003", status: "scheduled", routeUuid: van2!.uuid },
    { number: "ACME-1004", status: "not_scheduled", routeUuid: null },
  ]);
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.skipIf(!hasPython)(`examples/python/dispatch_flow.py (${python.stdout?.trim() || "python3 missing"})`, () => {
  it("runs a whole day on its own date and with its own orders beside the fixtures', and prints what it did", async () => {
    const { workspaceUuid } = await fixturesDay(client);

    const { code, stdout, stderr } = await dispatchFlow([
      "--wait",
      "10",
      "--token",
      "acme-token",
      "--date",
      "2026-11-30",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    // The fixtures' five orders are ORD-1 to ORD-5 of the organization.
    expect(lines.slice(0, 3)).toEqual([
      `workspace: Berlin (${workspaceUuid}, Europe/Berlin)`,
      "created 5 orders for 2026-11-30: ORD-6, ORD-7, ORD-8, ORD-9, ORD-10",
      expect.stringMatching(/^created route Van 1 \([0-9a-f-]{36}\)$/),
    ]);
    expect(lines[3]).toMatch(/^scheduled 5 of 5 orders, \d+(\.\d+)? km, 0 unscheduled$/);
    expect(lines.slice(4, 9)).toEqual(
      Array.from({ length: 5 }, (_, i) =>
        expect.stringMatching(
          new RegExp(`^  ${i + 1}\\. ORD-([6-9]|10) arrives 2026-11-30T\\d\\d:\\d\\d:\\d\\d\\.000\\+01:00$`),
        ),
      ),
    );
    expect(lines[9]).toBe("published route Van 1");
    expect(lines[10]).toMatch(/^delivered ORD-([6-9]|10) at 2026-11-30T\d\d:\d\d:\d\d\.000Z$/);
    expect(lines[11]).toMatch(/^summary: /);
    expect(lines).toHaveLength(12);

    const summary = JSON.parse(lines[11]!.slice("summary: ".length));
    expect(summary).toEqual({
      date: "2026-11-30",
      workspaceUuid,
      ordersCreated: 5,
      ordersScheduled: 5,
      ordersUnscheduled: 0,
      distanceInKilometers: expect.any(Number),
      routeUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      stops: expect.arrayContaining(["ORD-6", "ORD-7", "ORD-8", "ORD-9", "ORD-10"]),
      published: true,
      delivered: {
        orderUuid: expect.any(String),
        orderNumber: summary.stops[0],
        status: "delivered",
        deliveryTime: expect.stringMatching(/^2026-11-30T/),
      },
    });
    expect(summary.distanceInKilometers).toBeGreaterThan(0);

    // What the server holds now: the route is published with the five orders, one delivered; the fixtures' orders
    // and route of the day were left alone.
    const route = await unwrap(
      client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: summary.routeUuid } } }),
    );
    expect(route.publishedAt).not.toBeNull();
    expect(route.ordersCount).toBe(5);
    const delivered = await unwrap(
      client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: summary.delivered.orderUuid } } }),
    );
    expect(delivered).toMatchObject({ status: "delivered", deliveryNotes: "Left at the door" });
    expect(new Date(delivered.deliveryTime!).getTime()).toBe(new Date(summary.delivered.deliveryTime).getTime());
    await expectFixturesUntouched(client);
    expect(problems).toEqual([]);
  });

  it("runs as a user runs it: dispatch-fake --fixtures started in the background, the script waiting on its health check", async () => {
    const port = await freePort();
    const cli = spawn(
      process.execPath,
      fakeCliArgs([
        "--port",
        String(port),
        "--quiet",
        "--now",
        "2026-11-23T08:00:00Z",
        "--fixtures",
        "examples/fixtures/delivery-day.json",
      ]),
      { cwd: fileURLToPath(new URL("../../../", import.meta.url)), stdio: "ignore" },
    );
    try {
      // Started at once, not after the server's first line: --wait polls GET /_fake/health until it answers.
      const baseUrl = `http://127.0.0.1:${port}`;
      const { code, stdout, stderr } = await dispatchFlow(
        ["--wait", "30", "--token", "acme-token", "--date", "2026-11-30"],
        baseUrl,
      );
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toMatch(/^workspace: Berlin \(/);
      expect(stdout).toContain("\npublished route Van 1\n");
      await expectFixturesUntouched(createClient({ baseUrl, token: "acme-token" }));
    } finally {
      cli.kill("SIGTERM");
    }
  });

  it("says when the fake does not answer its health check in time, and exits 1", async () => {
    const { code, stdout, stderr } = await dispatchFlow(["--wait", "0.5"], `http://127.0.0.1:${await freePort()}`);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^dispatch_flow: the fake at http:\/\/127\.0\.0\.1:\d+ did not answer GET \/_fake\/health within 0\.5 s\n$/,
    );
  });

  it("says what went wrong, with the API's error code and request id, and exits 1", async () => {
    const { code, stdout, stderr } = await dispatchFlow(["--token", "not-a-token"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^dispatch_flow: GET \/v2\/workspaces answered 401 UNAUTHORIZED: Failed to authenticate the request: .+ \(request req_[0-9a-f]{24}\)\n$/,
    );
  });
});
