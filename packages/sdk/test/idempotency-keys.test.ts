/**
 * The `Idempotency-Key` of every POST: a new one per call (from `crypto.randomUUID`, or `getRandomValues` with the
 * UUID version and variant bits set), the caller's own, the same on every retry, none on other methods; and what the
 * API's answers about a key (replayed, in use, reused) make the client do.
 */
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConflictError, IdempotencyError, ServerError, unwrap } from "../src/index.js";
import {
  accepted,
  errorAnswer,
  errorBody,
  scheduleBody,
  scriptedClient,
  scriptRoute,
  UUID_V4,
  undoStubsAfterEach,
  useScriptedServer,
  workspaceList,
} from "./support/scripted.js";
import { ok, scripted, URL_ } from "./support/scripted-transport.js";

const server = useScriptedServer();
const script = scriptRoute(server);

undoStubsAfterEach();

describe("idempotency keys from getRandomValues", () => {
  it.each([
    [0x00, "00000000-0000-4000-8000-000000000000"],
    [0xff, "ffffffff-ffff-4fff-bfff-ffffffffffff"],
    [0x5a, "5a5a5a5a-5a5a-4a5a-9a5a-5a5a5a5a5a5a"],
  ])("sets the version and variant bits on random bytes all %i", async (byte, key) => {
    Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true });
    vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation((array) => {
      new Uint8Array(array.buffer).fill(byte);
      return array;
    });
    try {
      const { send, seen } = scripted([ok]);
      await send(new Request(URL_, { method: "POST", body: "{}" }));
      expect(seen[0]?.headers.get("idempotency-key")).toBe(key);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});

describe("a client's idempotency keys", () => {
  afterEach(() => vi.restoreAllMocks());

  const keysOf = (seen: Request[]) => seen.map((r) => r.headers.get("idempotency-key"));

  it("sends a new key per POST call, from crypto.randomUUID looked up at call time", async () => {
    const seen = script("post", "/v2/schedules", [accepted]);
    const { client } = scriptedClient();
    vi.spyOn(globalThis.crypto, "randomUUID")
      .mockReturnValueOnce("11111111-1111-4111-8111-111111111111")
      .mockReturnValueOnce("22222222-2222-4222-8222-222222222222");
    await client.POST("/v2/schedules", { body: scheduleBody });
    await client.POST("/v2/schedules", { body: scheduleBody });
    expect(keysOf(seen)).toEqual(["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"]);
  });

  it("sends the caller's idempotencyKey, the same on every retry", async () => {
    const seen = script("post", "/v2/schedules", [() => errorAnswer(500), accepted]);
    const { client } = scriptedClient();
    await unwrap(client.POST("/v2/schedules", { body: scheduleBody, idempotencyKey: "job-42:schedule" }));
    expect(keysOf(seen)).toEqual(["job-42:schedule", "job-42:schedule"]);
  });

  it("keeps an Idempotency-Key header the caller set as a parameter", async () => {
    const seen = script("post", "/v2/schedules", [accepted]);
    const { client } = scriptedClient();
    await client.POST("/v2/schedules", {
      body: scheduleBody,
      params: { header: { "Idempotency-Key": "from-header" } },
    });
    expect(keysOf(seen)).toEqual(["from-header"]);
  });

  it("falls back to getRandomValues where randomUUID is missing (a browser page served over plain http)", async () => {
    const seen = script("post", "/v2/schedules", [accepted]);
    const { client } = scriptedClient();
    // An own property that hides the prototype's method; deleting it brings the method back.
    Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      await client.POST("/v2/schedules", { body: scheduleBody });
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(keysOf(seen)[0]).toMatch(UUID_V4);
    expect(typeof globalThis.crypto.randomUUID).toBe("function");
  });

  it("sends no key on GET, PUT, PATCH or DELETE, even when given one", async () => {
    const orderUuid = "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30";
    const get = script("get", "/v2/workspaces", [ok]);
    const put = script("put", "/v2/orders/:uuid", [() => errorAnswer(404, errorBody("NOT_FOUND"))]);
    const patch = script("patch", "/v2/routes/:uuid", [() => errorAnswer(404, errorBody("NOT_FOUND"))]);
    const del = script("delete", "/v2/orders/:uuid", [() => errorAnswer(404, errorBody("NOT_FOUND"))]);
    const { client } = scriptedClient();
    await client.GET("/v2/workspaces", { idempotencyKey: "ignored" });
    const order = { deliveryDate: "2026-11-24", locations: [{ address: "1 Main St" }] };
    await client.PUT("/v2/orders/{orderUuid}", { params: { path: { orderUuid } }, body: order });
    await client.PATCH("/v2/routes/{routeUuid}", {
      params: { path: { routeUuid: orderUuid } },
      body: { locked: true },
    });
    await client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } });
    expect([...get, ...put, ...patch, ...del].map((r) => r.headers.has("idempotency-key"))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("does not retry a replayed answer, even a 500: it is the outcome the API kept for the key", async () => {
    const replayed500 = () =>
      HttpResponse.json(errorBody("INTERNAL"), { status: 500, headers: { "Idempotent-Replayed": "true" } });
    const seen = script("post", "/v2/schedules", [replayed500, accepted]);
    const { client, sleeps } = scriptedClient();
    const error = await unwrap(client.POST("/v2/schedules", { body: scheduleBody })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries 409 IDEMPOTENCY_KEY_IN_USE after its Retry-After, then gets the first answer", async () => {
    const inUse = () => errorAnswer(409, errorBody("IDEMPOTENCY_KEY_IN_USE"), { "Retry-After": "1" });
    const replay = () =>
      HttpResponse.json(workspaceList(), { status: 202, headers: { "Idempotent-Replayed": "true" } });
    const seen = script("post", "/v2/schedules", [inUse, replay]);
    const { client, sleeps } = scriptedClient();
    const { response } = await client.POST("/v2/schedules", { body: scheduleBody });
    expect(response.status).toBe(202);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(sleeps).toEqual([1000]);
    expect(new Set(keysOf(seen)).size).toBe(1);
  });

  it("gives a busy key back as ConflictError once the retries are used up", async () => {
    const seen = script("post", "/v2/schedules", [
      () => errorAnswer(409, errorBody("IDEMPOTENCY_KEY_IN_USE"), { "Retry-After": "1" }),
    ]);
    const { client } = scriptedClient({ retry: { maxRetries: 1 } });
    const error = await unwrap(client.POST("/v2/schedules", { body: scheduleBody })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect(seen).toHaveLength(2);
  });

  it("never retries another 409 or a 422 IDEMPOTENCY_KEY_REUSED", async () => {
    for (const [code, name] of [
      [409, "CONFLICT"],
      [422, "IDEMPOTENCY_KEY_REUSED"],
    ] as const) {
      const seen = script("post", "/v2/schedules", [() => errorAnswer(code, errorBody(name)), accepted]);
      const { client, sleeps } = scriptedClient();
      const { response } = await client.POST("/v2/schedules", { body: scheduleBody });
      expect(response.status).toBe(code);
      expect(seen).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
    script("post", "/v2/schedules", [() => errorAnswer(422, errorBody("IDEMPOTENCY_KEY_REUSED"))]);
    const { client } = scriptedClient();
    const error = await unwrap(client.POST("/v2/schedules", { body: scheduleBody })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyError);
  });
});
