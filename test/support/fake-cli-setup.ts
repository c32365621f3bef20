/** globalSetup of the integration project: bundle the `dispatch-fake` CLI once for every test that starts it. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { buildFakeCli } from "./fake-cli.js";

// Inside the repository, so the bundle's `import "msw"` and friends resolve from its node_modules.
const CACHE_DIR = fileURLToPath(new URL("../../node_modules/.cache/dispatchkit-tests/", import.meta.url));

/** Build the bundle into a folder of this run's own; the returned teardown removes it. */
export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const dir = mkdtempSync(join(CACHE_DIR, "fake-cli-"));
  project.provide("fakeCli", await buildFakeCli(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
