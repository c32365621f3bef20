import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, createRoute, DATE, publish, scheduledRoute, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

describe("POST /v2/routes/publish", () => {
  it("answers 202 pending, finishes on the first poll, fixes planned times and fires route.published", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { route } = await scheduledRoute(fake, 2);
    const accepted = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE },
    });
    expect(accepted.response.status).toBe(202);
    expect(accepted.data).toEqual({
      actionUuid: expect.any(String),
      actionName: "publish",
      status: "pending",
      createdAt: "2026-11-23T08:00:00.000Z",
    });
    const poll = await client.GET("/v2/routes/actions/{actionUuid}", {
      params: { path: { actionUuid: accepted.data?.actionUuid ?? "" } },
    });
    expect(poll.data).toMatchObject({
      status: "finished",
      finishedAt: "2026-11-23T08:00:00.000Z",
      actionSummary: { routes: [{ uuid: route, status: "finished" }] },
    });
    expect(poll.response.headers.get("retry-after")).toBeNull();
    const read = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    expect(read.data).toMatchObject({ status: "published", publishedAt: "2026-11-23T08:00:00.000Z" });
    const timeline = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
    for (const stop of timeline.data?.data ?? []) expect(stop.plannedArrivalTime).toBe(stop.estimatedArrivalTime);
    expect(fake.events.map((e) => e.type)).toEqual(["route.published"]);
    const event = fake.events[0];
    expect(event?.type === "route.published" && event.data.route.uuid).toBe(route);
    expect(event?.type === "route.published" && event.data.timeline[1]?.orders[0]?.trackingLink).toMatch(/^https:/);
  });

  it("skips an empty route of the date: the action finishes, the other route is published, no event for the empty one", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { route } = await scheduledRoute(fake, 1);
    const empty = await createRoute(fake);
    const action = await publish(fake);
    expect(action).toMatchObject({
      status: "finished",
      actionSummary: {
        routes: [
          { uuid: route, status: "finished" },
          { uuid: empty, status: "skipped", error: "route has no orders" },
        ],
      },
    });
    expect(action).not.toHaveProperty("reason");
    expect(fake.events.map((e) => e.type === "route.published" && e.data.route.uuid)).toEqual([route]);
    const skipped = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: empty } } });
    expect(skipped.data).toMatchObject({ status: "planned", publishedAt: null });
    const published = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    expect(published.data?.status).toBe("published");
  });

  it("fails the action with route_failed only for a failed route (unknown uuid), still publishing the others", async () => {
    const { fake } = server;
    const { route } = await scheduledRoute(fake, 1);
    const empty = await createRoute(fake);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const action = await publish(fake, [route, empty, unknown]);
    expect(action).toMatchObject({
      status: "failed",
      reason: "route_failed",
      actionSummary: {
        routes: [
          { uuid: route, status: "finished" },
          { uuid: empty, status: "skipped", error: "route has no orders" },
          { uuid: unknown, status: "failed", error: "route doesn't exist" },
        ],
      },
    });
    expect(fake.events.map((e) => e.type === "route.published" && e.data.route.uuid)).toEqual([route]);
  });

  it("finishes with every route skipped when the routes named, or all of the date, are empty", async () => {
    const { fake } = server;
    const first = await createRoute(fake);
    const second = await createRoute(fake);
    const named = await publish(fake, [second]);
    expect(named).toMatchObject({
      status: "finished",
      actionSummary: { routes: [{ uuid: second, status: "skipped", error: "route has no orders" }] },
    });
    const wholeDate = await publish(fake);
    expect(wholeDate).toMatchObject({
      status: "finished",
      actionSummary: {
        routes: [
          { uuid: first, status: "skipped", error: "route has no orders" },
          { uuid: second, status: "skipped", error: "route has no orders" },
        ],
      },
    });
    expect(wholeDate).not.toHaveProperty("reason");
    expect(fake.events).toEqual([]);
  });

  it("fails with no_routes when the date has no route, and rejects a bad body naming the field", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    expect(await publish(fake)).toMatchObject({ status: "failed", reason: "no_routes" });
    const bad = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: "23.11.2026" },
    });
    expect(bad.error?.details?.[0]?.path).toBe("date");
  });
});

describe("actions: hold, release, fail, scoping", () => {
  it("keeps held actions pending (with Retry-After) until released", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    await scheduledRoute(fake, 1);
    fake.actions.hold(["publish"]);
    const accepted = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE },
    });
    const actionUuid = accepted.data?.actionUuid ?? "";
    const pending = await client.GET("/v2/routes/actions/{actionUuid}", { params: { path: { actionUuid } } });
    expect(pending.data?.status).toBe("pending");
    expect(pending.response.headers.get("retry-after")).toBe("1");
    expect(fake.events).toHaveLength(0);
    expect(fake.actions.pending().map((a) => a.uuid)).toEqual([actionUuid]);
    const [released] = fake.actions.release(actionUuid);
    expect(released?.status).toBe("finished");
    const done = await client.GET("/v2/routes/actions/{actionUuid}", { params: { path: { actionUuid } } });
    expect(done.data?.status).toBe("finished");
    expect(fake.events).toHaveLength(1);
    expect(() => fake.actions.release(actionUuid)).toThrow(/already finished/);
  });

  it("fails a held action with a reason, without running its work", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { route } = await scheduledRoute(fake, 1);
    fake.actions.hold();
    const accepted = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE },
    });
    fake.actions.fail(accepted.data?.actionUuid ?? "", "driver app unavailable");
    const poll = await client.GET("/v2/routes/actions/{actionUuid}", {
      params: { path: { actionUuid: accepted.data?.actionUuid ?? "" } },
    });
    expect(poll.data).toMatchObject({ status: "failed", reason: "driver app unavailable" });
    const read = await client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    expect(read.data?.status).toBe("planned");
  });

  it("polls an action only at its kind's endpoint and only in its organization (else 404)", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    await scheduledRoute(fake, 1);
    const accepted = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE },
    });
    const actionUuid = accepted.data?.actionUuid ?? "";
    const wrongKind = await client.GET("/v2/orders/actions/{actionUuid}", { params: { path: { actionUuid } } });
    expect(wrongKind.response.status).toBe(404);
    const schedule = await client.POST("/v2/schedules", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE },
    });
    const scheduleAtOrders = await client.GET("/v2/orders/actions/{actionUuid}", {
      params: { path: { actionUuid: schedule.data?.actionUuid ?? "" } },
    });
    expect(scheduleAtOrders.response.status).toBe(404);
    const other = fake.control.createOrganization();
    const foreign = await clientOf(fake, other.token).GET("/v2/routes/actions/{actionUuid}", {
      params: { path: { actionUuid } },
    });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error?.code).toBe("NOT_FOUND");
  });
});
