/**
 * The one table that runs the work of background actions, kind by kind: a pending action holds its work as data
 * (`{ kind, params }`, see `ActionWork`), and this table turns it into the command that performs it. The top of the
 * domain: it knows every command, and `createFake` hands it to the action engine through the context.
 */
import type { WorkRunners } from "./context.js";
import { type DeleteWorkParams, runDelete } from "./order-deletion.js";
import { runUpdate, type UpdateWorkParams } from "./order-update.js";
import { type PublishWorkParams, runPublish } from "./publishing.js";
import type { RunPlanner } from "./scheduling/run-plan.js";
import { runSchedule, type ScheduleWorkParams } from "./scheduling/runs.js";

/** What each kind of action's work is built from. */
export interface WorkParams {
  schedule: ScheduleWorkParams;
  publish: PublishWorkParams;
  update: UpdateWorkParams;
  delete: DeleteWorkParams;
}

/**
 * The runner of each kind of action. Scheduling runs are planned by `planner()` when it gives one (a host's worker
 * thread, asked at each run), else at once in the fake's thread.
 */
export function createActionRunners(planner: () => RunPlanner | undefined = () => undefined): WorkRunners {
  return {
    schedule: (ctx, action, params) => runSchedule(ctx, action, params as ScheduleWorkParams, planner()),
    publish: (ctx, _action, params) => runPublish(ctx, params as PublishWorkParams),
    update: (ctx, _action, params) => runUpdate(ctx, params as UpdateWorkParams),
    delete: (ctx, _action, params) => runDelete(ctx, params as DeleteWorkParams),
  };
}
