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
      responseBody: created.data,
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
});
