/**
 * The `dispatch-fake` command for tests that start it as a process: one esbuild bundle of the CLI built by the
 * integration project's globalSetup (`buildFakeCli`), laid out as the package ships it (`cli.js` beside
 * its worker threads' scripts and `console/console.js`), so each process starts in a fraction of a second instead of compiling the fake from
 * source with tsx.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The CLI's source entry, bundled as the package's `dist/cli.js` is. */
const CLI_ENTRY = join(ROOT, "packages/fake-server/src/cli/main.ts");
/** The worker threads' scripts, bundled as the package's `dist/scheduling-worker.js` and `dist/state-file-worker.js` are. */
const WORKERS = {
  "scheduling-worker": join(ROOT, "packages/fake-server/src/workers/scheduling-worker.ts"),
  "state-file-worker": join(ROOT, "packages/fake-server/src/state-file/worker.ts"),
};
/** The console's browser script, bundled as the package's `dist/console/console.js` is. */
const CONSOLE_ENTRY = join(ROOT, "packages/fake-server/src/console/main.ts");
/** Workspace packages resolve to their sources, as in vitest.config.ts: nothing needs building first. */
const ALIASES = {
  "@dispatchkit/sdk": join(ROOT, "packages/sdk/src/index.ts"),
  "@dispatchkit/optimizer": join(ROOT, "packages/optimizer/src/index.ts"),
  "@dispatchkit/conformance": join(ROOT, "packages/conformance/src/index.ts"),
  "@dispatchkit/fake/node": join(ROOT, "packages/fake/src/node.ts"),
  "@dispatchkit/fake": join(ROOT, "packages/fake/src/index.ts"),
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The bundled `dispatch-fake` CLI (`buildFakeCli`), for tests that start it as a process. */
    fakeCli: string;
  }
}

/** Bundle the CLI (with its scheduling worker and the console script it serves) into `dir`; returns the CLI's path. */
export async function buildFakeCli(dir: string): Promise<string> {
  const { build } = await import("esbuild");
  const cli = join(dir, "cli.js");
  mkdirSync(dir, { recursive: true });
  await Promise.all([
    // The CLI and its worker scripts, each bundled whole beside the others (`cli.js`, `scheduling-worker.js`, …).
    build({
      entryPoints: {
        cli: CLI_ENTRY,
        ...WORKERS,
      },
      outdir: dir,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      alias: ALIASES,
      // Third-party packages load from node_modules as they do for users; only the workspace is bundled.
      packages: "external",
      logLevel: "error",
    }),
    build({
      entryPoints: [CONSOLE_ENTRY],
      outfile: join(dir, "console", "console.js"),
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      alias: ALIASES,
      logLevel: "error",
    }),
  ]);
  return cli;
}

/** The arguments that start `dispatch-fake …args` with `process.execPath`: the bundle the globalSetup built. */
export function fakeCliArgs(args: readonly string[]): string[] {
  const cli = inject("fakeCli");
  if (!cli) throw new Error("Failed to start dispatch-fake: no bundle; run the test in vitest's integration project");
  return [cli, ...args];
}
