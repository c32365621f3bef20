/**
 * The keep-placed policy of committing runs: an order already placed on one of the run's routes is never
 * dropped to make room for another.
 * @see `docs/api-contract.md` section 5
 */
import type { OrderRecord, RouteRecord } from "../records.js";
import { toPlanOrder, toPlanRoute } from "./candidates.js";
import { type PlanInput, type PlanOrder, type PlanUnscheduled, plan } from "./planner.js";

/** A committing run's route as the keep-placed policy needs it (a {@link RouteRecord} is one). */
export type KeepPlacedRoute = Pick<
  RouteRecord,
  "uuid" | "startTime" | "endTime" | "startLocation" | "endLocation" | "capacity" | "tags"
>;

/** A committing run's order as the keep-placed policy needs it (an {@link OrderRecord} is one). */
export type KeepPlacedOrder = Pick<
  OrderRecord,
  "uuid" | "routeUuid" | "status" | "location" | "timeWindows" | "duration" | "load" | "tags" | "priority"
>;

/** One level down: new orders of a retry rank below every placed order (which count as `high`). */
const DEMOTED: Record<PlanOrder["priority"], PlanOrder["priority"]> = { high: "normal", normal: "low", low: "low" };

/**
 * Plan so that no order already placed on one of the run's routes is dropped. Placed orders count as `high`
 * priority. Attempts, until none is left out: (1) the orders' own priorities; (2) new orders one level down,
 * so that the solver never drops a placed order to make room for a new one; (3) also every placed order
 * pinned to its current route; (4) the routes of placed orders still left out keep their previous plan (out
 * of the run) and the rest is planned again. Returns the new sequence of every route that changes (routes
 * kept as they were are absent).
 */
export function planKeepingPlaced(
  routes: readonly KeepPlacedRoute[],
  orders: readonly KeepPlacedOrder[],
  base: Omit<PlanInput, "routes" | "orders">,
): { assignment: Map<string, string[]>; unscheduled: PlanUnscheduled[] } {
  let runRoutes = [...routes];
  const frozen = new Set<string>();
  let attempt = 1;
  for (;;) {
    const inRun = new Set(runRoutes.map((r) => r.uuid));
    const runOrders = orders.filter((o) => !(o.routeUuid && frozen.has(o.routeUuid)));
    const placed = new Set(runOrders.filter((o) => o.routeUuid && inRun.has(o.routeUuid)).map((o) => o.uuid));
    const planOrders = runOrders.map((o): PlanOrder => {
      const p = toPlanOrder(o.uuid, o);
      if (!placed.has(o.uuid)) return attempt >= 2 ? { ...p, priority: DEMOTED[p.priority] } : p;
      return attempt >= 3 && o.routeUuid
        ? { ...p, priority: "high", pinnedRouteUuid: o.routeUuid }
        : { ...p, priority: "high" };
    });
    const result =
      runRoutes.length > 0
        ? plan({ ...base, routes: runRoutes.map((r) => toPlanRoute(r.uuid, r)), orders: planOrders })
        : null;
    const unscheduled: PlanUnscheduled[] =
      result?.unscheduled ?? runOrders.map((o) => ({ orderUuid: o.uuid, reason: "no_route" as const }));
    const dropped = unscheduled.filter((u) => placed.has(u.orderUuid));
    if (dropped.length === 0) {
      const assignment = new Map<string, string[]>();
      for (const route of runRoutes) assignment.set(route.uuid, []);
      for (const r of result?.routes ?? []) {
        assignment.set(
          r.routeUuid,
          r.stops.map((s) => s.orderUuid),
        );
      }
      // Orders placed on a route outside the run (schedule specific) stay where they were when left out.
      const kept = unscheduled.filter((u) => {
        const order = orders.find((o) => o.uuid === u.orderUuid);
        return !(
          order?.status === "scheduled" &&
          order.routeUuid &&
          !inRun.has(order.routeUuid) &&
          !frozen.has(order.routeUuid)
        );
      });
      return { assignment, unscheduled: kept };
    }
    if (attempt < 3) {
      attempt += 1;
      continue;
    }
    for (const u of dropped) {
      const routeUuid = orders.find((o) => o.uuid === u.orderUuid)?.routeUuid;
      if (routeUuid) frozen.add(routeUuid);
    }
    runRoutes = runRoutes.filter((r) => !frozen.has(r.uuid));
  }
}
