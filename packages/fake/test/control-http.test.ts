import { ConnectionError, createClient, type RetryInfo, unwrap } from "@dispatchkit/sdk";
import { describe, expect, it, vi } from "vitest";
import { loadControlSpec } from "../../../test/support/openapi-validator.js";
import { publishedRouteOverHttp, useControlServer } from "./support/control-server.js";

const TOKEN = "dev-token";
const server = useControlServer({ token: TOKEN });
const { call } = server;
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { token: TOKEN, ...(body !== undefined ? { body } : {}) });

/** The clock moves forward across tests (a reset never moves it back): instants relative to the test's start. */
function clockFromNow() {
  const start = server.fake.clock.now();
  return (ms = 0) => new Date(start + ms).toISOString();
}

/** Orders on a published route, made over HTTP (orders and route through the API, assignment in-process). */
const publishedRoute = (n: number) => publishedRouteOverHttp(server, TOKEN, n);

describe("the control API over HTTP (the standalone server)", () => {
  it("documents exactly the operations it serves (its home, `GET /`, lists them) in control-openapi.yaml", async () => {
    const spec = loadControlSpec() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths).flatMap(([path, item]) =>
      ["get", "post", "put", "patch", "delete"].filter((m) => item[m]).map((m) => `${m} ${path}`),
    );
    const home = (await (await fetch(`${server.url}/`)).json()) as { control: { method: string; path: string }[] };
    const served = home.control.map((o) => `${o.method.toLowerCase()} ${o.path}`);
    expect(served.sort()).toEqual(documented.sort());
  });

  it("clock: reads now and advances, running due background work on the way", async () => {
    const at = clockFromNow();
    expect((await call("GET", "/_fake/clock")).body).toEqual({ now: at() });
    server.fake.actions.policy("publish", { afterMs: 30_000 });
    const { publishUuid } = await publishedRoute(1);
    const advanced = await call("POST", "/_fake/clock/advance", { body: { ms: 60_000 } });
    expect(advanced).toMatchObject({ status: 200, body: { now: at(60_000) } });
    const action = (await call("GET", "/_fake/actions")).body.data.find(
      (a: { uuid: string }) => a.uuid === publishUuid,
    );
    expect(action).toMatchObject({ status: "finished", finishedAt: at(30_000), dueAt: null });
  });

  it("actions: list with policies, set a policy, release and fail by uuid", async () => {
    const set = await call("PUT", "/_fake/actions/policy/publish", { body: { hold: true } });
    expect(set).toMatchObject({ status: 200, body: { kind: "publish", policy: { hold: true } } });
    const listed = await call("GET", "/_fake/actions");
    expect(listed.body.policies).toEqual({
      schedule: "immediate",
      publish: { hold: true },
      update: "immediate",
      delete: "immediate",
    });
    const first = await publishedRoute(1);
    const second = await api("POST", "/v2/routes/publish", { workspaceUuid: first.workspaceUuid, date: "2026-11-23" });
    const held = (await call("GET", "/_fake/actions")).body.data;
    expect(held.map((a: { uuid: string; status: string; held: boolean }) => [a.uuid, a.status, a.held])).toEqual([
      [first.publishUuid, "pending", true],
      [second.body.actionUuid, "pending", true],
    ]);
    const released = await call("POST", `/_fake/actions/${first.publishUuid}/release`);
    expect(released).toMatchObject({ status: 200, body: { uuid: first.publishUuid, status: "finished", held: false } });
    const failed = await call("POST", `/_fake/actions/${second.body.actionUuid}/fail`, {
      body: { reason: "no drivers" },
    });
    expect(failed).toMatchObject({ status: 200, body: { status: "failed", reason: "no drivers" } });
    const poll = await api("GET", `/v2/routes/actions/${second.body.actionUuid}`);
    expect(poll.body).toMatchObject({ status: "failed", reason: "no drivers" });
    expect((await call("POST", `/_fake/actions/${first.publishUuid}/release`)).status).toBe(409);
    expect((await call("PUT", "/_fake/actions/policy/schedule", { body: "immediate" })).body.policy).toBe("immediate");
    const polls = await call("PUT", "/_fake/actions/policy/update", { body: { afterPolls: 2, fail: "x" } });
    expect(polls.body).toEqual({ kind: "update", policy: { afterPolls: 2, fail: "x" } });
  });

  it("faults: add, list, clear; the SDK retries a 503 over the wire and meets a dropped connection", async () => {
    const added = await call("POST", "/_fake/faults", {
      body: { operationId: "listWorkspaces", status: 503, times: 1 },
    });
    expect(added).toMatchObject({ status: 201, body: { id: "flt_1", status: 503, code: "INTERNAL", remaining: 1 } });
    const retries: RetryInfo[] = [];
    const client = createClient({
      baseUrl: server.url,
      token: TOKEN,
      retries: { sleep: async () => {}, onRetry: (info) => retries.push(info) },
    });
    expect((await unwrap(client.GET("/v2/workspaces"))).data).toHaveLength(1);
    expect(retries.map((r) => r.status)).toEqual([503]);

    await call("POST", "/_fake/faults", { body: { operationId: "createOrders", networkError: true } });
    const before = server.fake.inspect();
    const workspaceUuid = server.fake.workspaces[0]?.uuid ?? "";
    const dropped = await client
      .POST("/v2/orders", {
        params: { query: { workspaceUuid } },
        body: [{ deliveryDate: "2026-11-23", locations: [{ address: "A" }] }],
      })
      .catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(ConnectionError);
    expect(server.fake.inspect()).toEqual(before);

    const listed = await call("GET", "/_fake/faults");
    // The SDK sends every POST with an Idempotency-Key and so retries it: three dropped attempts.
    expect(listed.body.data.map((f: { id: string; hits: number }) => [f.id, f.hits])).toEqual([
      ["flt_1", 1],
      ["flt_2", 3],
    ]);
    const cleared = await call("DELETE", "/_fake/faults");
    expect(cleared.status).toBe(204);
    expect((await call("GET", "/_fake/faults")).body).toEqual({ data: [] });
  });

  it("driver: arrive, complete an order or a route's next stop, and the auto-driver on the clock", async () => {
    const at = clockFromNow();
    const { route, orders, publishUuid } = await publishedRoute(3);
    expect((await api("GET", `/v2/routes/actions/${publishUuid}`)).body.status).toBe("finished");
    const arrived = await call("POST", "/_fake/driver/arrive", {
      body: { orderUuid: orders[0], at: "2026-11-23T08:10:00.000Z" },
    });
    expect(arrived.body).toEqual({
      orderUuid: orders[0],
      routeUuid: route,
      status: "scheduled",
      arrivedAt: "2026-11-23T08:10:00.000Z",
      completedAt: null,
      missedReason: null,
      notes: null,
    });
    const missed = await call("POST", "/_fake/driver/complete", {
      body: { orderUuid: orders[0], status: "missed", missedReason: "Nobody home", at: "2026-11-23T08:12:00.000Z" },
    });
    expect(missed.body).toMatchObject({ status: "missed", completedAt: "2026-11-23T08:12:00.000Z" });
    // The next stop is still ahead on the clock (the miss was at 08:12, the clock reads 08:01): without `at` it is
    // delivered at its estimated departure (arrival after the miss plus its service time), not at the clock's now.
    const next = await call("POST", "/_fake/driver/complete", { body: { routeUuid: route, status: "delivered" } });
    expect(next.body).toMatchObject({ status: "delivered", completedAt: "2026-11-23T08:18:05.000Z" });
    expect(Date.parse(next.body.completedAt)).toBeGreaterThan(Date.parse(at()));

    const auto = await call("POST", "/_fake/driver/auto", { body: { on: true, missRate: 0, seed: 5 } });
    expect(auto.body).toEqual({
      on: true,
      missRate: 0,
      seed: 5,
      missedReason: "Recipient not available",
      routeUuids: null,
    });
    await call("POST", "/_fake/clock/advance", { body: { ms: 8 * 3_600_000 } });
    const order = await api("GET", `/v2/orders/${orders[2]}`);
    expect(order.body.status).toBe("delivered");
    expect((await call("POST", "/_fake/driver/auto", { body: { on: false } })).body).toEqual({ on: false });
    expect(server.fake.driver.autoDriver).toBeNull();

    const notifications = await call("GET", "/_fake/notifications");
    expect(notifications.body.data.map((n: { orderUuid: string; kind: string }) => [n.orderUuid, n.kind])).toEqual([
      [orders[0], "order_missed"],
      [orders[1], "order_delivered"],
      [orders[2], "order_delivered"],
    ]);
  });

  it("tokens with a lifetime, organizations, reset, snapshots and restore", async () => {
    const at = clockFromNow();
    const token = await call("POST", "/_fake/tokens", { body: { expiresInMs: 60_000 } });
    expect(token).toMatchObject({ status: 201, body: { expiresAt: at(60_000) } });
    expect((await call("GET", "/v2/workspaces", { token: token.body.token })).status).toBe(200);
    await call("POST", "/_fake/clock/advance", { body: { ms: 60_000 } });
    const expired = await call("GET", "/v2/workspaces", { token: token.body.token });
    expect(expired).toMatchObject({ status: 401, body: { code: "TOKEN_EXPIRED" } });
    expect((await call("POST", "/_fake/tokens", { body: {} })).body.expiresAt).toBeNull();
    const org = await call("POST", "/_fake/organizations", { body: { name: "Other" } });
    expect(org.body.workspaces).toHaveLength(1);

    const snapshot = await call("POST", "/_fake/snapshots");
    expect(snapshot).toMatchObject({ status: 201, body: { id: "snap_1", takenAt: at(60_000) } });
    await publishedRoute(1);
    expect(server.fake.events).toHaveLength(1);
    const restored = await call("POST", "/_fake/snapshots/snap_1/restore");
    expect(restored).toMatchObject({ status: 200, body: { id: "snap_1" } });
    expect(server.fake.events).toHaveLength(0);
    expect((await call("GET", "/v2/workspaces", { token: org.body.token })).status).toBe(200);

    expect((await call("POST", "/_fake/reset")).status).toBe(204);
    expect((await call("GET", "/v2/workspaces", { token: org.body.token })).status).toBe(401);
    expect((await call("GET", "/_fake/actions")).body.data).toEqual([]);
    // A reset forgets the snapshots taken over HTTP, and their ids start again.
    expect((await call("GET", "/_fake/snapshots")).body).toEqual({ data: [] });
    expect(await call("POST", "/_fake/snapshots/snap_1/restore")).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND" },
    });
    expect((await call("POST", "/_fake/snapshots")).body.id).toBe("snap_1");
  });

  it("expire and redeliver take no body: a webhook event sent to them answers 400 and changes nothing (issue 31)", async () => {
    const event = { id: "evt_1", type: "order.created", createdAt: "2026-11-23T08:00:00Z", data: {} };
    const minted = (await call("POST", "/_fake/tokens")).body.token as string;
    const expire = await call("POST", `/_fake/tokens/${minted}/expire`, { body: event });
    expect(expire).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
    expect(expire.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "createdAt",
      "data",
      "id",
      "type",
    ]);
    expect((await call("GET", "/v2/workspaces", { token: minted })).status).toBe(200);
    for (const body of [[event], "text", 1]) {
      expect((await call("POST", `/_fake/tokens/${minted}/expire`, { body })).status).toBe(400);
    }
    expect((await call("GET", "/v2/workspaces", { token: minted })).status).toBe(200);
    // An empty body and {} still expire it.
    expect((await call("POST", `/_fake/tokens/${minted}/expire`, { body: {} })).status).toBe(200);
    expect((await call("GET", "/v2/workspaces", { token: minted })).status).toBe(401);

    const redeliver = await call("POST", "/_fake/webhook-deliveries/whd_1/redeliver", { body: event });
    expect(redeliver).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
    expect(redeliver.body.message).toContain("redeliver webhook");
    expect((await call("POST", "/_fake/webhook-deliveries/whd_1/redeliver")).status).toBe(404);
  });

  it("no control endpoint accepts a webhook delivery's body: a delivery from another fake changes nothing (issue 31)", async () => {
    const spec = loadControlSpec() as { paths: Record<string, Record<string, unknown>> };
    const delivery = {
      id: "evt_1",
      type: "route.published",
      createdAt: "2026-11-23T08:00:00.000Z",
      data: { routeUuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" },
    };
    // Every id a path may name exists: the token, an action, a snapshot, a delivery.
    await publishedRoute(1);
    const action = (await call("GET", "/_fake/actions")).body.data[0].uuid as string;
    expect((await call("POST", "/_fake/snapshots")).status).toBe(201);
    const ids: Record<string, string> = { token: TOKEN, uuid: action, id: "snap_1", kind: "publish" };
    const before = server.fake.inspect();
    const answered: string[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of ["post", "put"].filter((m) => item[m])) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "x");
        const { status } = await call(method.toUpperCase(), url, { body: delivery });
        answered.push(`${method} ${path} ${status}`);
        expect([400, 404, 409], `${method} ${url}`).toContain(status);
      }
    }
    expect(answered.length).toBeGreaterThan(15);
    expect(server.fake.inspect()).toEqual(before);
    expect((await api("GET", "/v2/workspaces")).status).toBe(200);
  });

  it("workspaces: an organization with several, one more for the seeded organization or a token's, each refused bad input", async () => {
    const org = await call("POST", "/_fake/organizations", {
      body: {
        name: "Two towns",
        workspaces: [
          { name: "Berlin" },
          {
            name: "New York",
            timezone: "America/New_York",
            serviceArea: { latitude: 40.7, longitude: -74, radiusKm: 20 },
          },
        ],
      },
    });
    expect(org.status).toBe(201);
    expect(org.body.workspaces.map((w: { name: string; timezone: string }) => [w.name, w.timezone])).toEqual([
      ["Berlin", "Europe/Berlin"],
      ["New York", "America/New_York"],
    ]);
    // Both are the organization's own, through the API with its token.
    const listed = await call("GET", "/v2/workspaces", { token: org.body.token });
    expect(listed.body.data.map((w: { name: string }) => w.name)).toEqual(["Berlin", "New York"]);

    const seeded = await call("POST", "/_fake/workspaces", { body: { name: "Second", timezone: "Europe/Paris" } });
    expect(seeded).toMatchObject({ status: 201, body: { name: "Second", timezone: "Europe/Paris" } });
    const mine = await call("GET", "/v2/workspaces", { token: TOKEN });
    expect(mine.body.data.map((w: { name: string }) => w.name)).toContain("Second");
    const theirs = await call("POST", "/_fake/workspaces", { body: { token: org.body.token, name: "Boston" } });
    expect(theirs.status).toBe(201);
    const again = await call("GET", "/v2/workspaces", { token: org.body.token });
    expect(again.body.data.map((w: { name: string }) => w.name)).toEqual(["Berlin", "New York", "Boston"]);
    expect((await call("GET", "/v2/workspaces", { token: TOKEN })).body.data).toHaveLength(2);

    const before = server.fake.inspect().counts.workspaces;
    expect(await call("POST", "/_fake/workspaces", { body: { timezone: "Mars/Olympus" } })).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED", details: [{ path: "timezone" }] },
    });
    expect(
      await call("POST", "/_fake/workspaces", { body: { serviceArea: { latitude: 91, longitude: 0, radiusKm: 1 } } }),
    ).toMatchObject({
      status: 400,
      body: { details: [{ path: "serviceArea.latitude", message: "must be at most 90" }] },
    });
    expect(await call("POST", "/_fake/workspaces", { body: { token: "nope" } })).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND" },
    });
    expect(await call("POST", "/_fake/organizations", { body: { workspaces: [] } })).toMatchObject({
      status: 400,
      body: { details: [{ path: "workspaces" }] },
    });
    const organizations = server.fake.inspect().counts.organizations;
    expect(
      await call("POST", "/_fake/organizations", { body: { workspaces: [{}, { timezone: "Mars/Olympus" }] } }),
    ).toMatchObject({ status: 400, body: { details: [{ path: "workspaces[1].timezone" }] } });
    // Nothing was created: not the organization, not its first workspace.
    expect(server.fake.inspect().counts.organizations).toBe(organizations);
    expect(server.fake.inspect().counts.workspaces).toBe(before);
  });

  it("snapshots: at most 10 are kept (409 at the bound, nothing changed), listed oldest first, deletable", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const taken = await call("POST", "/_fake/snapshots");
      expect(taken.status).toBe(201);
      ids.push(taken.body.id);
    }
    expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `snap_${i + 1}`));
    // Refused before the state is copied (issue 31: each refused snapshot copied the whole state first).
    const taking = vi.spyOn(server.fake, "snapshot");
    const full = await call("POST", "/_fake/snapshots");
    expect(taking).not.toHaveBeenCalled();
    taking.mockRestore();
    expect(full).toMatchObject({
      status: 409,
      body: {
        code: "CONFLICT",
        message:
          "Failed to take a snapshot: 10 snapshots are kept already; delete one (DELETE /_fake/snapshots/{id}) or reset the fake",
      },
    });
    const listed = await call("GET", "/_fake/snapshots");
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual(ids);
    // The server still answers at its bound: a deleted snapshot frees its place and cannot be restored.
    expect((await call("DELETE", "/_fake/snapshots/snap_3")).status).toBe(204);
    expect((await call("DELETE", "/_fake/snapshots/snap_3")).status).toBe(404);
    expect((await call("POST", "/_fake/snapshots/snap_3/restore")).status).toBe(404);
    expect((await call("POST", "/_fake/snapshots")).body.id).toBe("snap_11");
    expect((await call("GET", "/_fake/snapshots")).body.data.map((s: { id: string }) => s.id)).toEqual([
      ...ids.filter((id) => id !== "snap_3"),
      "snap_11",
    ]);
    expect((await call("POST", "/_fake/snapshots/snap_1/restore")).status).toBe(200);
  });

  it("journal: the API calls by operationId (control calls are not journaled), and clear", async () => {
    const at = clockFromNow();
    await api("GET", "/v2/workspaces");
    await call("GET", "/_fake/clock");
    await api("GET", "/v2/routes/nope");
    const all = await call("GET", "/_fake/journal");
    expect(all.body.data.map((e: { operationId: string; status: number }) => [e.operationId, e.status])).toEqual([
      ["listWorkspaces", 200],
      ["getRoute", 404],
    ]);
    expect(all.body.data[0]).toMatchObject({ method: "GET", path: "/v2/workspaces", at: at() });
    const one = await call("GET", "/_fake/journal?operationId=getRoute");
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0].responseBody).toMatchObject({ code: "NOT_FOUND", requestId: one.body.data[0].requestId });
    expect((await call("DELETE", "/_fake/journal")).status).toBe(204);
    expect((await call("GET", "/_fake/journal")).body).toEqual({
      data: [],
      metadata: { nextPage: null, totalPages: 1, totalItems: 0 },
    });
  });

  it("refuses bad input with 400 naming the field and changes nothing; unknown ids answer 404", async () => {
    const { publishUuid } = await publishedRoute(1);
    // The server's real-time driver runs background work (webhook fan-out) after each answer: let it settle first.
    await server.fake.runUntilIdle();
    const state = server.fake.inspect();
    const policies = server.fake.actions.policies();
    const now = server.fake.clock.now();
    const refusals: [string, string, unknown, number, string][] = [
      ["PUT", "/_fake/actions/policy/merge", { hold: true }, 400, "kind"],
      ["PUT", "/_fake/actions/policy/publish", { afterPolls: -1 }, 400, "afterPolls"],
      ["PUT", "/_fake/actions/policy/publish", { afterMs: 5, hold: true }, 400, "hold"],
      ["POST", "/_fake/clock/advance", { ms: -5 }, 400, "ms"],
      ["POST", "/_fake/clock/advance", {}, 400, "ms"],
      ["POST", "/_fake/faults", { operationId: "nope", status: 503 }, 400, "operationId"],
      ["POST", "/_fake/faults", { operationId: "listOrders", status: 503, colour: 1 }, 400, "colour"],
      ["POST", `/_fake/actions/${publishUuid}/fail`, {}, 400, "reason"],
      ["POST", "/_fake/driver/complete", { status: "delivered" }, 400, "orderUuid"],
      ["POST", "/_fake/driver/complete", { orderUuid: "x", status: "gone" }, 400, "status"],
      ["POST", "/_fake/driver/arrive", { orderUuid: "x", at: "noon" }, 400, "at"],
      ["POST", "/_fake/driver/auto", { on: false, missRate: 0.1 }, 400, "missRate"],
      ["POST", "/_fake/driver/auto", { on: true, missRate: 2 }, 400, "missRate"],
      ["POST", "/_fake/tokens", { expiresInMs: "soon" }, 400, "expiresInMs"],
      ["POST", "/_fake/reset", { hard: true }, 400, "hard"],
      ["POST", "/_fake/actions/00000000-0000-4000-8000-000000000000/release", undefined, 404, ""],
      ["POST", "/_fake/actions/00000000-0000-4000-8000-000000000000/fail", { reason: "x" }, 404, ""],
      ["POST", "/_fake/driver/complete", { orderUuid: "nope", status: "delivered" }, 404, ""],
      ["POST", "/_fake/driver/arrive", { orderUuid: "nope" }, 404, ""],
      ["POST", "/_fake/snapshots/snap_404/restore", undefined, 404, ""],
      ["GET", "/_fake/nothing", undefined, 404, ""],
    ];
    for (const [method, path, body, status, field] of refusals) {
      const answer = await call(method, path, body === undefined ? {} : { body });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status });
      if (field)
        expect(
          answer.body.details.map((d: { path: string }) => d.path),
          path,
        ).toContain(field);
    }
    const invalid = await call("POST", "/_fake/faults", { raw: "{nope" });
    expect(invalid).toMatchObject({ status: 400, body: { code: "INVALID_JSON" } });
    const journal = await call("GET", "/_fake/journal?operationId=everything");
    expect(journal).toMatchObject({ status: 400, body: { details: [{ path: "operationId" }] } });
    expect(server.fake.inspect()).toEqual(state);
    expect(server.fake.actions.policies()).toEqual(policies);
    expect(server.fake.faults.list()).toEqual([]);
    expect(server.fake.clock.now()).toBe(now);
  });
});
