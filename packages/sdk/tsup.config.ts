import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  // No source maps: they would point at src/, which the package does not ship (docs/decisions/0002-packages-surfaces-and-builds.md).
  sourcemap: false,
  clean: true,
  target: "es2022",
  platform: "neutral",
  // Bundled: openapi-fetch's CJS build has no default export under Node's interop, so a CJS consumer of an
  // external openapi-fetch would get `default is not a function`. It stays a dependency for its types.
  noExternal: ["openapi-fetch"],
});
