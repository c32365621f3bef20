import { describe, expect, it } from "vitest";
import {
  failAction,
  getAction,
  nextActionDueAt,
  releaseActions,
  settleActions,
  startAction as startWork,
} from "./actions.js";
import { createManualClock } from "./clock.js";
import {
  type ActionOptions,
  type ActionOutcome,
  type Context,
  createActionRuntime,
  createState,
  type WorkContinuation,
  type WorkRunner,
  type WorkRunners,
} from "./context.js";
import { DomainError } from "./errors.js";
import { greatCircleTravel, hashGeocoder } from "./geo.js";
import { createIds } from "./ids.js";
import { createListIndexes } from "./list-index.js";
import type { ActionKind } from "./records.js";

const principal = { organizationId: "org-1", token: "t" };

/** The engine's tests give each action a function as its params, and every kind runs it. */
const runParams: WorkRunner = (ctx, action, params) =>
  (params as unknown as (ctx: Context, action: unknown) => ReturnType<WorkRunner>)(ctx, action);
/** `startAction` with such params: no real kind's (`as never`), every test runner takes them. */
const startAction = (
  ctx: Context,
  who: typeof principal,
  kind: ActionKind,
  params: unknown,
  options?: { workspaceUuid?: string | null },
) => startWork(ctx, who, { kind, params } as never, options);
const TEST_RUNNERS: WorkRunners = { schedule: runParams, publish: runParams, update: runParams, delete: runParams };
const finished: ActionOutcome = { status: "finished", summary: { deleted: [], failed: [] } };

function context(options: ActionOptions = {}): Context & { clock: ReturnType<typeof createManualClock> } {
  return {
    clock: createManualClock(Date.parse("2026-11-23T08:00:00Z")),
    ids: createIds(1),
    state: createState(),
    geocoder: hashGeocoder,
    travel: greatCircleTravel,
    actions: createActionRuntime(TEST_RUNNERS, options),
    lists: createListIndexes(),
  };
}

describe("startAction", () => {
  it("runs the work at once and answers the pending snapshot taken at creation", () => {
    const ctx = context();
    let runs = 0;
    const accepted = startAction(ctx, principal, "delete", () => {
      runs++;
      return finished;
    });
    expect(accepted).toMatchObject({ status: "pending", finishedAt: null, summary: null });
    expect(runs).toBe(1);
    expect(getAction(ctx, principal, accepted.uuid, ["delete"])).toMatchObject({
      status: "finished",
      finishedAt: ctx.clock.now(),
      summary: { deleted: [], failed: [] },
    });
  });

  it("turns a DomainError thrown by the work into a failed action with its message", () => {
    const ctx = context();
    const accepted = startAction(ctx, principal, "update", () => {
      throw new DomainError("ORDER_COMPLETED", "Failed to update order: it is delivered");
    });
    expect(getAction(ctx, principal, accepted.uuid, ["update"])).toMatchObject({
      status: "failed",
      reason: "Failed to update order: it is delivered",
    });
  });

  it("holds only the listed kinds, and runs held work at release time on the clock of that moment", () => {
    const ctx = context({ hold: ["publish"] });
    const publish = startAction(ctx, principal, "publish", () => ({ status: "finished", summary: { routes: [] } }));
    const del = startAction(ctx, principal, "delete", () => finished);
    expect(getAction(ctx, principal, del.uuid, ["delete"]).status).toBe("finished");
    expect(getAction(ctx, principal, publish.uuid, ["publish"]).status).toBe("pending");
    ctx.clock.advance(60_000);
    expect(releaseActions(ctx).map((a) => a.uuid)).toEqual([publish.uuid]);
    expect(getAction(ctx, principal, publish.uuid, ["publish"]).finishedAt).toBe(ctx.clock.now());
  });

  it("ends delayed actions once the clock reaches createdAt + delayMs", () => {
    const ctx = context({ delayMs: 1_000 });
    const accepted = startAction(ctx, principal, "schedule", () => ({
      status: "failed",
      reason: "no_orders",
    }));
    ctx.clock.advance(999);
    expect(getAction(ctx, principal, accepted.uuid, ["schedule"]).status).toBe("pending");
    ctx.clock.advance(1);
    expect(getAction(ctx, principal, accepted.uuid, ["schedule"])).toMatchObject({
      status: "failed",
      reason: "no_orders",
    });
  });

  it("fails a pending action without running its work; ended actions cannot be failed or released", () => {
    const ctx = context({ hold: true });
    let runs = 0;
    const accepted = startAction(ctx, principal, "delete", () => {
      runs++;
      return finished;
    });
    expect(failAction(ctx, accepted.uuid, "boom")).toMatchObject({ status: "failed", reason: "boom" });
    expect(runs).toBe(0);
    expect(() => releaseActions(ctx, accepted.uuid)).toThrow(/already failed/);
    expect(() => failAction(ctx, "nope", "x")).toThrow(DomainError);
  });

  it("scopes actions to their organization and kinds", () => {
    const ctx = context();
    const accepted = startAction(ctx, principal, "publish", () => ({ status: "finished", summary: { routes: [] } }));
    expect(() => getAction(ctx, principal, accepted.uuid, ["update", "delete"])).toThrow(/Failed to find action/);
    expect(() => getAction(ctx, { organizationId: "org-2", token: "u" }, accepted.uuid, ["publish"])).toThrow(
      DomainError,
    );
  });
});

describe("work that goes on elsewhere (a run planned on a worker thread)", () => {
  /** A piece of work whose next step comes when the test says so. */
  function elsewhere() {
    const steps: ((next: WorkContinuation) => void)[] = [];
    const work = () => new Promise<WorkContinuation>((resolve) => steps.push(resolve));
    return { work, steps };
  }
  /** Let the promises settle (a few turns of microtasks: the domain uses no timers). */
  const settled = async () => {
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  };

  it("stays pending with its work kept until its next step runs, and is never started twice meanwhile", async () => {
    const ctx = context();
    const { work, steps } = elsewhere();
    const accepted = startAction(ctx, principal, "schedule", work);
    const action = getAction(ctx, principal, accepted.uuid, ["schedule"]);
    expect(action.status).toBe("pending");
    // Kept, so a state saved meanwhile runs it again after a restart.
    expect(ctx.state.works.get(accepted.uuid)).toMatchObject({ kind: "schedule" });
    expect(releaseActions(ctx)).toEqual([]);
    expect(() => releaseActions(ctx, accepted.uuid)).toThrow(
      `Failed to release action: action ${accepted.uuid} is already running`,
    );
    settleActions(ctx);
    expect(steps).toHaveLength(1);
    steps[0]?.(() => finished);
    await settled();
    expect(action).toMatchObject({ status: "finished", summary: finished.summary });
    expect(ctx.state.works.has(accepted.uuid)).toBe(false);
  });

  it("drops the next step of an action failed meanwhile, and fails the action when the work elsewhere fails", async () => {
    const ctx = context();
    const { work, steps } = elsewhere();
    const first = startAction(ctx, principal, "schedule", work);
    failAction(ctx, first.uuid, "stopped by the test");
    let ran = false;
    steps[0]?.(() => {
      ran = true;
      return finished;
    });
    await settled();
    expect(ran).toBe(false);
    expect(getAction(ctx, principal, first.uuid, ["schedule"])).toMatchObject({
      status: "failed",
      reason: "stopped by the test",
    });
    const second = startAction(ctx, principal, "schedule", () =>
      Promise.reject(new Error("Failed to plan the run: the worker stopped")),
    );
    await settled();
    expect(getAction(ctx, principal, second.uuid, ["schedule"])).toMatchObject({
      status: "failed",
      reason: "Failed to plan the run: the worker stopped",
    });
  });

  it("runs the work again, at once, in a state restored from a copy taken while it went on elsewhere", async () => {
    const ctx = context();
    const { work, steps } = elsewhere();
    const accepted = startAction(ctx, principal, "schedule", work);
    // A restored snapshot (or a state file loaded after a restart): the same data in new records.
    ctx.state = { ...ctx.state, actions: new Map([...ctx.state.actions].map(([uuid, a]) => [uuid, { ...a }])) };
    expect(nextActionDueAt(ctx)).toBe(accepted.createdAt);
    settleActions(ctx);
    expect(steps).toHaveLength(2);
    // The step of the first run belongs to records that are gone: dropped.
    steps[0]?.(() => ({ status: "failed", reason: "from the old state" }));
    steps[1]?.(() => finished);
    await settled();
    expect(getAction(ctx, principal, accepted.uuid, ["schedule"])).toMatchObject({ status: "finished" });
  });
});

describe("the actions of one workspace and date run in the order they were accepted", () => {
  /** Work as the real kinds carry it (a publish's `date`, a run's `request.date`), with what it does as `run`. */
  type DayWork = { date?: string; request?: { date: string }; run: WorkContinuation };
  const runDay: WorkRunner = (ctx, action, params) => (params as unknown as DayWork).run(ctx, action);
  const DAY_RUNNERS: WorkRunners = { schedule: runDay, publish: runDay, update: runDay, delete: runDay };
  function dayContext(options: ActionOptions = {}) {
    return { ...context(), actions: createActionRuntime(DAY_RUNNERS, options) };
  }
  const ran: string[] = [];
  const logs =
    (name: string): WorkContinuation =>
    () => {
      ran.push(name);
      return finished;
    };
  const settled = async () => {
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  };
  const W = { workspaceUuid: "ws-1" };

  it("a publish accepted while the run of its date goes on elsewhere waits, and runs when the run commits", async () => {
    ran.length = 0;
    const ctx = dayContext();
    let commit: (next: WorkContinuation) => void = () => {};
    const planning = () => new Promise<WorkContinuation>((resolve) => (commit = resolve));
    const run = startAction(ctx, principal, "schedule", { request: { date: "2026-11-24" }, run: planning }, W);
    const publish = startAction(ctx, principal, "publish", { date: "2026-11-24", run: logs("publish") }, W);
    expect(ran).toEqual([]);
    // Not due at an instant (fake.advance does not spin on it), and a settle leaves it waiting.
    expect(nextActionDueAt(ctx)).toBeNull();
    settleActions(ctx);
    expect(getAction(ctx, principal, publish.uuid, ["publish"]).status).toBe("pending");
    // Released by name behind a run going on elsewhere: it stays pending and runs after it.
    expect(releaseActions(ctx, publish.uuid).map((a) => a.status)).toEqual(["pending"]);
    commit(logs("schedule commits"));
    await settled();
    expect(ran).toEqual(["schedule commits", "publish"]);
    expect(getAction(ctx, principal, run.uuid, ["schedule"]).status).toBe("finished");
    expect(getAction(ctx, principal, publish.uuid, ["publish"]).status).toBe("finished");
  });

  it("other dates, other workspaces, and work that names no date do not wait", () => {
    ran.length = 0;
    const ctx = dayContext({ hold: ["schedule"] });
    startAction(ctx, principal, "schedule", { request: { date: "2026-11-24" }, run: logs("run") }, W);
    startAction(ctx, principal, "publish", { date: "2026-11-25", run: logs("other date") }, W);
    startAction(
      ctx,
      principal,
      "publish",
      { date: "2026-11-24", run: logs("other workspace") },
      {
        workspaceUuid: "ws-2",
      },
    );
    startAction(ctx, principal, "delete", { run: logs("delete") }, W);
    expect(ran).toEqual(["other date", "other workspace", "delete"]);
  });

  it("a failed run lets the waiting publish run; a release of the whole queue runs it oldest first", () => {
    ran.length = 0;
    const ctx = dayContext({ hold: ["schedule"] });
    const first = startAction(ctx, principal, "schedule", { request: { date: "2026-11-24" }, run: logs("run 1") }, W);
    startAction(ctx, principal, "publish", { date: "2026-11-24", run: logs("publish 1") }, W);
    failAction(ctx, first.uuid, "stopped by the test");
    expect(ran).toEqual(["publish 1"]);
    startAction(ctx, principal, "schedule", { request: { date: "2026-11-24" }, run: logs("run 2") }, W);
    const second = startAction(ctx, principal, "publish", { date: "2026-11-24", run: logs("publish 2") }, W);
    expect(releaseActions(ctx).map((a) => a.status)).toEqual(["finished", "finished"]);
    expect(ran).toEqual(["publish 1", "run 2", "publish 2"]);
    expect(getAction(ctx, principal, second.uuid, ["publish"]).status).toBe("finished");
  });

  it("releasing by name an action behind a held one is a CONFLICT naming it, and changes nothing", () => {
    ran.length = 0;
    const ctx = dayContext({ hold: true });
    const run = startAction(ctx, principal, "schedule", { request: { date: "2026-11-24" }, run: logs("run") }, W);
    const publish = startAction(ctx, principal, "publish", { date: "2026-11-24", run: logs("publish") }, W);
    expect(() => releaseActions(ctx, publish.uuid)).toThrow(
      `Failed to release action: action ${publish.uuid} runs after schedule action ${run.uuid} of the same workspace and date, which is still pending; release or fail that one first`,
    );
    expect(getAction(ctx, principal, publish.uuid, ["publish"])).toMatchObject({ status: "pending", held: true });
    expect(ran).toEqual([]);
    releaseActions(ctx, run.uuid);
    // The publish keeps its own hold: it ends when released, now that nothing before it is pending.
    expect(ran).toEqual(["run"]);
    releaseActions(ctx, publish.uuid);
    expect(ran).toEqual(["run", "publish"]);
  });
});
