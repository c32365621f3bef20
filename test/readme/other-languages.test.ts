/**
 * The README's quickstart for other languages, run as a reader runs it: its Python snippet against a `dispatch-fake`
 * process started here as the README starts it (its defaults: demo data, the `dev-token`; on a free port, and the
 * README's `http://127.0.0.1:4010` replaced by that server's URL). Skipped, saying so, without python3. Its curl
 * lines run in test/docs/shell-blocks.test.ts, with every other shell block of the docs.
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../support/fake-cli-process.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = readme.slice(readme.indexOf("## Quickstart: any other language"));
const python = /```python\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
const curls = [...section.matchAll(/^(curl .*?)(?:\s+#.*)?$/gm)].map((m) => m[1] ?? "");
const hasPython = spawnSync("python3", ["--version"]).status === 0;
if (!hasPython) console.warn("README.md: the Python snippet is SKIPPED, python3 is not installed");
const run = promisify(execFile);

let url = "";
beforeAll(async () => {
  if (hasPython) url = await startFakeCli(["--port", "0"]).ready();
});
afterAll(stopFakeClis);

describe("README: any other language, over HTTP", () => {
  it("shows a Python snippet and two curl lines", () => {
    expect(python).toContain("urllib.request");
    expect(curls).toHaveLength(2);
  });

  it.skipIf(!hasPython)("the Python snippet creates an order and prints it", async () => {
    const { stdout } = await run("python3", ["-c", python.replaceAll("http://127.0.0.1:4010", url)], {
      timeout: 30_000,
    });
    // The demo data holds 24 orders of the seeded organization: this one is its 25th.
    expect(stdout.trim()).toBe("Main ['ORD-25']");
  });
});
