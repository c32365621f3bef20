import { type FakeInspection, INSPECTION_VERSION } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { clientOf, DATE, publish, scheduledRoute, workspaceOf } from "./support/flow.js";

const contract = createContractValidator();
const server = useFakeServer();

/** Drop the fields an inspection adds to an API shape, leaving the API's own body. */
function apiShape<T extends object>(record: T, ...extra: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !extra.includes(key)));
}

describe("fake.inspect()", () => {
  it("a new fake: version 1, the seeded organization, its token and workspace, nothing else", () => {
    const { fake } = server;
    const view: FakeInspection = fake.inspect();
    expect(view.version).toBe(1);
    expect(INSPECTION_VERSION).toBe(1);
    expect(view.organizations).toEqual([{ id: fake.organization.id, name: "Demo Organization" }]);
    expect(view.tokens).toEqual([
      {
        token: fake.token,
        organizationId: fake.organization.id,
        createdAt: "2026-11-23T08:00:00.000Z",
        expiresAt: null,
      },
    ]);
    expect(view.workspaces).toEqual([workspaceOf(fake)]);
    expect(apiShape(workspaceOf(fake), "organizationId", "serviceArea")).toEqual({
      uuid: workspaceOf(fake).uuid,
      workspaceId: 1001,
      name: "Main",
      timezone: "Europe/Berlin",
    });
    expect(workspaceOf(fake).organizationId).toBe(fake.organization.id);
    expect(view.orders).toEqual([]);
    expect(view.counts).toEqual({
      organizations: 1,
      tokens: 1,
      workspaces: 1,
      orders: 0,
      routes: 0,
      actions: 0,
      pendingActions: 0,
      solutions: 0,
      events: 0,
      notifications: 0,
      webhookSubscriptions: 0,
      webhookDeliveries: 0,
      idempotencyKeys: 0,
    });
  });

  it("orders, routes and actions in the API's answer shapes, each with its organization", async () => {
    const { fake } = server;
    const { orders, route } = await scheduledRoute(fake, 2);
    await publish(fake, [route]);
    const view = fake.inspect();
    const client = clientOf(fake);
    const answered = await client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: orders[0] ?? "" } } });
    expect(apiShape(view.orders[0] ?? {}, "organizationId")).toEqual(answered.data);
    expect(view.orders.map((o) => o.organizationId)).toEqual([fake.organization.id, fake.organization.id]);
    const routeAnswer = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    const [inspected] = view.routes;
    expect(apiShape(inspected ?? {}, "organizationId", "orderUuids", "travelMode", "stops")).toEqual(routeAnswer.data);
    expect(inspected).toMatchObject({ status: "published", orderUuids: orders, travelMode: "car" });
    const timeline = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    expect(inspected?.stops).toEqual(timeline.data?.data);
    for (const order of view.orders)
      expect(contract.checkSchema("Order", apiShape(order, "organizationId"))).toEqual([]);
    expect(view.actions).toMatchObject([{ kind: "publish", status: "finished", pendingWork: false }]);
    expect(view.events.map((e) => e.type)).toEqual(["route.published"]);
    expect(view.sequences.orderNumbers).toEqual([{ organizationId: fake.organization.id, last: 2 }]);
    // A copy all the way down: emptying the view's nested lists leaves the fake as it was.
    const [action] = view.actions;
    const [event] = view.events;
    if (!action || !event) throw new Error("no action or no event");
    (action.summary as { routes: unknown[] }).routes.length = 0;
    (event.data as { timeline: unknown[] }).timeline.length = 0;
    const again = fake.inspect();
    expect(again.actions[0]?.summary).toMatchObject({ routes: [{ uuid: route, status: "finished" }] });
    expect(again.events[0]?.data).toMatchObject({ timeline: expect.arrayContaining([expect.anything()]) });
  });

  it("a pending action shows its pending work, and inspecting does not end it", async () => {
    const { fake } = server;
    fake.actions.policy("publish", { afterMs: 5_000 });
    const { route } = await scheduledRoute(fake, 1);
    const accepted = await clientOf(fake).POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE, routeUuids: [route] },
    });
    // Due, but not yet settled: reading the fake must not settle it (fake.actions.pending() does).
    fake.clock.advance(10_000);
    const view = fake.inspect();
    expect(view.actions).toMatchObject([{ uuid: accepted.data?.actionUuid, status: "pending", pendingWork: true }]);
    expect(view.counts.pendingActions).toBe(1);
    expect(fake.inspect()).toEqual(view);
    expect(fake.actions.pending()).toEqual([]);
    expect(fake.inspect().actions).toMatchObject([{ status: "finished", pendingWork: false }]);
  });

  it("is plain data: a structured clone and a JSON round trip are equal to it, and changing it changes nothing", async () => {
    const { fake } = server;
    await scheduledRoute(fake, 1);
    const view = fake.inspect();
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(structuredClone(view)).toEqual(view);
    view.orders.length = 0;
    view.routes[0]?.orderUuids.push("x");
    expect(fake.inspect().orders).toHaveLength(1);
    expect(fake.inspect().routes[0]?.orderUuids).toHaveLength(1);
  });

  it("a change shows: two inspections differ after a create, and not after a rejected one", async () => {
    const { fake } = server;
    const before = fake.inspect();
    const rejected = await fake.fetch("/v2/orders?workspaceUuid=" + workspaceOf(fake).uuid, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: JSON.stringify([{ name: 42 }]),
    });
    expect(rejected.status).toBe(400);
    expect(fake.inspect()).toEqual(before);
    await scheduledRoute(fake, 1);
    expect(fake.inspect()).not.toEqual(before);
  });
});
