import { rmSync } from "node:fs";
import { defineConfig } from "tsup";

// tsup runs the two configs below in parallel, so neither may clean: each would delete the other's output.
// The output folder is emptied once, when tsup loads this file.
rmSync(new URL("./dist/", import.meta.url), { recursive: true, force: true });

export default defineConfig([
  {
    // The `dispatch-conformance` bin is ESM only (`dist/cli.js`): nothing requires it.
    entry: { index: "src/index.ts", cli: "src/cli.ts" },
    format: ["esm"],
    dts: { entry: { index: "src/index.ts" } },
    target: "node20",
    // No source maps: they would point at src/, which the package does not ship (docs/decisions/0002-packages-surfaces-and-builds.md).
    sourcemap: false,
    clean: false,
    splitting: true,
  },
  {
    entry: { index: "src/index.ts" },
    format: ["cjs"],
    dts: true,
    target: "node20",
    sourcemap: false,
    clean: false,
  },
]);
