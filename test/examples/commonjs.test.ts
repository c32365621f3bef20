/**
 * examples/commonjs, run as its own `npm test` does (`node --test`), with tsx resolving `require("@dispatchkit/…")`
 * to the packages' sources through the root tsconfig's paths, so `npm test` needs no build. After `npm run build`,
 * CI runs it again against the built CommonJS files (`npm test -w examples/commonjs`), and the consumer test runs
 * it from the packed packages on every Node version it covers.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

it("examples/commonjs: its node:test suite passes", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--test", "--test-reporter=tap", "examples/commonjs/test/dispatch.test.js"],
    { cwd: root, timeout: 60_000 },
  );
  expect(stdout).toMatch(/^# pass 2$/m);
  expect(stdout).toMatch(/^# fail 0$/m);
});
