/**
 * Plans scheduling runs on a worker thread (`scheduling-worker.ts`), so a long run never holds up the requests of
 * other clients: the standalone server hands it to its fake (`runtime.usePlanner`). The worker starts at the first
 * run and plans one run at a time, in the order they come; a worker that dies fails the runs it held and the next run
 * starts a new one. See docs/decisions/0024-work-off-the-request-thread.md.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { RunPlanner, RunPlanRequest, RunPlanResult } from "../domain/scheduling/run-plan.js";
import type { PlanMessage } from "./scheduling-worker.js";

// The CJS build has no import.meta; node gives it __dirname instead.
const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));

/** A planner on a worker thread, to be closed with the server. */
export interface WorkerPlanner extends RunPlanner {
  /** Stop the worker. Runs still planning stay pending, their work kept: a saved state plans them again at its start. */
  close(): Promise<void>;
}

let sourceBundle: Promise<string> | undefined;

/**
 * The worker's script: the built file beside this module (`scheduling-worker.js` or `.cjs`, this build's format
 * first), else, run from source (`npm start`, tests), the sources bundled now with esbuild and kept in memory.
 */
async function workerScript(): Promise<{ file: string } | { code: string }> {
  const formats = typeof __dirname === "string" ? [".cjs", ".js"] : [".js", ".cjs"];
  for (const extension of formats) {
    const file = join(here, `scheduling-worker${extension}`);
    if (existsSync(file)) return { file };
  }
  sourceBundle ??= (async () => {
    const source = join(here, "scheduling-worker.ts");
    if (!existsSync(source)) {
      throw new Error(
        `Failed to start the scheduling worker: neither ${join(here, "scheduling-worker.js")} nor ${source} exists`,
      );
    }
    // Only reached from source, where esbuild (a devDependency of the repository) is installed.
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [source],
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      write: false,
      logLevel: "silent",
      alias: { "@dispatchkit/optimizer": join(here, "../../../optimizer/src/index.ts") },
    });
    return result.outputFiles[0]?.text ?? "";
  })();
  sourceBundle.catch(() => {
    sourceBundle = undefined;
  });
  return { code: await sourceBundle };
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
    worker ??= workerScript().then((script) => {
      const thread = "file" in script ? new Worker(script.file) : new Worker(script.code, { eval: true });
      // The server keeps the process alive; an idle worker never does.
      thread.unref();
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
