/**
 * The one table that runs the work of background actions, kind by kind: a pending action holds its work as data
 * (`{ kind, params }`, see `ActionWork`), and this table turns it into the command that performs it. The top of the
 * domain: it knows every command, and `createFake` hands it to the action engine through the context.
 */
import type { WorkRunners } from "./context.js";
import { runDelete } from "./order-deletion.js";
import { runUpdate } from "./order-update.js";
import { runPublish } from "./publishing.js";
import type { RunPlanner } from "./scheduling/run-plan.js";
import { runSchedule } from "./scheduling/runs.js";

export type { WorkParams } from "./inputs.js";

/**
 * The runner of each kind of action. Scheduling runs are planned by `planner()` when it gives one (a host's worker
 * thread, asked at each run), else at once in the fake's thread.
 */
export function createActionRunners(planner: () => RunPlanner | undefined = () => undefined): WorkRunners {
  return {
    schedule: (ctx, action, params) => runSchedule(ctx, action, params, planner()),
    publish: (ctx, _action, params) => runPublish(ctx, params),
    update: (ctx, _action, params) => runUpdate(ctx, params),
    delete: (ctx, _action, params) => runDelete(ctx, params),
  };
}
