// The whole flow in a few lines (the one docs/getting-started.md walks through step by step: orders, a route,
// scheduling, publishing, proof of delivery, the timeline, cancellations) against the fake, every answer validated
// against openapi.yaml.
import { createClient, deleteOrders, publishAndWait, scheduleAndWait, unwrap } from "@dispatchkit/sdk";
import { expect, it } from "vitest";
import { useFakeServer } from "../support/fake-server.js";

const server = useFakeServer();

it("runs the whole flow", async () => {
  const client = createClient({ baseUrl: server.fake.baseUrl, token: server.fake.token });
  const [workspace] = (await unwrap(client.GET("/v2/workspaces"))).data;
  const workspaceUuid = workspace!.uuid,
    date = "2026-11-24";
  const stop = { address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401 };
  const { data: orders } = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: [
        { name: "Ada", deliveryDate: date, locations: [stop], timeWindows: [{ startTime: "09:00", endTime: "12:00" }] },
      ],
    }),
  );
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
  const plan = await scheduleAndWait(client, { workspaceUuid, date });
  await publishAndWait(client, { workspaceUuid, date });
  await unwrap(
    client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orders[0]!.uuid } },
      body: { status: "delivered" },
    }),
  );
  const timeline = await unwrap(
    client.GET("/v2/routes/{routeUuid}/timeline", {
      params: { path: { routeUuid: plan.routes[0]!.routeUuid } },
    }),
  );
  const result = await deleteOrders(
    client,
    orders.map((o) => o.uuid),
  );

  // Beyond the flow: the route after a completion a day before its shift (the fake's clock is 2026-11-23T08:00Z)
  // starts in time to drive to the stop (121 s) and serve it (300 s); every answer is checked against openapi.yaml.
  const route = await unwrap(
    client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: plan.routes[0]!.routeUuid } } }),
  );
  expect(route.workingTimeInSeconds).toBe(421);

  const delivering = timeline.data.find((s) => s.type === "delivering_stop");
  expect(delivering?.orders[0]?.status).toBe("delivered");
  expect(delivering?.actualDepartureTime).not.toBeNull();
  expect(result).toEqual({ deleted: [], failed: [{ uuid: orders[0]!.uuid, reason: "order_completed" }] });
});
