/**
 * Publishing routes to the driver app, as a `publish` action.
 * @see `docs/api-contract.md` section 4 (Publish)
 */
import { startAction } from "./actions.js";
import type { ActionOutcome, Context } from "./context.js";
import { emitRouteEvent } from "./events.js";
import type { PublishWorkParams } from "./inputs.js";
import { assertOwnedWorkspace, isOwned } from "./ownership.js";
import type { ActionRecord, Principal, PublishActionSummary, Workspace } from "./records.js";
import { fixPlannedTimes, recomputeRoute } from "./timeline.js";

export type { PublishWorkParams } from "./inputs.js";

/** What to publish: every route of `date` in the workspace, or only `routeUuids`. */
export interface PublishInput {
  date: string;
  routeUuids?: readonly string[] | undefined;
}

/**
 * Start a `publish` action. Per route: unknown or foreign → failed `route doesn't exist`; another date →
 * failed; no orders → skipped `route has no orders` (nothing to send to a driver: not published, no event);
 * else published (status, `publishedAt`, planned times fixed to the current estimates) and `route.published`
 * emitted. The action is `failed` with reason `route_failed` only if a route failed (its summary still lists
 * every route, and the others are published all the same); skipped routes never fail it, so a date whose routes
 * are all empty finishes with every route skipped. `no_routes` when the date has no routes at all.
 */
export function publishRoutes(
  ctx: Context,
  principal: Principal,
  workspace: Workspace,
  input: PublishInput,
): ActionRecord {
  assertOwnedWorkspace(principal, workspace);
  const routeUuids = input.routeUuids ? [...new Set(input.routeUuids)] : null;
  const params: PublishWorkParams = { principal, workspaceUuid: workspace.uuid, date: input.date, routeUuids };
  return startAction(ctx, principal, { kind: "publish", params }, { workspaceUuid: workspace.uuid });
}

/** The work of a `publish` action, against the routes as they are when it runs. */
export function runPublish(ctx: Context, params: PublishWorkParams): ActionOutcome {
  const { principal, workspaceUuid, date, routeUuids: requested } = params;
  const uuids =
    requested ??
    [...ctx.state.routes.values()]
      .filter((r) => r.workspaceUuid === workspaceUuid && r.date === date)
      .map((r) => r.uuid);
  if (uuids.length === 0) return { status: "failed", reason: "no_routes", summary: { routes: [] } };
  const summary: PublishActionSummary = { routes: [] };
  for (const uuid of uuids) {
    const route = ctx.state.routes.get(uuid);
    if (!isOwned(principal, route) || route.workspaceUuid !== workspaceUuid) {
      summary.routes.push({ uuid, status: "failed", error: "route doesn't exist" });
      continue;
    }
    if (route.date !== date) {
      summary.routes.push({ uuid, status: "failed", error: `route is on ${route.date}, not ${date}` });
      continue;
    }
    if (route.orderUuids.length === 0) {
      // A van the plan left empty is not an error of the publish: the day's other routes are what matters.
      summary.routes.push({ uuid, status: "skipped", error: "route has no orders" });
      continue;
    }
    recomputeRoute(ctx, route);
    fixPlannedTimes(route);
    route.status = "published";
    route.publishedAt = ctx.clock.now();
    route.updatedAt = route.publishedAt;
    emitRouteEvent(ctx, "route.published", route);
    summary.routes.push({ uuid, status: "finished" });
  }
  return summary.routes.some((r) => r.status === "failed")
    ? { status: "failed", reason: "route_failed", summary }
    : { status: "finished", summary };
}
