/**
 * Scheduling on the standalone server's worker thread (`startServer({ schedulingWorker: true })`): the run's action
 * is answered pending while the worker plans, the plan is the one the fake makes in its own thread for the same seed,
 * and a run whose orders change while it plans is planned again from what is there when it commits.
 */
import { createFake, type Fake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, describe, expect, it } from "vitest";
import { type Body, type Call, caller } from "./support/same-calls.js";

const NOW = "2026-11-23T08:00:00Z";
const DATE = "2026-11-23";
const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.close();
});

/** The same day on either host: 40 orders around Berlin, 4 routes. */
async function buildDay(fake: Fake, call: Call): Promise<string> {
  const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
  const orders = Array.from({ length: 40 }, (_, i) => ({
    deliveryDate: DATE,
    name: `Customer ${i}`,
    duration: 300,
    load: 1 + (i % 3),
    locations: [
      { address: `Street ${i}`, latitude: 52.45 + ((i * 37) % 100) / 1000, longitude: 13.3 + ((i * 53) % 100) / 500 },
    ],
  }));
  expect((await call("POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, orders)).status).toBe(201);
  const depot = { address: "Depot", latitude: 52.5, longitude: 13.4 };
  const routes = Array.from({ length: 4 }, (_, i) => ({
    name: `Route ${i}`,
    date: DATE,
    startTime: "08:00",
    endTime: "16:00",
    capacity: 25,
    startLocation: depot,
  }));
  expect((await call("POST", "/v2/routes", { workspaceUuid, routes })).status).toBe(201);
  return workspaceUuid;
}

/** Start a run and poll it until it ends; returns the polls that answered pending and the solution. */
async function schedule(call: Call, workspaceUuid: string) {
  const started = await call("POST", "/v2/schedules", { workspaceUuid, date: DATE });
  expect(started.status).toBe(202);
  const uuid = started.body.actionUuid as string;
  let pendingPolls = 0;
  for (;;) {
    const polled = await call("GET", `/v2/schedules/${uuid}`);
    if (polled.body.status !== "pending") {
      expect(polled.body.status).toBe("finished");
      break;
    }
    pendingPolls += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const solution = await call("GET", `/v2/schedules/${uuid}/solution`);
  expect(solution.status).toBe(200);
  return { uuid, pendingPolls, solution: solution.body };
}

describe("startServer({ schedulingWorker: true })", () => {
  it("plans on the worker thread, pending meanwhile, and makes the plan the fake makes in its own thread", async () => {
    const inProcess = createFake({ seed: 9, now: NOW });
    const served = createFake({ seed: 9, now: NOW });
    const server = await startServer(served, { port: 0, schedulingWorker: true });
    running.push(server);
    const local = caller(inProcess);
    const remote = caller(served, server.url);
    const [localWorkspace, remoteWorkspace] = [await buildDay(inProcess, local), await buildDay(served, remote)];
    const here = await schedule(local, localWorkspace);
    const there = await schedule(remote, remoteWorkspace);
    // In process the run ends within its request; on the worker it is answered pending first.
    expect(here.pendingPolls).toBe(0);
    expect(there.pendingPolls).toBeGreaterThan(0);
    expect(there.uuid).toBe(here.uuid);
    expect(there.solution.summary).toEqual(here.solution.summary);
    expect(there.solution.summary?.ordersScheduled).toBeGreaterThan(0);
    const stops = (solution: Body) =>
      (solution.routes ?? []).map((r) => [r.routeUuid, r.stops.map((s) => [s.orderUuid, s.arrivalTime])]);
    expect(stops(there.solution)).toEqual(stops(here.solution));
  });

  it("plans again from the state of the moment when the run's orders changed while it planned", async () => {
    const served = createFake({ seed: 4, now: NOW });
    const server = await startServer(served, { port: 0, schedulingWorker: true });
    running.push(server);
    const remote = caller(served, server.url);
    const workspaceUuid = await buildDay(served, remote);
    const started = await remote("POST", "/v2/schedules", { workspaceUuid, date: DATE });
    expect(started.status).toBe(202);
    // While it plans: one more order for the day. The run commits only a plan that includes it.
    const late = await remote("POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, [
      { deliveryDate: DATE, name: "Late", locations: [{ address: "Late street", latitude: 52.51, longitude: 13.41 }] },
    ]);
    expect(late.status).toBe(201);
    const lateUuid = late.body.data?.[0]?.uuid as string;
    for (;;) {
      const polled = await remote("GET", `/v2/schedules/${started.body.actionUuid}`);
      if (polled.body.status !== "pending") break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const solution = await remote("GET", `/v2/schedules/${started.body.actionUuid}/solution`);
    const planned = (solution.body.routes ?? []).flatMap((r) => r.stops.map((s) => s.orderUuid));
    const left = (solution.body.unscheduled ?? []).map((u) => u.orderUuid);
    expect([...planned, ...left]).toContain(lateUuid);
    expect(planned.length + left.length).toBe(41);
  });
});
