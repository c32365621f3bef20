// `dispatch-fake --fixtures FILE` as users run it (spawned from its bundle, test/support/fake-cli.ts): the server
// starts with the file's data instead of the demo data, `POST /_fake/fixtures` adds more (all or nothing), a reset
// goes back to the file, a file it cannot load stops it naming every problem, and an existing state file wins.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";
import { createContractValidator, createControlValidator } from "../../../test/support/openapi-validator.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const EXAMPLE = join(ROOT, "examples/fixtures/delivery-day.json");
const NOW = "2026-11-23T08:00:00Z";
const contract = createContractValidator();
const control = createControlValidator();

const runCli = startFakeCli;
const dirs: string[] = [];
afterAll(() => {
  stopFakeClis();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "dispatch-fixtures-"));
  dirs.push(dir);
  return dir;
}

/** One call to the server, its answer checked against openapi.yaml or control-openapi.yaml. */
async function call(url: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  const validator = path.startsWith("/_fake/") ? control : contract;
  expect(validator.check(method, `${url}${path}`, res.status, res.headers, text)).toEqual([]);
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and asserted with known values
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** The customer order numbers of a workspace's orders, in creation order. */
async function orderNumbers(url: string, token: string, workspaceUuid: string) {
  const orders = await call(url, "GET", `/v2/orders?workspaceUuid=${workspaceUuid}`, { token });
  return orders.body.data.map((o: { customerOrderNumber: string | null }) => o.customerOrderNumber);
}

describe("dispatch-fake --fixtures FILE", () => {
  it("serves the file's data instead of the demo data; POST /_fake/fixtures adds more, all or nothing; a reset goes back to the file", async () => {
    const cli = runCli(["--port", "0", "--now", NOW, "--quiet", "--fixtures", "examples/fixtures/delivery-day.json"]);
    const url = await cli.ready();
    expect(cli.stdout()).toContain(
      `  fixtures:  ${EXAMPLE} (1 organization, 2 workspaces, 1 route, 5 orders, 1 webhook)\n`,
    );
    expect(cli.stdout()).not.toContain("demo data");
    const health = await call(url, "GET", "/_fake/health");
    expect(health).toMatchObject({ status: 200, body: { status: "ok", stateFile: null } });

    const workspaces = (await call(url, "GET", "/v2/workspaces", { token: "acme-token" })).body.data;
    expect(workspaces.map((w: { name: string }) => w.name)).toEqual(["Berlin", "Hamburg"]);
    const berlin: string = workspaces[0].uuid;
    expect(await orderNumbers(url, "acme-token", berlin)).toEqual(["ACME-1001", "ACME-1002", "ACME-1003", "ACME-1004"]);
    // The seeded organization is there, without demo data.
    const main = (await call(url, "GET", "/v2/workspaces", { token: "dev-token" })).body.data[0];
    expect(await orderNumbers(url, "dev-token", main.uuid)).toEqual([]);

    const more = {
      orders: [
        {
          workspace: berlin,
          customerOrderNumber: "ACME-1005",
          deliveryDate: "2026-11-30",
          locations: [{ address: "Torstraße 1" }],
        },
      ],
    };
    const added = await call(url, "POST", "/_fake/fixtures", { body: more });
    expect(added.status).toBe(201);
    expect(added.body.orders).toEqual([
      { key: null, uuid: expect.any(String), orderNumber: "ORD-6", workspaceUuid: berlin, routeUuid: null },
    ]);
    const refused = await call(url, "POST", "/_fake/fixtures", {
      body: {
        organizations: [{ key: "late", tokens: ["late-token"] }],
        orders: [{ ...more.orders[0], customerOrderNumber: "ACME-1006", timeWindows: [{ startTime: "25:00" }] }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: "orders[0].timeWindows[0].startTime", message: "must be a time of day HH:MM (24 h)" },
      { path: "orders[0].timeWindows[0].endTime", message: "is required" },
    ]);
    // Nothing of the refused document: neither its organization's token nor its order.
    expect((await call(url, "GET", "/v2/workspaces", { token: "late-token" })).status).toBe(401);
    expect(await orderNumbers(url, "acme-token", berlin)).toEqual([
      "ACME-1001",
      "ACME-1002",
      "ACME-1003",
      "ACME-1004",
      "ACME-1005",
    ]);

    expect((await call(url, "POST", "/_fake/reset")).status).toBe(204);
    const again = (await call(url, "GET", "/v2/workspaces", { token: "acme-token" })).body.data;
    expect(again[0].uuid).toBe(berlin);
    expect(await orderNumbers(url, "acme-token", berlin)).toEqual(["ACME-1001", "ACME-1002", "ACME-1003", "ACME-1004"]);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("says what it loaded in its JSON start line (--log-format json)", async () => {
    const cli = runCli(["--port", "0", "--quiet", "--log-format", "json"], { DISPATCH_FAKE_FIXTURES: EXAMPLE });
    await cli.ready();
    const start = JSON.parse(cli.stdout().split("\n")[0] ?? "");
    expect(start).toMatchObject({
      demo: null,
      fixtures: { path: EXAMPLE, organizations: 1, workspaces: 2, routes: 1, orders: 5, webhooks: 1 },
    });
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("stops with exit code 1 naming every problem of a file it cannot load (DISPATCH_FAKE_FIXTURES, the flag wins)", async () => {
    const dir = tempDir();
    const bad = join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({
        workspaces: [{ key: "w", organization: "nobody" }],
        orders: [{ workspace: "w", deliveryDate: "2026-11-30" }],
      }),
    );
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ not json");

    const fromEnv = runCli(["--port", "0", "--quiet"], { DISPATCH_FAKE_FIXTURES: bad });
    expect(await fromEnv.exited).toEqual({ code: 1, signal: null });
    expect(fromEnv.stderr()).toBe(
      `dispatch-fake: Failed to load the fixtures ${bad}:\n` +
        `  workspaces[0].organization: names no organization of the fixtures: no organization has the key "nobody"\n` +
        "  orders[0].locations: is required\n",
    );
    expect(fromEnv.stdout()).toBe("");

    const flag = runCli(["--port", "0", "--quiet", "--fixtures", broken], { DISPATCH_FAKE_FIXTURES: bad });
    expect(await flag.exited).toEqual({ code: 1, signal: null });
    expect(flag.stderr()).toBe(
      `dispatch-fake: Failed to load the fixtures ${broken}: not valid JSON at line 1, column 3: expected a property name in double quotes, found 'n'\n`,
    );

    const list = join(dir, "list.json");
    writeFileSync(list, JSON.stringify([{ orders: [] }]));
    const array = runCli(["--port", "0", "--quiet", "--fixtures", list]);
    expect(await array.exited).toEqual({ code: 1, signal: null });
    expect(array.stderr()).toBe(
      `dispatch-fake: Failed to load the fixtures ${list}: the file must hold one JSON object (of organizations, workspaces, routes, orders, webhooks), it holds an array\n`,
    );
  });

  it("begins a new state file with the fixtures; once the file exists, it decides and --fixtures is ignored", async () => {
    const state = join(tempDir(), "state.json");
    const first = runCli(["--port", "0", "--quiet", "--now", NOW, "--state", state, "--fixtures", EXAMPLE]);
    const url = await first.ready();
    const berlin = (await call(url, "GET", "/v2/workspaces", { token: "acme-token" })).body.data[0].uuid;
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });

    const second = runCli(["--port", "0", "--quiet", "--state", state, "--fixtures", EXAMPLE]);
    const again = await second.ready();
    expect(second.stderr()).toBe("dispatch-fake: --fixtures ignored: the state file decides them\n");
    expect(second.stdout()).not.toContain("fixtures:");
    expect(await orderNumbers(again, "acme-token", berlin)).toEqual([
      "ACME-1001",
      "ACME-1002",
      "ACME-1003",
      "ACME-1004",
    ]);
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});
