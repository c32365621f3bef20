/**
 * Idempotency keys over the standalone server (plain HTTP, every answer validated against openapi.yaml): the same
 * pipeline as in process, so the same replay, 422 and 409, and one store shared with `fake.fetch`.
 */
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { orderInput } from "../../fake/test/support/flow.js";
import { heldRequest, read } from "../../fake/test/support/held-request.js";

const validator = createContractValidator();
// A token of its own: with a well-known one the API is readable only from the server's own and allowed origins.
const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "idempotency-token" });
let running: RunningServer;

beforeAll(async () => {
  running = await startServer(fake, { port: 0 });
});
beforeEach(() => fake.reset());
afterAll(() => running.close());

const ordersPath = () => `/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`;

/** A keyed POST over HTTP; the answer must conform to openapi.yaml. */
async function post(path: string, body: unknown, key: string, token = fake.token) {
  const url = `${running.url}${path}`;
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  });
  const sent = await read(res);
  expect(validator.check("POST", url, sent.status, sent.headers, sent.text)).toEqual([]);
  return sent;
}

describe("idempotency keys over the standalone server", () => {
  it("replays the first answer, marked and readable cross-origin, without creating a second order", async () => {
    const first = await post(ordersPath(), orderInput(0), "wire-1");
    expect(first.status).toBe(201);
    const again = await post(ordersPath(), orderInput(0), "wire-1");
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(again.headers.get("access-control-expose-headers")).toContain("idempotent-replayed");
    expect(fake.inspect().counts.orders).toBe(1);
  });

  it("answers 422 IDEMPOTENCY_KEY_REUSED for another request with the key", async () => {
    await post(ordersPath(), orderInput(0), "wire-2");
    const other = await post(ordersPath(), orderInput(1), "wire-2");
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(fake.inspect().counts.orders).toBe(1);
  });

  it("answers 409 IDEMPOTENCY_KEY_IN_USE while the key's first request (sent in process) is being answered", async () => {
    const held = heldRequest(fake, ordersPath(), orderInput(0), "wire-3");
    const busy = await post(ordersPath(), orderInput(0), "wire-3");
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect(busy.headers.get("retry-after")).toBe("1");
    held.release();
    const first = await read(await held.answer);
    const replay = await post(ordersPath(), orderInput(0), "wire-3");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text);
    expect(fake.inspect().counts.orders).toBe(1);
  });

  it("keeps keys per organization", async () => {
    const other = fake.control.createOrganization();
    await post(ordersPath(), orderInput(0), "wire-4");
    const theirs = await post(
      `/v2/orders?workspaceUuid=${other.workspaces[0]?.uuid}`,
      orderInput(0),
      "wire-4",
      other.token,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(fake.inspect().counts.orders).toBe(2);
  });

  it("answers 400 naming the header for a malformed key", async () => {
    const res = await post(ordersPath(), orderInput(0), "k".repeat(256));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: "Idempotency-Key", message: "must be at most 255 characters, got 256" }]);
  });
});
