import { createFake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, orderInput, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

describe("the request journal (fake.journal)", () => {
  it("records every API call with its operation, bodies, status, request id and time, oldest first", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspaceUuid = workspaceOf(fake).uuid;
    const created = await client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body: [orderInput(0)] });
    const orderUuid = created.data?.data[0]?.uuid ?? "";
    fake.clock.advance(1_000);
    const read = await client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } });
    const bad = await client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: [{ name: "x" } as never],
    });

    const entries = fake.journal.list();
    expect(entries.map((e) => [e.operationId, e.method, e.path, e.status])).toEqual([
      ["createOrders", "POST", "/v2/orders", 201],
      ["getOrder", "GET", `/v2/orders/${orderUuid}`, 200],
      ["createOrders", "POST", "/v2/orders", 400],
    ]);
    expect(entries[0]).toEqual({
      requestId: created.response.headers.get("x-request-id"),
      operationId: "createOrders",
      method: "POST",
      path: "/v2/orders",
      query: `workspaceUuid=${workspaceUuid}`,
      status: 201,
      requestBody: [orderInput(0)],
      requestBodyBytes: JSON.stringify([orderInput(0)]).length,
      responseBody: created.data,
      responseBodyBytes: JSON.stringify(created.data).length,
      at: Date.parse("2026-11-23T08:00:00Z"),
      fault: null,
    });
    expect(entries[1]).toMatchObject({
      requestId: read.response.headers.get("x-request-id"),
      requestBody: null,
      responseBody: read.data,
      at: Date.parse("2026-11-23T08:00:01Z"),
    });
    expect(entries[2]?.responseBody).toEqual(bad.error);
    expect(fake.journal.list({ operationId: "createOrders" }).map((e) => e.status)).toEqual([201, 400]);
    expect(fake.journal.list({ operationId: "deleteOrders" })).toEqual([]);
  });

  it("counts bodies in UTF-8 bytes, characters beyond ASCII and surrogate pairs included", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspaceUuid = workspaceOf(fake).uuid;
    const body = [{ ...orderInput(0), name: "Zoë 🚚 Ærø" }];
    const created = await client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body });
    const [entry] = fake.journal.list();
    const utf8 = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
    expect(entry).toMatchObject({ requestBody: body, responseBody: created.data });
    expect(entry?.requestBodyBytes).toBe(utf8(body));
    expect(entry?.responseBodyBytes).toBe(utf8(created.data));
    expect(entry?.responseBodyBytes).toBeGreaterThan(JSON.stringify(created.data).length);
  });

  it("records refused calls too: no token (with its operation), an unknown path (no operation), a raw body", async () => {
    const { fake } = server;
    await fetch(`${fake.baseUrl}/v2/workspaces`);
    await fetch(`${fake.baseUrl}/v9/nothing`, { headers: { authorization: `Bearer ${fake.token}` } });
    await fetch(`${fake.baseUrl}/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(fake.journal.list().map((e) => [e.operationId, e.status, e.requestBody])).toEqual([
      ["listWorkspaces", 401, null],
      [null, 404, null],
      ["createOrders", 400, "{not json"],
    ]);
  });

  it("clear() and reset() forget it; the limit keeps the newest calls (0 keeps none)", async () => {
    const { fake } = server;
    await clientOf(fake).GET("/v2/workspaces");
    fake.journal.clear();
    expect(fake.journal.list()).toEqual([]);
    await clientOf(fake).GET("/v2/workspaces");
    fake.reset();
    expect(fake.journal.list()).toEqual([]);

    const small = createFake({ now: "2026-11-23T08:00:00Z", journal: { limit: 2 } });
    const get = (path: string) => small.fetch(path, { headers: { authorization: `Bearer ${small.token}` } });
    for (const path of ["/v2/workspaces", "/workspaces", "/v2/nothing"]) await get(path);
    expect(small.journal.list().map((e) => e.path)).toEqual(["/workspaces", "/v2/nothing"]);
    const none = createFake({ now: "2026-11-23T08:00:00Z", journal: { limit: 0 } });
    await none.fetch("/v2/workspaces", { headers: { authorization: `Bearer ${none.token}` } });
    expect(none.journal.list()).toEqual([]);
  });

  it("keeps a body over 64 KiB as its size alone, and reads back a deeply nested body as its text", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const post = (body: string, type = "application/json") =>
      fake.fetch(`/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}`, {
        method: "POST",
        headers: { authorization: `Bearer ${fake.token}`, "content-type": type },
        body,
      });
    const large = "x".repeat(64 * 1024 + 1);
    expect((await post(large, "text/plain")).status).toBe(415);
    const fits = "y".repeat(64 * 1024);
    await post(fits, "text/plain");
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect((await post(deep)).status).toBe(400);
    const [over, atLimit, nested] = fake.journal.list();
    expect(over).toMatchObject({ requestBody: null, requestBodyBytes: 64 * 1024 + 1 });
    expect(atLimit).toMatchObject({ requestBody: fits, requestBodyBytes: 64 * 1024 });
    // 10,000 levels: kept as its text, never parsed (a parsed copy would overflow the stack when read back).
    expect(nested).toMatchObject({ requestBody: deep, requestBodyBytes: 20_000 });
    // 65 levels is the first depth kept as text; 64 still parses.
    await post(`${"[".repeat(65)}${"]".repeat(65)}`);
    await post(`${"[".repeat(64)}${"]".repeat(64)}`);
    const [, , , text, parsed] = fake.journal.list();
    expect(text?.requestBody).toBe(`${"[".repeat(65)}${"]".repeat(65)}`);
    expect(parsed?.requestBody).toEqual(JSON.parse(`${"[".repeat(64)}${"]".repeat(64)}`));
    // Reading the journal back never fails: every entry serializes.
    expect(() => JSON.stringify(fake.journal.list())).not.toThrow();
  });

  it("keeps at most maxBytes of bodies in all, dropping the oldest calls first", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z", journal: { maxBytes: 100_000 } });
    const body = JSON.stringify({ name: "z".repeat(30_000) });
    for (let i = 0; i < 6; i++) {
      await fake.fetch(`/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}&n=${i}`, {
        method: "POST",
        headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
        body,
      });
    }
    // Each call keeps about 30 kB of request body (its error answer is small): three fit in 100 kB.
    expect(fake.journal.list().map((e) => e.query.split("&n=")[1])).toEqual(["3", "4", "5"]);
    // A flood of refused calls is bounded too: each counts 256 bytes beside the bodies it keeps (its 401 answer).
    const tiny = createFake({ now: "2026-11-23T08:00:00Z", journal: { maxBytes: 2_560, limit: 1000 } });
    for (let i = 0; i < 20; i++) await tiny.fetch("/v2/workspaces");
    const kept = tiny.journal.list();
    const weight = 256 + (kept[0]?.responseBodyBytes ?? 0);
    expect(kept[0]?.responseBodyBytes).toBeGreaterThan(0);
    expect(kept).toHaveLength(Math.floor(2_560 / weight));
  });
});
