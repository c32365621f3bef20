/**
 * The delivery-day example against the standalone server started with the example fixtures
 * (examples/fixtures/delivery-day.json: somebody else's route and orders on the same day), as a user runs it: once
 * with the server started from `@dispatchkit/fake-server` on a free port, once as `npm start -w examples/delivery-day`
 * beside a `dispatch-fake --fixtures` process, waiting on its health check. The example talks to it over HTTP with
 * the SDK. Only the packages' public exports are used.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createFake, type Fixtures } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { createClient, type DispatchClient, unwrap } from "@dispatchkit/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeCliArgs } from "../../../test/support/fake-cli.js";
import { type DayReport, dayOfItsOwn, runDeliveryDay } from "../src/delivery-day.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FIXTURES = join(ROOT, "examples/fixtures/delivery-day.json");
/** The day of the example fixtures' route and orders. */
const FIXTURES_DAY = "2026-11-30";

let server: RunningServer;
let client: DispatchClient;

beforeEach(async () => {
  const fake = createFake({
    baseUrl: "http://127.0.0.1:0",
    token: "dev-token",
    now: "2026-11-23T08:00:00Z",
    fixtures: JSON.parse(readFileSync(FIXTURES, "utf8")) as Fixtures,
  });
  server = await startServer(fake, { port: 0 });
  client = createClient({ baseUrl: server.url, token: "acme-token" });
});
afterEach(() => server.close());

/** What the example left behind for the fixtures' route and orders of `date` in Berlin: nothing at all. */
async function expectUntouched(api: DispatchClient, date: string) {
  const [berlin] = (await unwrap(api.GET("/v2/workspaces"))).data;
  const workspaceUuid = berlin!.uuid;
  const routes = await unwrap(api.GET("/v2/routes", { params: { query: { workspaceUuid, date } } }));
  const van2 = routes.data.find((r) => r.name === "Van 2");
  expect(van2).toMatchObject({ ordersCount: 3, publishedAt: null });
  const orders = await unwrap(api.GET("/v2/orders", { params: { query: { workspaceUuid, date } } }));
  const theirs = orders.data.filter((o) => o.customerOrderNumber?.startsWith("ACME-"));
  expect(theirs.map((o) => [o.customerOrderNumber, o.status, o.routeUuid])).toEqual([
    ["ACME-1001", "scheduled", van2!.uuid],
    ["ACME-1002", "scheduled", van2!.uuid],
    ["ACME-1003", "scheduled", van2!.uuid],
    ["ACME-1004", "not_scheduled", null],
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

describe("the delivery-day example against the standalone server", () => {
  it("plans, publishes and completes only its own orders, even on a day with other orders", async () => {
    const report = await runDeliveryDay(client, FIXTURES_DAY);
    expect(report).toEqual<DayReport>({
      date: FIXTURES_DAY,
      ordersCreated: 5,
      scheduled: 5,
      unscheduled: 0,
      distanceInKilometers: expect.any(Number),
      routeUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      delivered: expect.any(String),
      missed: expect.any(String),
      // Every order of the day is on the published route: none can be cancelled through bulk delete.
      cancelled: 0,
      keptOnRoutes: 5,
    });
    expect(report.distanceInKilometers).toBeGreaterThan(0);

    const delivered = await unwrap(
      client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: report.delivered } } }),
    );
    expect(delivered).toMatchObject({ status: "delivered", deliveryNotes: "Left with the neighbour" });
    const missed = await unwrap(
      client.GET("/v1/orders/{orderUuid}", { params: { path: { orderUuid: report.missed } } }),
    );
    expect(missed.status).toBe("missed");
    const route = await unwrap(
      client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: report.routeUuid } } }),
    );
    expect(route.ordersCount).toBe(5);
    expect(route.publishedAt).not.toBeNull();
    await expectUntouched(client, FIXTURES_DAY);
  });

  it("runs as `npm start -w examples/delivery-day` does, on a day a week from today, beside `dispatch-fake --fixtures` started with it", async () => {
    const date = dayOfItsOwn(new Date());
    // The example fixtures moved to the example's own day, so that somebody else's day is the example's.
    const dir = mkdtempSync(join(tmpdir(), "delivery-day-"));
    const fixtures = join(dir, "fixtures.json");
    writeFileSync(fixtures, readFileSync(FIXTURES, "utf8").replaceAll(FIXTURES_DAY, date));
    const port = await freePort();
    const cli = spawn(process.execPath, fakeCliArgs(["--port", String(port), "--quiet", "--fixtures", fixtures]), {
      cwd: ROOT,
      stdio: "ignore",
    });
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
      const { DISPATCH_DATE: _unset, ...env } = process.env;
      // Started at once, not after the server's first line: DISPATCH_WAIT polls GET /_fake/health until it answers.
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", main], {
        cwd: ROOT,
        env: { ...env, DISPATCH_BASE_URL: baseUrl, DISPATCH_TOKEN: "acme-token", DISPATCH_WAIT: "30" },
        timeout: 60_000,
      });
      const report = JSON.parse(stdout) as DayReport;
      expect(report).toMatchObject({ date, ordersCreated: 5, scheduled: 5, unscheduled: 0, keptOnRoutes: 5 });
      await expectUntouched(createClient({ baseUrl, token: "acme-token" }), date);
    } finally {
      cli.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes a day a week after today, across months and years", () => {
    expect(dayOfItsOwn(new Date("2026-11-23T23:30:00Z"))).toBe("2026-11-30");
    expect(dayOfItsOwn(new Date("2026-12-28T00:00:00Z"))).toBe("2027-01-04");
    expect(dayOfItsOwn(new Date("2028-02-25T12:00:00Z"))).toBe("2028-03-03");
  });
});
