import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests that leave the process (they start processes: the bundled CLI, tsx, python; run the TypeScript compiler
// or a package build) and the docs' code, which runs as written (the README's test leaves its msw server
// listening). Each file in a fresh module graph. Everything else runs in-process, in the `unit` project.
const integration = [
  // processes
  "packages/*/test/cli.test.ts",
  "packages/*/test/cli-state.test.ts",
  "packages/*/test/cli-fixtures.test.ts",
  "packages/*/test/cli-webhooks.test.ts",
  "packages/*/test/cli-actions-order.test.ts",
  "packages/*/test/cli-request-ids.test.ts",
  "packages/*/test/cli-request-log.test.ts",
  "packages/*/test/cli-slices.test.ts",
  "packages/*/test/conformance.test.ts",
  "packages/conformance/test/command.test.ts",
  "examples/delivery-day/test/delivery-day.test.ts",
  "examples/python/test/dispatch-flow.test.ts",
  "test/examples/commonjs.test.ts",
  // the TypeScript compiler, a package build
  "packages/*/test/public-surface.test.ts",
  "packages/sdk/test/build-names.test.ts",
  // vi.mock of a module the unit project's shared module graph has already loaded
  "packages/fake/test/order-array-schema.test.ts",
  // the docs
  "test/docs/**/*.test.ts",
  "test/readme/**/*.test.ts",
];

// Tests run against the sources, so `npm test` needs no build first. `npm test` runs both projects;
// `npm run test:unit` the in-process one, the fast loop. Types (`*.test-d.ts`) are `npm run typecheck`'s.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@dispatchkit\/sdk$/, replacement: src("./packages/sdk/src/index.ts") },
      { find: /^@dispatchkit\/optimizer$/, replacement: src("./packages/optimizer/src/index.ts") },
      { find: /^@dispatchkit\/conformance$/, replacement: src("./packages/conformance/src/index.ts") },
      { find: /^@dispatchkit\/fake-server$/, replacement: src("./packages/fake-server/src/index.ts") },
      { find: /^@dispatchkit\/fake\/node$/, replacement: src("./packages/fake/src/node.ts") },
      { find: /^@dispatchkit\/fake$/, replacement: src("./packages/fake/src/index.ts") },
    ],
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    // The OpenAPI validators, compiled once per change of the YAML rather than in every file.
    globalSetup: ["./test/support/compile-validators-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "packages/*/test/**/*.test.ts",
            "examples/*/test/**/*.test.ts",
            "test/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**", ...integration],
          // One module graph per worker, not per file: the fake, msw and the SDK load once per worker instead of
          // once per file (that loading was three quarters of their CPU time). Each file still gets its own fake
          // server; the setup file undoes what a file may leave behind (fake timers, stubbed globals, spies).
          isolate: false,
          setupFiles: ["./test/support/unit-file-cleanup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: integration,
          // The `dispatch-fake` CLI bundled once for every test that starts it.
          globalSetup: ["./test/support/compile-validators-setup.ts", "./test/support/fake-cli-setup.ts"],
        },
      },
    ],
  },
});
