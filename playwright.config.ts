import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath, NO_CHROMIUM } from "./test/browser/chromium.js";

// Every browser check (`npm run test:browser`): the SDK against the standalone fake cross-origin, examples/browser
// with msw's service worker, the standalone console, the built docs site. They need `npm run build` and
// `npm run docs` first. Each check starts its own servers on free ports (several sessions share this machine, so
// fixed ports would collide) and its own state (a seeded fake, a webhook receiver).
if (chromiumPath === undefined) console.log(`browser checks: SKIPPED (${NO_CHROMIUM})`);

export default defineConfig({
  testDir: "test/browser",
  testMatch: "*.spec.ts",
  // Two shared cores: one browser at a time.
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  outputDir: "test-results/browser",
  forbidOnly: process.env.CI !== undefined,
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: { ...(chromiumPath === undefined ? {} : { executablePath: chromiumPath }), args: CHROMIUM_FLAGS },
  },
});
