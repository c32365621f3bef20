import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, DATE, orderInput, publish, scheduledRoute, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

describe("actions and their workspace", () => {
  it("every kind of action names the workspace it works in", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const workspaceUuid = workspaceOf(fake).uuid;
    const { orders } = await scheduledRoute(fake, 2);
    const update = await client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: orderInput(0, { load: 2 }) as never,
    });
    const remove = await client.DELETE("/v2/orders", { body: [orders[1] ?? ""] });
    const schedule = await client.POST("/v2/schedules", { body: { workspaceUuid, date: DATE } });
    await publish(fake);
    expect([update, remove, schedule].map((r) => r.response.status)).toEqual([202, 202, 202]);
    expect(fake.actions.list().map((a) => [a.kind, a.workspaceUuid])).toEqual([
      ["update", workspaceUuid],
      ["delete", workspaceUuid],
      ["schedule", workspaceUuid],
      ["publish", workspaceUuid],
    ]);
  });
});
