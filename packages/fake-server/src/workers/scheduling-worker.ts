/**
 * The standalone server's scheduling worker thread (`startServer({ schedulingWorker: true })`, `dispatch-fake serve`):
 * plans the runs the server sends, one at a time, with the fake's own pure planner and its great-circle travel (`planRun`), so
 * the same request gets the same plan as in the fake's thread. Built beside the server as `scheduling-worker.js`
 * (ESM) and `scheduling-worker.cjs` (CommonJS).
 */
import { parentPort } from "node:worker_threads";
import { planRun, type RunPlanRequest } from "@dispatchkit/fake/node";

/** A run to plan, numbered by the server. */
export interface PlanMessage {
  id: number;
  request: RunPlanRequest;
}

parentPort?.on("message", ({ id, request }: PlanMessage) => {
  try {
    parentPort?.postMessage({ id, result: planRun(request) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
