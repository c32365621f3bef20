// `dispatch-fake serve --state FILE` as users run it (spawned from its bundle, test/support/fake-cli.ts): the
// state survives SIGTERM, SIGINT and a kill after the debounced save; files it cannot read stop it untouched.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const NOW = "2026-11-23T08:00:00Z";
const WORKSPACE = "591c8dd8-cd65-47c9-b8ed-16a25ac30b60";
const validator = createContractValidator();

const runCli = startFakeCli;
afterAll(stopFakeClis);

/** Call the server, checking the answer against the contract; returns status and parsed body. */
async function call(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!path.startsWith("/_fake/")) {
    expect(validator.check(method, response.url, response.status, response.headers, text)).toEqual([]);
  }
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const order = (i: number) => ({
  name: `Customer ${i}`,
  deliveryDate: "2026-11-24",
  locations: [{ address: `Street ${i}, Berlin`, latitude: 52.52 + i * 0.002, longitude: 13.405 + i * 0.002 }],
});
const route = {
  name: "Route 1",
  date: "2026-11-24",
  startTime: "09:00",
  endTime: "17:00",
  startLocation: { address: "Depot, Berlin", latitude: 52.5, longitude: 13.4 },
};

const uuidsOf = (body: Record<string, unknown> | undefined) =>
  ((body?.data ?? []) as { uuid: string }[]).map((item) => item.uuid);

const freshDir = () => mkdtempSync(join(tmpdir(), "dispatch-fake-state-"));

/** What a user reads back after a restart: orders, routes, pending actions, subscriptions. */
async function readBack(url: string) {
  return {
    orders: (await call(url, "GET", `/v2/orders?workspaceUuid=${WORKSPACE}&deliveryDate=2026-11-24`)).body,
    routes: (await call(url, "GET", `/v2/routes?workspaceUuid=${WORKSPACE}&date=2026-11-24`)).body,
    actions: (await call(url, "GET", "/_fake/actions")).body,
    webhooks: (await call(url, "GET", "/v2/webhooks")).body,
  };
}

async function orderUuidsIn(file: string): Promise<string[]> {
  const saved = JSON.parse(readFileSync(file, "utf8")) as { fake: { state: { orders: [string, unknown][] } } };
  return saved.fake.state.orders.map(([uuid]) => uuid);
}

// Each test starts one or two servers as processes: slow on a loaded machine, hence the long timeout.
describe.concurrent("dispatch-fake serve --state", { timeout: 120_000 }, () => {
  it("keeps orders, routes, held actions and subscriptions across SIGTERM; new ids do not collide", async () => {
    const file = join(freshDir(), "fake-state.json");
    const first = runCli(["--port", "0", "--empty", "--now", NOW, "--state", file]);
    const url = await first.ready();
    expect(first.stdout()).toContain(`  state:     ${file} (created)\n`);
    const created = await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(1), order(2)]);
    expect(created.status).toBe(201);
    expect((await call(url, "POST", "/v2/routes", { workspaceUuid: WORKSPACE, routes: [route] })).status).toBe(201);
    const hook = { url: "http://127.0.0.1:9/hook", events: ["route.published"] };
    expect((await call(url, "POST", "/v2/webhooks", hook)).status).toBe(201);
    expect((await call(url, "PUT", "/_fake/actions/policy/schedule", { hold: true })).status).toBe(200);
    const held = await call(url, "POST", "/v2/schedules", { workspaceUuid: WORKSPACE, date: "2026-11-24" });
    expect(held.status).toBe(202);
    const before = await readBack(url);
    expect(before.actions).toMatchObject({
      data: [{ uuid: held.body?.actionUuid, kind: "schedule", status: "pending", held: true }],
    });
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.stderr()).toBe("");
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      format: "dispatch-fake-state",
      version: 1,
      seed: 1,
      token: "dev-token",
      clock: { mode: "frozen", now: "2026-11-23T08:00:00.000Z", aheadMs: 0 },
    });

    // --seed and --now are the file's now: said on stderr, and the data is what was saved.
    const second = runCli(["--port", "0", "--seed", "7", "--now", "2030-01-01T00:00:00Z", "--state", file]);
    const again = await second.ready();
    expect(second.stdout()).toContain(`  state:     ${file} (loaded)\n`);
    expect(second.stdout()).not.toContain("demo data");
    expect(second.stderr()).toBe("dispatch-fake: --seed, --now ignored: the state file decides them\n");
    expect(await readBack(again)).toEqual(before);
    // The held action's work survived: released, the run plans the two orders onto the route.
    const released = await call(again, "POST", `/_fake/actions/${held.body?.actionUuid}/release`);
    expect(released.body).toMatchObject({ status: "finished", summary: { ordersScheduled: 2, routesUsed: 1 } });
    const next = await call(again, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(3)]);
    expect(uuidsOf(created.body)).not.toContain(uuidsOf(next.body)[0]);
    expect(uuidsOf(next.body)).toHaveLength(1);
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(await orderUuidsIn(file)).toEqual([...uuidsOf(created.body), ...uuidsOf(next.body)]);
  });

  it("saves on SIGINT, before the debounce has run", async () => {
    const file = join(freshDir(), "state.json");
    const cli = runCli(["--port", "0", "--empty", "--now", NOW, "--state", file]);
    const url = await cli.ready();
    const created = await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(1)]);
    cli.child.kill("SIGINT");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(await orderUuidsIn(file)).toEqual(uuidsOf(created.body));
  });

  it("saves shortly after a change without a signal: killed with SIGKILL, the data is there", async () => {
    const file = join(freshDir(), "state.json");
    const cli = runCli(["--port", "0", "--empty", "--state", file]);
    const url = await cli.ready();
    // Past the save that follows the start-up's own background run, so the next save is the order's.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = Date.now();
    const created = await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(1)]);
    while ((await orderUuidsIn(file)).length === 0 && Date.now() - sent < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The debounce (300 ms) plus the load of a shared machine; never at once (a burst makes one write).
    expect(Date.now() - sent).toBeGreaterThanOrEqual(290);
    cli.child.kill("SIGKILL");
    expect(await cli.exited).toEqual({ code: null, signal: "SIGKILL" });
    const restarted = runCli(["--port", "0", "--state", file]);
    const again = await restarted.ready();
    const orders = await call(again, "GET", `/v2/orders?workspaceUuid=${WORKSPACE}&deliveryDate=2026-11-24`);
    expect(uuidsOf(orders.body)).toEqual(uuidsOf(created.body));
    // A real-time clock resumes at real time (never before the saved instant).
    const saveFile = JSON.parse(readFileSync(file, "utf8")) as { clock: { mode: string; aheadMs: number } };
    expect(saveFile.clock).toMatchObject({ mode: "real", aheadMs: 0 });
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  });

  it("keeps the durability window while changes keep coming: killed with SIGKILL, every order confirmed more than 3 s earlier is in the file", async () => {
    const file = join(freshDir(), "state.json");
    const cli = runCli(["--port", "0", "--empty", "--quiet", "--state", file]);
    const url = await cli.ready();
    // A change every 100 ms for 6 s: the debounce (300 ms) never runs out, the longest wait (2 s) does.
    const confirmed: { uuid: string; at: number }[] = [];
    for (const end = Date.now() + 6000; Date.now() < end; ) {
      const created = await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(confirmed.length)]);
      expect(created.status).toBe(201);
      confirmed.push({ uuid: uuidsOf(created.body)[0] ?? "", at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    cli.child.kill("SIGKILL");
    expect(await cli.exited).toEqual({ code: null, signal: "SIGKILL" });
    const killedAt = Date.now();
    // The promised window for a small state: 2 s of waiting for a quiet moment, plus the save's own time.
    const due = confirmed.filter((c) => killedAt - c.at > 3000).map((c) => c.uuid);
    expect(due.length).toBeGreaterThanOrEqual(3);
    const saved = new Set(await orderUuidsIn(file));
    expect(due.filter((uuid) => !saved.has(uuid))).toEqual([]);
  });

  it("refuses a truncated file, another version and a file of another format with one line, leaving them as they were", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    const first = runCli(["--port", "0", "--now", NOW, "--state", file]);
    await first.ready();
    first.child.kill("SIGTERM");
    await first.exited;
    const good = readFileSync(file, "utf8");
    const saved = JSON.parse(good) as Record<string, unknown>;
    const cases: [string, string, RegExp][] = [
      [
        "truncated.json",
        good.slice(0, Math.floor(good.length / 2)),
        /: not valid JSON, the file is cut short or corrupt \(/,
      ],
      ["empty.json", "", /: the file is empty; it is left untouched$/],
      [
        "v2.json",
        JSON.stringify({ ...saved, version: 2 }),
        /: version 2 is not supported \(this dispatch-fake reads version 1\)/,
      ],
      [
        "other.json",
        JSON.stringify({ format: "something-else", version: 1 }),
        /: not a state file: format is "something-else"/,
      ],
      [
        "broken-order.json",
        good.replace('"status": "not_scheduled"', '"status": "lost"'),
        /: fake\.state\.orders\[0\]\[1\]\.status: must be one of "delivered", "missed", "not_scheduled", "scheduled", got "lost"; it is left untouched/,
      ],
    ];
    await Promise.all(
      cases.map(async ([name, text, reason]) => {
        const path = join(dir, name);
        writeFileSync(path, text);
        const cli = runCli(["--port", "0", "--state", path]);
        expect(await cli.exited).toEqual({ code: 1, signal: null });
        const lines = cli.stderr().split("\n");
        expect(lines).toHaveLength(2);
        expect(lines[0]).toMatch(
          new RegExp(`^dispatch-fake: Failed to load the state file ${path.replace(/[.]/g, "\\.")}: `),
        );
        expect(lines[0]).toMatch(reason);
        expect(cli.stdout()).toBe("");
        expect(readFileSync(path, "utf8")).toBe(text);
      }),
    );
  });

  it("starts fresh with the demo data and creates a missing file", async () => {
    const file = join(freshDir(), "new-state.json");
    expect(existsSync(file)).toBe(false);
    const cli = runCli(["--port", "0", "--now", NOW, "--state", file]);
    await cli.ready();
    expect(cli.stdout()).toContain("  demo data: 24 orders and 3 routes for 2026-11-23\n");
    expect(await orderUuidsIn(file)).toHaveLength(24);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("does not rewrite the file for reads", async () => {
    const file = join(freshDir(), "state.json");
    const cli = runCli(["--port", "0", "--now", NOW, "--state", file]);
    const url = await cli.ready();
    const created = readFileSync(file, "utf8");
    for (const path of ["/v2/workspaces", `/v2/orders?workspaceUuid=${WORKSPACE}`, "/v2/webhooks", "/_fake/actions"]) {
      expect((await call(url, "GET", path)).status).toBe(200);
    }
    // Past the debounce: a save would have written a new savedAt (and the moved id generator).
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(readFileSync(file, "utf8")).toBe(created);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(readFileSync(file, "utf8")).toBe(created);
  });

  it("refuses a second server on the same file, naming the first, also through a symlink to the file or its folder; the first lets go of it when it stops", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    const first = runCli(["--port", "0", "--empty", "--now", NOW, "--state", file]);
    await first.ready();
    symlinkSync(file, join(dir, "alias.json"));
    symlinkSync(dir, join(dir, "folder-alias"));
    for (const other of [file, join(dir, "alias.json"), join(dir, "folder-alias", "state.json")]) {
      const second = runCli(["--port", "0", "--state", other]);
      expect(await second.exited).toEqual({ code: 1, signal: null });
      expect(second.stderr()).toMatch(
        new RegExp(
          `^dispatch-fake: Failed to use the state file ${other.replaceAll(".", "\\.")}: it is held by another dispatch-fake \\(pid ${first.child.pid}, since [0-9T:.Z-]+\\): stop that server or use another file\n$`,
        ),
      );
      expect(second.stdout()).toBe("");
    }
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    // The lock is a socket the system lets go of: no lock file is left, and the next server starts.
    expect(readdirSync(dir).sort()).toEqual(["alias.json", "folder-alias", "state.json"]);
    // The state file is private to its user: it holds every token and webhook secret.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const third = runCli(["--port", "0", "--state", join(dir, "alias.json")]);
    await third.ready();
    third.child.kill("SIGTERM");
    expect(await third.exited).toEqual({ code: 0, signal: null });
  });

  it("restarts after a SIGKILL even while a lock file names a live process, and removes the temporary files killed saves left", async () => {
    const dir = freshDir();
    const file = join(dir, "state.json");
    const first = runCli(["--port", "0", "--empty", "--now", NOW, "--state", file]);
    await first.ready();
    first.child.kill("SIGKILL");
    await first.exited;
    // What a kill mid-save leaves: temporary files of this file's saves (removed), and files that only look alike (kept).
    const left = [".state.json.4242.0123456789ab.tmp", ".state.json.77.ffffffffffff.tmp"];
    const kept = [".state.json.4242.0123456789ab.tmp.bak", ".other.json.4242.0123456789ab.tmp"];
    for (const name of [...left, ...kept]) writeFileSync(join(dir, name), "x".repeat(1000));
    // A lock file naming a process that runs (this test's), as a pid lock left by a killed, unreaped server would.
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, since: NOW }));
    const second = runCli(["--port", "0", "--state", file]);
    await second.ready();
    expect(second.stdout()).toContain(`  state:     ${file} (loaded)\n`);
    expect(second.stderr()).toContain("removed 2 temporary file(s) an interrupted save left");
    expect(readdirSync(dir).sort()).toEqual([...kept, "state.json", "state.json.lock"].sort());
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it("keeps a symlinked --state a symlink: saves write through to its target", async () => {
    const dir = freshDir();
    const target = join(dir, "data", "real-state.json");
    mkdirSync(join(dir, "data"));
    const link = join(dir, "state.json");
    // A dangling link: the file is created at its target.
    symlinkSync(target, link);
    const first = runCli(["--port", "0", "--empty", "--now", NOW, "--state", link]);
    const url = await first.ready();
    expect((await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(1)])).status).toBe(201);
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(await orderUuidsIn(target)).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual(["data", "state.json"]);
    expect(readdirSync(join(dir, "data"))).toEqual(["real-state.json"]);
    // Loaded through the link again.
    const second = runCli(["--port", "0", "--state", link]);
    await second.ready();
    expect(second.stdout()).toContain(`  state:     ${link} (loaded)\n`);
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("reports a failed write without stopping, keeps the previous file, and saves again once it can", async () => {
    const dir = join(freshDir(), "data");
    mkdirSync(dir);
    const file = join(dir, "state.json");
    const cli = runCli(["--port", "0", "--empty", "--now", NOW, "--state", file]);
    const url = await cli.ready();
    // The file's folder moved away and a plain file in its place: every write fails (whatever the user's
    // privileges), and the previous file is still there to read, in the moved folder.
    renameSync(dir, `${dir}.away`);
    writeFileSync(dir, "not a folder");
    const lost = await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(1)]);
    await cli.waitForError(/Failed to save the state file/);
    // A second change while saves fail is not reported again.
    await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(3)]);
    await new Promise((done) => setTimeout(done, 800));
    expect(cli.stderr()).toMatch(
      new RegExp(
        `^dispatch-fake: Failed to save the state file ${file.replace(/[.]/g, "\\.")}: ENOTDIR: .*\\(the previous file is kept; the next change tries again\\)\n$`,
      ),
    );
    expect(await orderUuidsIn(join(`${dir}.away`, "state.json"))).toEqual([]);
    const home = await (await fetch(`${url}/`, { headers: { accept: "application/json" } })).json();
    expect(home.persistence).toMatchObject({ stateFile: file, error: expect.stringMatching(/^ENOTDIR: /) });
    expect((await call(url, "GET", "/v2/workspaces")).status).toBe(200);
    rmSync(dir);
    renameSync(`${dir}.away`, dir);
    const kept = await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order(2)]);
    await cli.waitForError(/saved the state file .* again/);
    expect((await orderUuidsIn(file)).length).toBe(3);
    expect(await orderUuidsIn(file)).toEqual(expect.arrayContaining([...uuidsOf(lost.body), ...uuidsOf(kept.body)]));
    expect((await (await fetch(`${url}/`, { headers: { accept: "application/json" } })).json()).persistence.error).toBe(
      null,
    );
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });
});
