/**
 * The README's SDK quickstart, run as it stands there (the `// docs:readme-sdk` region; test/readme/readme-drift.test.ts
 * checks that README.md shows exactly this code). The fake answers through MSW at the base URL and with the token the
 * README uses, so not even the client line differs. Only the packages' public exports are used.
 */
import { createFake } from "@dispatchkit/fake";
import { createClient, NotFoundError, publishAndWait, scheduleAndWait, unwrap } from "@dispatchkit/sdk";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";

const fake = createFake({ baseUrl: "http://127.0.0.1:4010", token: "dev-token", now: "2026-11-23T08:00:00Z" });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

it("runs the README's SDK quickstart: one order planned, the empty van skipped at publishing, a typed NOT_FOUND", async () => {
  const printed: unknown[][] = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void printed.push(args));

  // docs:readme-sdk
  const client = createClient({ baseUrl: "http://127.0.0.1:4010", token: "dev-token" }); // `npm start`, or the service
  const { data: workspaces } = await unwrap(client.GET("/v2/workspaces")); // the data, or a typed error thrown
  const workspaceUuid = workspaces[0]!.uuid;
  const date = "2026-11-24";
  const at = { address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401 };
  const order = { name: "Ada", deliveryDate: date, locations: [at] };
  const van = { name: "Van 1", date, startTime: "08:00", endTime: "18:00", startLocation: at };
  const { data: orders } = await unwrap(
    client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body: [order] }),
  );
  const vans = [van, { ...van, name: "Van 2" }];
  const { data: routes } = await unwrap(client.POST("/v2/routes", { body: { workspaceUuid, routes: vans } }));
  const planned = { workspaceUuid, date, orders: orders.map((o) => o.uuid), routes: routes.map((r) => r.uuid) };
  const plan = await scheduleAndWait(client, planned); // the API answers 202 and an action: this polls it to the end
  console.log(plan.summary.ordersScheduled, plan.summary.routesUsed); // 1 1
  // Publish the day to the drivers' app: the van the plan left empty is skipped, the other one published.
  const { published, skipped } = await publishAndWait(client, { workspaceUuid, date });
  console.log(published.length, skipped[0]?.reason); // 1 route has no orders
  try {
    const orderUuid = "8a1e2f60-0000-4000-8000-000000000000";
    await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error; // ValidationError, RateLimitError, … (see the SDK guide)
    console.log(error.code, error.requestId); // NOT_FOUND req_…
  }
  // docs:end

  expect(printed).toEqual([
    [1, 1],
    [1, "route has no orders"],
    ["NOT_FOUND", expect.stringMatching(/^req_/)],
  ]);
});
