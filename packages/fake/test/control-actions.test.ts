import { type ActionPolicy, createFake, type Fake } from "@dispatchkit/fake";
import { handleControlRequest } from "@dispatchkit/fake/node";
import { publishAndWait, waitForAction } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createControlValidator } from "../../../test/support/openapi-validator.js";
import { clientOf, createRoute, DATE, scheduledRoute, workspaceOf } from "./support/flow.js";
import { orderIn } from "./support/inspect.js";

const server = useFakeServer();

/** Start a publish of the test date's routes; returns its action uuid. */
async function startPublish(date = DATE) {
  const { fake } = server;
  const accepted = await clientOf(fake).POST("/v2/routes/publish", {
    body: { workspaceUuid: workspaceOf(fake).uuid, date },
  });
  expect(accepted.response.status).toBe(202);
  return accepted.data?.actionUuid ?? "";
}

const control = createControlValidator();

/** Call the control API in process (`handleControlRequest`), checking the answer against control-openapi.yaml. */
async function controlCall(fake: Fake, method: string, path: string, body?: unknown) {
  const url = `${fake.baseUrl}${path}`;
  const init = body === undefined ? { method } : { method, body: JSON.stringify(body) };
  const answer = await handleControlRequest(fake, new Request(url, init));
  const text = (await answer?.text()) ?? "";
  expect(control.check(method, url, answer?.status ?? 0, answer?.headers ?? new Headers(), text)).toEqual([]);
  return { status: answer?.status, body: text ? JSON.parse(text) : undefined };
}

async function poll(actionUuid: string) {
  const res = await clientOf(server.fake).GET("/v2/routes/actions/{actionUuid}", { params: { path: { actionUuid } } });
  return res.data;
}

describe("action policies per kind (fake.actions.policy)", () => {
  it("afterPolls: the first N polls answer pending, poll N + 1 shows the action ended", async () => {
    const { fake } = server;
    await scheduledRoute(fake, 1);
    fake.actions.policy("publish", { afterPolls: 2 });
    const actionUuid = await startPublish();
    expect((await poll(actionUuid))?.status).toBe("pending");
    expect((await poll(actionUuid))?.status).toBe("pending");
    expect(fake.events).toEqual([]);
    expect(await poll(actionUuid)).toMatchObject({
      status: "finished",
      actionSummary: { routes: [{ status: "finished" }] },
    });
    expect(fake.events.map((e) => e.type)).toEqual(["route.published"]);
    expect(fake.actions.list()[0]).toMatchObject({ uuid: actionUuid, afterPolls: 2, polls: 3, status: "finished" });
  });

  it("afterPolls as the SDK meets it: waitForAction polls until it ends, with the pending states in between", async () => {
    const { fake } = server;
    await scheduledRoute(fake, 2);
    fake.actions.policy("publish", { afterPolls: 3 });
    const seen: string[] = [];
    const sleeps: number[] = [];
    const { action } = await publishAndWait(
      clientOf(fake),
      { workspaceUuid: workspaceOf(fake).uuid, date: DATE },
      {
        onProgress: (a) => seen.push(a.status),
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
    );
    expect(action.status).toBe("finished");
    expect(seen).toEqual(["pending", "pending", "pending", "finished"]);
    // The SDK polls a fresh 202 at once; the pending polls carry Retry-After: 1.
    expect(sleeps).toEqual([1000, 1000, 1000]);
  });

  it("afterMs: pending until the fake's clock has moved that far; waitForAction's sleep can move it", async () => {
    const { fake } = server;
    await scheduledRoute(fake, 1);
    fake.actions.policy("publish", { afterMs: 5_000 });
    const createdAt = fake.clock.now();
    const actionUuid = await startPublish();
    await fake.advance(4_999);
    expect((await poll(actionUuid))?.status).toBe("pending");
    const done = await waitForAction(clientOf(fake), actionUuid, { kind: "publish", sleep: (ms) => fake.advance(ms) });
    expect(done).toMatchObject({ status: "finished", finishedAt: new Date(createdAt + 5_000).toISOString() });
  });

  it("hold: pending until released; fail: ends failed with the policy's reason and never runs the work", async () => {
    const { fake } = server;
    const { route } = await scheduledRoute(fake, 1);
    fake.actions.policy("publish", { hold: true, fail: "driver app unavailable" });
    const held = await startPublish();
    expect((await poll(held))?.status).toBe("pending");
    fake.clock.advance(60_000);
    const [released] = fake.actions.release(held);
    expect(released).toMatchObject({
      status: "failed",
      reason: "driver app unavailable",
      failWith: "driver app unavailable",
    });
    // The clock moves forward across tests (reset() never moves it back): compare with its now.
    expect(await poll(held)).toMatchObject({
      status: "failed",
      reason: "driver app unavailable",
      finishedAt: new Date(fake.clock.now()).toISOString(),
    });
    const read = await clientOf(fake).GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: route } } });
    expect(read.data?.status).toBe("planned");

    fake.actions.policy("publish", { fail: "no drivers today" });
    const failed = await startPublish();
    expect(await poll(failed)).toMatchObject({ status: "failed", reason: "no drivers today" });
    expect(fake.events).toEqual([]);
  });

  it("fail after N polls; a policy applies to its kind only and to new actions only", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const { orders } = await scheduledRoute(fake, 2);
    fake.actions.policy("delete", { afterPolls: 1, fail: "storage offline" });
    fake.actions.policy("publish", { afterPolls: 1 });
    const before = await startPublish();
    fake.actions.policy("publish", "immediate");
    const deletion = await client.DELETE("/v2/orders", { body: [orders[0] ?? ""] });
    const deleteUuid = deletion.data && "actionUuid" in deletion.data ? deletion.data.actionUuid : "";
    const pollDelete = () =>
      client.GET("/v2/orders/actions/{actionUuid}", { params: { path: { actionUuid: deleteUuid } } });
    expect((await pollDelete()).data?.status).toBe("pending");
    expect((await pollDelete()).data).toMatchObject({ status: "failed", reason: "storage offline" });
    // The publish started under { afterPolls: 1 } keeps that policy.
    expect((await poll(before))?.status).toBe("pending");
    expect((await poll(before))?.status).toBe("finished");
    expect(orderIn(fake, orders[0] ?? "")).toBeDefined();
  });

  it('PUT /_fake/actions/policy/{kind} {"hold": false} undoes {"hold": true}: new actions run normally again', async () => {
    const { fake } = server;
    await scheduledRoute(fake, 1);
    const setPolicy = (body: unknown) => controlCall(fake, "PUT", "/_fake/actions/policy/publish", body);
    expect(await setPolicy({ hold: true })).toEqual({ status: 200, body: { kind: "publish", policy: { hold: true } } });
    const held = await startPublish();
    expect(await setPolicy({ hold: false })).toEqual({ status: 200, body: { kind: "publish", policy: "immediate" } });
    expect((await controlCall(fake, "GET", "/_fake/actions")).body.policies.publish).toBe("immediate");
    // Another date: a publish of the held one's date would wait behind it (actions of one date run in order).
    await createRoute(fake, { date: "2026-11-25" });
    const normal = await startPublish("2026-11-25");
    expect((await poll(normal))?.status).toBe("finished");
    // Actions already held keep their policy until released.
    expect((await poll(held))?.status).toBe("pending");
    const released = await controlCall(fake, "POST", `/_fake/actions/${held}/release`);
    expect(released.body).toMatchObject({ uuid: held, status: "finished" });
    // Beside another field, hold: false is that field's policy.
    expect((await setPolicy({ hold: false, afterPolls: 2 })).body.policy).toEqual({ afterPolls: 2 });
    expect((await setPolicy({ hold: false, fail: "no drivers" })).body.policy).toEqual({ fail: "no drivers" });
    fake.actions.policy("update", { hold: false } as ActionPolicy);
    expect(fake.actions.policies().update).toBe("immediate");
  });

  it("policies() shows each kind's policy; hold() and policy() both set it and the last call wins", () => {
    const fake = createFake({
      now: "2026-11-23T08:00:00Z",
      actions: { delayMs: 2_000, policies: { schedule: { afterPolls: 1 } } },
    });
    expect(fake.actions.policies()).toEqual({
      schedule: { afterPolls: 1 },
      publish: { afterMs: 2_000 },
      update: { afterMs: 2_000 },
      delete: { afterMs: 2_000 },
    });
    fake.actions.hold(["schedule", "publish"]);
    expect(fake.actions.policies()).toMatchObject({
      schedule: { hold: true },
      publish: { hold: true },
      update: { afterMs: 2_000 },
    });
    fake.actions.policy("publish", "immediate");
    expect(fake.actions.policies().publish).toBe("immediate");
    fake.actions.policy("update", { hold: true });
    fake.actions.hold(false);
    expect(fake.actions.policies()).toEqual({
      schedule: { afterMs: 2_000 },
      publish: "immediate",
      update: { afterMs: 2_000 },
      delete: { afterMs: 2_000 },
    });
    fake.actions.policy("delete", {} as ActionPolicy); // what an empty JSON object over HTTP sends
    expect(fake.actions.policies().delete).toBe("immediate");
    fake.reset();
    expect(fake.actions.policies().schedule).toEqual({ afterPolls: 1 });
  });

  it("refuses an unknown kind or a bad policy naming the field, and changes nothing", () => {
    const { fake } = server;
    const before = fake.actions.policies();
    const bad: [string, unknown, RegExp][] = [
      ["merge", "immediate", /Failed to set action policy: kind: must be one of schedule, publish, update, delete/],
      ["publish", { afterPolls: -1 }, /afterPolls: must not be negative/],
      ["publish", { afterPolls: 1.5 }, /afterPolls: must be a whole number of polls/],
      ["publish", { afterPolls: 1, hold: true }, /hold: only one of afterPolls, afterMs, hold may be given/],
      ["publish", { hold: "yes" }, /hold: must be true or false/],
      ["publish", { hold: null }, /hold: must be true or false/],
      ["publish", { afterMs: 1, hold: true }, /hold: only one of afterPolls, afterMs, hold may be given/],
      ["publish", { fail: "" }, /fail: must not be empty/],
      ["publish", { after: 1 }, /unknown field "after"/],
      ["publish", "later", /must be "immediate" or an object/],
    ];
    for (const [kind, policy, message] of bad) {
      expect(
        () => fake.actions.policy(kind as "publish", policy as ActionPolicy),
        `${kind} ${JSON.stringify(policy)}`,
      ).toThrow(message);
    }
    expect(fake.actions.policies()).toEqual(before);
  });
});
