/**
 * docs/standalone.md, run: its TypeScript block is the `// docs:` region below (compared with the guide and run),
 * its Python snippet runs in the machine's python3 against a `dispatch-fake` process started here (skipped, saying
 * so, without python3). Its shell blocks run in test/docs/shell-blocks.test.ts, with every other guide's.
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { createFake } from "@dispatchkit/fake";
import { startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { docBlocks, sourceRegions } from "../support/doc-examples.js";
import { startFakeCli, stopFakeClis } from "../support/fake-cli-process.js";

const GUIDE = new URL("../../docs/standalone.md", import.meta.url);
const guide = readFileSync(GUIDE, "utf8");
const run = promisify(execFile);
const has = (command: string) => spawnSync(command, ["--version"], { encoding: "utf8" }).status === 0;
const hasPython = has("python3");
if (!hasPython) console.warn("docs/standalone.md: the Python snippet is SKIPPED, python3 is not installed");

/** The fenced blocks of `language` under the heading `## <section>` (up to the next one). */
function fencedBlocks(section: string, language: string): string[] {
  const start = guide.indexOf(`\n## ${section}\n`);
  const end = guide.indexOf("\n## ", start + 1);
  const text = guide.slice(start, end < 0 ? undefined : end);
  const blocks = [...text.matchAll(new RegExp("^```" + language + "\\n([\\s\\S]*?)^```$", "gm"))].map(
    (m) => m[1] ?? "",
  );
  if (start < 0 || blocks.length === 0)
    throw new Error(`docs/standalone.md has no ${language} block under "## ${section}"`);
  return blocks;
}

// The Python snippet's server: a `dispatch-fake` process as users start it (its demo data holds 24 orders, so the
// snippet's order is the organization's 25th).
let serverUrl = "";
beforeAll(async () => {
  if (hasPython) serverUrl = await startFakeCli(["--port", "0"]).ready();
});
afterAll(stopFakeClis);

describe("docs/standalone.md", () => {
  it("shows exactly the TypeScript this file runs", () => {
    expect(docBlocks(GUIDE)).toEqual(sourceRegions(new URL(import.meta.url)).map((region) => region.code));
  });

  it("starts a server of your own from @dispatchkit/fake-server", async () => {
    const logged: unknown[] = [];
    vi.spyOn(console, "log").mockImplementation((value: unknown) => {
      logged.push(value);
    });
    // docs:own-server
    const fake = createFake({ token: "dev-token", now: "2026-11-23T08:00:00Z" });
    const server = await startServer(fake, { port: 0 }); // 0: a free port
    console.log(server.url); // http://127.0.0.1:<port>
    await server.close();
    // docs:end
    vi.restoreAllMocks();
    expect(logged).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)]);
  });

  it.skipIf(!hasPython)("runs the Python snippet with the standard library only", async () => {
    const { stdout, stderr } = await run("python3", ["-c", fencedBlocks("From Python", "python")[0]!], {
      env: { ...process.env, DISPATCH_BASE_URL: serverUrl, DISPATCH_TOKEN: "dev-token" },
      timeout: 30_000,
    });
    expect(stderr).toBe("");
    expect(stdout).toBe("Main ['ORD-25']\n");
  });
});
