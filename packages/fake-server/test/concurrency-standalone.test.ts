/**
 * Concurrency over real HTTP: the standalone server answers two schedule-all runs and dozens of creates, updates,
 * deletes and reads sent at once, and the state stays consistent (no order on two routes, none lost, counts,
 * lists and fetches agree). No MSW here: the requests go through node's HTTP stack.
 */
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { expectConsistent } from "../../fake/test/support/consistency.js";
import { DATE, orderInput, routeInput, workspaceOf } from "../../fake/test/support/flow.js";

const validator = createContractValidator();

describe("over HTTP with real concurrency (standalone server)", () => {
  it("two schedule-all runs and 60 interleaved creates, updates, deletes and reads leave a consistent state", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "dev-token" });
    const running: RunningServer = await startServer(fake, { port: 0 });
    try {
      const workspaceUuid = workspaceOf(fake).uuid;
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${running.url}${path}`, {
          method,
          headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        const text = await res.text();
        expect(validator.check(method, `${running.url}${path}`, res.status, res.headers, text)).toEqual([]);
        return { status: res.status, body: text ? JSON.parse(text) : undefined };
      };
      const ordersPath = `/v2/orders?workspaceUuid=${workspaceUuid}`;
      const seed = await call(
        "POST",
        ordersPath,
        Array.from({ length: 20 }, (_, i) => orderInput(i)),
      );
      const seeded: string[] = seed.body.data.map((o: { uuid: string }) => o.uuid);
      await call("POST", "/v2/routes", { workspaceUuid, routes: [routeInput(0), routeInput(1), routeInput(2)] });

      const work: Promise<{ status: number; body: unknown }>[] = [];
      for (let i = 0; i < 20; i++) {
        work.push(call("POST", ordersPath, [orderInput(100 + i)]));
        if (i === 3 || i === 11) work.push(call("POST", "/v2/schedules", { workspaceUuid, date: DATE }));
        if (i < 10) work.push(call("DELETE", `/v2/orders/${seeded[i]}`));
        else work.push(call("PUT", `/v2/orders/${seeded[i]}`, { ...orderInput(i), name: `Renamed ${i}` }));
        work.push(call("GET", `/v2/routes?workspaceUuid=${workspaceUuid}&date=${DATE}`));
      }
      const answers = await Promise.all(work);
      for (const answer of answers) expect(answer.status).toBeLessThan(300);
      await fake.runUntilIdle();

      const placed = expectConsistent(fake);
      const view = fake.inspect();
      const orderOf = (uuid: string | undefined) => view.orders.find((o) => o.uuid === uuid);
      // 20 seeded, 20 created, 10 deleted (each 204 or, once on a route, a delete action that has run).
      expect(view.counts.orders).toBe(30);
      for (const uuid of seeded.slice(0, 10)) expect(orderOf(uuid)).toBeUndefined();
      for (let i = 10; i < 20; i++) expect(orderOf(seeded[i])?.name).toBe(`Renamed ${i}`);
      const listed = await call("GET", `${ordersPath}&perPage=500`);
      expect(listed.body.metadata.totalItems).toBe(30);
      const routes = await call("GET", `/v2/routes?workspaceUuid=${workspaceUuid}&date=${DATE}`);
      const onRoutes = routes.body.data.reduce((n: number, r: { ordersCount: number }) => n + r.ordersCount, 0);
      expect(onRoutes).toBe(placed.size);
      const scheduled = listed.body.data.filter((o: { status: string }) => o.status === "scheduled").length;
      expect(scheduled).toBe(placed.size);
    } finally {
      await running.close({ graceMs: 100 });
    }
  });
});
