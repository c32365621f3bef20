/**
 * Orders, v2 and v1: create, list, fetch, update, delete (one and many), complete, and the order action poll.
 * @see `docs/api-contract.md` sections 3, 7 and 8
 */
import { pollAction } from "../../domain/actions.js";
import { completeOrder } from "../../domain/completion.js";
import type { Context } from "../../domain/context.js";
import { validationFailed } from "../../domain/errors.js";
import { deleteOrder, deleteOrders } from "../../domain/order-deletion.js";
import { updateOrder, updateOrderV1 } from "../../domain/order-update.js";
import { createOrders, getOrder, listOrders, type OrderInput } from "../../domain/orders.js";
import type { OrderRecord, OrderStatus, Principal, Workspace } from "../../domain/records.js";
import { toActionBody, toOrderBody, toOrderV1Body, toPollReply } from "../bodies.js";
import { dateQuery, parseWith, workspaceFromQuery, workspaceFromV1Query } from "../input.js";
import { paginate } from "../pagination.js";
import type { Operation, RequestContext } from "../router.js";
import {
  completeInput,
  deleteInput,
  orderArrayInput,
  orderArrayInputV1,
  orderInput,
  orderInputV1,
} from "../schemas.js";
import { defineOperation } from "../typed.js";

const STATUSES: readonly OrderStatus[] = ["not_scheduled", "scheduled", "delivered", "missed"];

/** Parse a create body (one order or an array) and create the orders, all or nothing. */
async function create(
  req: RequestContext,
  workspace: Workspace,
  v1: boolean,
): Promise<{ ctx: Context; principal: Principal; orders: OrderRecord[] }> {
  const body = await req.json();
  const action = "create orders";
  const inputs: OrderInput[] = Array.isArray(body)
    ? parseWith(v1 ? orderArrayInputV1 : orderArrayInput, body, action)
    : [parseWith(v1 ? orderInputV1 : orderInput, body, action)];
  const prefix = Array.isArray(body) ? (i: number) => `[${i}].` : () => "";
  const orders = createOrders(req.domain, req.principal, workspace, inputs, prefix);
  return { ctx: req.domain, principal: req.principal, orders };
}

function statusQuery(query: URLSearchParams): OrderStatus | undefined {
  const raw = query.get("status");
  if (raw === null) return undefined;
  const status = STATUSES.find((s) => s === raw);
  if (!status) {
    throw validationFailed("list orders", [
      { path: "status", message: `status must be one of ${STATUSES.join(", ")}, got ${JSON.stringify(raw)}` },
    ]);
  }
  return status;
}

async function completion(req: RequestContext<{ orderUuid: string }>) {
  const input = parseWith(completeInput, await req.json(), "complete order");
  const { completedAt, ...fields } = input;
  const order = completeOrder(req.domain, req.principal, req.params.orderUuid, {
    ...fields,
    completedAt: completedAt === undefined ? undefined : Date.parse(completedAt),
  });
  return toOrderBody(order);
}

/** The order operations (v2 and v1). */
export function orderOperations(): Operation[] {
  return [
    defineOperation("/v2/orders", "post", async (req) => {
      const workspace = workspaceFromQuery(req.domain, req.principal, req.query, "create orders");
      const { orders } = await create(req, workspace, false);
      return { status: 201, body: { data: orders.map(toOrderBody) } };
    }),
    defineOperation("/v2/orders", "get", ({ domain, principal, query, url }) => {
      const workspace = workspaceFromQuery(domain, principal, query, "list orders");
      const orders = listOrders(domain, principal, workspace, {
        date: dateQuery(query, "list orders"),
        status: statusQuery(query),
      });
      const page = paginate(orders, url);
      return { status: 200, body: { ...page, data: page.data.map(toOrderBody) } };
    }),
    defineOperation("/v2/orders", "delete", async (req) => {
      const uuids = parseWith(deleteInput, await req.json(), "delete orders");
      const result = deleteOrders(req.domain, req.principal, uuids);
      return result.kind === "done"
        ? { status: 200, body: result.result }
        : { status: 202, body: toActionBody(result.action) };
    }),
    defineOperation("/v2/orders/{orderUuid}", "get", ({ domain, principal, params }) => ({
      status: 200,
      body: toOrderBody(getOrder(domain, principal, params.orderUuid)),
    })),
    defineOperation("/v2/orders/{orderUuid}", "put", async (req) => {
      const uuid = req.params.orderUuid;
      getOrder(req.domain, req.principal, uuid); // 404 before looking at the body
      const input = parseWith(orderInput, await req.json(), "update order");
      const result = updateOrder(req.domain, req.principal, uuid, input);
      return result.kind === "done"
        ? { status: 200, body: toOrderBody(result.order) }
        : { status: 202, body: toActionBody(result.action) };
    }),
    defineOperation("/v2/orders/{orderUuid}", "delete", ({ domain, principal, params }) => {
      const result = deleteOrder(domain, principal, params.orderUuid);
      return result.kind === "done"
        ? { status: 200, body: result.result }
        : { status: 202, body: toActionBody(result.action) };
    }),
    defineOperation("/v2/orders/{orderUuid}/complete", "post", async (req) => ({
      status: 200,
      body: await completion(req),
    })),
    defineOperation("/v2/orders/{orderUuid}/completion", "post", async (req) => ({
      status: 200,
      body: await completion(req),
    })),
    defineOperation("/v2/orders/actions/{actionUuid}", "get", ({ domain, principal, params }) => {
      const action = pollAction(domain, principal, params.actionUuid, ["update", "delete"]);
      return toPollReply(domain, action);
    }),
    defineOperation("/v1/orders", "post", async (req) => {
      const workspace = workspaceFromV1Query(req.domain, req.principal, req.query, "create orders");
      const { ctx, orders } = await create(req, workspace, true);
      return { status: 201, body: { data: orders.map((o) => toOrderV1Body(ctx, o)) } };
    }),
    defineOperation("/v1/orders/{orderUuid}", "get", ({ domain, principal, params }) => ({
      status: 200,
      body: toOrderV1Body(domain, getOrder(domain, principal, params.orderUuid)),
    })),
    defineOperation("/v1/orders/{orderUuid}", "put", async (req) => {
      const uuid = req.params.orderUuid;
      getOrder(req.domain, req.principal, uuid);
      const input = parseWith(orderInputV1, await req.json(), "update order");
      return { status: 200, body: toOrderV1Body(req.domain, updateOrderV1(req.domain, req.principal, uuid, input)) };
    }),
  ];
}
