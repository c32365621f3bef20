/**
 * docs/getting-started.md, run: each ```ts block of the guide is a `// docs:` region below, executed in order
 * against the fake (every answer validated against openapi.yaml), and the first test checks that the guide and
 * this file show the same code. What the guide's comments say the blocks print is asserted too.
 */
import {
  createClient,
  NotFoundError,
  publishAndWait,
  scheduleAndWait,
  unwrap,
  ValidationError,
} from "@dispatchkit/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { docBlocks, sourceRegions } from "../support/doc-examples.js";
import { useFakeServer } from "../support/fake-server.js";

const GUIDE = new URL("../../docs/getting-started.md", import.meta.url);
const handle = useFakeServer();

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.DISPATCH_BASE_URL;
  delete process.env.DISPATCH_TOKEN;
});

describe("docs/getting-started.md", () => {
  it("shows exactly the code this file runs", () => {
    expect(docBlocks(GUIDE)).toEqual(sourceRegions(new URL(import.meta.url)).map((r) => r.code));
  });

  it("runs the delivery day and the errors example against the fake", async () => {
    // The guide's client reads these; here they point at the fake behind MSW.
    process.env.DISPATCH_BASE_URL = handle.fake.baseUrl;
    process.env.DISPATCH_TOKEN = handle.fake.token;
    const logged: unknown[][] = [];
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });

    // docs:client
    const client = createClient({
      baseUrl: process.env.DISPATCH_BASE_URL ?? "http://127.0.0.1:4010",
      token: process.env.DISPATCH_TOKEN ?? "dev-token",
    });
    // docs:end
    // docs:workspace
    const { data: workspaces } = await unwrap(client.GET("/v2/workspaces"));
    const workspace = workspaces[0]!;
    const workspaceUuid = workspace.uuid;
    const date = "2026-11-24"; // the delivery day
    // docs:end
    // docs:orders
    const { data: orders } = await unwrap(
      client.POST("/v2/orders", {
        params: { query: { workspaceUuid } },
        body: [
          {
            name: "Ada Lovelace",
            deliveryDate: date,
            locations: [{ address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401 }],
            timeWindows: [{ startTime: "09:00", endTime: "12:00" }],
            load: 2,
          },
          {
            name: "Grace Hopper",
            deliveryDate: date,
            locations: [{ address: "Oranienstraße 40, Berlin", latitude: 52.502, longitude: 13.418 }],
            timeWindows: [{ startTime: "13:00", endTime: "17:00" }],
            load: 1,
          },
        ],
      }),
    );
    console.log(orders.map((order) => `${order.orderNumber}: ${order.status}`)); // [ 'ORD-…: not_scheduled', … ]
    // docs:end
    // docs:routes
    const { data: routes } = await unwrap(
      client.POST("/v2/routes", {
        body: {
          workspaceUuid,
          routes: [
            {
              name: "Van 1",
              date,
              startTime: "08:00",
              endTime: "18:00",
              startLocation: { address: "Depot, Alexanderplatz 1, Berlin", latitude: 52.5219, longitude: 13.4132 },
              capacity: 20,
            },
          ],
        },
      }),
    );
    const route = routes[0]!;
    // docs:end
    // docs:schedule
    const plan = await scheduleAndWait(client, {
      workspaceUuid,
      date,
      orders: orders.map((order) => order.uuid),
      routes: [route.uuid],
    });
    console.log(plan.summary.ordersScheduled, plan.unscheduled); // 2 []
    const stops = plan.routes[0]!.stops; // in driving order, with arrival and departure times
    // docs:end
    // docs:publish
    const publishing = await publishAndWait(client, { workspaceUuid, date, routeUuids: [route.uuid] });
    console.log(publishing.published.length, publishing.skipped); // 1 []
    // docs:end
    // docs:complete
    await unwrap(
      client.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid: stops[0]!.orderUuid } },
        body: { status: "delivered", completedAt: stops[0]!.departureTime, notes: "Left with the neighbour" },
      }),
    );
    await unwrap(
      client.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid: stops[1]!.orderUuid } },
        body: { status: "missed", completedAt: stops[1]!.arrivalTime, missedReason: "Nobody home" },
      }),
    );
    // docs:end
    // docs:timeline
    const { data: timeline } = await unwrap(
      client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route.uuid } } }),
    );
    for (const stop of timeline.filter((entry) => entry.type === "delivering_stop")) {
      console.log(stop.sequence, stop.plannedArrivalTime, stop.actualArrivalTime, stop.orders[0]?.status);
    }
    // docs:end
    // docs:errors
    try {
      await unwrap(
        client.GET("/v2/orders/{orderUuid}", {
          params: { path: { orderUuid: "8a1e2f60-0000-4000-8000-000000000000" } },
        }),
      );
    } catch (error) {
      if (error instanceof NotFoundError)
        console.log(error.code, error.requestId); // NOT_FOUND req_…
      else if (error instanceof ValidationError)
        for (const detail of error.details) console.log(detail.path, detail.message);
      else throw error;
    }
    // docs:end

    const [created, scheduled, publishedLog, first, second, notFound, ...rest] = logged;
    expect(rest).toEqual([]);
    expect(created).toEqual([["ORD-1: not_scheduled", "ORD-2: not_scheduled"]]);
    expect(scheduled).toEqual([2, []]);
    expect(publishedLog).toEqual([1, []]);
    // Ada's window is the morning, Grace's the afternoon: Ada first, delivered; Grace missed.
    expect(stops.map((s) => s.orderUuid)).toEqual(orders.map((o) => o.uuid));
    expect(first).toEqual([
      1,
      expect.stringMatching(/^2026-11-24T09:\d\d:00\.000\+01:00$/),
      stops[0]!.arrivalTime,
      "delivered",
    ]);
    expect(second).toEqual([2, stops[1]!.arrivalTime, stops[1]!.arrivalTime, "missed"]);
    expect(notFound).toEqual(["NOT_FOUND", expect.stringMatching(/^req_[0-9a-f]{24}$/)]);
  });
});
