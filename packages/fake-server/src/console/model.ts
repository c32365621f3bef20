/**
 * What the console shows, read from the fake: the API's workspaces, orders, routes and timelines, the control
 * API's clock, actions, webhook deliveries, faults and journal. Only the fields the console uses are typed.
 */

import type { components as api } from "@dispatchkit/sdk";
import type { components as control } from "../../control/generated/control-openapi.js";
import { allPages, type ConsoleApi } from "./api.js";
import { todayIn } from "./times.js";

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
type Subscription = api["schemas"]["Webhook"];
/** An action as the control API lists it. */
export type ControlAction = control["schemas"]["ControlAction"];
/** A webhook delivery of the log. */
type Delivery = control["schemas"]["WebhookDelivery"];
/** An injected fault. */
type Fault = control["schemas"]["Fault"];
/** A journaled API call. */
type JournalEntry = control["schemas"]["JournalEntry"];

/** The plan of a scheduling run: its routes and the orders it left unscheduled, with their reason. */
export type Solution = api["schemas"]["Solution"];

/** Everything the console last read. */
export interface Snapshot {
  now: string;
  /** The date whose timelines were read: the one asked for, else {@link openingDate}'s. */
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

/** The time zone of a workspace by uuid (UTC for one the console has not read). */
export function timeZoneOf(workspaces: readonly Workspace[], workspaceUuid: string | null | undefined): string {
  return workspaces.find((w) => w.uuid === workspaceUuid)?.timezone ?? "UTC";
}

/**
 * The date the console opens on: the fake's today (its clock's date in the routes' workspace's time zone) when a
 * route is on it, else the first date with routes, else the first date with orders.
 */
export function openingDate(
  now: string,
  workspaces: readonly Workspace[],
  orders: readonly Order[],
  routes: readonly Route[],
): string | null {
  const today = routes.find((r) => r.date === todayIn(now, timeZoneOf(workspaces, r.workspaceUuid)));
  return today?.date ?? datesOf([], routes)[0] ?? datesOf(orders, [])[0] ?? null;
}

/**
 * Read what the console shows; `wanted` picks the timelines read (none, or a date without orders or routes, gives
 * way to {@link openingDate}), `withJournal` whether to read the journal; `signal` abandons the read.
 */
export async function readSnapshot(
  api: ConsoleApi,
  wanted: string | null,
  withJournal: boolean,
  solutions: Map<string, Solution>,
  signal?: AbortSignal,
): Promise<Snapshot> {
  const [clock, workspaces, actions, deliveries, subscriptions, faults, journal] = await Promise.all([
    api.get<{ now: string }>("/_fake/clock", signal),
    allPages<Workspace>(api, "/v2/workspaces", signal),
    allPages<ControlAction>(api, "/_fake/actions", signal),
    allPages<Delivery>(api, "/_fake/webhook-deliveries", signal),
    allPages<Subscription>(api, "/v2/webhooks", signal),
    api.get<{ data: Fault[] }>("/_fake/faults", signal),
    withJournal ? allPages<JournalEntry>(api, "/_fake/journal", signal) : Promise.resolve(null),
  ]);
  const perWorkspace = await Promise.all(
    workspaces.map(async (w) => {
      const q = `workspaceUuid=${encodeURIComponent(w.uuid)}`;
      const [orders, routes] = await Promise.all([
        allPages<Order>(api, `/v2/orders?${q}`, signal),
        allPages<Route>(api, `/v2/routes?${q}`, signal),
      ]);
      return { orders, routes };
    }),
  );
  const orders = perWorkspace.flatMap((w) => w.orders);
  const routes = perWorkspace.flatMap((w) => w.routes);
  const dates = datesOf(orders, routes);
  const date = wanted !== null && dates.includes(wanted) ? wanted : openingDate(clock.now, workspaces, orders, routes);
  const timelines = new Map<string, TimelineStop[]>();
  await Promise.all(
    routes
      .filter((r) => r.date === date && r.ordersCount > 0)
      .map(async (r) => {
        timelines.set(r.uuid, await allPages<TimelineStop>(api, `/v2/routes/${r.uuid}/timeline`, signal));
      }),
  );
  const next = new Map(solutions);
  await Promise.all(
    actions
      .filter((a) => a.kind === "schedule" && a.status === "finished" && !next.has(a.uuid))
      .map(async (a) => {
        next.set(a.uuid, await api.get<Solution>(`/v2/schedules/${a.uuid}/solution`, signal));
      }),
  );
  return {
    now: clock.now,
    date,
    workspaces,
    orders,
    routes,
    timelines,
    actions,
    deliveries,
    subscriptions,
    faults: faults.data,
    journal,
    solutions: next,
  };
}
