import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  // No source maps: they would point at src/, which the package does not ship (docs/decisions/0002-packages-surfaces-and-builds.md).
  sourcemap: false,
  clean: true,
  target: "es2022",
  // No runtime dependencies and no platform APIs: the same build runs in Node, browsers and workers.
  platform: "neutral",
});
