/**
 * A whole delivery day through the SDK: create orders and a route, plan them, publish the route to the driver
 * app, record a delivery and a missed stop, cancel what is left. Runs against the real service or the fake alike.
 *
 * It plans and publishes only what it created ("schedule specific", `routeUuids`), so other orders and routes
 * of the workspace on the same date (the standalone server's demo data, a colleague's test) stay out of it and
 * out of its report.
 */
import { type DispatchClient, deleteOrders, publishAndWait, scheduleAndWait, unwrap } from "@dispatchkit/sdk";

/** What the day produced, for a report or a test. */
export interface DayReport {
  date: string;
  /** Orders the day created, and how many of them the plan put on its route. */
  ordersCreated: number;
  scheduled: number;
  unscheduled: number;
  distanceInKilometers: number;
  routeUuid: string;
  delivered: string;
  missed: string;
  /** Cancellations: orders deleted, and orders kept because they are on the published route. */
  cancelled: number;
  keptOnRoutes: number;
}

const STREETS = ["Torstraße 1", "Kastanienallee 12", "Bergmannstraße 5", "Oranienstraße 40", "Karl-Marx-Allee 90"];

/** Run the day for `date` in the first workspace of the token's organization. */
export async function runDeliveryDay(client: DispatchClient, date: string): Promise<DayReport> {
  const workspaces = await unwrap(client.GET("/v2/workspaces"));
  const workspace = workspaces.data[0];
  if (!workspace) throw new Error("Failed to run the day: the organization has no workspace");
  const workspaceUuid = workspace.uuid;

  const created = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: STREETS.map((street, i) => ({
        name: `Customer ${i + 1}`,
        deliveryDate: date,
        locations: [{ address: `${street}, Berlin`, latitude: 52.5 + i * 0.01, longitude: 13.38 + i * 0.012 }],
        timeWindows: [{ startTime: "09:00", endTime: "17:00" }],
        load: 2,
      })),
    }),
  );
  const routes = await unwrap(
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
  const routeUuid = routes.data[0]?.uuid;
  if (!routeUuid) throw new Error("Failed to run the day: the route was not created");
  const orderUuids = created.data.map((o) => o.uuid);

  const solution = await scheduleAndWait(
    client,
    { workspaceUuid, date, orders: orderUuids, routes: [routeUuid] },
    { timeoutMs: 60_000 },
  );
  await publishAndWait(client, { workspaceUuid, date, routeUuids: [routeUuid] }, { timeoutMs: 60_000 });

  const [first, second] = solution.routes[0]?.stops ?? [];
  if (!first || !second) throw new Error("Failed to run the day: the plan has fewer than two stops");
  // The driver's day as planned: the first stop delivered when planned, nobody home at the second.
  await unwrap(
    client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: first.orderUuid } },
      body: { status: "delivered", completedAt: first.departureTime, notes: "Left with the neighbour" },
    }),
  );
  await unwrap(
    client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: second.orderUuid } },
      body: { status: "missed", completedAt: second.arrivalTime, missedReason: "Nobody home" },
    }),
  );

  // Cancellations: orders on a published route are kept (the driver has them); the rest are deleted.
  const { deleted, failed } = await deleteOrders(client, orderUuids);
  return {
    date,
    ordersCreated: created.data.length,
    scheduled: solution.summary.ordersScheduled,
    unscheduled: solution.unscheduled.length,
    distanceInKilometers: solution.summary.distanceInKilometers,
    routeUuid,
    delivered: first.orderUuid,
    missed: second.orderUuid,
    cancelled: deleted.length,
    keptOnRoutes: failed.length,
  };
}

/** A week after `today` (YYYY-MM-DD): a day of its own, away from the standalone server's demo data (today). */
export function dayOfItsOwn(today: Date): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 7));
  return day.toISOString().slice(0, 10);
}
