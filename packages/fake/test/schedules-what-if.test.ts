import { createFake, type Fake } from "@dispatchkit/fake";
import { createClient } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { DATE, DEPOT, pointNear, pollRun, seedOrders, seedRoutes, solutionOf, startRun } from "./schedules-support.js";
import { inspectWithout } from "./support/inspect.js";

const server = useFakeServer();
const clientOf = () => createClient({ baseUrl: server.fake.baseUrl, token: server.fake.token });
const workspaceUuid = () => server.fake.workspaces[0]!.uuid;

/**
 * The state as bytes, without the run record (its action and stored solution) and the answer kept for the SDK's
 * idempotency key (the POST's own record, not a change to the data it plans over).
 */
function snapshot(fake: Fake): string {
  return JSON.stringify(inspectWithout(fake, "actions", "solutions", "idempotencyKeys"));
}

describe("POST /v2/schedules: what-if", () => {
  it("plans a self-contained problem and leaves the state byte-for-byte unchanged", async () => {
    const { fake } = server;
    const client = clientOf();
    // Existing data that a what-if run must not touch.
    const orders = seedOrders(fake, [{}, {}, {}]);
    const [route] = seedRoutes(fake, [{}]);
    fake.control.assignOrders(route!.uuid, [orders[0]!.uuid]);
    const before = snapshot(fake);
    const actionsBefore = fake.inspect().counts.actions;

    const mine = "11111111-1111-4111-8111-111111111111";
    const bike = "22222222-2222-4222-8222-222222222222";
    const actionUuid = await startRun(client, {
      workspaceUuid: workspaceUuid(),
      date: DATE,
      whatIf: {
        orders: [
          { uuid: mine, locations: [pointNear(1)], timeWindows: [{ startTime: "10:00", endTime: "12:00" }] },
          { locations: [{ address: "Unter den Linden 1, Berlin" }], tags: ["fridge"] },
          { locations: [pointNear(2)], load: 3 },
        ],
        routes: [
          {
            uuid: bike,
            name: "Bike 1",
            date: DATE,
            startTime: "08:00",
            endTime: "16:00",
            startLocation: DEPOT,
            capacity: 2,
          },
        ],
      },
      options: { travelMode: "bicycle" },
    });

    const action = await pollRun(client, actionUuid);
    expect(action).toMatchObject({
      status: "finished",
      actionSummary: { routesUsed: 1, ordersScheduled: 1, ordersUnscheduled: 2, committed: false },
    });
    const solution = await solutionOf(client, actionUuid);
    expect(solution.committed).toBe(false);
    expect(solution.routes).toHaveLength(1);
    expect(solution.routes[0]?.routeUuid).toBe(bike);
    expect(solution.routes[0]?.stops.map((s) => s.orderUuid)).toEqual([mine]);
    const arrival = solution.routes[0]!.stops[0]!.arrivalTime;
    expect(arrival >= "2026-11-24T10:00:00.000+01:00" && arrival <= "2026-11-24T12:00:00.000+01:00").toBe(true);
    expect(solution.unscheduled.map((u) => u.reason)).toEqual(["tags", "capacity"]);
    expect(solution.unscheduled[0]?.orderUuid).toMatch(/^[0-9a-f-]{36}$/);

    expect(snapshot(fake)).toBe(before);
    expect(fake.inspect().counts.actions).toBe(actionsBefore + 1);
    expect(fake.inspect().solutions.map((s) => s.actionUuid)).toEqual([actionUuid]);
  });

  it("validates what-if inputs with field paths and stores nothing on failure", async () => {
    const { fake } = server;
    const client = clientOf();
    const before = snapshot(fake);
    const res = await client.POST("/v2/schedules", {
      body: {
        workspaceUuid: workspaceUuid(),
        date: DATE,
        whatIf: {
          orders: [{ locations: [pointNear(1)], timeWindows: [{ startTime: "12:00", endTime: "10:00" }] }],
          routes: [{ name: "Late", date: "2026-11-25", startTime: "08:00", endTime: "16:00", startLocation: DEPOT }],
        },
      } as never,
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.details?.map((d) => d.path)).toEqual([
      "whatIf.orders[0].timeWindows[0].endTime",
      "whatIf.routes[0].date",
    ]);
    const unknown = await client.POST("/v2/schedules", {
      body: {
        workspaceUuid: workspaceUuid(),
        date: DATE,
        whatIf: { orders: [{ locations: [pointNear(1)], colour: "red" }], routes: [] },
      } as never,
    });
    expect(unknown.response.status).toBe(400);
    expect(unknown.error?.details?.map((d) => d.path)).toEqual(["whatIf.orders[0].colour", "whatIf.routes"]);
    expect(snapshot(fake)).toBe(before);
    expect(fake.inspect().counts.actions).toBe(0);
  });
});

describe("what-if and committed runs agree", () => {
  it("gives the same routes, times and totals for the same problem", async () => {
    const { fake } = server;
    const client = clientOf();
    const windows = ["09:00-10:00", "11:00-12:00", "14:00-15:00"].map((w) => {
      const [startTime, endTime] = w.split("-") as [string, string];
      return { timeWindows: [{ startTime, endTime }] };
    });
    const orders = seedOrders(fake, windows);
    const [route] = seedRoutes(fake, [{ endLocation: DEPOT }]);
    const whatIf = await startRun(client, {
      workspaceUuid: workspaceUuid(),
      date: DATE,
      whatIf: {
        orders: orders.map((o, i) => ({ uuid: o.uuid, locations: [pointNear(i)], ...windows[i] })),
        routes: [
          {
            uuid: route!.uuid,
            name: "Van 1",
            date: DATE,
            startTime: "08:00",
            endTime: "17:00",
            startLocation: DEPOT,
            endLocation: DEPOT,
          },
        ],
      },
    });
    const committed = await startRun(client, { workspaceUuid: workspaceUuid(), date: DATE });
    const a = await solutionOf(client, whatIf);
    const b = await solutionOf(client, committed);
    expect(a.committed).toBe(false);
    expect(b.committed).toBe(true);
    expect(a.routes).toEqual(b.routes);
    expect(a.summary).toEqual(b.summary);
    expect(a.summary.idleTimeInSeconds).toBeGreaterThan(0);
  });
});

describe("determinism", () => {
  it("gives the same plan for the same seed and the same calls", async () => {
    const run = async () => {
      const fake = createFake({ seed: 42, now: "2026-11-23T08:00:00Z" });
      seedOrders(
        fake,
        Array.from({ length: 30 }, (_, i) => ({
          load: 1 + (i % 3),
          ...(i % 4 === 0 ? { timeWindows: [{ startTime: "09:00", endTime: "12:00" }] } : {}),
        })),
      );
      seedRoutes(fake, [{ capacity: 25 }, { capacity: 25 }, { capacity: 25 }]);
      const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (r: Request) => fake.fetch(r) });
      const actionUuid = await startRun(client, {
        workspaceUuid: fake.workspaces[0]!.uuid,
        date: DATE,
        options: { balance: true },
      });
      return { solution: await solutionOf(client, actionUuid), routes: fake.inspect().routes };
    };
    const a = await run();
    const b = await run();
    expect(a.solution.summary.ordersScheduled).toBe(30);
    expect(b).toEqual(a);
  });
});
