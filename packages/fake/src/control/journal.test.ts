import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { type Answer, answerBytes } from "../http/answer.js";
import type { ApiCall } from "../http/router.js";
import { createJournal, type Journal } from "./journal.js";

/** A call as the pipeline gives it: a POST with `body` (its bytes as node gives them, a view into its pool). */
function call(n: number, body?: Uint8Array, extra: Partial<ApiCall> = {}): ApiCall {
  const request = { search: `?n=${n}`, bytes: () => Promise.resolve(body ?? new Uint8Array(0)) };
  return {
    request: request as unknown as ApiCall["request"],
    requestId: `req_${String(n).padStart(8, "0")}`,
    method: body === undefined ? "GET" : "POST",
    path: `/v2/orders/${n}`,
    operationId: body === undefined ? "getOrder" : "createOrders",
    receivedAt: 1_000_000 + n,
    ...extra,
  };
}

const answer = (n: number): Answer => ({
  status: 200,
  headers: { "x-request-id": `req_${n}`, "content-type": "application/json" },
  body: JSON.stringify({ n, name: "x".repeat(n % 700) }),
});

async function record(journal: Journal, c: ApiCall, a: Answer): Promise<void> {
  await journal.record?.(c, a);
}

describe("the journal's ring", () => {
  it("call 1,001 evicts call 1; what is read is the newest 1,000, oldest first, each with its own fields", async () => {
    const journal = createJournal({});
    // 2,500 calls: the slots wrap twice and the arena moves its kept bytes to its start more than once.
    for (let n = 1; n <= 2_500; n++) {
      const body = n % 3 === 0 ? Buffer.from(JSON.stringify({ post: n })) : undefined;
      await record(journal, call(n, body), answer(n));
      if (n === 1_000 || n === 1_001) {
        const entries = journal.list();
        expect(entries).toHaveLength(1_000);
        expect(entries[0]?.requestId).toBe(`req_${String(n - 999).padStart(8, "0")}`);
        expect(entries.at(-1)?.query).toBe(`n=${n}`);
      }
    }
    const entries = journal.list();
    expect(entries.map((e) => e.at)).toEqual(Array.from({ length: 1_000 }, (_, i) => 1_000_000 + 1_501 + i));
    entries.forEach((entry, i) => {
      const n = 1_501 + i;
      const posted = n % 3 === 0;
      const requestBody = posted ? { post: n } : null;
      expect(entry).toEqual({
        requestId: `req_${String(n).padStart(8, "0")}`,
        operationId: posted ? "createOrders" : "getOrder",
        method: posted ? "POST" : "GET",
        path: `/v2/orders/${n}`,
        query: `n=${n}`,
        status: 200,
        requestBody,
        requestBodyBytes: posted ? JSON.stringify(requestBody).length : 0,
        responseBody: { n, name: "x".repeat(n % 700) },
        responseBodyBytes: (answer(n).body as string).length,
        at: 1_000_000 + n,
        fault: null,
      });
    });
    expect(journal.list({ operationId: "createOrders" }).map((e) => (e.at - 1_000_000) % 3)).toEqual(
      Array(333).fill(0),
    );
    // Read twice, the same entries.
    expect(journal.list()[5]).toBe(entries[5]);
  });

  it("keeps copies of the bodies, not the buffers it was given (node's pool, the answer's bytes)", async () => {
    const journal = createJournal({ limit: 10 });
    const body = Buffer.from(JSON.stringify({ a: 1 }));
    const sent = answer(7);
    await record(journal, call(1, body), sent);
    body.fill(0x20);
    answerBytes(sent).fill(0x20);
    expect(journal.list()[0]).toMatchObject({ requestBody: { a: 1 }, responseBody: { n: 7, name: "x".repeat(7) } });
  });

  it("keeps texts beyond ASCII as they are, and a network error's entry without an answer", async () => {
    const journal = createJournal({ limit: 3 });
    const odd = call(1, undefined, { requestId: "rëq-\ud800", path: "/v2/ordérs" });
    await record(journal, odd, { ...answer(1), fault: "f1" });
    await record(journal, call(2), { status: 200, headers: {}, body: null, networkError: true, fault: "f2" });
    const [first, second] = journal.list();
    expect(first).toMatchObject({ requestId: "rëq-\ud800", path: "/v2/ordérs", query: "n=1", fault: "f1" });
    expect(second).toMatchObject({ status: 0, responseBody: null, responseBodyBytes: 0, fault: "f2" });
    journal.clear();
    expect(journal.list()).toEqual([]);
    for (let n = 1; n <= 5; n++) await record(journal, call(n), answer(n));
    expect(journal.list().map((e) => e.path)).toEqual(["/v2/orders/3", "/v2/orders/4", "/v2/orders/5"]);
  });

  it("keeps as many calls as before for a limit that is not a whole number", async () => {
    const journal = createJournal({ limit: 2.5 });
    for (let n = 1; n <= 70; n++) await record(journal, call(n), answer(n));
    expect(journal.list().map((e) => e.path)).toEqual(["/v2/orders/69", "/v2/orders/70"]);
  });
});
