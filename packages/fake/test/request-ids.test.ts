// Request ids in process: one fake never repeats one (a reset or a restore does not rewind them), two fakes with the
// same seed answer the same ones (tests stay reproducible), and the uuids of records are those of the same calls
// as before request ids had a stream of their own.
import { createFake, type Fake } from "@dispatchkit/fake";
import { handleControlRequest } from "@dispatchkit/fake/node";
import { describe, expect, it } from "vitest";
import { createContractValidator, createControlValidator } from "../../../test/support/openapi-validator.js";

const NOW = "2026-11-23T08:00:00Z";
const contract = createContractValidator();
const control = createControlValidator();

/**
 * Call the fake in process (`fake.fetch`, the control API through `handleControlRequest`), checking the answer
 * against its document; returns the answer's status, request id and body.
 */
async function call(fake: Fake, method: string, path: string, body?: unknown) {
  const request = new Request(`${fake.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const response = path.startsWith("/_fake/") ? await handleControlRequest(fake, request) : await fake.fetch(request);
  if (!response) throw new Error(`${method} ${path} is not a control endpoint`);
  const text = await response.text();
  const validator = path.startsWith("/_fake/") ? control : contract;
  expect(validator.check(method, `${fake.baseUrl}${path}`, response.status, response.headers, text)).toEqual([]);
  const requestId = response.headers.get("x-request-id") ?? "";
  expect(requestId).toMatch(/^req_[0-9a-f]{24}$/);
  return { status: response.status, requestId, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const order = { name: "Ada", deliveryDate: "2026-11-24", locations: [{ address: "Alexanderplatz 1, Berlin" }] };

/** Create one order in the fake's workspace; its uuid. */
async function createOrder(fake: Fake): Promise<string> {
  const created = await call(fake, "POST", `/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, [order]);
  expect(created.status).toBe(201);
  return ((created.body?.data ?? []) as { uuid: string }[])[0]?.uuid ?? "";
}

/** The request ids of a few calls: reads, a refusal (401), a write. */
async function someCalls(fake: Fake): Promise<string[]> {
  const ids = [(await call(fake, "GET", "/v2/workspaces")).requestId];
  const refused = await fake.fetch("/v2/workspaces", { headers: { authorization: "Bearer nobody" } });
  expect(refused.status).toBe(401);
  ids.push(refused.headers.get("x-request-id") ?? "", (await call(fake, "GET", "/_fake/clock")).requestId);
  const created = await call(fake, "POST", `/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, [order]);
  return [...ids, created.requestId];
}

const expectAllDifferent = (ids: string[]) => expect(new Set(ids).size).toBe(ids.length);

describe("request ids in process", () => {
  it("a reset (fake.reset() or POST /_fake/reset) does not repeat them, and the record uuids start again", async () => {
    const fake = createFake({ now: NOW });
    const first = await someCalls(fake);
    fake.reset();
    const second = await someCalls(fake);
    const reset = await call(fake, "POST", "/_fake/reset");
    expect(reset.status).toBe(204);
    const third = await someCalls(fake);
    expectAllDifferent([...first, ...second, reset.requestId, ...third]);
    // The records of a reset fake are those of a new one, as before.
    fake.reset();
    const again = createFake({ now: NOW });
    await someCalls(fake);
    await someCalls(again);
    expect(await createOrder(fake)).toBe(await createOrder(again));
  });

  it("a restore does not repeat them either (fake.restore() and POST /_fake/snapshots/{id}/restore)", async () => {
    const fake = createFake({ now: NOW });
    const snapshot = fake.snapshot();
    const kept = await call(fake, "POST", "/_fake/snapshots");
    const id = (kept.body as { id: string }).id;
    const first = await someCalls(fake);
    fake.restore(snapshot);
    const second = await someCalls(fake);
    const restored = await call(fake, "POST", `/_fake/snapshots/${id}/restore`);
    const third = await someCalls(fake);
    expectAllDifferent([kept.requestId, ...first, ...second, restored.requestId, ...third]);
  });

  it("two fakes with the same seed answer the same request ids, resets included; another seed others", async () => {
    const run = async (seed: number) => {
      const fake = createFake({ seed, now: NOW });
      const before = await someCalls(fake);
      fake.reset();
      return [...before, ...(await someCalls(fake))];
    };
    const a = await run(3);
    expect(await run(3)).toEqual(a);
    const other = await run(4);
    expect(other.filter((id) => a.includes(id))).toEqual([]);
  });

  it("record uuids are those of the same calls as before request ids had a stream of their own", async () => {
    // Pinned on the code before the change: every request still advances the seeded sequence as much as it did.
    expect(await createOrder(createFake({ now: NOW }))).toBe("148fe838-6d18-44f5-9334-698a1b37bf44");
    const after = createFake({ now: NOW });
    for (let i = 0; i < 3; i++) await call(after, "GET", "/v2/workspaces");
    expect(await createOrder(after)).toBe("259d6007-94ab-4197-a909-33a5c715569c");
  });

  it('requestIds: "random" gives other ids than the seed, and the same record uuids', async () => {
    const seeded = createFake({ seed: 3, now: NOW });
    const a = createFake({ seed: 3, now: NOW, requestIds: "random" });
    const b = createFake({ seed: 3, now: NOW, requestIds: "random" });
    const ids = [await someCalls(seeded), await someCalls(a), await someCalls(b)];
    expectAllDifferent(ids.flat());
    a.reset();
    expectAllDifferent([...ids.flat(), ...(await someCalls(a))]);
    seeded.reset();
    await someCalls(seeded);
    expect(await createOrder(a)).toBe(await createOrder(seeded));
  });
});
