/**
 * The docs' shell blocks, run as written: every ```sh (bash, shell, console) block of README.md and docs/*.md (not
 * docs/decisions) runs, or is marked `<!-- check:skip the reason -->` on the line before its fence
 * (test/support/shell-blocks.ts). A block marked `<!-- check:continues -->` goes on from the run block before it in
 * its file (its variables: `$BASE`, `$AUTH`, `$WS`…); each session (a block and the ones that continue it) runs as one
 * script with `bash -euo pipefail`, in an empty directory of its own, against a `dispatch-fake` process started for
 * it as users start it: the bundled CLI with its defaults (real-time clock, demo data, the seeded `dev-token`,
 * scheduling on a worker thread), only `--port 0`.
 *
 * The port: the docs say 4010. Each session's server listens on a free port of its own (`--port 0`, read from its
 * banner), and the script's `127.0.0.1:4010` and `localhost:4010` are rewritten to that port, nothing else, so
 * sessions and other test files run in parallel without fighting over 4010.
 *
 * A session passes when the script exits 0 and every request the server answered with a status of 400 or more is
 * one the blocks announce, in order, by a comment line starting with that status (`# 400 {"code": …}`): the
 * server's request log says what each call was answered. What some blocks print is asserted too. Skipped, saying
 * so, without bash, curl or jq.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { collectOutput } from "../support/child-output.js";
import { startFakeCli, stopFakeClis } from "../support/fake-cli-process.js";
import { type ShellBlock, sessions, shellBlocks, startsServer, talksToServer } from "../support/shell-blocks.js";

const has = (command: string) => spawnSync(command, ["--version"], { encoding: "utf8" }).status === 0;
const hasShellTools = has("bash") && has("curl") && has("jq");
if (!hasShellTools) console.warn("the docs' shell blocks are SKIPPED: they need bash, curl and jq");

const blocks = shellBlocks();
const runs = sessions(blocks);
const where = (block: ShellBlock) => `${block.file}:${block.line} (${block.heading || "top"})`;
afterAll(stopFakeClis);

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

/** The statuses the server's request log (one line per request) shows, in order. */
const loggedStatuses = (log: string) =>
  [...log.matchAll(/^\S+ (?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ (\d{3}) /gm)].map((m) => Number(m[1]));

/** Run a session against a new server; returns the script's output and the statuses the server answered. */
async function runSession(session: ShellBlock[]) {
  const server = startFakeCli(["--port", "0"]);
  const url = await server.ready();
  const port = new URL(url).port;
  const script = session
    .map((block) => block.code.replace(/\b(127\.0\.0\.1|localhost):4010\b/g, `$1:${port}`))
    .join("\n");
  const dir = mkdtempSync(join(tmpdir(), "docs-shell-"));
  try {
    const child = spawn("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", script], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = collectOutput(child);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    // The server logs a request as it answers it: let the last lines arrive.
    let seen = -1;
    while (seen !== server.stdout().length) {
      seen = server.stdout().length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    server.child.kill("SIGTERM");
    return { code, stdout: output.stdout(), stderr: output.stderr(), statuses: loggedStatuses(server.stdout()) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What some sessions print, asserted beyond their exit code and statuses (by the heading of their first block). */
const PRINTS: Record<string, (stdout: string) => void> = {
  "README.md ## Quickstart: any other language, over HTTP": (stdout) => {
    const [workspaces, clock] = jsonValues(stdout) as [{ data: { name: string }[] }, { now: string }];
    expect(workspaces.data.map((workspace) => workspace.name)).toEqual(["Main"]);
    // Real time, moved an hour ahead.
    expect(Date.parse(clock.now) - Date.now()).toBeGreaterThan(3_500_000);
  },
  "docs/standalone.md ## With curl": (stdout) => {
    const outputs = jsonValues(stdout) as Record<string, unknown>[];
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
    // The health check, the control endpoints (an organization, no status event yet) and a subscription's secret.
    expect(outputs[10]).toEqual({
      status: "ok",
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
      stateFile: null,
    });
    expect(outputs[11]).toEqual({ token: expect.any(String), workspace: expect.any(String) });
    expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/^"whsec_/);
  },
};

describe("the docs' shell blocks", () => {
  it("are each run or marked check:skip with a reason", () => {
    expect(blocks.length).toBeGreaterThan(30);
    const unexplained = blocks.filter((block) => block.skip !== null && block.skip.split(/\s+/).length < 3);
    expect(unexplained.map(where), "a check:skip marker says why the block is not run").toEqual([]);
    // A block that talks to a server is run, unless it starts one of its own (on 4010, for good) or is a template
    // whose ids are yours ("template: …").
    const skippedTalkers = blocks.filter(
      (block) =>
        block.skip !== null &&
        talksToServer(block.code) &&
        !startsServer(block.code) &&
        !block.skip.startsWith("template:"),
    );
    expect(skippedTalkers.map(where)).toEqual([]);
    // Every block is in exactly one place: run (in a session) or skipped.
    const ran = runs.flat();
    expect(blocks.filter((block) => !ran.includes(block) && block.skip === null)).toEqual([]);
    expect(ran.length).toBeGreaterThan(10);
  });

  describe.skipIf(!hasShellTools).each(runs.map((session) => [where(session[0] as ShellBlock), session] as const))(
    "%s",
    (_, session) => {
      it("runs as written against a new dispatch-fake process", async () => {
        const result = await runSession(session);
        const context = `${session.map(where).join(", ")}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
        expect(result.code, context).toBe(0);
        const announced = session.flatMap((block) =>
          [...block.code.matchAll(/^\s*# ([45]\d\d)\b/gm)].map((m) => Number(m[1])),
        );
        expect(
          result.statuses.filter((status) => status >= 400),
          `the errors the server answered\n${context}`,
        ).toEqual(announced);
        expect(result.statuses.length, "the session called the server").toBeGreaterThan(0);
        const first = session[0] as ShellBlock;
        PRINTS[`${first.file} ${first.heading}`]?.(result.stdout);
      }, 120_000);
    },
  );
});
