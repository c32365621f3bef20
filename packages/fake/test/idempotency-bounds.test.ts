// Reaches the fake's runtime on purpose: it fills the idempotency layer itself (answerOnce with the fake's context) to its bounds, which 10,000 HTTP requests would take seconds to reach, and reads the kept records' order.
/**
 * Idempotency keys are bounded by count and by the size of their kept answers as well as by time
 * (`docs/api-contract.md` section 9): beyond either bound the oldest key is forgotten first, so a client sending a new
 * key with every request cannot grow the fake's memory for 24 hours.
 */
import { createFake, type Fake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { answerOnce, IDEMPOTENCY_MAX_ANSWER_CHARS, IDEMPOTENCY_MAX_KEYS } from "../src/http/idempotency.js";
import { incomingFromFetch } from "../src/http/incoming-request.js";
import { runtimeOf } from "../src/runtime.js";

/** A POST of orders to a workspace that does not exist: a kept 404 that creates nothing. */
function post(fake: Fake, key: string): Promise<Response> {
  return fake.fetch("/v2/orders?workspaceUuid=00000000-0000-4000-8000-000000000000", {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify([{ deliveryDate: "2026-11-23", locations: [{ address: "Depot" }] }]),
  });
}

/** A direct call of the idempotency layer with `key` (the same request every time), for filling the fake cheaply. */
function callOf(fake: Fake, key: string): Parameters<typeof answerOnce>[1] {
  return {
    request: incomingFromFetch(
      new Request(`${fake.baseUrl}/v2/orders`, {
        method: "POST",
        headers: { "idempotency-key": key },
        body: "{}",
      }),
    ),
    principal: { organizationId: fake.organization.id, token: fake.token },
    path: "/v2/orders",
    query: new URLSearchParams(),
  };
}

describe("idempotency keys are bounded", () => {
  it(`keeps at most ${IDEMPOTENCY_MAX_KEYS} keys: the oldest is forgotten first, the others still replay`, async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const ctx = runtimeOf(fake).context;
    const first = await post(fake, "key-0");
    expect(first.status).toBe(404);
    // Filled through the layer itself: 10,000 requests over HTTP would take seconds.
    for (let i = 1; i < IDEMPOTENCY_MAX_KEYS; i++) {
      await answerOnce(ctx, callOf(fake, `key-${i}`), async () => ({ status: 201, headers: {}, body: "{}" }));
    }
    expect(ctx.state.idempotencyKeys.size).toBe(IDEMPOTENCY_MAX_KEYS);
    // At the bound: every key still replays.
    expect((await post(fake, "key-0")).headers.get("idempotent-replayed")).toBe("true");

    const newest = await post(fake, "one-more");
    expect(newest.status).toBe(404);
    expect(ctx.state.idempotencyKeys.size).toBe(IDEMPOTENCY_MAX_KEYS);
    expect(ctx.state.idempotencyKeys.has(`${fake.organization.id}\nkey-0`)).toBe(false);
    expect(ctx.state.idempotencyKeys.has(`${fake.organization.id}\nkey-1`)).toBe(true);
    // The oldest was forgotten: the same key runs as new (a new request id, no replay mark).
    const again = await post(fake, "key-0");
    expect(again.status).toBe(404);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // Kept again, in place of the next oldest; the newest still replays.
    expect(ctx.state.idempotencyKeys.has(`${fake.organization.id}\nkey-1`)).toBe(false);
    const replayed = await post(fake, "one-more");
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.headers.get("x-request-id")).toBe(newest.headers.get("x-request-id"));
  });

  it("keeps answers up to a size in all: the oldest keys are forgotten first, an answer over it is not kept", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const ctx = runtimeOf(fake).context;
    const quarter = Math.floor(IDEMPOTENCY_MAX_ANSWER_CHARS / 4);
    const call = (key: string) => callOf(fake, key);
    let runs = 0;
    const answer = (size: number) => async () => {
      runs += 1;
      return { status: 201, headers: {}, body: "x".repeat(size) };
    };
    for (const key of ["a", "b", "c", "d"]) await answerOnce(ctx, call(key), answer(quarter));
    expect([...ctx.state.idempotencyKeys.values()].map((r) => r.key)).toEqual(["a", "b", "c", "d"]);
    // One more quarter: "a" goes.
    await answerOnce(ctx, call("e"), answer(quarter));
    expect([...ctx.state.idempotencyKeys.values()].map((r) => r.key)).toEqual(["b", "c", "d", "e"]);
    // Half: "b" and "c" go.
    await answerOnce(ctx, call("f"), answer(2 * quarter));
    expect([...ctx.state.idempotencyKeys.values()].map((r) => r.key)).toEqual(["d", "e", "f"]);
    // Over the whole budget: answered, not kept, nothing else forgotten.
    const huge = await answerOnce(ctx, call("g"), answer(IDEMPOTENCY_MAX_ANSWER_CHARS + 1));
    expect(huge.status).toBe(201);
    expect([...ctx.state.idempotencyKeys.values()].map((r) => r.key)).toEqual(["d", "e", "f"]);
    expect(runs).toBe(7);
    // A forgotten key runs again; a kept one replays.
    await answerOnce(ctx, call("a"), answer(1));
    expect(runs).toBe(8);
    const kept = await answerOnce(ctx, call("f"), answer(1));
    expect(kept.headers["idempotent-replayed"]).toBe("true");
    expect(runs).toBe(8);
  });
});
