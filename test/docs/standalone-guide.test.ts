/**
 * docs/standalone.md, run: its TypeScript block is the `// docs:` region below (compared with the guide and run),
 * its Python snippet runs in the machine's python3 and its curl session in bash, each against a standalone server
 * started here. The Python and shell parts are skipped, saying so, where python3, or curl and jq, are missing.
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { docBlocks, sourceRegions } from "../support/doc-examples.js";

const GUIDE = new URL("../../docs/standalone.md", import.meta.url);
const guide = readFileSync(GUIDE, "utf8");
const run = promisify(execFile);
const has = (command: string) => spawnSync(command, ["--version"], { encoding: "utf8" }).status === 0;
const hasPython = has("python3");
const hasShellTools = has("curl") && has("jq") && has("bash");
if (!hasPython) console.warn("docs/standalone.md: the Python snippet is SKIPPED, python3 is not installed");
if (!hasShellTools) console.warn("docs/standalone.md: the curl session is SKIPPED, it needs bash, curl and jq");

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

/** The JSON values of a text that holds several, one after the other (curl prints no newline after an answer). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") {
      if (depth++ === 0) start = i;
    } else if ((c === "}" || c === "]") && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

let server: RunningServer;
beforeAll(async () => {
  const fake = createFake({ baseUrl: "http://127.0.0.1:0", token: "dev-token", now: "2026-11-23T08:00:00Z" });
  server = await startServer(fake, { port: 0 });
});
afterAll(() => server.close());

describe("docs/standalone.md", () => {
  it("shows exactly the TypeScript this file runs", () => {
    expect(docBlocks(GUIDE)).toEqual(sourceRegions(new URL(import.meta.url)).map((region) => region.code));
  });

  it("starts a server of your own from @dispatchkit/fake/node", async () => {
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
      env: { ...process.env, DISPATCH_BASE_URL: server.url, DISPATCH_TOKEN: "dev-token" },
      timeout: 30_000,
    });
    expect(stderr).toBe("");
    expect(stdout).toBe("Main ['ORD-1']\n");
  });

  it.skipIf(!hasShellTools)("runs the health check and the control endpoints' curl lines", async () => {
    const script = `BASE=${server.url}\n${fencedBlocks("Health check", "sh")[0]}\n${fencedBlocks("Test control endpoints", "sh")[0]}`;
    const { stdout, stderr } = await run("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", script], {
      timeout: 30_000,
    });
    expect(stderr).toBe("");
    const [health, organization, ...events] = jsonValues(stdout) as Record<string, unknown>[];
    expect(health).toEqual({
      status: "ok",
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
      stateFile: null,
    });
    expect(organization).toEqual({ token: expect.any(String), workspace: expect.any(String) });
    // A new server has emitted nothing yet.
    expect(events).toEqual([]);
  });

  it.skipIf(!hasShellTools)("runs the curl session (a whole day) and the two errors after it", async () => {
    const [session = "", errors = ""] = fencedBlocks("With curl", "sh");
    const script = session.replace("BASE=http://127.0.0.1:4010", `BASE=${server.url}`) + errors;
    const { stdout, stderr } = await run("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", script], {
      timeout: 60_000,
    });
    expect(stderr).toBe("");
    const outputs = jsonValues(stdout) as Record<string, unknown>[];
    expect(outputs).toHaveLength(10);
    expect(outputs[0]).toEqual({
      status: "finished",
      actionSummary: { routesUsed: 1, ordersScheduled: 2, ordersUnscheduled: 0, committed: true },
    });
    expect(outputs.slice(1, 3).map((stop) => stop.sequence)).toEqual([1, 2]);
    expect(outputs[3]).toEqual({ status: "finished", routes: [{ uuid: expect.any(String), status: "finished" }] });
    expect(outputs[4]).toEqual({ status: "delivered", deliveryTime: "2026-11-24T09:05:00.000Z" });
    const timeline = outputs.slice(5, 8);
    expect(timeline.map((entry) => [entry.sequence, entry.type])).toEqual([
      [0, "start_location"],
      [1, "delivering_stop"],
      [2, "delivering_stop"],
    ]);
    expect(timeline[1]?.actualArrivalTime).toBe("2026-11-24T10:00:00.000+01:00");
    expect(timeline[2]?.actualArrivalTime).toBeNull();
    // What the guide's comments say the two error calls answer.
    expect(outputs[8]).toEqual({
      code: "VALIDATION_FAILED",
      message: "Failed to create orders: locations: is required",
      requestId: expect.stringMatching(/^req_/),
      details: [{ path: "locations", message: "is required" }],
    });
    expect(outputs[9]).toMatchObject({ code: "UNAUTHORIZED" });
  });
});
