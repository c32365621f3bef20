// A CommonJS consumer of the packed packages (run by scripts/consumer-test.mjs in a fresh project): everything
// through require(), the SDK against the fake's in-process fetch, and the standalone server of
// `@dispatchkit/fake-server` hosting a fake made by `@dispatchkit/fake` (it reads it through `@dispatchkit/fake/node`,
// which shares one module instance with `@dispatchkit/fake`).
const assert = require("node:assert/strict");
const { createFake } = require("@dispatchkit/fake");
const { startServer } = require("@dispatchkit/fake-server");
const { solve } = require("@dispatchkit/optimizer");
const { createClient, scheduleAndWait, unwrap, NotFoundError } = require("@dispatchkit/sdk");

async function main() {
  assert.equal(process.version, process.env.CONSUMER_NODE_VERSION, "runs on the Node version under test");

  const fake = createFake({ seed: 3, now: "2026-11-23T08:00:00Z" });
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (request) => fake.fetch(request) });
  const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
  const date = "2026-11-24";
  const created = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: [
        {
          name: "Ada",
          deliveryDate: date,
          locations: [{ address: "Torstraße 1", latitude: 52.529, longitude: 13.401 }],
        },
        {
          name: "Alan",
          deliveryDate: date,
          locations: [{ address: "Auguststraße 5", latitude: 52.527, longitude: 13.397 }],
        },
      ],
    }),
  );
  await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [
          {
            name: "Bike 1",
            date,
            startTime: "08:00",
            endTime: "12:00",
            startLocation: { address: "Depot", latitude: 52.52, longitude: 13.405 },
          },
        ],
      },
    }),
  );
  const solution = await scheduleAndWait(client, { workspaceUuid, date });
  assert.equal(solution.summary.ordersScheduled, 2);
  assert.deepEqual(
    solution.routes.flatMap((r) => r.stops.map((s) => s.orderUuid)).sort(),
    created.data.map((o) => o.uuid).sort(),
  );
  await assert.rejects(
    unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "no-such-order" } } })),
    (error) => error instanceof NotFoundError,
  );

  const running = await startServer(fake, { port: 0 });
  try {
    const response = await fetch(`${running.url}/v2/orders?workspaceUuid=${workspaceUuid}&date=${date}`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    assert.equal(response.status, 200);
    const body = /** @type {{ data: { status: string }[] }} */ (await response.json());
    assert.deepEqual(body.data.map((o) => o.status).sort(), ["scheduled", "scheduled"]);
  } finally {
    await running.close();
  }

  const plan = solve({
    travel: { size: 2, durations: (from, to) => (from === to ? 0 : 300) },
    vehicles: [{ id: "van", start: 0, shiftStart: 0, shiftEnd: 3_600 }],
    jobs: [{ id: "only", location: 1, service: 60 }],
  });
  assert.deepEqual(
    plan.routes[0]?.stops.map((s) => [s.jobId, s.arrival]),
    [["only", 300]],
  );

  console.log(`cjs consumer on ${process.version}: scheduled 2 orders in process, served them over HTTP`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
