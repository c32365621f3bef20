/**
 * The README's quickstart for other languages, run as a reader runs it: its curl lines and its Python snippet
 * against the standalone server (started here on a free port with the README's token; the README's
 * `http://127.0.0.1:4010` is replaced by that server's URL). Skipped, saying so, without python3 or curl.
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = readme.slice(readme.indexOf("## Quickstart: any other language"));
const python = /```python\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
const curls = [...section.matchAll(/^(curl .*?)(?:\s+#.*)?$/gm)].map((m) => m[1] ?? "");
const has = (command: string) => spawnSync(command, ["--version"]).status === 0;
const run = promisify(execFile);

const fake = createFake({ baseUrl: "http://127.0.0.1:0", token: "dev-token", now: "2026-11-23T08:00:00Z" });
let server: RunningServer;
beforeAll(async () => {
  server = await startServer(fake, { port: 0 });
});
afterAll(() => server?.close());

const here = (code: string) => code.replaceAll("http://127.0.0.1:4010", server.url);

describe("README: any other language, over HTTP", () => {
  it("shows a Python snippet and two curl lines", () => {
    expect(python).toContain("urllib.request");
    expect(curls).toHaveLength(2);
  });

  it.skipIf(!has("python3"))("the Python snippet creates an order and prints it", async () => {
    const { stdout } = await run("python3", ["-c", here(python)], { timeout: 30_000 });
    expect(stdout.trim()).toBe(`${fake.workspaces[0]!.name} ['ORD-1']`);
  });

  it.skipIf(!has("curl"))("the curl lines list the workspaces and move the clock an hour", async () => {
    const before = fake.clock.now();
    const outputs = [];
    for (const line of curls) outputs.push((await run("sh", ["-c", `${here(line)} -s`], { timeout: 30_000 })).stdout);
    expect(JSON.parse(outputs[0] ?? "").data.map((w: { uuid: string }) => w.uuid)).toEqual([fake.workspaces[0]!.uuid]);
    expect(JSON.parse(outputs[1] ?? "")).toEqual({ now: new Date(before + 3_600_000).toISOString() });
  });
});
