import { createFake, type FaultInput } from "@dispatchkit/fake";
import {
  ConflictError,
  ConnectionError,
  createClient,
  RateLimitError,
  type RetryInfo,
  ServerError,
  TokenExpiredError,
  unwrap,
} from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { DATE, orderInput, publish, scheduledRoute, workspaceOf } from "./support/flow.js";
import { orderIn } from "./support/inspect.js";

const server = useFakeServer();

/** A client whose retries never wait for real and report each retry. */
function retryingClient(retries: RetryInfo[] = [], maxRetries = 2) {
  const { fake } = server;
  return createClient({
    baseUrl: fake.baseUrl,
    token: fake.token,
    retries: { maxRetries, sleep: async () => {}, random: () => 0.5, onRetry: (info) => retries.push(info) },
  });
}

describe("faults as the SDK meets them (fake.faults, through MSW)", () => {
  it("a 503 once: the SDK retries and gets the answer; the journal shows both calls", async () => {
    const { fake } = server;
    const fault = fake.faults.add({ operationId: "listWorkspaces", status: 503, times: 1 });
    expect(fault).toEqual({
      id: "flt_1",
      operationId: "listWorkspaces",
      status: 503,
      code: "INTERNAL",
      message: null,
      retryAfterSeconds: null,
      networkError: false,
      latencyMs: 0,
      times: 1,
      remaining: 1,
      probability: 1,
      seed: 1,
      hits: 0,
    });
    const retries: RetryInfo[] = [];
    const page = await unwrap(retryingClient(retries).GET("/v2/workspaces"));
    expect(page.data.map((w) => w.uuid)).toEqual([workspaceOf(fake).uuid]);
    expect(retries.map((r) => [r.attempt, r.status])).toEqual([[1, 503]]);
    expect(fake.journal.list({ operationId: "listWorkspaces" }).map((e) => [e.status, e.fault])).toEqual([
      [503, "flt_1"],
      [200, null],
    ]);
    expect(fake.journal.list()[0]?.responseBody).toEqual({
      code: "INTERNAL",
      message: "Failed to answer listWorkspaces: injected fault flt_1 (503 INTERNAL)",
      requestId: fake.journal.list()[0]?.requestId,
    });
    expect(fake.faults.list()).toMatchObject([{ id: "flt_1", remaining: 0, hits: 1 }]);
  });

  it("a 429 always: the SDK follows Retry-After until its retries run out, then throws RateLimitError", async () => {
    const { fake } = server;
    fake.faults.add({ operationId: "listOrders", code: "RATE_LIMITED" });
    const retries: RetryInfo[] = [];
    const call = retryingClient(retries).GET("/v2/orders", {
      params: { query: { workspaceUuid: workspaceOf(fake).uuid } },
    });
    const error = await unwrap(call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", retryAfter: 1 });
    expect(retries.map((r) => [r.status, r.delayMs])).toEqual([
      [429, 1000],
      [429, 1000],
    ]);
    expect(fake.faults.list()[0]).toMatchObject({ status: 429, retryAfterSeconds: 1, hits: 3, remaining: null });
  });

  it("answers the typed error of the status and code it was given, with the fault's message", async () => {
    const { fake } = server;
    const { orders } = await scheduledRoute(fake, 1);
    await publish(fake);
    const client = retryingClient();
    fake.faults.add({ operationId: "completeOrder", status: 409, code: "ORDER_COMPLETED", message: "Already done." });
    const conflict = await unwrap(
      client.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid: orders[0] ?? "" } },
        body: { status: "delivered" },
      }),
    ).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ code: "ORDER_COMPLETED", message: "Already done." });
    fake.faults.add({ operationId: "getOrder", status: 401, code: "TOKEN_EXPIRED", times: 1 });
    const expired = await unwrap(
      client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: orders[0] ?? "" } } }),
    ).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(TokenExpiredError);
    fake.faults.add({ operationId: "getRoute", status: 500, times: 5 });
    const internal = await unwrap(client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: "x" } } })).catch(
      (e: unknown) => e,
    );
    expect(internal).toBeInstanceOf(ServerError);
    expect(orderIn(fake, orders[0] ?? "")?.status).toBe("scheduled");
  });

  it("a network error: a retried GET recovers; a POST, retried with its key, throws ConnectionError and changes nothing", async () => {
    const { fake } = server;
    fake.faults.add({ operationId: "listWorkspaces", networkError: true, times: 1 });
    const retries: RetryInfo[] = [];
    const page = await unwrap(retryingClient(retries).GET("/v2/workspaces"));
    expect(page.data).toHaveLength(1);
    expect(retries.map((r) => r.status)).toEqual([undefined]);

    fake.faults.add({ operationId: "createOrders", networkError: true });
    const before = fake.inspect();
    const error = await retryingClient()
      .POST("/v2/orders", { params: { query: { workspaceUuid: workspaceOf(fake).uuid } }, body: [orderInput(0)] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/^Failed to POST https:\/\/api\.dispatch\.example\.com\/v2\/orders: /);
    expect(fake.inspect()).toEqual(before);
    // The SDK sends every POST with an Idempotency-Key, so it retries it (2 retries): three attempts, all dropped.
    const dropped = { status: 0, fault: "flt_2", requestBody: [orderInput(0)], responseBody: null };
    expect(fake.journal.list({ operationId: "createOrders" })).toMatchObject([dropped, dropped, dropped]);
  });

  it("fake.fetch rejects with a TypeError on a network error, as fetch does", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    fake.faults.add({ operationId: "listWorkspaces", networkError: true });
    const call = fake.fetch("/v2/workspaces", { headers: { authorization: `Bearer ${fake.token}` } });
    await expect(call).rejects.toThrow(TypeError);
    await expect(call).rejects.toThrow(/Failed to fetch/);
  });

  it("a faulted call changes nothing: no order stored, no order number used", async () => {
    const { fake } = server;
    fake.faults.add({ operationId: "createOrders", status: 500, times: 1 });
    const before = fake.inspect();
    // No retries: the first call meets the fault itself (a retrying client would retry the keyed POST).
    const client = retryingClient([], 0);
    const create = () =>
      client.POST("/v2/orders", {
        params: { query: { workspaceUuid: workspaceOf(fake).uuid } },
        body: [orderInput(0)],
      });
    expect((await create()).response.status).toBe(500);
    expect(fake.inspect()).toEqual(before);
    expect((await create()).data?.data[0]?.orderNumber).toBe("ORD-1");
  });

  it("latency on a frozen clock moves the fake's clock instead of waiting; an injected sleep is used as given", async () => {
    const { fake } = server;
    fake.faults.add({ operationId: "listWorkspaces", latencyMs: 2_500 });
    const start = fake.clock.now();
    const res = await retryingClient().GET("/v2/workspaces");
    expect(res.response.status).toBe(200);
    expect(fake.clock.now() - start).toBe(2_500);
    expect(fake.journal.list()[0]).toMatchObject({ status: 200, at: start, fault: null });

    const slept: number[] = [];
    const own = createFake({
      now: "2026-11-23T08:00:00Z",
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    own.faults.add({ operationId: "listWorkspaces", latencyMs: 700, status: 504 });
    const slow = await own.fetch("/v2/workspaces", { headers: { authorization: `Bearer ${own.token}` } });
    expect(slow.status).toBe(504);
    expect(slept).toEqual([700]);
    expect(own.clock.now()).toBe(Date.parse("2026-11-23T08:00:00Z"));
  });

  it("a seeded probability fires on the same calls for the same seed", async () => {
    const pattern = async (seed: number) => {
      const fake = createFake({ now: "2026-11-23T08:00:00Z" });
      fake.faults.add({ operationId: "listWorkspaces", status: 503, probability: 0.5, seed });
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        const res = await fake.fetch("/v2/workspaces", { headers: { authorization: `Bearer ${fake.token}` } });
        statuses.push(res.status);
      }
      return { statuses, hits: fake.faults.list()[0]?.hits };
    };
    const first = await pattern(7);
    expect(await pattern(7)).toEqual(first);
    expect(first.hits).toBe(first.statuses.filter((s) => s === 503).length);
    // Neither always nor never: the draws decide.
    expect(first.hits).toBeGreaterThan(0);
    expect(first.hits).toBeLessThan(16);
    expect((await pattern(8)).statuses).not.toEqual(first.statuses);
  });

  it("the first fault of an operation that fires answers; other operations are untouched", async () => {
    const { fake } = server;
    fake.faults.add({ operationId: "listWorkspaces", status: 502, times: 1 });
    fake.faults.add({ operationId: "listWorkspaces", status: 504 });
    const client = retryingClient([], 0);
    expect((await client.GET("/v2/workspaces")).response.status).toBe(502);
    expect((await client.GET("/v2/workspaces")).response.status).toBe(504);
    const routes = await client.GET("/v2/routes", {
      params: { query: { workspaceUuid: workspaceOf(fake).uuid, date: DATE } },
    });
    expect(routes.response.status).toBe(200);
    expect(fake.faults.list().map((f) => [f.id, f.hits])).toEqual([
      ["flt_1", 1],
      ["flt_2", 1],
    ]);
  });

  it("clear() and reset() remove every fault", async () => {
    const { fake } = server;
    const client = retryingClient([], 0);
    fake.faults.add({ operationId: "listWorkspaces", status: 503 });
    fake.faults.clear();
    expect(fake.faults.list()).toEqual([]);
    expect((await client.GET("/v2/workspaces")).response.status).toBe(200);
    fake.faults.add({ operationId: "listWorkspaces", status: 503 });
    expect(fake.faults.list()[0]?.id).toBe("flt_2");
    fake.reset();
    expect(fake.faults.list()).toEqual([]);
    expect((await client.GET("/v2/workspaces")).response.status).toBe(200);
    expect(fake.faults.add({ operationId: "listWorkspaces", latencyMs: 0 }).id).toBe("flt_1");
  });

  it("refuses a bad fault naming the field, and adds nothing", () => {
    const { fake } = server;
    const bad: [unknown, RegExp][] = [
      [{ operationId: "listEverything", status: 503 }, /operationId: must be an operationId of openapi.yaml/],
      [{ operationId: "listOrders", status: 200 }, /status: must be 400-599/],
      [{ operationId: "listOrders", status: 418 }, /code: is required with status 418/],
      [{ operationId: "listOrders", code: "TEAPOT" }, /code: must be an error code of openapi.yaml/],
      [{ operationId: "listOrders", status: 503, networkError: true }, /networkError: a fault answers a status/],
      [{ operationId: "listOrders" }, /status: give status, networkError or latencyMs/],
      [{ operationId: "listOrders", latencyMs: 5, message: "slow" }, /message: only allowed with status/],
      [{ operationId: "listOrders", status: 503, probability: 2 }, /probability: must be between 0 and 1/],
      [{ operationId: "listOrders", status: 503, times: 0 }, /times: must be at least 1/],
      [{ operationId: "listOrders", status: 503, colour: "red" }, /unknown field "colour"/],
    ];
    for (const [input, message] of bad) {
      expect(() => fake.faults.add(input as FaultInput), JSON.stringify(input)).toThrow(message);
    }
    expect(fake.faults.list()).toEqual([]);
  });
});
