import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", node: "src/node.ts", cli: "src/hosts/cli.ts" },
  format: ["esm", "cjs"],
  dts: { entry: { index: "src/index.ts", node: "src/node.ts" } },
  sourcemap: true,
  clean: true,
  target: "node20",
  external: ["msw"],
});
