/**
 * Demo data for the standalone server: a day's orders around the workspace's service area and a few routes,
 * created through the public API so they obey every rule a client's data does.
 */

import type { Fake } from "@dispatchkit/fake";
import type { components } from "@dispatchkit/sdk";

type OrderInput = components["schemas"]["OrderInput"];
type RouteInput = components["schemas"]["RouteInput"];

const STREETS = ["Lindenstraße", "Friedrichstraße", "Torstraße", "Invalidenstraße", "Kastanienallee", "Bergmannstraße"];
const WINDOWS: [string, string][] = [
  ["08:00", "12:00"],
  ["09:00", "13:00"],
  ["12:00", "16:00"],
  ["13:00", "18:00"],
];

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/** What {@link seedDemoData} created. */
export interface DemoData {
  date: string;
  workspaceUuid: string;
  orders: number;
  routes: number;
}

async function call(fake: Fake, method: string, path: string, body: unknown): Promise<unknown> {
  const response = await fake.fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`Failed to seed demo data: ${method} ${path} answered ${JSON.stringify(json)}`);
  return json;
}

/**
 * Create `orders` orders (default 24) for today in the first workspace and `routes` routes (default 3) to
 * schedule them on.
 */
export async function seedDemoData(fake: Fake, options: { orders?: number; routes?: number } = {}): Promise<DemoData> {
  const workspace = fake.workspaces[0];
  if (!workspace) throw new Error("Failed to seed demo data: the fake has no workspace");
  const date = localDate(fake.clock.now(), workspace.timezone);
  const { latitude, longitude } = workspace.serviceArea;
  const orderCount = options.orders ?? 24;
  const routeCount = options.routes ?? 3;
  const orders: OrderInput[] = Array.from({ length: orderCount }, (_, i) => {
    const window = WINDOWS[i % WINDOWS.length] ?? ["08:00", "18:00"];
    // A deterministic spiral around the centre, within about 8 km.
    const angle = i * 2.399963;
    const radiusKm = 1 + ((i * 37) % 70) / 10;
    return {
      name: `Demo customer ${i + 1}`,
      customerOrderNumber: `DEMO-${String(i + 1).padStart(4, "0")}`,
      deliveryDate: date,
      locations: [
        {
          address: `${STREETS[i % STREETS.length]} ${i + 1}, Berlin`,
          latitude: Number((latitude + (radiusKm / 111) * Math.sin(angle)).toFixed(6)),
          longitude: Number((longitude + (radiusKm / 68) * Math.cos(angle)).toFixed(6)),
        },
      ],
      timeWindows: [{ startTime: window[0], endTime: window[1] }],
      duration: 300,
      load: 1 + (i % 3),
    };
  });
  const routes: RouteInput[] = Array.from({ length: routeCount }, (_, i) => ({
    name: `Demo route ${i + 1}`,
    date,
    startTime: "07:30",
    endTime: "18:30",
    startLocation: { address: "Depot, Alexanderplatz 1, Berlin", latitude, longitude },
    capacity: 40,
  }));
  await call(fake, "POST", `/v2/orders?workspaceUuid=${workspace.uuid}`, orders);
  await call(fake, "POST", "/v2/routes", { workspaceUuid: workspace.uuid, routes });
  return { date, workspaceUuid: workspace.uuid, orders: orderCount, routes: routeCount };
}
