/**
 * The standalone server's worker threads: each one's script is a file built beside the server (`<name>.js` for the
 * ESM build, `<name>.cjs` for the CommonJS one); run from source (`npm start`, tests), where no built file sits beside
 * this module, the script is bundled from its sources with esbuild on first use and kept in memory.
 * See docs/decisions/0007-background-actions.md and docs/decisions/0010-state-file.md.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** The server's worker threads: the scheduling runs' planner, and the state file's writer. */
export type WorkerName = "scheduling-worker" | "state-file-worker";

// The CJS build has no import.meta; node gives it __dirname instead.
const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));

const bundles = new Map<WorkerName, Promise<string>>();

/** Each worker's source, from this folder (run from source only: a build puts every script beside the server). */
const SOURCES: Record<WorkerName, string> = {
  "scheduling-worker": "scheduling-worker.ts",
  "state-file-worker": "../state-file/worker.ts",
};

/** The packages a worker imports, from their sources (their package.json points at builds that may not exist). */
const SOURCE_ALIASES = {
  "@dispatchkit/fake/node": "../../../fake/src/node.ts",
  "@dispatchkit/fake": "../../../fake/src/index.ts",
  "@dispatchkit/optimizer": "../../../optimizer/src/index.ts",
  "@dispatchkit/sdk": "../../../sdk/src/index.ts",
};

/** The worker's script: its built file (this build's format first), else its sources bundled now. */
async function scriptOf(name: WorkerName): Promise<{ file: string } | { code: string }> {
  const formats = typeof __dirname === "string" ? [".cjs", ".js"] : [".js", ".cjs"];
  for (const extension of formats) {
    const file = join(here, `${name}${extension}`);
    if (existsSync(file)) return { file };
  }
  let bundle = bundles.get(name);
  if (!bundle) {
    bundle = (async () => {
      const source = join(here, SOURCES[name]);
      if (!existsSync(source)) {
        throw new Error(`Failed to start the ${name}: neither ${join(here, `${name}.js`)} nor ${source} exists`);
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
        alias: Object.fromEntries(Object.entries(SOURCE_ALIASES).map(([name, path]) => [name, join(here, path)])),
      });
      return result.outputFiles[0]?.text ?? "";
    })();
    bundles.set(name, bundle);
    bundle.catch(() => bundles.delete(name));
  }
  return { code: await bundle };
}

/** Start the worker thread `name` (unref'd: the caller refs it while it waits for an answer that must come). */
export async function startWorker(name: WorkerName): Promise<Worker> {
  const script = await scriptOf(name);
  const worker = "file" in script ? new Worker(script.file) : new Worker(script.code, { eval: true });
  worker.unref();
  return worker;
}
