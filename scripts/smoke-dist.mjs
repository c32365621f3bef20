#!/usr/bin/env node
// Loads the built packages the way users do (ESM import and CJS require, through the workspace links in
// node_modules) and makes real calls: the optimizer on its own, the SDK against the fake's in-process fetch, and
// the conformance suite against the fake's in-process fetch.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const require = createRequire(import.meta.url);

const esmSdk = await import("@dispatchkit/sdk");
const esmFake = await import("@dispatchkit/fake");
const cjsSdk = require("@dispatchkit/sdk");
const cjsFake = require("@dispatchkit/fake");
const esmNode = await import("@dispatchkit/fake/node");
const esmServer = await import("@dispatchkit/fake-server");
const cjsServer = require("@dispatchkit/fake-server");
const esmOptimizer = await import("@dispatchkit/optimizer");
const cjsOptimizer = require("@dispatchkit/optimizer");
const esmConformance = await import("@dispatchkit/conformance");
const cjsConformance = require("@dispatchkit/conformance");

for (const [name, mod] of Object.entries({ esmSdk, cjsSdk })) {
  assert.equal(typeof mod.createClient, "function", `${name}.createClient`);
}
for (const [name, mod] of Object.entries({ esmFake, cjsFake })) {
  assert.equal(typeof mod.createFake, "function", `${name}.createFake`);
}
assert.equal(typeof esmNode.hostOf, "function", "node.hostOf");
assert.equal(typeof esmServer.startServer, "function", "server.startServer");
assert.equal(typeof cjsServer.startServer, "function", "cjs server.startServer");
assert.equal("startServer" in esmNode, false, "startServer moved to @dispatchkit/fake-server");

// The optimizer from its own dist, ESM and CJS: one small problem, a known plan.
assert.match(require.resolve("@dispatchkit/optimizer"), /packages\/optimizer\/dist\/index\.cjs$/);
// The fake's build imports the optimizer (a dependency) instead of carrying its own copy.
const fakeDist = new URL("../packages/fake/dist/", import.meta.url);
const fakeJs = readdirSync(fakeDist)
  .filter((f) => /\.c?js$/.test(f))
  .map((f) => readFileSync(new URL(f, fakeDist), "utf8"));
assert.ok(
  fakeJs.some((text) => text.includes('"@dispatchkit/optimizer"')),
  "the fake's dist imports @dispatchkit/optimizer",
);
assert.ok(
  !fakeJs.some((text) => /function (budgetIterations|buildModel)\b/.test(text)),
  "the fake bundles no optimizer",
);
// It signs webhooks with the SDK's signer, imported from @dispatchkit/sdk (a dependency), not a copy.
assert.ok(
  fakeJs.some((text) => text.includes('"@dispatchkit/sdk"')),
  "the fake's dist imports @dispatchkit/sdk",
);
assert.ok(!fakeJs.some((text) => /function signWebhookForTest\b/.test(text)), "the fake bundles no SDK");
for (const [name, mod] of Object.entries({ esmOptimizer, cjsOptimizer })) {
  const solution = mod.solve(
    {
      travel: {
        size: 3,
        durations: [
          [0, 600, 900],
          [600, 0, 400],
          [900, 400, 0],
        ],
      },
      vehicles: [{ id: "van", start: 0, end: 0, shiftStart: 0, shiftEnd: 36_000, capacity: 1 }],
      jobs: [
        { id: "a", location: 1, load: 1 },
        { id: "b", location: 2, load: 1 },
      ],
    },
    { seed: 1, budget: "fast" },
  );
  assert.equal(solution.routes.length, 1, `${name}: one route`);
  assert.equal(solution.routes[0].stops.length, 1, `${name}: capacity 1 takes one job`);
  assert.deepEqual(
    solution.unassigned.map((u) => u.reason),
    ["capacity"],
    `${name}: the other is left out`,
  );
}

for (const [sdk, fakeMod] of [
  [esmSdk, esmFake],
  [cjsSdk, cjsFake],
]) {
  const fake = fakeMod.createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
  const client = sdk.createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (r) => fake.fetch(r) });
  const { data, error } = await client.GET("/v2/workspaces");
  assert.equal(error, undefined);
  assert.equal(data.data.length, 1);
}

// Across module formats: a fake made by one build works with the other build's `./node` entry (its runtime travels
// with the fake under a Symbol.for key; docs/decisions/0004-fake-structure.md). Errors thrown by the fake's copy are
// still answered by its own router (404, not 500).
{
  const cjsNode = require("@dispatchkit/fake/node");
  for (const [label, fakeMod, nodeMod, serverMod] of [
    ["ESM fake with CJS ./node", esmFake, cjsNode, cjsServer],
    ["CJS fake with ESM ./node", cjsFake, esmNode, esmServer],
  ]) {
    const fake = fakeMod.createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
    const minted = await nodeMod.handleControlRequest(
      fake,
      new Request(`${fake.baseUrl}/_fake/tokens`, { method: "POST" }),
    );
    assert.equal(minted.status, 201, `${label}: POST /_fake/tokens`);
    const { token } = await minted.json();
    const listed = await fake.fetch("/v2/workspaces", { headers: { authorization: `Bearer ${token}` } });
    assert.equal(listed.status, 200, `${label}: the minted token works on the fake's API`);
    const unknown = await nodeMod.handleControlRequest(
      fake,
      new Request(`${fake.baseUrl}/_fake/tokens/nope/expire`, { method: "POST" }),
    );
    assert.equal(unknown.status, 404, `${label}: an unknown token is the fake's 404`);
    assert.equal(
      await nodeMod.handleControlRequest(fake, new Request(`${fake.baseUrl}/v2/workspaces`)),
      undefined,
      `${label}: an API request is not a control request`,
    );
    const running = await serverMod.startServer(fake, { port: 0 });
    try {
      const clock = await fetch(`${running.url}/_fake/clock`);
      assert.equal(clock.status, 200, `${label}: startServer serves the fake's control endpoints`);
      assert.deepEqual(await clock.json(), { now: "2026-11-23T08:00:00.000Z" });
      const api = await fetch(`${running.url}/v2/workspaces`, { headers: { authorization: `Bearer ${fake.token}` } });
      assert.equal(api.status, 200, `${label}: startServer serves the fake's API`);
    } finally {
      await running.close();
    }
    const headers = { authorization: `Bearer ${fake.token}`, "content-type": "application/json" };
    const order = [{ deliveryDate: "2026-11-23", locations: [{ address: "A", latitude: 52.53, longitude: 13.41 }] }];
    const posted = await fake.fetch(`/v2/orders?workspaceUuid=${fake.workspaces[0].uuid}`, {
      method: "POST",
      headers,
      body: JSON.stringify(order),
    });
    assert.equal(posted.status, 201, `${label}: an order created`);
    const other = (fakeMod === esmFake ? cjsFake : esmFake).createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
    other.restore(fake.snapshot());
    const orders = await other.fetch(`/v2/orders?workspaceUuid=${fake.workspaces[0].uuid}&deliveryDate=2026-11-23`, {
      headers,
    });
    assert.equal((await orders.json()).data.length, 1, `${label}: a snapshot restores in a fake of the other build`);
  }
}

// The SDK's helpers from the build, against the built fake: schedule, publish, and webhook signatures.
{
  const fake = esmFake.createFake({ seed: 2, now: "2026-11-23T08:00:00Z" });
  const client = cjsSdk.createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (r) => fake.fetch(r) });
  const workspaceUuid = fake.workspaces[0].uuid;
  const date = "2026-11-23";
  const hook = "https://app.example.com/webhooks";
  const received = [];
  fake.webhooks.listen(hook, async (request) => {
    received.push({ rawBody: await request.text(), headers: request.headers });
    return new Response(null, { status: 204 });
  });
  const { secret } = await cjsSdk.unwrap(
    client.POST("/v2/webhooks", { body: { url: hook, events: ["route.published"] } }),
  );
  const at = { address: "Depot", latitude: 52.52, longitude: 13.405 };
  await cjsSdk.unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: [{ deliveryDate: date, locations: [{ address: "A", latitude: 52.53, longitude: 13.41 }] }],
    }),
  );
  await cjsSdk.unwrap(
    client.POST("/v2/routes", {
      body: { workspaceUuid, routes: [{ name: "R", date, startTime: "08:00", endTime: "18:00", startLocation: at }] },
    }),
  );
  const solution = await cjsSdk.scheduleAndWait(client, { workspaceUuid, date }, { intervalMs: 1 });
  assert.equal(solution.summary.ordersScheduled, 1);
  const published = await esmSdk.publishAndWait(client, { workspaceUuid, date }, { intervalMs: 1 });
  assert.equal(published.action.status, "finished");
  await fake.runUntilIdle();
  assert.equal(received.length, 1, "one route.published delivered to the listener");
  const delivered = await cjsSdk.verifyWebhook({ ...received[0], secret, now: fake.clock.now() });
  assert.equal(delivered.type, "route.published");
  const event = { id: "evt_1", type: "route.published", createdAt: "2026-11-23T08:00:00.000Z", data: {} };
  const signed = await esmSdk.signWebhookForTest(event, "whsec_test");
  await assert.rejects(
    cjsSdk.verifyWebhook({ ...signed, secret: "whsec_other" }),
    (e) => e instanceof cjsSdk.WebhookVerificationError && e.reason === "signature_mismatch",
  );
}

// The standalone server (@dispatchkit/fake-server) hosts a fake of its own format: it imports the fake's `./node`,
// which shares one module instance with `.` in each build (the CJS build as well).
for (const [node, fakeMod] of [
  [esmServer, esmFake],
  [cjsServer, cjsFake],
]) {
  const running = await node.startServer(fakeMod.createFake({ seed: 1 }), { port: 0 });
  try {
    const res = await fetch(`${running.url}/v2/workspaces`, { headers: { Authorization: "Bearer test-token" } });
    assert.equal(res.status, 200);
  } finally {
    await running.close();
  }
}
// Scheduling on the worker thread, from each build: `scheduling-worker.js` (ESM) and `.cjs` sit beside the server
// that starts them, and a run started over HTTP ends with the plan the worker made.
const serverDist = new URL("../packages/fake-server/dist/", import.meta.url);
for (const name of ["scheduling-worker", "state-file-worker"]) {
  for (const extension of ["js", "cjs"]) {
    assert.ok(readdirSync(serverDist).includes(`${name}.${extension}`), `dist/${name}.${extension}`);
  }
}
// The fake ships none of the server: no bin, no worker scripts, no console (docs/decisions/0017-server-package.md).
assert.deepEqual(
  readdirSync(fakeDist).filter((file) => /^cli\.|^console$|worker\.c?js$/.test(file)),
  [],
  "the fake's dist has no cli, console or worker scripts",
);
for (const [label, node, fakeMod] of [
  ["ESM", esmServer, esmFake],
  ["CJS", cjsServer, cjsFake],
]) {
  const fake = fakeMod.createFake({ seed: 3, now: "2026-11-23T08:00:00Z" });
  const running = await node.startServer(fake, { port: 0, schedulingWorker: true });
  try {
    const headers = { authorization: `Bearer ${fake.token}`, "content-type": "application/json" };
    const workspaceUuid = fake.workspaces[0].uuid;
    const date = "2026-11-23";
    const post = (path, body) =>
      fetch(`${running.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const at = { address: "Depot", latitude: 52.52, longitude: 13.405 };
    const orders = [1, 2, 3].map((i) => ({
      deliveryDate: date,
      locations: [{ address: `A${i}`, latitude: 52.5 + i / 100, longitude: 13.4 }],
    }));
    assert.equal((await post(`/v2/orders?workspaceUuid=${workspaceUuid}`, orders)).status, 201);
    const routes = [{ name: "R", date, startTime: "08:00", endTime: "18:00", startLocation: at }];
    assert.equal((await post("/v2/routes", { workspaceUuid, routes })).status, 201);
    const started = await (await post("/v2/schedules", { workspaceUuid, date })).json();
    let action;
    for (let polls = 0; polls < 2000; polls++) {
      action = await (await fetch(`${running.url}/v2/schedules/${started.actionUuid}`, { headers })).json();
      if (action.status !== "pending") break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(action.status, "finished", `${label}: the run planned on the worker thread finished`);
    assert.equal(action.actionSummary.ordersScheduled, 3, `${label}: the worker's plan placed the three orders`);
  } finally {
    await running.close();
  }
}
// The conformance suite from its own build, ESM and CJS, against a fake (ajv validates every answer): it needs no
// other @dispatchkit package, and the server's dist calls it for `dispatch-fake conformance` instead of a copy; the
// fake's dist never imports it (docs/decisions/0017-server-package.md).
const serverJs = readdirSync(serverDist)
  .filter((f) => /\.(c|m)?js$/.test(f))
  .map((f) => readFileSync(new URL(f, serverDist), "utf8"));
const conformancePkg = JSON.parse(readFileSync(new URL("../packages/conformance/package.json", import.meta.url)));
assert.deepEqual(Object.keys(conformancePkg.dependencies), ["ajv", "ajv-formats"], "conformance's dependencies");
assert.equal(conformancePkg.bin["dispatch-conformance"], "./dist/cli.js");
assert.ok(!readdirSync(new URL("../packages/conformance/dist/", import.meta.url)).includes("cli.cjs"));
assert.ok(
  serverJs.some((text) => text.includes('"@dispatchkit/conformance"')),
  "the server's dist imports @dispatchkit/conformance",
);
assert.ok(!fakeJs.some((text) => text.includes("@dispatchkit/conformance")), "the fake's dist never names conformance");
assert.ok(!serverJs.some((text) => /function runConformance\b/.test(text)), "the server bundles no conformance suite");
assert.ok(!serverJs.some((text) => /function createFake\b/.test(text)), "the server bundles no copy of the fake");
for (const [name, mod] of Object.entries({ esmConformance, cjsConformance })) {
  const fake = esmFake.createFake({ seed: 1 });
  const report = await mod.runConformance({
    baseUrl: fake.baseUrl,
    token: fake.token,
    fetch: fake.fetch,
    only: "^auth:",
  });
  assert.deepEqual([report.passed, report.failed, report.skipped], [2, 0, 0], `${name}: setup and auth pass`);
}
// `dispatch-fake conformance` is the suite's command under the server's name.
const alias = spawnSync(
  process.execPath,
  [new URL("../packages/fake-server/dist/cli.js", import.meta.url).pathname, "conformance", "--help"],
  { encoding: "utf8" },
);
assert.equal(alias.status, 0, `dispatch-fake conformance --help: ${alias.stderr}`);
assert.match(alias.stdout, /^Usage: dispatch-fake conformance --base-url URL --token TOKEN /);
// The bin is the server's, the ESM build only; the fake has none.
const serverPkg = JSON.parse(readFileSync(new URL("../packages/fake-server/package.json", import.meta.url), "utf8"));
assert.equal(serverPkg.bin["dispatch-fake"], "./dist/cli.js");
assert.ok(!readdirSync(serverDist).includes("cli.cjs"), "no CommonJS build of the CLI");
const fakePkg = JSON.parse(readFileSync(new URL("../packages/fake/package.json", import.meta.url), "utf8"));
assert.equal(fakePkg.bin, undefined, "the fake has no bin");
// Test control over HTTP: a fault injected under /_fake/ answers the next call.
{
  const running = await esmServer.startServer(esmFake.createFake({ seed: 1 }), { port: 0 });
  try {
    const fault = await fetch(`${running.url}/_fake/faults`, {
      method: "POST",
      body: JSON.stringify({ operationId: "listWorkspaces", status: 503, times: 1 }),
    });
    assert.equal(fault.status, 201);
    const faulted = await fetch(`${running.url}/v2/workspaces`, { headers: { Authorization: "Bearer test-token" } });
    assert.equal(faulted.status, 503);
    assert.equal(faulted.headers.get("x-fake-fault"), "flt_1");
  } finally {
    await running.close();
  }
}
// The control API's OpenAPI document ships with the fake.
assert.ok(fakePkg.files.includes("control-openapi.yaml"), "the fake's package ships control-openapi.yaml");
// The bin as installed: `dispatch-fake serve` answers, and stops with exit code 0 on SIGTERM.
const bin = serverPkg.bin["dispatch-fake"];
const stateDir = mkdtempSync(join(tmpdir(), "smoke-dist-state-"));
const stateFile = join(stateDir, "state.json");
const cli = spawn(
  process.execPath,
  [new URL(`../packages/fake-server/${bin}`, import.meta.url).pathname, "serve", "--port", "0", "--state", stateFile],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const exited = new Promise((resolve) => cli.on("exit", (code, signal) => resolve({ code, signal })));
const listening = await new Promise((resolve, reject) => {
  cli.on("exit", (code) => reject(new Error(`dispatch-fake exited with ${code} before listening`)));
  createInterface({ input: cli.stdout }).on("line", (line) => {
    const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
    if (url) resolve(url);
  });
});
const demo = await fetch(`${listening}/v2/workspaces`, { headers: { Authorization: "Bearer dev-token" } });
assert.equal(demo.status, 200, "dispatch-fake serve answers with its default token");
// A change after the start, saved by the state file's worker thread (dist/state-file-worker.js) at the stop.
const workspaces = await (
  await fetch(`${listening}/v2/workspaces`, { headers: { Authorization: "Bearer dev-token" } })
).json();
const added = await fetch(`${listening}/v2/orders?workspaceUuid=${workspaces.data[0].uuid}`, {
  method: "POST",
  headers: { Authorization: "Bearer dev-token", "content-type": "application/json" },
  body: JSON.stringify([
    { deliveryDate: "2026-11-24", locations: [{ address: "Smoke", latitude: 52.5, longitude: 13.4 }] },
  ]),
});
assert.equal(added.status, 201, "an order added to the served fake");
const addedUuid = (await added.json()).data[0].uuid;
cli.kill("SIGTERM");
assert.deepEqual(await exited, { code: 0, signal: null }, "dispatch-fake stops with exit code 0 on SIGTERM");
assert.ok(readFileSync(stateFile, "utf8").includes(addedUuid), "the last save at the stop holds the order");
rmSync(stateDir, { recursive: true, force: true });

console.log(
  "smoke-dist: ESM and CJS builds of @dispatchkit/optimizer, @dispatchkit/sdk, @dispatchkit/conformance, @dispatchkit/fake and @dispatchkit/fake-server load and answer; the dispatch-fake bin serves and stops",
);
