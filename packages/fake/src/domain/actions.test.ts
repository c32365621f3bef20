import { describe, expect, it } from "vitest";
import { failAction, getAction, releaseActions, startAction } from "./actions.js";
import { createManualClock } from "./clock.js";
import {
  type ActionOptions,
  type ActionOutcome,
  type Context,
  createActionRuntime,
  createState,
  type WorkRunner,
  type WorkRunners,
} from "./context.js";
import { DomainError } from "./errors.js";
import { greatCircleTravel, hashGeocoder } from "./geo.js";
import { createIds } from "./ids.js";

const principal = { organizationId: "org-1", token: "t" };

/** The engine's tests give each action a function as its params, and every kind runs it. */
const runParams: WorkRunner = (ctx, action, params) =>
  (params as (ctx: Context, action: unknown) => ActionOutcome)(ctx, action);
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
