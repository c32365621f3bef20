/**
 * `dispatch-fake` as users start it (its defaults: scheduling runs on a worker thread), over HTTP: a publish accepted
 * while the scheduling run of its date is still planning waits for the run and publishes its plan, so an order of the
 * plan can be completed right after (docs/decisions/0007-background-actions.md). Before, the publish ran at
 * once, skipped the still-empty routes, and the completion answered 409 ORDER_NOT_PUBLISHED. Every answer is
 * validated against openapi.yaml.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const DATE = "2030-01-15";
afterAll(stopFakeClis);

describe("dispatch-fake: a publish accepted while its date's run plans on the worker thread", () => {
  it("waits for the run and publishes its plan: the completion of a planned order right after succeeds", async () => {
    const url = await startFakeCli(["--port", "0", "--quiet"]).ready();
    const problems: string[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and asserted with known values
    const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
      const headers: Record<string, string> = { authorization: "Bearer dev-token" };
      if (body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await res.text();
      problems.push(...validator.check(method, `${url}${path}`, res.status, res.headers, text));
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
    const workspaceUuid = (await call("GET", "/v2/workspaces")).body.data[0].uuid as string;
    // A day big enough that the worker plans for a while: the publish is accepted while the run is pending.
    const orders = Array.from({ length: 300 }, (_, i) => ({
      name: `Customer ${i}`,
      deliveryDate: DATE,
      locations: [
        { address: `Street ${i}`, latitude: 52.45 + ((i * 37) % 100) / 1000, longitude: 13.3 + ((i * 53) % 100) / 500 },
      ],
    }));
    expect((await call("POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, orders)).status).toBe(201);
    const depot = { address: "Depot", latitude: 52.5, longitude: 13.4 };
    const routes = Array.from({ length: 10 }, (_, i) => ({
      name: `Van ${i}`,
      date: DATE,
      startTime: "08:00",
      endTime: "18:00",
      startLocation: depot,
    }));
    expect((await call("POST", "/v2/routes", { workspaceUuid, routes })).status).toBe(201);

    const run = await call("POST", "/v2/schedules", { workspaceUuid, date: DATE });
    expect(run.status).toBe(202);
    const publish = await call("POST", "/v2/routes/publish", { workspaceUuid, date: DATE });
    expect(publish.status).toBe(202);
    // The run was still planning when the publish was accepted (else this test would prove nothing).
    expect((await call("GET", `/v2/schedules/actions/${run.body.actionUuid}`)).body.status).toBe("pending");

    let published: { status: string; actionSummary?: { routes: { status: string }[] } };
    for (const start = Date.now(); ; ) {
      published = (await call("GET", `/v2/routes/actions/${publish.body.actionUuid}`)).body;
      if (published.status !== "pending" || Date.now() - start > 30_000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The run ended first, and the publish published its plan: every used route, none skipped as empty.
    const schedule = (await call("GET", `/v2/schedules/actions/${run.body.actionUuid}`)).body;
    expect(schedule).toMatchObject({ status: "finished", actionSummary: { ordersScheduled: expect.any(Number) } });
    expect(published.status).toBe("finished");
    const statuses = published.actionSummary?.routes.map((route) => route.status) ?? [];
    expect(statuses.filter((status) => status === "finished")).toHaveLength(schedule.actionSummary.routesUsed);
    expect(statuses.filter((status) => status === "finished").length).toBeGreaterThan(0);

    const solution = (await call("GET", `/v2/schedules/${run.body.actionUuid}/solution`)).body;
    const first = solution.routes[0].stops[0].orderUuid as string;
    const done = await call("POST", `/v2/orders/${first}/complete`, {
      status: "delivered",
      completedAt: `${DATE}T10:05:00+01:00`,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe("delivered");
    expect(problems).toEqual([]);
  }, 60_000);
});
