/**
 * What the console shows, read from the fake: the API's workspaces, orders, routes and timelines, the control
 * API's clock, actions, webhook deliveries, faults and journal. Only the fields the console uses are typed.
 */
import { allPages, type ConsoleApi } from "./api.js";

/** A location of an order or a route. */
export interface Place {
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/** A workspace (`GET /v2/workspaces`). */
export interface Workspace {
  uuid: string;
  workspaceId: number;
  name: string;
  timezone: string;
}

/** An order (`GET /v2/orders`). */
export interface Order {
  uuid: string;
  workspaceUuid: string;
  orderNumber: string;
  name: string | null;
  deliveryDate: string;
  status: string;
  routeUuid: string | null;
  locations: Place[];
  timeWindows: { startTime: string; endTime: string }[];
  [field: string]: unknown;
}

/** A route (`GET /v2/routes`). */
export interface Route {
  uuid: string;
  workspaceUuid: string;
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  startLocation: Place;
  endLocation: Place | null;
  status: string;
  ordersCount: number;
  publishedAt: string | null;
}

/** A stop of a route's timeline (`GET /v2/routes/{uuid}/timeline`). */
export interface TimelineStop {
  sequence: number;
  type: "start_location" | "delivering_stop" | "end_location" | "idling";
  orders: { uuid: string; status: string }[];
  plannedArrivalTime: string | null;
  plannedDepartureTime: string | null;
  estimatedArrivalTime: string | null;
  actualArrivalTime: string | null;
  actualDepartureTime: string | null;
}

/** An action as the control API lists it. */
export interface ControlAction {
  uuid: string;
  kind: "schedule" | "publish" | "update" | "delete";
  status: "pending" | "finished" | "failed";
  workspaceUuid: string;
  createdAt: string;
  finishedAt: string | null;
  summary: Record<string, unknown> | null;
  reason: string | null;
  held: boolean;
}

/** One attempt of a webhook delivery. */
export interface DeliveryAttempt {
  attempt: number;
  at: string;
  result: string;
  status: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

/** A webhook delivery of the log. */
export interface Delivery {
  id: string;
  subscriptionUuid: string;
  url: string;
  eventType: string;
  status: string;
  createdAt: string;
  nextAttemptAt: string | null;
  attempts: DeliveryAttempt[];
}

/** A webhook subscription (`GET /v2/webhooks`). */
export interface Subscription {
  uuid: string;
  url: string;
  events: string[];
  [field: string]: unknown;
}

/** An injected fault. */
export interface Fault {
  id: string;
  operationId: string;
  status: number | null;
  code: string | null;
  networkError: boolean;
  latencyMs: number;
  remaining: number | null;
  hits: number;
}

/** A journaled API call. */
export interface JournalEntry {
  requestId: string;
  operationId: string | null;
  method: string;
  path: string;
  query: string;
  status: number;
  at: string;
}

/** The plan of a scheduling run: the orders it left unscheduled, with their reason. */
export interface Solution {
  actionUuid: string;
  date: string;
  committed: boolean;
  summary: Record<string, unknown>;
  unscheduled: { orderUuid: string; reason: string }[];
}

/** Everything the console last read. */
export interface Snapshot {
  now: string;
  /** The date whose timelines were read: the one asked for, or the first with routes when it has no data. */
  date: string | null;
  workspaces: Workspace[];
  orders: Order[];
  routes: Route[];
  /** Timelines of the routes of the selected date, by route uuid. */
  timelines: Map<string, TimelineStop[]>;
  actions: ControlAction[];
  deliveries: Delivery[];
  subscriptions: Subscription[];
  faults: Fault[];
  /** Read only while the journal is shown. */
  journal: JournalEntry[] | null;
  /** Solutions of finished scheduling runs, by action uuid (a finished run's plan never changes). */
  solutions: Map<string, Solution>;
}

/** Every date with orders or routes, in order. */
export function datesOf(orders: readonly Order[], routes: readonly Route[]): string[] {
  return [...new Set([...orders.map((o) => o.deliveryDate), ...routes.map((r) => r.date)])].sort();
}

/**
 * Read what the console shows; `date` picks the timelines read (a date without orders or routes gives way to the
 * first date with routes), `withJournal` whether to read the journal.
 */
export async function readSnapshot(
  api: ConsoleApi,
  wanted: string | null,
  withJournal: boolean,
  solutions: Map<string, Solution>,
): Promise<Snapshot> {
  const [clock, workspaces, actions, deliveries, subscriptions, faults, journal] = await Promise.all([
    api.get<{ now: string }>("/_fake/clock"),
    allPages<Workspace>(api, "/v2/workspaces"),
    api.get<{ data: ControlAction[] }>("/_fake/actions"),
    api.get<{ data: Delivery[] }>("/_fake/webhook-deliveries"),
    allPages<Subscription>(api, "/v2/webhooks"),
    api.get<{ data: Fault[] }>("/_fake/faults"),
    withJournal ? api.get<{ data: JournalEntry[] }>("/_fake/journal") : Promise.resolve(null),
  ]);
  const perWorkspace = await Promise.all(
    workspaces.map(async (w) => {
      const q = `workspaceUuid=${encodeURIComponent(w.uuid)}`;
      const [orders, routes] = await Promise.all([
        allPages<Order>(api, `/v2/orders?${q}`),
        allPages<Route>(api, `/v2/routes?${q}`),
      ]);
      return { orders, routes };
    }),
  );
  const orders = perWorkspace.flatMap((w) => w.orders);
  const routes = perWorkspace.flatMap((w) => w.routes);
  const dates = datesOf(orders, routes);
  const date =
    wanted !== null && dates.includes(wanted)
      ? wanted
      : (dates.find((d) => routes.some((r) => r.date === d)) ?? dates[0] ?? null);
  const timelines = new Map<string, TimelineStop[]>();
  await Promise.all(
    routes
      .filter((r) => r.date === date && r.ordersCount > 0)
      .map(async (r) => {
        timelines.set(r.uuid, await allPages<TimelineStop>(api, `/v2/routes/${r.uuid}/timeline`));
      }),
  );
  const next = new Map(solutions);
  await Promise.all(
    actions.data
      .filter((a) => a.kind === "schedule" && a.status === "finished" && !next.has(a.uuid))
      .map(async (a) => {
        next.set(a.uuid, await api.get<Solution>(`/v2/schedules/${a.uuid}/solution`));
      }),
  );
  return {
    now: clock.now,
    date,
    workspaces,
    orders,
    routes,
    timelines,
    actions: actions.data,
    deliveries: deliveries.data,
    subscriptions,
    faults: faults.data,
    journal: journal?.data ?? null,
    solutions: next,
  };
}
