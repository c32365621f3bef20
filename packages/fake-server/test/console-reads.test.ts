/**
 * The console's reads (`GET` with `x-dispatch-console`) pass by the test hooks: the request journal does not list
 * them and injected faults neither answer them nor count them. Anything else the console sends, and every call
 * without the header, meets the hooks as before.
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { orderInput, workspaceOf } from "../../fake/test/support/flow.js";

const server = useFakeServer();
const CONSOLE = { "x-dispatch-console": "read" };

describe("the console's reads and the test hooks", () => {
  it("leaves the journal and the faults to the app under test", async () => {
    const { fake } = server;
    const auth = { authorization: `Bearer ${fake.token}` };
    const workspaceUuid = workspaceOf(fake).uuid;
    fake.faults.add({ operationId: "listWorkspaces", status: 503, times: 1 });

    const read = await fetch(`${fake.baseUrl}/v2/workspaces`, { headers: { ...auth, ...CONSOLE } });
    expect(read.status).toBe(200);
    expect(fake.journal.list()).toEqual([]);
    expect(fake.faults.list().map((f) => [f.remaining, f.hits])).toEqual([[1, 0]]);

    const app = await fetch(`${fake.baseUrl}/v2/workspaces`, { headers: auth });
    expect(app.status).toBe(503);
    expect(fake.faults.list().map((f) => [f.remaining, f.hits])).toEqual([[0, 1]]);

    // A write with the header is journaled: only reads pass by.
    const write = await fetch(`${fake.baseUrl}/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers: { ...auth, ...CONSOLE, "content-type": "application/json" },
      body: JSON.stringify(orderInput(0)),
    });
    expect(write.status).toBe(201);
    expect(fake.journal.list().map((e) => [e.operationId, e.status])).toEqual([
      ["listWorkspaces", 503],
      ["createOrders", 201],
    ]);
  });
});
