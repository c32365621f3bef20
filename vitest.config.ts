import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests run against the sources, so `npm test` needs no build first.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@dispatchkit\/sdk$/, replacement: src("./packages/sdk/src/index.ts") },
      { find: /^@dispatchkit\/optimizer$/, replacement: src("./packages/optimizer/src/index.ts") },
      { find: /^@dispatchkit\/conformance$/, replacement: src("./packages/conformance/src/index.ts") },
      { find: /^@dispatchkit\/fake\/node$/, replacement: src("./packages/fake/src/node.ts") },
      { find: /^@dispatchkit\/fake$/, replacement: src("./packages/fake/src/index.ts") },
    ],
  },
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "examples/*/test/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    typecheck: {
      enabled: true,
      tsconfig: "./tsconfig.json",
      include: ["packages/*/test/**/*.test-d.ts", "packages/*/src/**/*.test-d.ts"],
    },
  },
});
