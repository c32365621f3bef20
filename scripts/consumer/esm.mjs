// An ESM consumer of the packed packages (run by scripts/consumer-test.mjs in a fresh project): the SDK over real
// HTTP against the standalone fake of `@dispatchkit/fake-server`, the host entry `@dispatchkit/fake/node`, and the
// optimizer on its own.
import assert from "node:assert/strict";
import { createFake } from "@dispatchkit/fake";
import { handleControlRequest, hostOf } from "@dispatchkit/fake/node";
import { startServer } from "@dispatchkit/fake-server";
import { solve } from "@dispatchkit/optimizer";
import { createClient, scheduleAndWait, unwrap } from "@dispatchkit/sdk";

assert.equal(process.version, process.env.CONSUMER_NODE_VERSION, "runs on the Node version under test");

const fake = createFake({ seed: 7, now: "2026-11-23T08:00:00Z" });
// The host entry: the control endpoints without a server, and a host's view of the fake.
const clock = await handleControlRequest(fake, new Request(`${fake.baseUrl}/_fake/clock`));
assert.deepEqual(await clock?.json(), { now: "2026-11-23T08:00:00.000Z" });
assert.equal(hostOf(fake).basePath, "");
const running = await startServer(fake, { port: 0 });
try {
  const client = createClient({ baseUrl: running.url, token: fake.token });
  const [workspace] = (await unwrap(client.GET("/v2/workspaces"))).data;
  assert.ok(workspace, "the seeded organization has a workspace");
  const workspaceUuid = workspace.uuid;
  const date = "2026-11-24";
  const streets = ["Torstraße 1", "Kastanienallee 12", "Bergmannstraße 5"];
  const created = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: streets.map((street, i) => ({
        name: `Customer ${i + 1}`,
        deliveryDate: date,
        locations: [{ address: `${street}, Berlin`, latitude: 52.5 + i * 0.01, longitude: 13.38 + i * 0.01 }],
        timeWindows: [{ startTime: "09:00", endTime: "17:00" }],
      })),
    }),
  );
  assert.equal(created.data.length, 3);
  await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [
          {
            name: "Van 1",
            date,
            startTime: "08:00",
            endTime: "18:00",
            startLocation: { address: "Depot", latitude: 52.52, longitude: 13.405 },
          },
        ],
      },
    }),
  );
  const solution = await scheduleAndWait(client, { workspaceUuid, date });
  assert.equal(solution.summary.ordersScheduled, 3);
  assert.deepEqual(solution.unscheduled, []);
  const [route] = solution.routes;
  assert.ok(route, "one planned route");
  assert.deepEqual(
    route.stops.map((s) => s.orderUuid).sort(),
    created.data.map((o) => o.uuid).sort(),
    "the route serves every created order",
  );
  const order = await unwrap(
    client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: route.stops[0]?.orderUuid ?? "" } } }),
  );
  assert.equal(order.status, "scheduled");
} finally {
  await running.close();
}

// The optimizer from its own package: capacity 1 takes one of the two jobs, the other is left out with a reason.
const solution = solve(
  {
    travel: {
      size: 3,
      durations: [
        [0, 600, 900],
        [600, 0, 400],
        [900, 400, 0],
      ],
    },
    vehicles: [{ id: "van", start: 0, end: 0, shiftStart: 0, shiftEnd: 36_000, capacity: 1 }],
    jobs: [
      { id: "a", location: 1, load: 1 },
      { id: "b", location: 2, load: 1 },
    ],
  },
  { seed: 1, budget: "fast" },
);
assert.equal(solution.routes[0]?.stops.length, 1);
assert.deepEqual(
  solution.unassigned.map((u) => u.reason),
  ["capacity"],
);

console.log(`esm consumer on ${process.version}: scheduled 3 orders over HTTP, solved with the optimizer`);
