import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, DATE, orderInput, publish, routeInput, scheduledRoute, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

describe("isolation between organizations", () => {
  it("answers 404 for another organization's workspaces, orders, routes and actions, and changes nothing", async () => {
    const { fake } = server;
    const own = clientOf(fake);
    const { orders, route } = await scheduledRoute(fake, 2);
    const action = await publish(fake, [route]);
    const other = fake.control.createOrganization();
    const foreign = clientOf(fake, other.token);
    const ws = workspaceOf(fake);
    const orderUuid = orders[0] ?? "";
    const before = fake.inspect();
    const answers = [
      await foreign.GET("/v2/orders", { params: { query: { workspaceUuid: ws.uuid } } }),
      await foreign.POST("/v2/orders", { params: { query: { workspaceUuid: ws.uuid } }, body: orderInput(0) as never }),
      await foreign.POST("/v1/orders", {
        params: { query: { workspaceId: ws.workspaceId } },
        body: [orderInput(0) as never],
      }),
      await foreign.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }),
      await foreign.GET("/v1/orders/{orderUuid}", { params: { path: { orderUuid } } }),
      await foreign.PUT("/v2/orders/{orderUuid}", { params: { path: { orderUuid } }, body: orderInput(0) as never }),
      await foreign.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }),
      await foreign.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid } },
        body: { status: "delivered" },
      }),
      await foreign.GET("/v2/routes", { params: { query: { workspaceUuid: ws.uuid } } }),
      await foreign.GET("/v1/routes", { params: { query: { workspaceId: ws.workspaceId } } }),
      await foreign.POST("/v2/routes", { body: { workspaceUuid: ws.uuid, routes: [routeInput(0) as never] } }),
      await foreign.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } }),
      await foreign.PATCH("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } }, body: { locked: true } }),
      await foreign.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } }),
      await foreign.POST("/v2/routes/publish", { body: { workspaceUuid: ws.uuid, date: DATE } }),
      await foreign.GET("/v2/routes/actions/{actionUuid}", {
        params: { path: { actionUuid: action?.actionUuid ?? "" } },
      }),
    ];
    for (const answer of answers) {
      expect(answer.response.status, answer.response.url).toBe(404);
      expect(answer.error).toMatchObject({ code: "NOT_FOUND" });
    }
    // bulk delete reports foreign orders as not_found
    const bulk = await foreign.DELETE("/v2/orders", { body: orders });
    expect(bulk.data).toEqual({ deleted: [], failed: orders.map((uuid) => ({ uuid, reason: "not_found" })) });
    // Nothing of ours changed; the other organization's POSTs only kept their answers under its own keys.
    const { counts: _after, ...after } = fake.inspect();
    const { counts: _before, ...kept } = before;
    const ownKeys = (keys: typeof before.idempotencyKeys) =>
      keys.filter((k) => k.organizationId === fake.organization.id);
    expect({ ...after, idempotencyKeys: ownKeys(after.idempotencyKeys) }).toEqual({
      ...kept,
      idempotencyKeys: ownKeys(before.idempotencyKeys),
    });
    const theirKeys = after.idempotencyKeys.filter(
      (k) => !before.idempotencyKeys.some((b) => b.organizationId === k.organizationId && b.key === k.key),
    );
    expect(new Set(theirKeys.map((k) => [k.organizationId, k.status].join(" ")))).toEqual(
      new Set([`${other.organization.id} 404`]),
    );
    // the other organization sees only its own workspace; nothing of ours changed
    const theirs = await foreign.GET("/v2/workspaces");
    expect(theirs.data?.data.map((w) => w.uuid)).toEqual([other.workspaces[0]?.uuid]);
    const ours = await own.GET("/v2/orders", { params: { query: { workspaceUuid: ws.uuid } } });
    expect(ours.data?.data.map((o) => o.status)).toEqual(["scheduled", "scheduled"]);
    // order numbers are sequential per organization
    const created = await foreign.POST("/v2/orders", {
      params: { query: { workspaceUuid: other.workspaces[0]?.uuid ?? "" } },
      body: orderInput(0) as never,
    });
    expect(created.data?.data[0]?.orderNumber).toBe("ORD-1");
  });
});

describe("tokens", () => {
  it("creates extra tokens and expires them (401 TOKEN_EXPIRED), missing or unknown tokens are 401 UNAUTHORIZED", async () => {
    const { fake } = server;
    const token = fake.control.createToken();
    const client = clientOf(fake, token);
    const ok = await client.GET("/v2/orders", { params: { query: { workspaceUuid: workspaceOf(fake).uuid } } });
    expect(ok.response.status).toBe(200);
    fake.control.expireToken(token);
    const expired = await client.GET("/v2/orders", { params: { query: { workspaceUuid: workspaceOf(fake).uuid } } });
    expect(expired.response.status).toBe(401);
    expect(expired.error?.code).toBe("TOKEN_EXPIRED");
    const unknown = await clientOf(fake, "nope").GET("/v2/routes", {
      params: { query: { workspaceUuid: workspaceOf(fake).uuid } },
    });
    expect(unknown.error?.code).toBe("UNAUTHORIZED");
    const missing = await fetch(`${fake.baseUrl}/v2/orders/${"0".repeat(8)}`);
    expect(missing.status).toBe(401);
  });
});
