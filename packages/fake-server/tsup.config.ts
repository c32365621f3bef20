import { rmSync } from "node:fs";
import { defineConfig, type Options } from "tsup";

// tsup runs the configs below in parallel, so none may clean: each would delete the others' output.
// The output folder is emptied once, when tsup loads this file.
rmSync(new URL("./dist/", import.meta.url), { recursive: true, force: true });

const shared: Options = {
  target: "node20",
  // The fake and the conformance suite are dependencies, imported from their own builds; esbuild is only imported
  // from source (to bundle the console or a worker when no built copy exists).
  external: ["@dispatchkit/fake", "@dispatchkit/fake/node", "@dispatchkit/conformance", "msw", "esbuild"],
  // No source maps: they would point at src/, which the package does not ship (docs/decisions/0006-package-builds.md).
  sourcemap: false,
  clean: false,
  splitting: true,
};

/** The server's worker threads (docs/decisions/0024-work-off-the-request-thread.md), built beside it. */
const workers = {
  "scheduling-worker": "src/workers/scheduling-worker.ts",
  "state-file-worker": "src/state-file/worker.ts",
};

export default defineConfig([
  {
    ...shared,
    // The `dispatch-fake` bin is ESM only (`dist/cli.js`): nothing requires it. The worker threads' scripts sit beside
    // the server that starts them, in both formats (src/workers/worker-script.ts).
    entry: { index: "src/index.ts", cli: "src/cli/main.ts", ...workers },
    format: ["esm"],
    dts: { entry: { index: "src/index.ts" } },
  },
  {
    ...shared,
    entry: { index: "src/index.ts", ...workers },
    format: ["cjs"],
    // CJS has no import.meta: the shim gives the console's loader (src/console-page.ts) the file's URL.
    shims: true,
    dts: { entry: { index: "src/index.ts" } },
  },
  {
    // The console's browser script (src/console/), served by the server from dist/console/.
    entry: { "console/console": "src/console/main.ts" },
    format: ["esm"],
    platform: "browser",
    target: "es2022",
    sourcemap: false,
    clean: false,
    splitting: false,
    minify: true,
    dts: false,
  },
]);
