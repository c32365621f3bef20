/**
 * Background actions against scripted answers (msw): polling endpoints per kind, Retry-After hints, resuming,
 * failures, aborts and timeouts, and the helpers scheduleAndWait, publishAndWait and deleteOrders.
 */
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import type { ActionKind } from "../src/actions.js";
import {
  type Action,
  ActionFailedError,
  type ActionOf,
  deleteOrders,
  isAccepted,
  isAction,
  NotFoundError,
  publishAndWait,
  publishOutcome,
  scheduleAndWait,
  TimeoutError,
  waitForAction,
} from "../src/index.js";
import { BASE, errorBody, scriptedClient, useScriptedServer } from "./support/scripted.js";

const server = useScriptedServer();

const UUID = "d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a";
const WORKSPACE = "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15";

function action<K extends ActionKind>(
  kind: K,
  status: Action["status"],
  extra: Partial<ActionOf<K>> = {},
): ActionOf<K> {
  // `extra` belongs to kind K, a pairing with `actionName: kind` that TS cannot follow through the spread.
  return {
    actionUuid: UUID,
    actionName: kind,
    status,
    createdAt: "2026-11-23T17:30:00.000Z",
    ...(status === "pending" ? {} : { finishedAt: "2026-11-23T17:30:02.000Z" }),
    ...extra,
  } as ActionOf<K>;
}

const summaries = {
  schedule: { routesUsed: 1, ordersScheduled: 3, ordersUnscheduled: 0, committed: true },
  publish: { routes: [{ uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59", status: "finished" as const }] },
  update: { orders: [] },
  delete: { deleted: [{ uuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" }], failed: [] },
};

/** Serve an action's polls: the states in turn (the last repeats), each pending one with a Retry-After hint. */
function pollScript(path: string, states: Action[], retryAfter = "3") {
  const polls: string[] = [];
  server.use(
    http.get(`${BASE}${path}`, ({ request }) => {
      polls.push(new URL(request.url).pathname);
      const state = states[Math.min(polls.length - 1, states.length - 1)] as Action;
      return HttpResponse.json(state, { headers: state.status === "pending" ? { "Retry-After": retryAfter } : {} });
    }),
  );
  return polls;
}

describe("waitForAction", () => {
  it.each([
    ["schedule", "/v2/schedules/actions/:id"],
    ["publish", "/v2/routes/actions/:id"],
    ["update", "/v2/orders/actions/:id"],
    ["delete", "/v2/orders/actions/:id"],
  ] as const)("polls a %s action at %s, pausing for the Retry-After hint", async (kind, path) => {
    const finished = action(kind, "finished", { actionSummary: summaries[kind] } as Partial<Action>);
    const polls = pollScript(path, [action(kind, "pending"), action(kind, "pending"), finished]);
    const { client } = scriptedClient();
    const sleeps: number[] = [];
    const progress: string[] = [];
    const done = await waitForAction(client, action(kind, "pending"), {
      intervalMs: 250,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onProgress: (a) => progress.push(a.status),
    });
    expect(done).toEqual(finished);
    expect(polls).toEqual([1, 2, 3].map(() => path.replace(":id", UUID)));
    expect(sleeps).toEqual([3000, 3000]); // the first poll at once, then the hints
    expect(progress).toEqual(["pending", "pending", "finished"]);
  });

  it("resumes from a stored actionUuid: polls at once, with the kind given", async () => {
    const polls = pollScript("/v2/routes/actions/:id", [
      action("publish", "finished", { actionSummary: summaries.publish }),
    ]);
    const { client } = scriptedClient();
    const sleeps: number[] = [];
    const done = await waitForAction(client, UUID, { kind: "publish", sleep: async (ms) => void sleeps.push(ms) });
    expect(done.actionSummary?.routes).toHaveLength(1);
    expect(polls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("settles an action that has already ended without a request", async () => {
    const { client } = scriptedClient(); // no handler: a request would fail the test (onUnhandledRequest: error)
    const finished = action("delete", "finished", { actionSummary: summaries.delete });
    await expect(waitForAction(client, finished)).resolves.toBe(finished);
    await expect(waitForAction(client, action("schedule", "failed", { reason: "no_orders" }))).rejects.toBeInstanceOf(
      ActionFailedError,
    );
  });

  it("rejects with ActionFailedError carrying the action and reason", async () => {
    pollScript("/v2/schedules/actions/:id", [
      action("schedule", "pending"),
      action("schedule", "failed", { reason: "no_routes" }),
    ]);
    const { client } = scriptedClient();
    const error = await waitForAction(client, UUID, { kind: "schedule", sleep: async () => {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ActionFailedError);
    const failed = error as ActionFailedError<"schedule">;
    expect(failed.reason).toBe("no_routes");
    expect(failed.action.status).toBe("failed");
    expect(failed.message).toBe(`Failed to schedule (action ${UUID}): no_routes`);
  });

  it("rejects with the abort reason when the signal aborts during a pause", async () => {
    const polls = pollScript("/v2/orders/actions/:id", [action("delete", "pending")]);
    const { client } = scriptedClient();
    const controller = new AbortController();
    const pending = waitForAction(client, UUID, {
      kind: "delete",
      signal: controller.signal,
      sleep: () => new Promise(() => {}), // never wakes: only the abort can end the wait
      onProgress: () => queueMicrotask(() => controller.abort(new Error("shutting down"))),
    });
    await expect(pending).rejects.toThrow("shutting down");
    expect(polls).toHaveLength(1);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const { client } = scriptedClient();
    const reason = new Error("already gone");
    await expect(waitForAction(client, UUID, { kind: "update", signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
  });

  it("rejects with TimeoutError after timeoutMs", async () => {
    pollScript("/v2/schedules/actions/:id", [action("schedule", "pending")]);
    const { client } = scriptedClient();
    const error = await waitForAction(client, UUID, {
      kind: "schedule",
      timeoutMs: 20,
      sleep: () => new Promise(() => {}),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(20);
    expect((error as Error).message).toBe(`Failed to wait for schedule action ${UUID}: not finished within 20 ms`);
  });

  it("rejects with NotFoundError for an unknown action", async () => {
    server.use(
      http.get(`${BASE}/v2/orders/actions/:id`, () => HttpResponse.json(errorBody("NOT_FOUND"), { status: 404 })),
    );
    const { client } = scriptedClient();
    await expect(waitForAction(client, UUID, { kind: "update" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("rides out a 429 on a poll through the client's retries", async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/v2/routes/actions/:id`, () =>
        ++calls === 1
          ? HttpResponse.json(errorBody("RATE_LIMITED"), { status: 429, headers: { "Retry-After": "1" } })
          : HttpResponse.json(action("publish", "finished", { actionSummary: summaries.publish })),
      ),
    );
    const { client, sleeps } = scriptedClient();
    await expect(waitForAction(client, UUID, { kind: "publish" })).resolves.toMatchObject({ status: "finished" });
    expect(sleeps).toEqual([1000]);
  });

  it("refuses a string without a kind", async () => {
    const { client } = scriptedClient();
    // @ts-expect-error: kind is required when resuming from a uuid
    await expect(waitForAction(client, UUID, {})).rejects.toBeInstanceOf(TypeError);
  });
});

describe("scheduleAndWait and publishAndWait", () => {
  it("starts a run, waits, and returns the solution", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/v2/schedules`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(action("schedule", "pending"), { status: 202 });
      }),
      http.get(`${BASE}/v2/schedules/:id/solution`, () =>
        HttpResponse.json({
          actionUuid: UUID,
          date: "2026-11-24",
          committed: true,
          summary: {
            routesUsed: 0,
            ordersScheduled: 0,
            ordersUnscheduled: 0,
            distanceInKilometers: 0,
            workingTimeInSeconds: 0,
            idleTimeInSeconds: 0,
          },
          routes: [],
          unscheduled: [],
        }),
      ),
    );
    pollScript("/v2/schedules/actions/:id", [
      action("schedule", "pending"),
      action("schedule", "finished", { actionSummary: summaries.schedule }),
    ]);
    const { client } = scriptedClient();
    const accepted: string[] = [];
    const solution = await scheduleAndWait(
      client,
      { workspaceUuid: WORKSPACE, date: "2026-11-24" },
      { sleep: async () => {}, onAccepted: (a) => accepted.push(a.actionUuid) },
    );
    expect(solution.actionUuid).toBe(UUID);
    expect(solution.committed).toBe(true);
    expect(accepted).toEqual([UUID]);
    expect(bodies).toEqual([{ workspaceUuid: WORKSPACE, date: "2026-11-24" }]);
  });

  it("publishAndWait rejects with the per-route failures when a route failed", async () => {
    server.use(
      http.post(`${BASE}/v2/routes/publish`, () => HttpResponse.json(action("publish", "pending"), { status: 202 })),
    );
    const failedSummary = {
      routes: [
        { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59", status: "failed" as const, error: "route doesn't exist" },
      ],
    };
    pollScript("/v2/routes/actions/:id", [
      action("publish", "failed", { reason: "route_failed", actionSummary: failedSummary }),
    ]);
    const { client } = scriptedClient();
    const error = await publishAndWait(
      client,
      { workspaceUuid: WORKSPACE, date: "2026-11-24" },
      { sleep: async () => {} },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActionFailedError);
    const failed = error as ActionFailedError<"publish">;
    expect(failed.reason).toBe("route_failed");
    expect(failed.action.actionSummary?.routes[0]?.error).toBe("route doesn't exist");
  });

  it("publishAndWait resolves with the routes sorted into published, skipped and failed", async () => {
    server.use(
      http.post(`${BASE}/v2/routes/publish`, () => HttpResponse.json(action("publish", "pending"), { status: 202 })),
    );
    const finished = action("publish", "finished", {
      actionSummary: {
        routes: [
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000001", status: "finished" },
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000002", status: "skipped", error: "route has no orders" },
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000003", status: "finished" },
        ],
      },
    });
    pollScript("/v2/routes/actions/:id", [action("publish", "pending"), finished]);
    const { client } = scriptedClient();
    const outcome = await publishAndWait(
      client,
      { workspaceUuid: WORKSPACE, date: "2026-11-24" },
      { sleep: async () => {} },
    );
    expect(outcome).toEqual({
      action: finished,
      published: [{ uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000001" }, { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000003" }],
      skipped: [{ uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000002", reason: "route has no orders" }],
      failed: [],
    });
  });

  it("publishOutcome sorts a failed action's routes, and a skipped route is never among ActionFailedError's failures", () => {
    const failedAction = action("publish", "failed", {
      reason: "route_failed",
      actionSummary: {
        routes: [
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000001", status: "finished" },
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000002", status: "skipped", error: "route has no orders" },
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000003", status: "failed", error: "route doesn't exist" },
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000004", status: "failed" },
          // A per-route status of a later contract: not published, so among the failed.
          { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000005", status: "cancelled" as "failed" },
        ],
      },
    });
    expect(publishOutcome(failedAction)).toEqual({
      action: failedAction,
      published: [{ uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000001" }],
      skipped: [{ uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000002", reason: "route has no orders" }],
      failed: [
        { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000003", reason: "route doesn't exist" },
        { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000004", reason: "failed" },
        { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-000000000005", reason: "cancelled" },
      ],
    });
    expect(new ActionFailedError(failedAction).failures.map((f) => f.uuid)).toEqual([
      "5a8e2f1c-9d3b-4c7a-b6e4-000000000003",
      "5a8e2f1c-9d3b-4c7a-b6e4-000000000004",
    ]);
    expect(publishOutcome(action("publish", "failed", { reason: "no_routes" }))).toMatchObject({
      published: [],
      skipped: [],
      failed: [],
    });
  });
});

describe("deleteOrders", () => {
  const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

  it("dedupes, sends batches of at most 500, waits for a 202 batch, and merges { deleted, failed }", async () => {
    const batches: string[][] = [];
    server.use(
      http.delete(`${BASE}/v2/orders`, async ({ request }) => {
        const batch = (await request.json()) as string[];
        batches.push(batch);
        if (batches.length === 2) return HttpResponse.json({ ...action("delete", "pending") }, { status: 202 });
        const [first, ...rest] = batch;
        return HttpResponse.json({
          deleted: rest.map((u) => ({ uuid: u })),
          failed: first ? [{ uuid: first, reason: "order_published" }] : [],
        });
      }),
    );
    const polls = pollScript("/v2/orders/actions/:id", [
      action("delete", "pending"),
      action("delete", "finished", {
        actionSummary: { deleted: [{ uuid: uuid(500) }], failed: [{ uuid: uuid(501), reason: "order_locked" }] },
      }),
    ]);
    const input = [...Array.from({ length: 1200 }, (_, i) => uuid(i)), uuid(3), uuid(700), uuid(1199)];
    const { client } = scriptedClient();
    const seen: number[] = [];
    const result = await deleteOrders(client, input, {
      sleep: async () => {},
      onBatch: (_r, b) => seen.push(b.length),
    });

    expect(batches.map((b) => b.length)).toEqual([500, 500, 200]);
    expect(new Set(batches.flat()).size).toBe(1200);
    expect(seen).toEqual([500, 500, 200]);
    expect(polls).toHaveLength(2);
    expect(result.deleted).toHaveLength(499 + 1 + 199);
    expect(result.failed).toEqual([
      { uuid: uuid(0), reason: "order_published" },
      { uuid: uuid(501), reason: "order_locked" },
      { uuid: uuid(1000), reason: "order_published" },
    ]);
  });

  it("sends nothing for no uuids", async () => {
    const { client } = scriptedClient();
    await expect(deleteOrders(client, [])).resolves.toEqual({ deleted: [], failed: [] });
  });

  it("rejects an error answer with the typed error", async () => {
    server.use(
      http.delete(`${BASE}/v2/orders`, () =>
        HttpResponse.json(errorBody("VALIDATION_FAILED", "Failed to delete orders: body must be an array"), {
          status: 400,
        }),
      ),
    );
    const { client } = scriptedClient();
    await expect(deleteOrders(client, [uuid(1)])).rejects.toThrow("Failed to delete orders: body must be an array");
  });
});

describe("waitForAction without Retry-After hints", () => {
  it("polls at once, then pauses briefly and backs off to intervalMs", async () => {
    const finished = action("publish", "finished", { actionSummary: summaries.publish });
    const pending = action("publish", "pending");
    const polls = pollScript("/v2/routes/actions/:id", [pending, pending, pending, pending, finished], "");
    const sleeps: number[] = [];
    const done = await waitForAction(scriptedClient().client, pending, {
      intervalMs: 1000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    expect(done.status).toBe("finished");
    expect(polls).toHaveLength(5);
    expect(sleeps).toEqual([250, 500, 1000, 1000]); // the first poll at once, then a quarter of intervalMs, doubling
  });
});

describe("ActionFailedError names what failed", () => {
  const route = (i: number) => `5a8e2f1c-9d3b-4c7a-b6e4-${String(i).padStart(12, "0")}`;

  it("lists each failed route of a publish and why, in the message and in failures", async () => {
    server.use(
      http.post(`${BASE}/v2/routes/publish`, () => HttpResponse.json(action("publish", "pending"), { status: 202 })),
    );
    pollScript("/v2/routes/actions/:id", [
      action("publish", "failed", {
        reason: "route_failed",
        actionSummary: {
          routes: [
            { uuid: route(1), status: "finished" },
            { uuid: route(2), status: "failed", error: "route doesn't exist" },
            { uuid: route(3), status: "failed", error: "route is on 2026-11-25, not 2026-11-24" },
          ],
        },
      }),
    ]);
    const { client } = scriptedClient();
    const error = await publishAndWait(client, { workspaceUuid: WORKSPACE, date: "2026-11-24" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ActionFailedError);
    const failed = error as ActionFailedError<"publish">;
    expect(failed.message).toBe(
      `Failed to publish (action ${UUID}): route_failed; 2 routes failed: ${route(2)} (route doesn't exist), ${route(3)} (route is on 2026-11-25, not 2026-11-24)`,
    );
    expect(failed.failures).toEqual([
      { kind: "route", uuid: route(2), reason: "route doesn't exist" },
      { kind: "route", uuid: route(3), reason: "route is on 2026-11-25, not 2026-11-24" },
    ]);
    expect(JSON.parse(JSON.stringify(failed))).toEqual({
      name: "ActionFailedError",
      message: failed.message,
      actionUuid: UUID,
      actionName: "publish",
      reason: "route_failed",
      failures: failed.failures,
    });
  });

  it("names five failures in the message and counts the rest", () => {
    const routes = Array.from({ length: 7 }, (_, i) => ({ uuid: route(i), status: "failed" as const }));
    const failed = new ActionFailedError(
      action("publish", "failed", { reason: "route_failed", actionSummary: { routes } }),
    );
    expect(failed.failures).toHaveLength(7);
    expect(failed.message).toBe(
      `Failed to publish (action ${UUID}): route_failed; 7 routes failed: ${[0, 1, 2, 3, 4].map((i) => `${route(i)} (failed)`).join(", ")} and 2 more`,
    );
  });

  it("lists the orders a failed delete kept", () => {
    const failed = new ActionFailedError(
      action("delete", "failed", {
        reason: "order_locked",
        actionSummary: { deleted: [], failed: [{ uuid: "o1", reason: "order_locked" }] },
      }),
    );
    expect(failed.failures).toEqual([{ kind: "order", uuid: "o1", reason: "order_locked" }]);
    expect(failed.message).toBe(`Failed to delete (action ${UUID}): order_locked; 1 order failed: o1 (order_locked)`);
  });
});

describe("200 or 202", () => {
  it("isAction tells an action from a result; isAccepted reads the 202 status", () => {
    const accepted = action("update", "pending");
    expect(
      [accepted, { uuid: "o1", status: "scheduled" }, null, "x", { actionUuid: 1 }].map((v) => isAction(v)),
    ).toEqual([true, false, false, false, false]);
    const response = (status: number) => new Response(null, { status });
    expect(isAccepted({ data: accepted, response: response(202) })).toBe(true);
    expect(isAccepted({ data: accepted, response: response(200) })).toBe(false);
    expect(isAccepted({ data: { deleted: [], failed: [] }, response: response(202) })).toBe(false);
  });

  it("waits for a 202's action by kind, and refuses an action of another kind", async () => {
    const polls = pollScript("/v2/orders/actions/:id", [
      action("update", "finished", { actionSummary: summaries.update }),
    ]);
    const { client } = scriptedClient();
    const accepted: Action = action("update", "pending");
    await expect(waitForAction(client, accepted, { kind: "update" })).resolves.toMatchObject({ status: "finished" });
    expect(polls).toHaveLength(1);
    await expect(waitForAction(client, accepted, { kind: "delete" })).rejects.toThrow(
      `Failed to wait for action ${UUID}: options.kind is delete, but the action's kind is update`,
    );
  });

  it("scheduleAndWait refuses an answer that is not a schedule action", async () => {
    server.use(
      http.post(`${BASE}/v2/schedules`, () => HttpResponse.json(action("publish", "pending"), { status: 202 })),
    );
    const { client } = scriptedClient();
    await expect(scheduleAndWait(client, { workspaceUuid: WORKSPACE, date: "2026-11-24" })).rejects.toThrow(
      "Failed to start a scheduling run: the API answered without a schedule action",
    );
  });
});
