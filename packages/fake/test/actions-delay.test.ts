import type { ManualClock } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, DATE, scheduledRoute, workspaceOf } from "./support/flow.js";

const delayed = useFakeServer({ actions: { delayMs: 5_000, retryAfterSeconds: 5 } });

describe("actions: delay on the clock", () => {
  it("stays pending until the fake's clock has moved delayMs", async () => {
    const { fake } = delayed;
    const client = clientOf(fake);
    await scheduledRoute(fake, 1);
    const accepted = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE },
    });
    const actionUuid = accepted.data?.actionUuid ?? "";
    const early = await client.GET("/v2/routes/actions/{actionUuid}", { params: { path: { actionUuid } } });
    expect(early.data?.status).toBe("pending");
    expect(early.response.headers.get("retry-after")).toBe("5");
    const clock = fake.clock as ManualClock;
    clock.advance(5_000);
    const late = await client.GET("/v2/routes/actions/{actionUuid}", { params: { path: { actionUuid } } });
    expect(late.data).toMatchObject({ status: "finished", finishedAt: "2026-11-23T08:00:05.000Z" });
  });
});
