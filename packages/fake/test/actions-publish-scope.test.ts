// Reaches the fake's runtime on purpose: its last block tests the domain command publishRoutes itself, called with the fake's context; the rest uses fake.inspect().
/**
 * What a publish touches: only routes of the caller's organization, of the workspace and of the date it names —
 * by uuid and when publishing every route of the date. Everything else stays exactly as it was.
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { publishRoutes } from "../src/domain/publishing.js";
import { runtimeOf } from "../src/runtime.js";
import {
  assign,
  clientOf,
  createOrders,
  DATE,
  publish,
  routeInput,
  scheduledRoute,
  workspaceOf,
} from "./support/flow.js";
import { inspectWithout } from "./support/inspect.js";

const server = useFakeServer({ organization: { workspaces: [{ name: "Main" }, { name: "Second" }] } });

/**
 * The fake's whole stored state but its actions and idempotency keys (a failed publish still records its action,
 * and its POST the key of the answer).
 */
function stateBesidesActions(fake: typeof server.fake) {
  return inspectWithout(fake, "actions", "idempotencyKeys");
}

async function routeIn(workspaceUuid: string, date: string): Promise<string> {
  const { fake } = server;
  const { data, error } = await clientOf(fake).POST("/v2/routes", {
    body: { workspaceUuid, routes: [routeInput(0, { date }) as never] },
  });
  expect(error).toBeUndefined();
  return data?.data[0]?.uuid ?? "";
}

describe("publish scope", () => {
  it("fails another organization's route named by uuid, leaving it and everything else unchanged", async () => {
    const { fake } = server;
    const { route } = await scheduledRoute(fake, 1);
    const other = fake.control.createOrganization();
    const before = stateBesidesActions(fake);
    const foreign = clientOf(fake, other.token);
    const accepted = await foreign.POST("/v2/routes/publish", {
      body: { workspaceUuid: other.workspaces[0]?.uuid ?? "", date: DATE, routeUuids: [route] },
    });
    expect(accepted.response.status).toBe(202);
    const poll = await foreign.GET("/v2/routes/actions/{actionUuid}", {
      params: { path: { actionUuid: accepted.data?.actionUuid ?? "" } },
    });
    expect(poll.data).toMatchObject({
      status: "failed",
      reason: "route_failed",
      actionSummary: { routes: [{ uuid: route, status: "failed", error: "route doesn't exist" }] },
    });
    // Only the failed action is new: no route, order or event changed.
    expect(stateBesidesActions(fake)).toEqual(before);
    expect(fake.events).toEqual([]);
  });

  it("fails a route of another workspace of the same organization named by uuid", async () => {
    const { fake } = server;
    const [main, second] = fake.workspaces;
    const elsewhere = await routeIn(second?.uuid ?? "", DATE);
    const orders = await createOrders(fake, 1);
    const own = await routeIn(main?.uuid ?? "", DATE);
    assign(fake, own, orders);
    const action = await publish(fake, [elsewhere, own]);
    expect(action).toMatchObject({
      status: "failed",
      reason: "route_failed",
      actionSummary: {
        routes: [
          { uuid: elsewhere, status: "failed", error: "route doesn't exist" },
          { uuid: own, status: "finished" },
        ],
      },
    });
    const read = await clientOf(fake).GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: elsewhere } } });
    expect(read.data?.status).not.toBe("published");
    expect(read.data?.publishedAt).toBeNull();
  });

  it("fails a route of another date named by uuid, saying which date it is on", async () => {
    const { fake } = server;
    const [main] = fake.workspaces;
    const tomorrow = await routeIn(main?.uuid ?? "", "2026-11-24");
    const action = await publish(fake, [tomorrow]);
    expect(action).toMatchObject({
      status: "failed",
      reason: "route_failed",
      actionSummary: {
        routes: [{ uuid: tomorrow, status: "failed", error: "route is on 2026-11-24, not 2026-11-23" }],
      },
    });
  });

  it("publishing every route of the date leaves other dates and other workspaces alone", async () => {
    const { fake } = server;
    const [main, second] = fake.workspaces;
    const { route } = await scheduledRoute(fake, 1);
    const tomorrow = await routeIn(main?.uuid ?? "", "2026-11-24");
    const elsewhere = await routeIn(second?.uuid ?? "", DATE);
    const action = await publish(fake);
    expect(action).toMatchObject({
      status: "finished",
      actionSummary: { routes: [{ uuid: route, status: "finished" }] },
    });
    expect((action as { actionSummary: { routes: unknown[] } }).actionSummary.routes).toHaveLength(1);
    for (const uuid of [tomorrow, elsewhere]) {
      const read = await clientOf(fake).GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: uuid } } });
      expect(read.data?.publishedAt).toBeNull();
    }
    expect(fake.events.map((e) => e.type)).toEqual(["route.published"]);
  });
});

describe("publishRoutes (the domain command)", () => {
  it("refuses a workspace of another organization itself (404 NOT_FOUND), starting no action", async () => {
    const { fake } = server;
    const { route } = await scheduledRoute(fake, 1);
    const workspace = runtimeOf(fake).context.state.workspaces.get(workspaceOf(fake).uuid);
    const stranger = { organizationId: "org-of-someone-else", token: "their-token" };
    const before = fake.inspect();
    expect(() =>
      publishRoutes(runtimeOf(fake).context, stranger, workspace!, { date: DATE, routeUuids: [route] }),
    ).toThrow(
      expect.objectContaining({
        code: "NOT_FOUND",
        message: `Failed to find workspace: no workspace with id ${JSON.stringify(workspace?.uuid)}`,
      }),
    );
    expect(fake.inspect()).toEqual(before);
  });
});
