// Reaches the fake's runtime on purpose: its last block tests the domain command deleteOrders itself, called with the fake's context; the rest uses fake.inspect().
import type { Fake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { deleteOrders, MAX_DELETE } from "../src/domain/order-deletion.js";
import { runtimeOf } from "../src/runtime.js";
import { assign, clientOf, createOrders, createRoute, publish, scheduledRoute, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

const FOREIGN_OR_UNKNOWN = "00000000-0000-4000-8000-000000000000";

/**
 * One order per class of contract §3: 1 unknown/deleted/malformed/foreign, 2 completed, 3 on a published
 * route, 4 on a locked route, 5 on an unlocked unpublished route, 6 unscheduled.
 */
async function scenario(fake: Fake) {
  const client = clientOf(fake);
  const [completed, published, locked, scheduled, unscheduled, deleted] = await createOrders(fake, 6);
  const publishedRoute = await createRoute(fake);
  assign(fake, publishedRoute, [completed ?? "", published ?? ""]);
  await publish(fake, [publishedRoute]);
  await client.POST("/v2/orders/{orderUuid}/complete", {
    params: { path: { orderUuid: completed ?? "" } },
    body: { status: "delivered" },
  });
  const lockedRoute = await createRoute(fake);
  assign(fake, lockedRoute, [locked ?? ""]);
  await client.PATCH("/v2/routes/{routeUuid}", {
    params: { path: { routeUuid: lockedRoute } },
    body: { locked: true },
  });
  const plainRoute = await createRoute(fake);
  assign(fake, plainRoute, [scheduled ?? ""]);
  await client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: deleted ?? "" } } });
  const other = fake.control.createOrganization();
  const foreign = await clientOf(fake, other.token).POST("/v2/orders", {
    params: { query: { workspaceUuid: other.workspaces[0]?.uuid ?? "" } },
    body: { deliveryDate: "2026-11-23", locations: [{ address: "Elsewhere" }] },
  });
  return {
    client,
    plainRoute,
    notFound: [FOREIGN_OR_UNKNOWN, "not-a-uuid", deleted ?? "", foreign.data?.data[0]?.uuid ?? ""],
    completed: completed ?? "",
    published: published ?? "",
    locked: locked ?? "",
    scheduled: scheduled ?? "",
    unscheduled: unscheduled ?? "",
  };
}

describe("DELETE /v2/orders", () => {
  it("answers 200 when no order is scheduled on an open route: rows 1, 2, 3, 4 fail, 6 is deleted", async () => {
    const { fake } = server;
    const s = await scenario(fake);
    const body = [...s.notFound, s.completed, s.published, s.locked, s.unscheduled, s.unscheduled];
    const res = await s.client.DELETE("/v2/orders", { body });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      deleted: [{ uuid: s.unscheduled }],
      failed: [
        ...s.notFound.map((uuid) => ({ uuid, reason: "not_found" })),
        { uuid: s.completed, reason: "order_completed" },
        { uuid: s.published, reason: "order_published" },
        { uuid: s.locked, reason: "order_locked" },
      ],
    });
    const gone = await s.client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: s.unscheduled } } });
    expect(gone.response.status).toBe(404);
    const list = await s.client.GET("/v2/orders", { params: { query: { workspaceUuid: workspaceOf(fake).uuid } } });
    expect(list.data?.data.map((o) => o.uuid)).not.toContain(s.unscheduled);
  });

  it("answers 202 delete action when one is scheduled on an open route: rows 5 and 6 deleted, 3 and 4 locked", async () => {
    const { fake } = server;
    const s = await scenario(fake);
    const body = [...s.notFound, s.completed, s.published, s.locked, s.scheduled, s.unscheduled];
    const res = await s.client.DELETE("/v2/orders", { body });
    expect(res.response.status).toBe(202);
    expect(res.data).toMatchObject({ actionName: "delete", status: "pending" });
    const actionUuid = (res.data as { actionUuid: string }).actionUuid;
    const poll = await s.client.GET("/v2/orders/actions/{actionUuid}", { params: { path: { actionUuid } } });
    expect(poll.data).toMatchObject({
      status: "finished",
      actionSummary: {
        deleted: [{ uuid: s.scheduled }, { uuid: s.unscheduled }],
        failed: [
          ...s.notFound.map((uuid) => ({ uuid, reason: "not_found" })),
          { uuid: s.completed, reason: "order_completed" },
          { uuid: s.published, reason: "order_locked" },
          { uuid: s.locked, reason: "order_locked" },
        ],
      },
    });
    const route = await s.client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: s.plainRoute } } });
    expect(route.data).toMatchObject({ ordersCount: 0, distanceInKilometers: 0 });
  });

  it("rejects more than 500 uuids, an empty list and a non-array body", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const many = await client.DELETE("/v2/orders", { body: Array.from({ length: 501 }, () => FOREIGN_OR_UNKNOWN) });
    expect(many.response.status).toBe(400);
    expect(many.error?.message).toMatch(/at most 500/);
    const empty = await client.DELETE("/v2/orders", { body: [] as never });
    expect(empty.response.status).toBe(400);
    const object = await client.DELETE("/v2/orders", { body: { uuids: [] } as never });
    expect(object.error?.code).toBe("VALIDATION_FAILED");
  });
});

describe("DELETE /v2/orders/{orderUuid}", () => {
  it("answers each class with its own status: 404, 409 with the reason, 200, 202", async () => {
    const { fake } = server;
    const s = await scenario(fake);
    for (const uuid of s.notFound) {
      const res = await s.client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: uuid } } });
      expect(res.response.status).toBe(404);
    }
    for (const [uuid, reason] of [
      [s.completed, "order_completed"],
      [s.published, "order_published"],
      [s.locked, "order_locked"],
    ] as const) {
      const res = await s.client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: uuid } } });
      expect(res.response.status).toBe(409);
      expect(res.error).toMatchObject({ code: "CONFLICT", details: [{ message: reason }] });
    }
    const plain = await s.client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: s.unscheduled } } });
    expect(plain.response.status).toBe(200);
    expect(plain.data).toEqual({ deleted: [{ uuid: s.unscheduled }], failed: [] });
    const onRoute = await s.client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: s.scheduled } } });
    expect(onRoute.response.status).toBe(202);
    const poll = await s.client.GET("/v2/orders/actions/{actionUuid}", {
      params: { path: { actionUuid: (onRoute.data as { actionUuid: string }).actionUuid } },
    });
    expect(poll.data?.actionSummary).toEqual({ deleted: [{ uuid: s.scheduled }], failed: [] });
    const v1 = await s.client.GET("/v1/orders/{orderUuid}", { params: { path: { orderUuid: s.scheduled } } });
    expect(v1.response.status).toBe(404);
  });

  it("says in the 409 which rule refused the order", async () => {
    const { fake } = server;
    const s = await scenario(fake);
    for (const [uuid, reason, why] of [
      [s.completed, "order_completed", "it is already delivered or missed"],
      [s.published, "order_published", "it is on a published route"],
      [s.locked, "order_locked", "it is on a locked route"],
    ] as const) {
      const res = await s.client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: uuid } } });
      expect(res.error).toMatchObject({
        code: "CONFLICT",
        message: `Failed to delete order: order ${uuid} cannot be deleted because ${why}`,
        details: [{ path: "orderUuid", message: reason }],
      });
    }
  });
});

describe("deleteOrders (the domain command)", () => {
  it("refuses no uuids and more than 500 itself, whoever calls it, and changes nothing", async () => {
    const { fake } = server;
    const [uuid = ""] = await createOrders(fake, 1);
    const principal = { organizationId: fake.organization.id, token: fake.token };
    const before = fake.inspect();
    for (const uuids of [[], Array.from({ length: MAX_DELETE + 1 }, () => uuid)]) {
      let thrown: unknown;
      try {
        deleteOrders(runtimeOf(fake).context, principal, uuids);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({
        code: "VALIDATION_FAILED",
        message: `Failed to delete orders: send 1 to 500 order uuids, got ${uuids.length}`,
        details: [{ path: "", message: `send 1 to 500 order uuids, got ${uuids.length}` }],
      });
    }
    expect(fake.inspect()).toEqual(before);
    expect(
      deleteOrders(
        runtimeOf(fake).context,
        principal,
        Array.from({ length: MAX_DELETE }, () => uuid),
      ),
    ).toEqual({
      kind: "done",
      result: { deleted: [{ uuid }], failed: [] },
    });
  });

  it("answers a scheduled order's delete as an action of its workspace", async () => {
    const { fake } = server;
    const { orders } = await scheduledRoute(fake, 1);
    const principal = { organizationId: fake.organization.id, token: fake.token };
    const result = deleteOrders(runtimeOf(fake).context, principal, orders);
    expect(result).toMatchObject({ kind: "action", action: { kind: "delete", status: "pending" } });
    expect(fake.actions.list().map((a) => [a.kind, a.workspaceUuid])).toContainEqual([
      "delete",
      workspaceOf(fake).uuid,
    ]);
  });
});
