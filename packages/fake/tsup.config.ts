import { rmSync } from "node:fs";
import { defineConfig, type Options } from "tsup";

// tsup runs the two configs below in parallel, so neither may clean: each would delete the other's output.
// The output folder is emptied once, when tsup loads this file.
rmSync(new URL("./dist/", import.meta.url), { recursive: true, force: true });

const shared: Options = {
  entry: { index: "src/index.ts", node: "src/node.ts" },
  target: "node20",
  external: ["msw"],
  // No source maps: they would point at src/, which the package does not ship (docs/decisions/0002-packages-surfaces-and-builds.md).
  sourcemap: false,
  clean: false,
  // One copy of each module per format, shared by both entries (smaller, and one DomainError class per format). A
  // fake carries its runtime itself (src/runtime.ts), so the entries of different formats work together too.
  splitting: true,
  dts: { entry: { index: "src/index.ts", node: "src/node.ts" } },
};

// No CLI, worker scripts or console here: the standalone server is @dispatchkit/fake-server
// (docs/decisions/0017-server-package.md).
export default defineConfig([
  { ...shared, format: ["esm"] },
  { ...shared, format: ["cjs"] },
]);
