/**
 * The delivery-day example against the standalone server, as a user runs it: the server is started from
 * `@dispatchkit/fake/node` on a free port, with somebody else's orders and route on the same day, and the example
 * talks to it over HTTP with the SDK. Only the packages' public exports are used.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake/node";
import { createClient, type DispatchClient, unwrap } from "@dispatchkit/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DayReport, dayOfItsOwn, runDeliveryDay } from "../src/delivery-day.js";

let server: RunningServer;
let client: DispatchClient;

beforeEach(async () => {
  const fake = createFake({ baseUrl: "http://127.0.0.1:0", token: "dev-token", now: "2026-11-23T08:00:00Z" });
  server = await startServer(fake, { port: 0 });
  client = createClient({ baseUrl: server.url, token: "dev-token" });
});
afterEach(() => server.close());

/** Orders and a route of somebody else on `date`, as the standalone server's demo data would be. */
async function othersDay(date: string) {
  const [workspace] = (await unwrap(client.GET("/v2/workspaces"))).data;
  const workspaceUuid = workspace!.uuid;
  const orders = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: ["Lindenstraße 3", "Friedrichstraße 8", "Invalidenstraße 20"].map((street) => ({
        deliveryDate: date,
        locations: [{ address: `${street}, Berlin` }],
      })),
    }),
  );
  const routes = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [
          { name: "Demo route", date, startTime: "07:30", endTime: "18:30", startLocation: { address: "Depot" } },
        ],
      },
    }),
  );
  return { orderUuids: orders.data.map((o) => o.uuid), routeUuid: routes.data[0]!.uuid };
}

/** What the example left behind for somebody else's orders and route: nothing at all. */
async function expectUntouched(others: { orderUuids: string[]; routeUuid: string }) {
  for (const orderUuid of others.orderUuids) {
    const order = await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }));
    expect(order).toMatchObject({ status: "not_scheduled", routeUuid: null });
  }
  const route = await unwrap(
    client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: others.routeUuid } } }),
  );
  expect(route).toMatchObject({ ordersCount: 0, publishedAt: null });
}

describe("the delivery-day example against the standalone server", () => {
  it("plans, publishes and completes only its own orders, even on a day with other orders", async () => {
    const others = await othersDay("2026-11-30");
    const report = await runDeliveryDay(client, "2026-11-30");
    expect(report).toEqual<DayReport>({
      date: "2026-11-30",
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
    await expectUntouched(others);
  });

  it("runs as `npm start -w examples/delivery-day` does, on a day a week from today", async () => {
    const date = dayOfItsOwn(new Date());
    const others = await othersDay(date);
    const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const { DISPATCH_DATE: _unset, ...env } = process.env;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", main], {
      cwd: root,
      env: { ...env, DISPATCH_BASE_URL: server.url, DISPATCH_TOKEN: "dev-token" },
      timeout: 60_000,
    });
    const report = JSON.parse(stdout) as DayReport;
    expect(report).toMatchObject({ date, ordersCreated: 5, scheduled: 5, unscheduled: 0, keptOnRoutes: 5 });
    await expectUntouched(others);
  });

  it("takes a day a week after today, across months and years", () => {
    expect(dayOfItsOwn(new Date("2026-11-23T23:30:00Z"))).toBe("2026-11-30");
    expect(dayOfItsOwn(new Date("2026-12-28T00:00:00Z"))).toBe("2027-01-04");
    expect(dayOfItsOwn(new Date("2028-02-25T12:00:00Z"))).toBe("2028-03-03");
  });
});
