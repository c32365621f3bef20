/**
 * The SDK against the fake (msw, every answer validated against openapi.yaml): typed calls and errors, token
 * refresh, pagination over orders, deleteOrders over more than 500 uuids (200 and 202 forms), and waiting for
 * schedule and publish actions on the fake's manual clock.
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import {
  ActionFailedError,
  createClient,
  type DispatchClient,
  deleteOrders,
  NotFoundError,
  paginate,
  publishAndWait,
  publishOutcome,
  scheduleAndWait,
  signWebhookForTest,
  TokenExpiredError,
  UnauthorizedError,
  unwrap,
  ValidationError,
  verifyWebhook,
  type WebhookEvent,
  waitForAction,
} from "../src/index.js";

const DATE = "2026-11-24";
const handle = useFakeServer({ actions: { delayMs: 5_000, retryAfterSeconds: 2 } });
const fake = () => handle.fake;
const validator = createContractValidator();

function client(token: string = fake().token): DispatchClient {
  return createClient({ baseUrl: fake().baseUrl, token, retries: { sleep: async () => {} } });
}

/** A sleep that moves the fake's manual clock instead of waiting. */
function clockSleep(log: number[] = []) {
  return async (ms: number) => {
    log.push(ms);
    (fake().clock as unknown as { advance(ms: number): void }).advance(ms);
  };
}

const workspaceUuid = () => fake().workspaces[0]?.uuid as string;

function orders(n: number, date = DATE) {
  return Array.from({ length: n }, (_, i) => ({
    name: `Customer ${i + 1}`,
    deliveryDate: date,
    locations: [
      { address: `${i + 1} Test Street`, latitude: 52.5 + (i % 10) * 0.002, longitude: 13.4 + (i % 7) * 0.002 },
    ],
  }));
}

async function createOrders(c: DispatchClient, n: number) {
  const created = await unwrap(
    c.POST("/v2/orders", { params: { query: { workspaceUuid: workspaceUuid() } }, body: orders(n) }),
  );
  return created.data.map((o) => o.uuid);
}

async function createRoute(c: DispatchClient) {
  const created = await unwrap(
    c.POST("/v2/routes", {
      body: {
        workspaceUuid: workspaceUuid(),
        routes: [
          {
            name: "Van 1",
            date: DATE,
            startTime: "08:00",
            endTime: "18:00",
            startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
          },
        ],
      },
    }),
  );
  return created.data[0]?.uuid as string;
}

describe("typed calls and errors against the fake", () => {
  it("lists workspaces", async () => {
    const { data, error, response } = await client().GET("/v2/workspaces");
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.data.map((w) => w.name)).toEqual(["Main"]);
    expect(data?.metadata.totalItems).toBe(1);
  });

  it("throws UnauthorizedError for an unknown token", async () => {
    const error = await unwrap(client("nope").GET("/v2/workspaces")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).requestId).toMatch(/^req_/);
  });

  it("throws NotFoundError for an unknown order and ValidationError with field paths for a bad batch", async () => {
    const c = client();
    await expect(
      unwrap(
        c.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" } } }),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    const bad = [...orders(2), { deliveryDate: DATE, locations: [] }];
    const error = await unwrap(
      c.POST("/v2/orders", { params: { query: { workspaceUuid: workspaceUuid() } }, body: bad }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details.map((d) => d.path)).toContain("[2].locations");
  });

  it("refreshes an expired token through onTokenExpired", async () => {
    const expiring = fake().control.createToken({ token: "tok_expiring" });
    fake().control.expireToken(expiring);
    const fresh = fake().control.createToken({ token: "tok_fresh" });
    let refreshes = 0;
    const c = createClient({
      baseUrl: fake().baseUrl,
      token: expiring,
      onTokenExpired: () => {
        refreshes++;
        return fresh;
      },
    });
    await expect(unwrap(c.GET("/v2/workspaces"))).resolves.toMatchObject({ metadata: { totalItems: 1 } });
    expect(refreshes).toBe(1);
    const without = createClient({ baseUrl: fake().baseUrl, token: expiring });
    await expect(unwrap(without.GET("/v2/workspaces"))).rejects.toBeInstanceOf(TokenExpiredError);
  });
});

describe("helpers against the fake", () => {
  it("paginates over 250 orders, 100 per page", async () => {
    const c = client();
    const uuids = await createOrders(c, 250);
    const pages: number[] = [];
    for await (const page of paginate(c, "/v2/orders", {
      query: { workspaceUuid: workspaceUuid(), perPage: 100 },
    }).pages()) {
      pages.push(page.items.length);
    }
    expect(pages).toEqual([100, 100, 50]);
    const all = await paginate(c, "/v2/orders", { query: { workspaceUuid: workspaceUuid(), perPage: 100 } }).toArray();
    expect(all.map((o) => o.uuid)).toEqual(uuids);
    const some = await paginate(c, "/v2/orders", { query: { workspaceUuid: workspaceUuid() } }).toArray({ limit: 5 });
    expect(some).toHaveLength(5);
  });

  it("deletes 600 orders (and unknown uuids and duplicates) in batches of 500, answered 200", async () => {
    const c = client();
    const uuids = await createOrders(c, 600);
    const unknown = "7d1f3c9a-2e4b-4a6d-8f05-9b3e6c2a1d47";
    const batches: number[] = [];
    const result = await deleteOrders(c, [...uuids, uuids[0] as string, unknown], {
      onBatch: (_r, batch) => batches.push(batch.length),
    });
    expect(batches).toEqual([500, 101]);
    expect(result.deleted.map((d) => d.uuid).sort()).toEqual([...uuids].sort());
    expect(result.failed).toEqual([{ uuid: unknown, reason: "not_found" }]);
    const left = await paginate(c, "/v2/orders", { query: { workspaceUuid: workspaceUuid() } }).toArray();
    expect(left).toEqual([]);
  });

  it("schedules and waits on the fake's clock (Retry-After hint), then deletes scheduled orders through a 202 action", async () => {
    const c = client();
    const routeUuid = await createRoute(c);
    const uuids = await createOrders(c, 5);
    const sleeps: number[] = [];
    const progress: string[] = [];
    const solution = await scheduleAndWait(
      c,
      { workspaceUuid: workspaceUuid(), date: DATE },
      { sleep: clockSleep(sleeps), onProgress: (a) => progress.push(a.status), intervalMs: 1_000 },
    );
    expect(solution.committed).toBe(true);
    expect(solution.routes[0]?.routeUuid).toBe(routeUuid);
    expect(solution.summary.ordersScheduled).toBe(5);
    // The first poll at once (no pause before it), then the fake's Retry-After hint until its 5 s run is done.
    expect(sleeps).toEqual([2_000, 2_000, 2_000]);
    expect(progress).toEqual(["pending", "pending", "pending", "finished"]);

    const first = await unwrap(c.DELETE("/v2/orders", { body: uuids.slice(0, 2) }));
    expect("actionUuid" in first).toBe(true); // scheduled orders: the 202 form
    const result = await deleteOrders(c, uuids, { sleep: clockSleep() });
    expect(result.failed.filter((f) => f.reason !== "not_found")).toEqual([]);
    expect(result.deleted.length + result.failed.length).toBe(5);
  });

  it("resumes a wait from a stored actionUuid and reports a failed run", async () => {
    const c = client();
    const accepted = await unwrap(c.POST("/v2/schedules", { body: { workspaceUuid: workspaceUuid(), date: DATE } }));
    const stored = accepted.actionUuid;
    const error = await waitForAction(c, stored, { kind: "schedule", sleep: clockSleep() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActionFailedError);
    expect((error as ActionFailedError).reason).toMatch(/no_routes|no_orders/);
  });

  it("resolves a publish of a date with an empty route with the published and the skipped routes", async () => {
    const c = client();
    const routeUuid = await createRoute(c);
    await createOrders(c, 3);
    await scheduleAndWait(c, { workspaceUuid: workspaceUuid(), date: DATE }, { sleep: clockSleep() });
    const emptyUuid = await createRoute(c); // a van the plan left empty: nothing to send to a driver
    const outcome = await publishAndWait(c, { workspaceUuid: workspaceUuid(), date: DATE }, { sleep: clockSleep() });
    expect(outcome).toEqual({
      action: expect.objectContaining({ actionName: "publish", status: "finished" }),
      published: [{ uuid: routeUuid }],
      skipped: [{ uuid: emptyUuid, reason: "route has no orders" }],
      failed: [],
    });
    expect(fake().events.map((e) => e.type === "route.published" && e.data.route.uuid)).toEqual([routeUuid]);
  });

  it("rejects a publish with the routes that failed and why, and publishOutcome lists the rest", async () => {
    const c = client();
    const emptyUuid = await createRoute(c);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const error = await publishAndWait(
      c,
      { workspaceUuid: workspaceUuid(), date: DATE, routeUuids: [emptyUuid, unknown] },
      { sleep: clockSleep() },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActionFailedError);
    const failed = error as ActionFailedError<"publish">;
    expect(failed.failures).toEqual([{ kind: "route", uuid: unknown, reason: "route doesn't exist" }]);
    expect(failed.message).toMatch(
      new RegExp(
        `^Failed to publish \\(action [0-9a-f-]+\\): route_failed; 1 route failed: ${unknown} \\(route doesn't exist\\)$`,
      ),
    );
    const { published, skipped, failed: notPublished } = publishOutcome(failed.action);
    expect({ published, skipped, failed: notPublished }).toEqual({
      published: [],
      skipped: [{ uuid: emptyUuid, reason: "route has no orders" }],
      failed: [{ uuid: unknown, reason: "route doesn't exist" }],
    });
  });

  it("publishes and waits", async () => {
    const c = client();
    const routeUuid = await createRoute(c);
    await createOrders(c, 3);
    await scheduleAndWait(c, { workspaceUuid: workspaceUuid(), date: DATE }, { sleep: clockSleep() });
    const { action: done, published } = await publishAndWait(
      c,
      { workspaceUuid: workspaceUuid(), date: DATE },
      { sleep: clockSleep() },
    );
    expect(done.status).toBe("finished");
    expect(done.actionSummary?.routes).toEqual([{ uuid: routeUuid, status: "finished" }]);
    expect(published).toEqual([{ uuid: routeUuid }]);

    // The route.published event the fake emitted, as a delivery would carry it: valid, signed, verified, typed.
    const record = fake().events.find((e) => e.type === "route.published");
    if (!record) throw new Error("the fake emitted no route.published");
    const event = {
      id: record.id,
      type: record.type,
      createdAt: new Date(record.createdAt).toISOString(),
      data: record.data,
    } as WebhookEvent;
    expect(validator.checkEvent(event)).toEqual([]);
    const { rawBody, headers } = await signWebhookForTest(event, "whsec_fake", 1_800_000_000);
    const verified = await verifyWebhook({ rawBody, headers, secret: "whsec_fake", now: 1_800_000_000_000 });
    if (verified.type !== "route.published") throw new Error(`unexpected ${verified.type}`);
    expect(verified.data.route.uuid).toBe(routeUuid);
    expect(verified.data.timeline.length).toBeGreaterThan(0);
  });
});
