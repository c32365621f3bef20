import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", node: "src/node.ts", optimizer: "src/optimizer/index.ts", cli: "src/hosts/cli.ts" },
  format: ["esm", "cjs"],
  dts: { entry: { index: "src/index.ts", node: "src/node.ts", optimizer: "src/optimizer/index.ts" } },
  sourcemap: true,
  clean: true,
  target: "node20",
  external: ["msw"],
});
