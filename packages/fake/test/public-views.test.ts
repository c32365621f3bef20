/**
 * The fake's public methods answer views, never its stored records: plain-data copies in the shapes of
 * `fake.inspect()` (the API's and the control document's), so changing what a test got changes nothing in the fake.
 */
import type { Fake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, publish, scheduledRoute, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

/** A published route (one event) and a delivery of it to an in-process receiver, held actions pending. */
async function busyFake(fake: Fake) {
  fake.webhooks.listen("https://hooks.example.com/dispatch", () => new Response(null, { status: 204 }));
  await clientOf(fake).POST("/v2/webhooks", {
    body: { url: "https://hooks.example.com/dispatch", events: ["route.published"] },
  });
  const { route } = await scheduledRoute(fake, 2);
  await publish(fake, [route]);
  await fake.runUntilIdle();
  fake.actions.hold();
  await clientOf(fake).POST("/v2/routes/publish", {
    body: { workspaceUuid: workspaceOf(fake).uuid, date: "2026-11-23", routeUuids: [route] },
  });
}

describe("the public methods answer views", () => {
  it("each in the shape fake.inspect() answers it", async () => {
    const { fake } = server;
    await busyFake(fake);
    const view = fake.inspect();
    expect(fake.actions.list()).toEqual(view.actions);
    expect(fake.actions.pending()).toEqual(view.actions.filter((a) => a.status === "pending"));
    expect(fake.events).toEqual(view.events);
    expect(fake.notifications).toEqual(view.notifications);
    expect(fake.organization).toEqual(view.organizations[0]);
    expect(fake.workspaces).toEqual(view.workspaces);
    expect(fake.webhooks.subscriptions()).toEqual(view.webhooks.subscriptions);
    expect(fake.webhooks.deliveries()).toEqual(view.webhooks.deliveries);
    expect(fake.events[0]?.createdAt).toBe("2026-11-23T08:00:00.000Z");
  });

  it("changing what a method answered changes nothing in the fake", async () => {
    const { fake } = server;
    await busyFake(fake);
    const before = fake.inspect();

    const [action] = fake.actions.list();
    if (action) Object.assign(action, { status: "failed", summary: null });
    const [pending] = fake.actions.pending();
    if (pending) pending.held = false;
    const [event] = fake.events;
    if (event?.type === "route.published") event.data.route.name = "changed";
    fake.organization.name = "changed";
    const [workspace] = fake.workspaces;
    if (workspace)
      Object.assign(workspace, { name: "changed", serviceArea: { latitude: 0, longitude: 0, radiusKm: 1 } });
    const [subscription] = fake.webhooks.subscriptions();
    if (subscription) subscription.url = "https://elsewhere.example.com/";
    const [delivery] = fake.webhooks.deliveries();
    delivery?.attempts.splice(0);
    const other = fake.control.createWorkspace({ name: "Second" });
    const afterCreate = fake.inspect();
    other.name = "changed";

    expect(fake.inspect()).toEqual(afterCreate);
    const { workspaces, counts, sequences, ...rest } = afterCreate;
    const { workspaces: _w, counts: _c, sequences: _s, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(workspaces.slice(0, 1)).toEqual(before.workspaces);
    expect(fake.actions.pending()).toHaveLength(1);
  });

  it("a released or failed action is answered as a copy too", async () => {
    const { fake } = server;
    await busyFake(fake);
    const [pending] = fake.actions.pending();
    const failed = fake.actions.fail(pending?.uuid ?? "", "no drivers");
    expect(failed).toMatchObject({ status: "failed", reason: "no drivers", pendingWork: false });
    failed.reason = "changed";
    expect(fake.inspect().actions.find((a) => a.uuid === failed.uuid)?.reason).toBe("no drivers");
  });
});
