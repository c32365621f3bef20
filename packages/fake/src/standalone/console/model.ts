/**
 * What the console shows, read from the fake: the API's workspaces, orders, routes and timelines, the control
 * API's clock, actions, webhook deliveries, faults and journal. Only the fields the console uses are typed.
 */

import type { components as api } from "@dispatchkit/sdk";
import type { components as control } from "../../control/generated/control-openapi.js";
import { allPages, type ConsoleApi } from "./api.js";

// The shapes the console reads, from the generated types of openapi.yaml and control-openapi.yaml (one
// description per shape; type-only imports, so the browser bundle carries none of it).

/** A location of an order or a route. */
export type Place = api["schemas"]["Location"];
/** A workspace (`GET /v2/workspaces`). */
export type Workspace = api["schemas"]["Workspace"];
/** An order (`GET /v2/orders`). */
export type Order = api["schemas"]["Order"];
/** A route (`GET /v2/routes`). */
export type Route = api["schemas"]["Route"];
/** A stop of a route's timeline (`GET /v2/routes/{uuid}/timeline`). */
export type TimelineStop = api["schemas"]["TimelineStop"];
/** A webhook subscription (`GET /v2/webhooks`). */
export type Subscription = api["schemas"]["Webhook"];
/** An action as the control API lists it. */
export type ControlAction = control["schemas"]["ControlAction"];
/** One attempt of a webhook delivery. */
export type DeliveryAttempt = control["schemas"]["WebhookAttempt"];
/** A webhook delivery of the log. */
export type Delivery = control["schemas"]["WebhookDelivery"];
/** An injected fault. */
export type Fault = control["schemas"]["Fault"];
/** A journaled API call. */
export type JournalEntry = control["schemas"]["JournalEntry"];

/** The plan of a scheduling run: its routes and the orders it left unscheduled, with their reason. */
export type Solution = api["schemas"]["Solution"];

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
