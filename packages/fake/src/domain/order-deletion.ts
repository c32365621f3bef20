/**
 * Deleting orders, one or many, with the classification of `docs/api-contract.md` section 3. Deleted orders are removed from the
 * state: never listed, counted, fetched or scheduled again.
 * @see `docs/api-contract.md` section 3 (Delete one, Delete many)
 */
import { startAction } from "./actions.js";
import type { ActionOutcome, Context } from "./context.js";
import { DomainError, notFound, validationFailed } from "./errors.js";
import type { DeleteWorkParams } from "./inputs.js";
import { isOwned } from "./ownership.js";
import type { ActionRecord, DeleteActionSummary, Principal } from "./records.js";
import { unassignOrder } from "./routes.js";

export type { DeleteWorkParams } from "./inputs.js";

/** Most uuids per bulk delete. */
export const MAX_DELETE = 500;

/** The class of a uuid in a delete request, first match wins (`docs/api-contract.md` section 3, rows 1-6). */
type DeleteClass = "not_found" | "order_completed" | "published" | "locked" | "scheduled" | "unscheduled";

/** The answer of a delete: done at once (200) or an action (202). */
export type DeleteResult = { kind: "done"; result: DeleteReport } | { kind: "action"; action: ActionRecord };

/** Outcome of a delete answered at once (200): every reason of `docs/api-contract.md` section 3 can occur. */
interface DeleteReport {
  deleted: { uuid: string }[];
  failed: { uuid: string; reason: "order_published" | "order_completed" | "order_locked" | "not_found" }[];
}

/** Classify one uuid for deletion by the caller. */
function classifyForDelete(ctx: Context, principal: Principal, uuid: string): DeleteClass {
  const order = ctx.state.orders.get(uuid);
  if (!isOwned(principal, order)) return "not_found";
  if (order.status === "delivered" || order.status === "missed") return "order_completed";
  const route = order.routeUuid ? ctx.state.routes.get(order.routeUuid) : undefined;
  if (!route) return "unscheduled";
  if (route.status === "published") return "published";
  if (route.locked) return "locked";
  return "scheduled";
}

function removeOrder(ctx: Context, uuid: string): void {
  unassignOrder(ctx, uuid);
  ctx.state.orders.delete(uuid);
  ctx.lists.orders.remove(ctx.state.orders, uuid);
}

/** Delete what can be deleted, reporting the rest with the reasons of the 200 form. */
function execute(ctx: Context, principal: Principal, uuids: readonly string[]): DeleteReport {
  const summary: DeleteReport = { deleted: [], failed: [] };
  for (const uuid of uuids) {
    const cls = classifyForDelete(ctx, principal, uuid);
    switch (cls) {
      case "not_found":
      case "order_completed":
        summary.failed.push({ uuid, reason: cls });
        break;
      case "published":
        summary.failed.push({ uuid, reason: "order_published" });
        break;
      case "locked":
        summary.failed.push({ uuid, reason: "order_locked" });
        break;
      case "scheduled":
      case "unscheduled":
        removeOrder(ctx, uuid);
        summary.deleted.push({ uuid });
        break;
    }
  }
  return summary;
}

/**
 * DELETE /v2/orders: 1..500 uuids (duplicates once). No scheduled order among them: done (200) with
 * `{ deleted, failed }`. Otherwise a `delete` action whose summary has the same shape (published and locked
 * routes both fail with `order_locked`).
 */
export function deleteOrders(ctx: Context, principal: Principal, uuids: readonly string[]): DeleteResult {
  if (uuids.length === 0 || uuids.length > MAX_DELETE) {
    throw validationFailed("delete orders", [
      { path: "", message: `send 1 to ${MAX_DELETE} order uuids, got ${uuids.length}` },
    ]);
  }
  const unique = [...new Set(uuids)];
  const classes = unique.map((uuid) => classifyForDelete(ctx, principal, uuid));
  const firstScheduled = classes.indexOf("scheduled");
  // With no scheduled order, nothing waits for a route: execute now (the classification cannot change meanwhile).
  if (firstScheduled < 0) return { kind: "done", result: execute(ctx, principal, unique) };
  // The action belongs to the workspace of its first scheduled order (classified, so it exists and is the caller's).
  const { workspaceUuid } = ctx.state.orders.get(unique[firstScheduled]!)!;
  const action = startAction(
    ctx,
    principal,
    { kind: "delete", params: { principal, uuids: unique } },
    {
      workspaceUuid,
    },
  );
  return { kind: "action", action };
}

/** The work of a `delete` action: delete what can be deleted then, reporting the rest. */
export function runDelete(ctx: Context, params: DeleteWorkParams): ActionOutcome {
  const report = execute(ctx, params.principal, params.uuids);
  // The action's summary has no order_published: an order on a published route fails as order_locked.
  const failed: DeleteActionSummary["failed"] = report.failed.map(({ uuid, reason }) => ({
    uuid,
    reason: reason === "order_published" ? "order_locked" : reason,
  }));
  return { status: "finished", summary: { deleted: report.deleted, failed } };
}

/** The classes a single delete refuses with 409: the reason (`details[0].message`) and why, in words. */
const CONFLICTS: Partial<
  Record<DeleteClass, readonly [reason: DeleteReport["failed"][number]["reason"], why: string]>
> = {
  order_completed: ["order_completed", "it is already delivered or missed"],
  published: ["order_published", "it is on a published route"],
  locked: ["order_locked", "it is on a locked route"],
};

/**
 * DELETE /v2/orders/{uuid}: the same classification, but an order that cannot be deleted is an error:
 * 404 NOT_FOUND, or 409 CONFLICT with `details[0].message` = the reason.
 */
export function deleteOrder(ctx: Context, principal: Principal, uuid: string): DeleteResult {
  const cls = classifyForDelete(ctx, principal, uuid);
  if (cls === "not_found") throw notFound("order", uuid);
  const conflict = CONFLICTS[cls];
  if (conflict) {
    const [reason, why] = conflict;
    throw new DomainError("CONFLICT", `Failed to delete order: order ${uuid} cannot be deleted because ${why}`, [
      { path: "orderUuid", message: reason },
    ]);
  }
  return deleteOrders(ctx, principal, [uuid]);
}
