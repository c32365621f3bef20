/**
 * The page's work, through the SDK only: create a day's orders and routes, schedule them, and read back what the
 * page draws. It runs against any base URL: the fake in the page, the standalone fake, or the service.
 */
import { type DispatchClient, type Solution, scheduleAndWait, unwrap } from "@dispatchkit/sdk";

/** A place on the map. */
export interface Point {
  latitude: number;
  longitude: number;
}

/** One stop of a planned route, as drawn. */
interface PlannedStop extends Point {
  sequence: number;
  customer: string;
  /** `HH:MM–HH:MM`, or `any time`. */
  window: string;
  /** `HH:MM` in the workspace's time zone. */
  arrival: string;
  departure: string;
}

/** A route of the plan, as drawn. */
interface PlannedRoute {
  name: string;
  stops: PlannedStop[];
  distanceInKilometers: number;
  workingTimeInSeconds: number;
  load: number;
}

/** What the page shows. */
export interface DeliveryPlan {
  date: string;
  depot: Point;
  routes: PlannedRoute[];
  /** Customers left off every route, with the reason. */
  unscheduled: { customer: string; reason: string }[];
  summary: Solution["summary"];
}

const DEPOT = { address: "Depot, Alexanderplatz 1, Berlin", latitude: 52.5219, longitude: 13.4132 };
const STREETS = ["Torstraße", "Kastanienallee", "Bergmannstraße", "Oranienstraße", "Schönhauser Allee"];
const WINDOWS = [
  { startTime: "08:00", endTime: "11:00" },
  { startTime: "10:00", endTime: "13:00" },
  { startTime: "12:00", endTime: "15:00" },
  { startTime: "14:00", endTime: "17:00" },
];

/** `count` customers on a spiral 1–6 km around the depot, each with a three-hour window. */
function orderInputs(count: number, date: string) {
  return Array.from({ length: count }, (_, i) => {
    const angle = i * 2.39996; // the golden angle: points spread evenly
    const km = 1 + ((i * 7) % 11) / 2;
    const street = STREETS[i % STREETS.length] ?? "Torstraße";
    return {
      name: `${street} ${i + 1}`,
      deliveryDate: date,
      locations: [
        {
          address: `${street} ${i + 1}, Berlin`,
          latitude: Number((DEPOT.latitude + (km / 111.2) * Math.sin(angle)).toFixed(5)),
          longitude: Number((DEPOT.longitude + (km / 67.8) * Math.cos(angle)).toFixed(5)),
        },
      ],
      timeWindows: [WINDOWS[i % WINDOWS.length] ?? { startTime: "08:00", endTime: "17:00" }],
      duration: 300,
      load: 1 + (i % 3),
    };
  });
}

/** `HH:MM` of an ISO instant written with the workspace's offset (`2026-11-24T08:12:00.000+01:00` → `08:12`). */
const clock = (iso: string) => iso.slice(11, 16);

/** Create `orders` orders and `routes` routes on `date` in the first workspace, schedule them, return the plan. */
export async function planDeliveryDay(
  client: DispatchClient,
  { date, orders = 15, routes = 3 }: { date: string; orders?: number; routes?: number },
): Promise<DeliveryPlan> {
  const [workspace] = (await unwrap(client.GET("/v2/workspaces"))).data;
  if (!workspace) throw new Error("Failed to plan the day: the token has no workspace");
  const workspaceUuid = workspace.uuid;
  const created = await unwrap(
    client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body: orderInputs(orders, date) }),
  );
  const vans = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: Array.from({ length: routes }, (_, i) => ({
          name: `Van ${i + 1}`,
          date,
          startTime: "08:00",
          endTime: "17:00",
          startLocation: DEPOT,
          capacity: 14,
        })),
      },
    }),
  );
  const solution = await scheduleAndWait(client, { workspaceUuid, date }, { intervalMs: 50 });

  const byUuid = new Map(created.data.map((o) => [o.uuid, o]));
  const names = new Map(vans.data.map((r) => [r.uuid, r.name]));
  return {
    date,
    depot: DEPOT,
    routes: solution.routes.map((route) => ({
      name: names.get(route.routeUuid) ?? route.routeUuid,
      distanceInKilometers: route.distanceInKilometers,
      workingTimeInSeconds: route.workingTimeInSeconds,
      load: route.load,
      stops: route.stops.map((stop) => {
        const order = byUuid.get(stop.orderUuid);
        const window = order?.timeWindows[0];
        return {
          sequence: stop.sequence,
          customer: order?.name ?? stop.orderUuid,
          latitude: order?.locations[0]?.latitude ?? DEPOT.latitude,
          longitude: order?.locations[0]?.longitude ?? DEPOT.longitude,
          window: window ? `${window.startTime}–${window.endTime}` : "any time",
          arrival: clock(stop.arrivalTime),
          departure: clock(stop.departureTime),
        };
      }),
    })),
    unscheduled: solution.unscheduled.map((u) => ({
      customer: byUuid.get(u.orderUuid)?.name ?? u.orderUuid,
      reason: u.reason,
    })),
    summary: solution.summary,
  };
}
