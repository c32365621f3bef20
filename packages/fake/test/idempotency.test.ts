/**
 * Idempotency keys in process (msw and `fake.fetch`): replay without running again, a reused key (422), a busy key
 * (409), keys per organization, 24 h on the fake's clock, which answers are kept, and the state they live in.
 */
import { createFake, type Fake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { assign, createRoute, orderInput, publish, routeInput, workspaceOf } from "./support/flow.js";
import { heldRequest, read } from "./support/held-request.js";

const server = useFakeServer();
const validator = createContractValidator();
const DAY = 24 * 60 * 60 * 1000;

type Sent = Awaited<ReturnType<typeof read>>;

/** A POST through msw (validated against openapi.yaml by useFakeServer), with a key unless `key` is undefined. */
async function post(
  path: string,
  body: unknown,
  key: string | undefined,
  options: { token?: string; contentType?: string } = {},
): Promise<Sent> {
  const { fake } = server;
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token ?? fake.token}`,
    "content-type": options.contentType ?? "application/json",
  };
  if (key !== undefined) headers["idempotency-key"] = key;
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return read(res);
}

const ordersPath = (fake: Fake) => `/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}`;

describe("the same key with the same request", () => {
  it("replays the first answer byte for byte, marked Idempotent-Replayed, without creating anything", async () => {
    const { fake } = server;
    const first = await post(ordersPath(fake), [orderInput(0), orderInput(1)], "key-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(["ORD-1", "ORD-2"]);

    const before = fake.inspect();
    const again = await post(ordersPath(fake), [orderInput(0), orderInput(1)], "key-1");
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // The id of the request that did the work.
    expect(again.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(fake.inspect()).toEqual(before);

    // No order number was used up by the replay.
    const next = await post(ordersPath(fake), orderInput(2), "key-2");
    expect(next.body.data[0].orderNumber).toBe("ORD-3");
    expect(fake.inspect().counts.orders).toBe(3);
  });

  it("compares the body as canonical JSON: key order and whitespace do not matter", async () => {
    const { fake } = server;
    const body = {
      name: "Ada",
      deliveryDate: "2026-11-23",
      locations: [{ address: "A 1", latitude: 52.5, longitude: 13.4 }],
    };
    const first = await post(ordersPath(fake), body, "canonical");
    const reordered = `{ "locations": [ { "longitude": 13.4, "latitude": 52.5, "address": "A 1" } ],\n "deliveryDate": "2026-11-23", "name": "Ada" }`;
    const again = await post(ordersPath(fake), reordered, "canonical");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(fake.inspect().counts.orders).toBe(1);
  });

  it("replays a 202 with the same action: one scheduling run, not two", async () => {
    const { fake } = server;
    await post(ordersPath(fake), orderInput(0), "orders");
    await createRoute(fake);
    const body = { workspaceUuid: workspaceOf(fake).uuid, date: "2026-11-23" };
    const first = await post("/v2/schedules", body, "schedule-once");
    const again = await post("/v2/schedules", body, "schedule-once");
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.actionUuid).toBe(first.body.actionUuid);
    expect(fake.actions.list().map((a) => a.uuid)).toEqual([first.body.actionUuid]);
  });

  it("is shared by the organization's tokens", async () => {
    const { fake } = server;
    const first = await post(ordersPath(fake), orderInput(0), "shared");
    const second = await post(ordersPath(fake), orderInput(0), "shared", { token: fake.control.createToken() });
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
  });
});

describe("the same key with another request", () => {
  it("answers 422 IDEMPOTENCY_KEY_REUSED for another body, path or query, and changes nothing", async () => {
    const { fake } = server;
    const ws = workspaceOf(fake);
    await post(ordersPath(fake), orderInput(0), "once");
    const before = fake.inspect();

    const body = await post(ordersPath(fake), orderInput(1), "once");
    expect(body.status).toBe(422);
    expect(body.body).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: `Failed to use the Idempotency-Key: it was first used for POST /v2/orders?workspaceUuid=${ws.uuid} with another body; send a new key for a new request`,
      requestId: body.headers.get("x-request-id"),
    });
    expect(body.headers.get("idempotent-replayed")).toBeNull();

    const path = await post("/v2/routes", { workspaceUuid: ws.uuid, routes: [routeInput(0)] }, "once");
    expect(path.status).toBe(422);
    expect(path.body.message).toBe(
      `Failed to use the Idempotency-Key: it was first used for POST /v2/orders?workspaceUuid=${ws.uuid}; send a new key for a new request`,
    );

    const v1 = await post(`/v1/orders?workspaceId=${ws.workspaceId}`, orderInput(0), "once");
    expect(v1.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(fake.inspect()).toEqual(before);
  });

  it("sorts the query: the same parameters in another order are the same request", async () => {
    const { fake } = server;
    const ws = workspaceOf(fake);
    const first = await post(`/v2/orders?workspaceUuid=${ws.uuid}&trace=1`, orderInput(0), "query");
    const again = await post(`/v2/orders?trace=1&workspaceUuid=${ws.uuid}`, orderInput(0), "query");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
  });
});

describe("keys per organization", () => {
  it("another organization's same key is its own: it runs, and each replays its own answer", async () => {
    const { fake } = server;
    const other = fake.control.createOrganization();
    const otherPath = `/v2/orders?workspaceUuid=${other.workspaces[0]?.uuid}`;
    const mine = await post(ordersPath(fake), orderInput(0), "same-key");
    const theirs = await post(otherPath, orderInput(5), "same-key", { token: other.token });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.data[0].uuid).not.toBe(mine.body.data[0].uuid);
    expect(fake.inspect().counts.orders).toBe(2);

    expect((await post(otherPath, orderInput(5), "same-key", { token: other.token })).text).toBe(theirs.text);
    expect((await post(ordersPath(fake), orderInput(0), "same-key")).text).toBe(mine.text);
  });
});

describe("24 hours of the fake's clock", () => {
  it("replays until 24 h after the first answer, then forgets the key and runs the request again", async () => {
    const { fake } = server;
    const first = await post(ordersPath(fake), orderInput(0), "day");
    fake.clock.advance(DAY - 1);
    const late = await post(ordersPath(fake), orderInput(0), "day");
    expect(late.headers.get("idempotent-replayed")).toBe("true");
    expect(late.text).toBe(first.text);

    fake.clock.advance(1);
    const fresh = await post(ordersPath(fake), orderInput(0), "day");
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(fresh.body.data[0].orderNumber).toBe("ORD-2");
    expect(fake.inspect().idempotencyKeys.map((k) => [k.key, k.status, k.storedAt])).toEqual([
      ["day", 201, new Date(fake.clock.now()).toISOString()],
    ]);
    expect((await post(ordersPath(fake), orderInput(0), "day")).text).toBe(fresh.text);
  });

  it("fake.advance forgets expired keys from the state at their instant", async () => {
    const { fake } = server;
    await post(ordersPath(fake), orderInput(0), "a");
    await fake.advance(60_000);
    await post(ordersPath(fake), orderInput(1), "b");
    await fake.advance(DAY - 60_000);
    expect(fake.inspect().idempotencyKeys.map((k) => k.key)).toEqual(["b"]);
    await fake.advance(60_000);
    expect(fake.inspect().counts.idempotencyKeys).toBe(0);
  });
});

describe("which answers are kept", () => {
  it("not a 400 or 415: the corrected request runs under the same key", async () => {
    const { fake } = server;
    const invalid = await post(ordersPath(fake), { deliveryDate: "2026-11-23" }, "fix-me");
    expect(invalid.status).toBe(400);
    const notJson = await post(ordersPath(fake), "{", "fix-me");
    expect(notJson.body.code).toBe("INVALID_JSON");
    const text = await post(ordersPath(fake), orderInput(0), "fix-me", { contentType: "text/plain" });
    expect(text.status).toBe(415);
    expect(fake.inspect().counts.idempotencyKeys).toBe(0);

    const fixed = await post(ordersPath(fake), orderInput(0), "fix-me");
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("not a 401: the key has no organization yet", async () => {
    const { fake } = server;
    const expired = fake.control.createToken();
    fake.control.expireToken(expired);
    expect((await post(ordersPath(fake), orderInput(0), "later", { token: expired })).status).toBe(401);
    const ok = await post(ordersPath(fake), orderInput(0), "later");
    expect(ok.status).toBe(201);
    expect(ok.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a 404 is kept and replayed", async () => {
    const path = "/v2/orders?workspaceUuid=3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15";
    const first = await post(path, orderInput(0), "missing");
    expect(first.status).toBe(404);
    const again = await post(path, orderInput(0), "missing");
    expect(again.status).toBe(404);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("a 409 is kept: the outcome of that request, even once the state would allow it", async () => {
    const { fake } = server;
    const created = await post(ordersPath(fake), orderInput(0), "create");
    const order = created.body.data[0].uuid as string;
    const first = await post(`/v2/orders/${order}/complete`, { status: "delivered" }, "complete");
    expect(first.body.code).toBe("ORDER_NOT_PUBLISHED");

    const route = await createRoute(fake);
    assign(fake, route, [order]);
    await publish(fake, [route]);
    const replayed = await post(`/v2/orders/${order}/complete`, { status: "delivered" }, "complete");
    expect(replayed.status).toBe(409);
    expect(replayed.text).toBe(first.text);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const done = await post(`/v2/orders/${order}/complete`, { status: "delivered" }, "complete-2");
    expect(done.body.status).toBe("delivered");
  });

  it("a 500 is kept and replayed: the operation is not run again", async () => {
    let calls = 0;
    const fake = createFake({
      now: "2026-11-23T08:00:00Z",
      log: () => {},
      geocoder: () => {
        calls += 1;
        throw new Error("geocoder down");
      },
    });
    const send = async () => {
      const url = `${fake.baseUrl}${ordersPath(fake)}`;
      const res = await fake.fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json", "idempotency-key": "k" },
        body: JSON.stringify({ deliveryDate: "2026-11-23", locations: [{ address: "Nowhere 1" }] }),
      });
      const sent = await read(res);
      expect(validator.check("POST", url, sent.status, sent.headers, sent.text)).toEqual([]);
      return sent;
    };
    const first = await send();
    expect(first.body.code).toBe("INTERNAL");
    const again = await send();
    expect(again.status).toBe(500);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(calls).toBe(1);
  });
});

describe("the key itself", () => {
  it.each([
    ["", "must not be empty"],
    ["k".repeat(256), "must be at most 255 characters, got 256"],
    ["caf\u00e9", 'must be printable ASCII (space to "~"), got "\u00e9" at index 3'],
    ["a\tb", 'must be printable ASCII (space to "~"), got "\\t" at index 1'],
  ])("400 VALIDATION_FAILED naming the header for %j", async (key, message) => {
    const { fake } = server;
    const before = fake.inspect();
    const res = await post(ordersPath(fake), orderInput(0), key);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "VALIDATION_FAILED",
      message: `Failed to read the Idempotency-Key header: Idempotency-Key: ${message}`,
      details: [{ path: "Idempotency-Key", message }],
    });
    expect(fake.inspect()).toEqual(before);
  });

  it("takes 255 printable ASCII characters, spaces inside included", async () => {
    const { fake } = server;
    const key = `a ${"~".repeat(252)}z`;
    expect(key).toHaveLength(255);
    const first = await post(ordersPath(fake), orderInput(0), key);
    expect(first.status).toBe(201);
    expect((await post(ordersPath(fake), orderInput(0), key)).headers.get("idempotent-replayed")).toBe("true");
  });

  it("is ignored on other methods: a repeated DELETE runs again", async () => {
    const { fake } = server;
    const created = await post(ordersPath(fake), orderInput(0), undefined);
    const uuid = created.body.data[0].uuid as string;
    const remove = () =>
      fetch(`${fake.baseUrl}/v2/orders/${uuid}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${fake.token}`, "idempotency-key": "delete" },
      });
    expect((await remove()).status).toBe(200);
    const second = await remove();
    expect(second.status).toBe(404);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
  });

  it("without a key, the same POST runs twice", async () => {
    const { fake } = server;
    await post(ordersPath(fake), orderInput(0), undefined);
    await post(ordersPath(fake), orderInput(0), undefined);
    expect(fake.inspect().counts.orders).toBe(2);
    expect(fake.inspect().counts.idempotencyKeys).toBe(0);
  });
});

describe("the same key while its first request is being answered", () => {
  it("answers 409 IDEMPOTENCY_KEY_IN_USE with Retry-After, whatever the body; then the replay", async () => {
    const { fake } = server;
    const held = heldRequest(fake, ordersPath(fake), orderInput(0), "busy");
    const same = await post(ordersPath(fake), orderInput(0), "busy");
    expect(same.status).toBe(409);
    expect(same.headers.get("retry-after")).toBe("1");
    expect(same.body).toEqual({
      code: "IDEMPOTENCY_KEY_IN_USE",
      message:
        "Failed to use the Idempotency-Key: the first request with this key is still being answered; retry after 1 s",
      requestId: same.headers.get("x-request-id"),
    });
    expect((await post(ordersPath(fake), orderInput(9), "busy")).body.code).toBe("IDEMPOTENCY_KEY_IN_USE");
    // Another key is not held up.
    expect((await post(ordersPath(fake), orderInput(1), "free")).status).toBe(201);

    held.release();
    const first = await read(await held.answer);
    expect(first.status).toBe(201);
    const replay = await post(ordersPath(fake), orderInput(0), "busy");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text);
    expect(fake.inspect().counts.orders).toBe(2);
  });
});

describe("the kept answers are part of the fake's state", () => {
  it("snapshot/restore bring a key back to what it was; reset forgets every key", async () => {
    const { fake } = server;
    const before = fake.snapshot();
    const first = await post(ordersPath(fake), orderInput(0), "snap");
    const after = fake.snapshot();

    fake.restore(before);
    const rerun = await post(ordersPath(fake), orderInput(0), "snap");
    expect(rerun.status).toBe(201);
    expect(rerun.headers.get("idempotent-replayed")).toBeNull();
    expect(fake.inspect().counts.orders).toBe(1);

    fake.restore(after);
    expect((await post(ordersPath(fake), orderInput(0), "snap")).text).toBe(first.text);

    fake.reset();
    expect(fake.inspect().counts.idempotencyKeys).toBe(0);
    expect((await post(ordersPath(fake), orderInput(0), "snap")).headers.get("idempotent-replayed")).toBeNull();
  });

  it("a key in flight is not part of a snapshot: restored, it is free", async () => {
    const { fake } = server;
    const held = heldRequest(fake, ordersPath(fake), orderInput(0), "flight");
    // One macrotask: the held request reaches the key check (fake.fetch and the fault hook are async) and waits.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const during = fake.snapshot();
    fake.restore(during);
    const free = await post(ordersPath(fake), orderInput(0), "flight");
    expect(free.status).toBe(201);
    held.release();
    expect((await held.answer).status).toBe(201);
  });
});
