// `dispatch-fake serve` as users run it (a process from the bundle): its request ids, which users quote from the
// request log and in bug reports, differ from every other run's (two fresh servers, a restart from a state file)
// and never repeat in one log (POST /_fake/reset included). Record uuids still follow the seed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type FakeCli, startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";
import { createContractValidator, createControlValidator } from "../../../test/support/openapi-validator.js";

const NOW = "2026-11-23T08:00:00Z";
const WORKSPACE = "591c8dd8-cd65-47c9-b8ed-16a25ac30b60";
const contract = createContractValidator();
const control = createControlValidator();
afterAll(stopFakeClis);

/** Call the server, checking the answer against its document; returns the status, request id and body. */
async function call(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const validator = path.startsWith("/_fake/") ? control : contract;
  expect(validator.check(method, response.url, response.status, response.headers, text)).toEqual([]);
  const requestId = response.headers.get("x-request-id") ?? "";
  expect(requestId).toMatch(/^req_[0-9a-f]{24}$/);
  return { status: response.status, requestId, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const order = { name: "Ada", deliveryDate: "2026-11-24", locations: [{ address: "Alexanderplatz 1, Berlin" }] };

/** A few calls (a health check, reads, a write); their request ids and the new order's uuid. */
async function someCalls(url: string) {
  const health = await call(url, "GET", "/_fake/health");
  const read = await call(url, "GET", "/v2/workspaces");
  const created = await call(url, "POST", `/v2/orders?workspaceUuid=${WORKSPACE}`, [order]);
  expect(created.status).toBe(201);
  const uuid = ((created.body?.data ?? []) as { uuid: string }[])[0]?.uuid;
  return { ids: [health.requestId, read.requestId, created.requestId], uuid };
}

/** The request ids of the request log (one line per request, the id last), once it logged `count` lines. */
async function loggedIds(cli: FakeCli, count: number): Promise<string[]> {
  const out = await cli.waitFor(new RegExp(`(?:ms req_[0-9a-f]{24}\n[^]*?){${count}}`));
  return [...out.matchAll(/^\S+ [A-Z]+ \S+ \d+ \S+ms (req_[0-9a-f]{24})$/gm)].map((match) => match[1] ?? "");
}

const expectAllDifferent = (ids: string[]) => expect(new Set(ids).size).toBe(ids.length);

// Each test starts servers as processes: slow on a loaded machine, hence the long timeout.
describe.concurrent("dispatch-fake serve: request ids", { timeout: 120_000 }, () => {
  it("two fresh servers with the same seed answer their first requests with different ids", async () => {
    const [a, b] = [startFakeCli(["--port", "0"]), startFakeCli(["--port", "0"])];
    const [urlA, urlB] = await Promise.all([a.ready(), b.ready()]);
    const first = await someCalls(urlA);
    const second = await someCalls(urlB);
    expect(first.ids.filter((id) => second.ids.includes(id))).toEqual([]);
    // The records still follow the seed: the same data, the same uuids.
    expect(second.uuid).toBe(first.uuid);
    expect(await loggedIds(a, 3)).toEqual(first.ids);
  });

  it("never repeats one in a server's log, across POST /_fake/reset", async () => {
    const cli = startFakeCli(["--port", "0", "--empty", "--now", NOW]);
    const url = await cli.ready();
    const before = await someCalls(url);
    const reset = await call(url, "POST", "/_fake/reset");
    expect(reset.status).toBe(204);
    const after = await someCalls(url);
    // The reset starts the records again from the seed, not the request ids.
    expect(after.uuid).toBe(before.uuid);
    const answered = [...before.ids, reset.requestId, ...after.ids];
    const logged = await loggedIds(cli, answered.length);
    expect(logged).toEqual(answered);
    expectAllDifferent(logged);
  });

  it("after a restart from the state file, repeats none of the previous run's ids", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "dispatch-fake-ids-")), "state.json");
    const args = ["--port", "0", "--empty", "--now", NOW, "--state", file];
    const first = startFakeCli(args);
    const before = await someCalls(await first.ready());
    const reset = await call(await first.ready(), "POST", "/_fake/reset");
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    const firstRun = await loggedIds(first, 4);
    expect(firstRun).toEqual([...before.ids, reset.requestId]);

    const second = startFakeCli(args);
    const after = await someCalls(await second.ready());
    expect(second.stdout()).toContain(`(loaded)`);
    expect(after.ids.filter((id) => firstRun.includes(id))).toEqual([]);
    // The records go on from the file's position: the reset started them again, so the next order is the first's.
    expect(after.uuid).toBe(before.uuid);
  });
});
