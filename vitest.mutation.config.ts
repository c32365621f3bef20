import base from "./vitest.config.js";

// The package tests that exercise the mutated files (stryker.config.mjs), without the type tests and the tests that
// start processes (CLI, standalone server): Stryker runs them once to map tests to mutants, then each mutant against
// only the tests that reached it.
const scope = process.env.MUTATION_SCOPE;
const packages = scope === undefined ? ["sdk", "fake"] : [scope];
// One project of its own: not the base's unit and integration projects.
const { projects: _projects, ...test } = base.test ?? {};

export default {
  ...base,
  test: {
    ...test,
    include: packages.flatMap((name) => [`packages/${name}/test/**/*.test.ts`, `packages/${name}/src/**/*.test.ts`]),
    exclude: [
      "**/node_modules/**",
      "packages/fake/test/cli.test.ts",
      "packages/fake/test/standalone*.test.ts",
      "packages/sdk/test/edge-runtime.test.ts",
    ],
    typecheck: { enabled: false },
    // cli-state and conformance start the CLI: its bundle, as in the integration project.
    globalSetup: ["./test/support/compile-validators-setup.ts", "./test/support/fake-cli-setup.ts"],
  },
};
