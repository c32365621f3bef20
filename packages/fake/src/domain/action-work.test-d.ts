import { describe, expectTypeOf, it } from "vitest";
import { createActionRunners } from "./action-work.js";
import type { ActionWork, State, WorkRunners } from "./context.js";
import type { PublishWorkParams, ScheduleWorkParams, WorkParams } from "./inputs.js";

describe("a pending action's work, typed by kind", () => {
  it("pairs each kind with its own params", () => {
    expectTypeOf<Extract<ActionWork, { kind: "publish" }>["params"]>().toEqualTypeOf<PublishWorkParams>();
    expectTypeOf<Extract<ActionWork, { kind: "schedule" }>["params"]>().toEqualTypeOf<ScheduleWorkParams>();
    expectTypeOf<ActionWork["kind"]>().toEqualTypeOf<keyof WorkParams>();
    const principal = { organizationId: "org-1", token: "t" };
    const publish: ActionWork = {
      kind: "publish",
      params: { principal, workspaceUuid: "ws", date: "2026-11-24", routeUuids: null },
    };
    void publish;
    // @ts-expect-error a publish's params are not a delete's
    const mixed: ActionWork = { kind: "publish", params: { principal, uuids: [] } };
    void mixed;
  });

  it("is kept in the state, and each runner takes its kind's params", () => {
    expectTypeOf<State["works"]>().toEqualTypeOf<Map<string, ActionWork>>();
    expectTypeOf<Parameters<WorkRunners["update"]>[2]>().toEqualTypeOf<WorkParams["update"]>();
    expectTypeOf(createActionRunners()).toEqualTypeOf<WorkRunners>();
  });
});
