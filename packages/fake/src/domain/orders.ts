/**
 * Orders: records, batch creation (all or nothing), queries.
 * @see `docs/api-contract.md` section 3
 */
import type { Context } from "./context.js";
import { type ErrorDetail, validationFailed } from "./errors.js";
import type { OrderInput } from "./inputs.js";
import { type ListView, orderListKey, ordersChanged } from "./list-index.js";
import { resolveLocation } from "./locations.js";
import { assertOwnedWorkspace, findOwned } from "./ownership.js";
import type { OrderFields, OrderRecord, OrderStatus, Principal, Workspace } from "./records.js";
import { isCalendarDate, minutesOfDay } from "./time.js";

export type { OrderInput } from "./inputs.js";

/** Default service duration in seconds. */
const DEFAULT_DURATION = 300;

/** The customer tracking page of an order (stable per order). */
export function trackingLink(orderUuid: string): string {
  return `https://track.dispatch.example.com/o/${orderUuid}`;
}

/** Semantic checks beyond the schema: a calendar date, windows with start < end that do not overlap. */
export function checkOrderInput(input: OrderInput, prefix: string, out: ErrorDetail[]): void {
  if (!isCalendarDate(input.deliveryDate)) {
    out.push({
      path: `${prefix}deliveryDate`,
      message: `${JSON.stringify(input.deliveryDate)} is not a calendar date`,
    });
  }
  if (input.locations.length !== 1) {
    out.push({
      path: `${prefix}locations`,
      message: `exactly one location is required, got ${input.locations.length}`,
    });
  }
  const windows = input.timeWindows ?? [];
  windows.forEach((w, i) => {
    if (minutesOfDay(w.startTime) >= minutesOfDay(w.endTime)) {
      out.push({
        path: `${prefix}timeWindows[${i}].endTime`,
        message: `endTime ${w.endTime} must be after startTime ${w.startTime}`,
      });
    }
  });
  const sorted = windows
    .map((w, i) => ({ ...w, i }))
    .sort((a, b) => minutesOfDay(a.startTime) - minutesOfDay(b.startTime));
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1];
    const cur = sorted[k];
    if (prev && cur && minutesOfDay(cur.startTime) < minutesOfDay(prev.endTime)) {
      out.push({
        path: `${prefix}timeWindows[${cur.i}]`,
        message: `time window ${cur.startTime}-${cur.endTime} overlaps ${prev.startTime}-${prev.endTime}`,
      });
    }
  }
}

/** Apply defaults and geocode: the fields an input stores. */
export function orderFields(ctx: Context, workspace: Workspace, input: OrderInput): OrderFields {
  const location = input.locations[0];
  if (!location)
    throw validationFailed("read order", [{ path: "locations", message: "exactly one location is required" }]);
  return {
    name: input.name ?? null,
    customerOrderNumber: input.customerOrderNumber ?? null,
    deliveryDate: input.deliveryDate,
    location: resolveLocation(ctx, workspace, location),
    timeWindows: (input.timeWindows ?? []).map((w) => ({ startTime: w.startTime, endTime: w.endTime })),
    duration: input.duration ?? DEFAULT_DURATION,
    load: input.load ?? 1,
    tags: [...(input.tags ?? [])],
    priority: input.priority ?? "normal",
    phone: input.phone ?? null,
    email: input.email ?? null,
    instructions: input.instructions ?? null,
    customFields: { ...(input.customFields ?? {}) },
    packages: (input.packages ?? []).map((p) => ({
      barcode: p.barcode ?? null,
      description: p.description ?? null,
      quantity: p.quantity,
    })),
  };
}

/**
 * Create a batch of orders, all or nothing: any invalid order fails the request with VALIDATION_FAILED and
 * nothing is stored. `pathPrefix(i)` names order `i` in error details (`[7].` for a batch, `` for one).
 */
export function createOrders(
  ctx: Context,
  principal: Principal,
  workspace: Workspace,
  inputs: readonly OrderInput[],
  pathPrefix: (index: number) => string = (i) => `[${i}].`,
): OrderRecord[] {
  assertOwnedWorkspace(principal, workspace);
  const details: ErrorDetail[] = [];
  inputs.forEach((input, i) => {
    checkOrderInput(input, pathPrefix(i), details);
  });
  if (details.length > 0) throw validationFailed("create orders", details);
  const now = ctx.clock.now();
  let counter = ctx.state.orderNumbers.get(principal.organizationId) ?? 0;
  const created = inputs.map((input): OrderRecord => {
    counter += 1;
    return {
      uuid: ctx.ids.uuid(),
      organizationId: principal.organizationId,
      workspaceUuid: workspace.uuid,
      orderNumber: `ORD-${counter}`,
      ...orderFields(ctx, workspace, input),
      status: "not_scheduled",
      routeUuid: null,
      signatureUrl: null,
      deliveryTime: null,
      deliveryMissedReason: null,
      deliveryNotes: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  ctx.state.orderNumbers.set(principal.organizationId, counter);
  for (const order of created) ctx.state.orders.set(order.uuid, order);
  ordersChanged(ctx, ...created);
  return created;
}

/** A live order of the caller's organization; 404 for unknown, deleted or foreign ones. */
export function getOrder(ctx: Context, principal: Principal, uuid: string): OrderRecord {
  return findOwned(ctx.state.orders, principal, "order", uuid);
}

/** Filters of {@link listOrders}. */
export interface OrderFilter {
  date?: string | undefined;
  status?: OrderStatus | undefined;
}

/**
 * The live orders of a workspace, in creation order, optionally by delivery date and status: a view whose pages
 * cost what they hold (the order index), not what the store holds.
 */
export function listOrders(
  ctx: Context,
  principal: Principal,
  workspace: Workspace,
  filter: OrderFilter = {},
): ListView<OrderRecord> {
  assertOwnedWorkspace(principal, workspace);
  return ctx.lists.orders.list(ctx.state.orders, orderListKey(workspace.uuid, filter));
}
