/**
 * The actions of one workspace and delivery date run in the order they were accepted (docs/api-contract.md section 7,
 * docs/decisions/0007-background-actions.md): a publish accepted while a scheduling run of its date is pending
 * waits for the run and publishes its plan, instead of skipping the still-empty routes. Over HTTP against the server
 * in this process (every answer validated against its document), the run held by the control API.
 */
import { describe, expect, it } from "vitest";
import { type HttpAnswer, useControlServer } from "./support/control-server.js";

const TOKEN = "dev-token";
const DATE = "2026-11-24";
const server = useControlServer({ token: TOKEN });
const { call } = server;
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { token: TOKEN, ...(body !== undefined ? { body } : {}) });
const ok = (answer: HttpAnswer, status: number) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};
const at = (i: number) => ({ address: `Street ${i}, Berlin`, latitude: 52.52 + i * 0.002, longitude: 13.405 });

/** Two orders and a route of `date` in the seeded workspace; returns the workspace and the route. */
async function day(date = DATE) {
  const workspaceUuid = ok(await api("GET", "/v2/workspaces"), 200).data[0].uuid as string;
  const orders = [0, 1].map((i) => ({ name: `Customer ${i}`, deliveryDate: date, locations: [at(i)] }));
  ok(await api("POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, orders), 201);
  const route = { name: "Van 1", date, startTime: "08:00", endTime: "18:00", startLocation: at(9) };
  const routeUuid = ok(await api("POST", "/v2/routes", { workspaceUuid, routes: [route] }), 201).data[0].uuid as string;
  return { workspaceUuid, routeUuid };
}

const schedule = async (workspaceUuid: string, date = DATE) =>
  ok(await api("POST", "/v2/schedules", { workspaceUuid, date }), 202).actionUuid as string;
const publish = async (workspaceUuid: string, date = DATE) =>
  ok(await api("POST", "/v2/routes/publish", { workspaceUuid, date }), 202).actionUuid as string;
const pollPublish = async (uuid: string) => ok(await api("GET", `/v2/routes/actions/${uuid}`), 200);
const pollSchedule = async (uuid: string) => ok(await api("GET", `/v2/schedules/actions/${uuid}`), 200);
const holdSchedules = async () =>
  expect((await call("PUT", "/_fake/actions/policy/schedule", { body: { hold: true } })).status).toBe(200);

describe("the actions of a workspace and date run in the order they were accepted", () => {
  it("a publish accepted while the run is held stays pending, then publishes the run's plan once it is released", async () => {
    const { workspaceUuid, routeUuid } = await day();
    await holdSchedules();
    const run = await schedule(workspaceUuid);
    const publishing = await publish(workspaceUuid);
    // Not run at once (which skipped the still-empty route): it waits for the run.
    expect(await pollPublish(publishing)).toMatchObject({ status: "pending" });
    expect(await pollPublish(publishing)).toMatchObject({ status: "pending" });
    expect(ok(await api("GET", `/v2/routes/${routeUuid}`), 200)).toMatchObject({ status: "planned" });
    expect(server.fake.actions.pending().map((action) => action.uuid)).toEqual([run, publishing]);
    expect(ok(await call("GET", "/_fake/events"), 200).data).toEqual([]);

    const released = ok(await call("POST", `/_fake/actions/${run}/release`), 200);
    expect(released).toMatchObject({ uuid: run, status: "finished" });
    expect(await pollSchedule(run)).toMatchObject({ status: "finished", actionSummary: { ordersScheduled: 2 } });
    expect(await pollPublish(publishing)).toMatchObject({
      status: "finished",
      actionSummary: { routes: [{ uuid: routeUuid, status: "finished" }] },
    });
    expect(ok(await api("GET", `/v2/routes/${routeUuid}`), 200)).toMatchObject({ status: "published" });
    const events = ok(await call("GET", "/_fake/events?type=route.published"), 200).data;
    expect(events.map((event: { data: { route: { uuid: string } } }) => event.data.route.uuid)).toEqual([routeUuid]);
    expect(server.fake.actions.pending()).toEqual([]);
  });

  it("a run failed by the test lets the publish run after it, against the routes as the run left them", async () => {
    const { workspaceUuid, routeUuid } = await day();
    await holdSchedules();
    const run = await schedule(workspaceUuid);
    const publishing = await publish(workspaceUuid);
    ok(await call("POST", `/_fake/actions/${run}/fail`, { body: { reason: "optimizer unavailable" } }), 200);
    expect(await pollPublish(publishing)).toMatchObject({
      status: "finished",
      actionSummary: { routes: [{ uuid: routeUuid, status: "skipped", error: "route has no orders" }] },
    });
  });

  it("releasing the waiting publish itself is a 409 naming the held run, and changes nothing", async () => {
    const { workspaceUuid } = await day();
    await holdSchedules();
    const run = await schedule(workspaceUuid);
    ok(await call("PUT", "/_fake/actions/policy/publish", { body: { hold: true } }), 200);
    const publishing = await publish(workspaceUuid);
    const refused = await call("POST", `/_fake/actions/${publishing}/release`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "CONFLICT",
      message: `Failed to release action: action ${publishing} runs after schedule action ${run} of the same workspace and date, which is still pending; release or fail that one first`,
    });
    expect(server.fake.actions.pending().map((action) => [action.uuid, action.held])).toEqual([
      [run, true],
      [publishing, true],
    ]);
    // Releasing both (oldest first) runs them in order: the publish publishes the plan.
    expect(server.fake.actions.release().map((action) => [action.uuid, action.status])).toEqual([
      [run, "finished"],
      [publishing, "finished"],
    ]);
    expect((await pollPublish(publishing)).actionSummary.routes[0].status).toBe("finished");
  });

  it("another date, and another workspace, do not wait for the held run", async () => {
    const { workspaceUuid } = await day();
    const other = await day("2026-11-25");
    await holdSchedules();
    await schedule(workspaceUuid);
    const organization = ok(await call("POST", "/_fake/organizations", { body: { name: "Other Co" } }), 201);
    const foreign = organization.workspaces[0].uuid as string;
    const route = { name: "Van", date: DATE, startTime: "08:00", endTime: "18:00", startLocation: at(3) };
    const created = await call("POST", "/v2/routes", {
      token: organization.token,
      body: { workspaceUuid: foreign, routes: [route] },
    });
    expect(created.status).toBe(201);
    expect(await pollPublish(await publish(other.workspaceUuid, "2026-11-25"))).toMatchObject({ status: "finished" });
    const foreignPublish = await call("POST", "/v2/routes/publish", {
      token: organization.token,
      body: { workspaceUuid: foreign, date: DATE },
    });
    const polled = await call("GET", `/v2/routes/actions/${foreignPublish.body.actionUuid}`, {
      token: organization.token,
    });
    expect(polled.body).toMatchObject({ status: "finished" });
  });

  it("a delayed run: the publish accepted after it ends right after it, when the clock reaches the run's time", async () => {
    const { workspaceUuid, routeUuid } = await day();
    ok(await call("PUT", "/_fake/actions/policy/schedule", { body: { afterMs: 5_000 } }), 200);
    const run = await schedule(workspaceUuid);
    const publishing = await publish(workspaceUuid);
    await server.fake.advance(4_999);
    expect((await pollPublish(publishing)).status).toBe("pending");
    await server.fake.advance(1);
    expect((await pollSchedule(run)).status).toBe("finished");
    expect(await pollPublish(publishing)).toMatchObject({
      status: "finished",
      actionSummary: { routes: [{ uuid: routeUuid, status: "finished" }] },
    });
  });

  it("a publish waiting for polls counts them while it waits, and ends on the first poll after the run", async () => {
    const { workspaceUuid } = await day();
    await holdSchedules();
    ok(await call("PUT", "/_fake/actions/policy/publish", { body: { afterPolls: 1 } }), 200);
    const run = await schedule(workspaceUuid);
    const publishing = await publish(workspaceUuid);
    for (let i = 0; i < 3; i++) expect((await pollPublish(publishing)).status).toBe("pending");
    server.fake.actions.release(run);
    expect((await pollPublish(publishing)).actionSummary.routes[0].status).toBe("finished");
  });
});
