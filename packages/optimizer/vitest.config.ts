import { defineConfig } from "vitest/config";

// The solver's own tests, for `npm test -w packages/optimizer`; the root config runs them with everything else.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
  },
});
