// @ts-check
// The CommonJS module against @dispatchkit/fake, required as a CommonJS project requires it: in process through
// `fake.fetch`, and over HTTP through the standalone server of `@dispatchkit/fake-server`. Runs with node:test.
const assert = require("node:assert/strict");
const { describe, it } = require("node:test");
const { createFake } = require("@dispatchkit/fake");
const { startServer } = require("@dispatchkit/fake-server");
const { connect, orderStatus, planAndPublish } = require("../src/dispatch.js");

const STOPS = [
  { name: "Ada", address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401 },
  { name: "Alan", address: "Auguststraße 5, Berlin", latitude: 52.527, longitude: 13.397 },
];

describe("the CommonJS consumer", () => {
  it("plans and publishes a day against the fake in process", async () => {
    const fake = createFake({ seed: 2, now: "2026-11-23T08:00:00Z" });
    const client = connect({ baseUrl: fake.baseUrl, token: fake.token, fetch: (request) => fake.fetch(request) });
    const day = await planAndPublish(client, "2026-11-24", STOPS);
    assert.deepEqual([...day.order].sort(), ["Ada", "Alan"]);
    assert.equal(day.unscheduled, 0);
    const route = fake.journal.list({ operationId: "publishRoutes" }).map((call) => call.status);
    assert.deepEqual(route, [202]);
    assert.equal(await orderStatus(client, "8a1e2f60-0000-4000-8000-000000000000"), null);
  });

  it("does the same over HTTP against the standalone server", async () => {
    const fake = createFake({ seed: 2, now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0" });
    const running = await startServer(fake, { port: 0 });
    try {
      const client = connect({ baseUrl: running.url, token: fake.token });
      const day = await planAndPublish(client, "2026-11-24", STOPS);
      assert.deepEqual([...day.order].sort(), ["Ada", "Alan"]);
      const orders = await fetch(`${running.url}/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}&date=2026-11-24`, {
        headers: { authorization: `Bearer ${fake.token}` },
      });
      const body = /** @type {{ data: { status: string }[] }} */ (await orders.json());
      assert.deepEqual(
        body.data.map((order) => order.status),
        ["scheduled", "scheduled"],
      );
    } finally {
      await running.close();
    }
  });
});
