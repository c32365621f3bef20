import { rmSync } from "node:fs";
import { defineConfig, type Options } from "tsup";

// tsup runs the two configs below in parallel, so neither may clean: each would delete the other's output.
// The output folder is emptied once, when tsup loads this file.
rmSync(new URL("./dist/", import.meta.url), { recursive: true, force: true });

const shared: Options = {
  target: "node20",
  // esbuild is only imported from source, to bundle the console when no built copy exists (src/standalone/console-page.ts).
  external: ["msw", "esbuild"],
  // No source maps: they would point at src/, which the package does not ship (docs/decisions/0002-packages-surfaces-and-builds.md).
  sourcemap: false,
  clean: false,
  // One copy of each module per format, shared by both entries (smaller, and one DomainError class per format). A
  // fake carries its runtime itself (src/runtime.ts), so the entries of different formats work together too.
  splitting: true,
};

/** The standalone server's worker threads (docs/decisions/0007-background-actions.md, docs/decisions/0010-state-file.md). */
const workers = {
  "scheduling-worker": "src/standalone/scheduling-worker.ts",
  "state-file-worker": "src/standalone/state-file-worker.ts",
};

export default defineConfig([
  {
    ...shared,
    // The `dispatch-fake` bin is ESM only (`dist/cli.js`): nothing requires it. The worker threads' scripts sit beside
    // the server that starts them, in both formats (src/standalone/worker-script.ts).
    entry: { index: "src/index.ts", node: "src/node.ts", cli: "src/standalone/cli.ts", ...workers },
    format: ["esm"],
    dts: { entry: { index: "src/index.ts", node: "src/node.ts" } },
  },
  {
    ...shared,
    entry: { index: "src/index.ts", node: "src/node.ts", ...workers },
    format: ["cjs"],
    // CJS has no import.meta: the shim gives the console's loader (src/standalone/console-page.ts) the file's URL.
    shims: true,
    dts: { entry: { index: "src/index.ts", node: "src/node.ts" } },
  },
  {
    // The console's browser script (src/standalone/console/), served by the standalone server from dist/console/.
    entry: { "console/console": "src/standalone/console/main.ts" },
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
