/**
 * Plans scheduling runs on a worker thread (`scheduling-worker.ts`), so a long run never holds up the requests of
 * other clients: the standalone server hands it to its fake (`runtime.usePlanner`). The worker starts at the first
 * run and plans one run at a time, in the order they come; a worker that dies fails the runs it held and the next run
 * starts a new one. See docs/decisions/0007-background-actions.md. While a run plans here, its action is
 * pending, and the actions accepted after it on its workspace and date (a publish) wait for it in the fake's action
 * engine: they run once its plan is committed (docs/decisions/0007-background-actions.md).
 */
import type { Worker } from "node:worker_threads";
import type { RunPlanner, RunPlanRequest, RunPlanResult } from "@dispatchkit/fake/node";
import type { PlanMessage } from "./scheduling-worker.js";
import { startWorker } from "./worker-script.js";

/** A planner on a worker thread, to be closed with the server. */
export interface WorkerPlanner extends RunPlanner {
  /** Stop the worker. Runs still planning stay pending, their work kept: a saved state plans them again at its start. */
  close(): Promise<void>;
}

/**
 * A {@link RunPlanner} on a worker thread. `settle(done)` runs the step that hands a plan back to the fake (the host
 * holds it while a state file capture is in progress), and `afterPlan` follows it (the host kicks its background work
 * and saves).
 */
export function createWorkerPlanner(options: {
  log: (message: string, error: unknown) => void;
  settle?: (done: () => void) => Promise<void>;
  afterPlan?: () => void;
}): WorkerPlanner {
  let worker: Promise<Worker> | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: RunPlanResult) => void; reject: (error: Error) => void }>();
  const settle = options.settle ?? (async (done: () => void) => done());

  function failAll(reason: string): void {
    const error = new Error(`Failed to plan the run: ${reason}`);
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  }

  function start(): Promise<Worker> {
    // Unref'd: the server keeps the process alive; an idle worker never does.
    worker ??= startWorker("scheduling-worker").then((thread) => {
      thread.on("message", (message: { id: number; result?: RunPlanResult; error?: string }) => {
        const job = pending.get(message.id);
        if (!job) return;
        pending.delete(message.id);
        void settle(() => {
          if (message.error !== undefined) job.reject(new Error(`Failed to plan the run: ${message.error}`));
          else job.resolve(message.result as RunPlanResult);
        }).then(() => setImmediate(() => options.afterPlan?.()));
      });
      const gone = (reason: string) => {
        worker = undefined;
        if (pending.size > 0) options.log("The scheduling worker stopped", new Error(reason));
        failAll(reason);
        setImmediate(() => options.afterPlan?.());
      };
      thread.on("error", (error) => gone(`the scheduling worker failed (${error.message})`));
      thread.on("exit", (code) => gone(`the scheduling worker exited with code ${code}`));
      return thread;
    });
    worker.catch(() => {
      worker = undefined;
    });
    return worker;
  }

  return {
    plan(request: RunPlanRequest) {
      const id = nextId++;
      return new Promise<RunPlanResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        start().then(
          (thread) => thread.postMessage({ id, request } satisfies PlanMessage),
          (error: unknown) => {
            pending.delete(id);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      // Not failed: they are pending in the state, and a restart from the saved state runs them again.
      pending.clear();
      if (running) await (await running.catch(() => undefined))?.terminate();
    },
  };
}
