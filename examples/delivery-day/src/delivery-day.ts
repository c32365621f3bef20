/**
 * A whole delivery day through the SDK: create orders and routes, optimize, publish to drivers, record a
 * delivery and a missed stop, cancel what is left. Runs against the real service or the fake alike.
 */
import { type DispatchClient, deleteOrders, publishAndWait, scheduleAndWait, unwrap } from "@dispatchkit/sdk";

/** What the day produced, for a report or a test. */
export interface DayReport {
  scheduled: number;
  unscheduled: number;
  distanceInKilometers: number;
  delivered: string;
  missed: string;
  cancelled: number;
  keptOnRoutes: number;
}

/** Run the day for `date` in the first workspace of the token's organization. */
export async function runDeliveryDay(client: DispatchClient, date: string): Promise<DayReport> {
  const workspaces = await unwrap(client.GET("/v2/workspaces"));
  const workspace = workspaces.data[0];
  if (!workspace) throw new Error("Failed to run the day: the organization has no workspace");
  const workspaceUuid = workspace.uuid;

  const addresses = ["Torstraße 1", "Kastanienallee 12", "Bergmannstraße 5", "Oranienstraße 40", "Karl-Marx-Allee 90"];
  const created = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: addresses.map((street, i) => ({
        name: `Customer ${i + 1}`,
        deliveryDate: date,
        locations: [{ address: `${street}, Berlin`, latitude: 52.5 + i * 0.01, longitude: 13.38 + i * 0.012 }],
        timeWindows: [{ startTime: "09:00", endTime: "17:00" }],
        load: 2,
      })),
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
            startLocation: { address: "Depot, Alexanderplatz 1, Berlin", latitude: 52.5219, longitude: 13.4132 },
            capacity: 20,
          },
        ],
      },
    }),
  );

  const solution = await scheduleAndWait(client, { workspaceUuid, date }, { timeoutMs: 60_000 });
  await publishAndWait(client, { workspaceUuid, date }, { timeoutMs: 60_000 });

  const route = solution.routes[0];
  const [first, second] = route?.stops ?? [];
  if (!first || !second) throw new Error("Failed to run the day: the plan has fewer than two stops");
  await unwrap(
    client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: first.orderUuid } },
      body: { status: "delivered", notes: "Left with the neighbour" },
    }),
  );
  await unwrap(
    client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: second.orderUuid } },
      body: { status: "missed", missedReason: "Nobody home" },
    }),
  );

  // Cancellations: orders on a published route are kept (the driver has them); the rest are deleted.
  const { deleted, failed } = await deleteOrders(
    client,
    created.data.map((o) => o.uuid),
  );
  return {
    scheduled: solution.summary.ordersScheduled,
    unscheduled: solution.unscheduled.length,
    distanceInKilometers: solution.summary.distanceInKilometers,
    delivered: first.orderUuid,
    missed: second.orderUuid,
    cancelled: deleted.length,
    keptOnRoutes: failed.length,
  };
}
