/**
 * Throughput of the fake's hosts, each against a bare baseline measured in the same run (a benchmark, not a test).
 *
 *   npm run build && npx tsx bench/hosts.ts [--runs 5] [--seconds 5] [--connections 10] [--calls 2000] [--from-source]
 *     [--only standalone|in-process|webhooks] [--compare-cli node_modules/.cache/other-build/dist/cli.js]
 *
 * It measures the built packages (what users run), or the sources with `--from-source` (see bench/packages.ts).
 * 1. Standalone server under autocannon: `GET /v2/orders/{uuid}`, `POST /v2/orders` of one order and of batches of
 *    100 orders, against a bare node:http server (another child process) answering the same bytes. Three fakes:
 *    `startServer` in a child process (no request log), and the `dispatch-fake` CLI as users start it (its request
 *    log on, to a pipe the bench drains) and with `--quiet`. The servers take turns within each run (the order
 *    rotates); ratios are per run. The figure to read is the server process's CPU time per request.
 * 2. In process: SDK → MSW (`setupServer`) → fake, `client.GET("/v2/orders/{orderUuid}")` calls per second,
 *    against the same SDK call answered by a trivial MSW handler with the same body, interleaved in slices, each
 *    through a `setupServer` of its own (the fake's handlers alone, the trivial handler alone).
 * 3. Webhook deliveries per second to a local node:http receiver, through the contract's `POST /v2/webhooks`
 *    (skipped while the fake answers it 501).
 *
 * Prints markdown tables of medians and the machine (CPUs, Node, load average before and after).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import type { Fake } from "../packages/fake/src/index.js";
import { fromSource, loadFake, loadSdk } from "./packages.js";

const { createFake } = await loadFake();
const { createClient, unwrap } = await loadSdk();

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TOKEN = "bench-token";
const DATE = "2026-11-24";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(1));

/** `count` orders for the bench date, each with its own address (geocoded by the fake). */
function orderBatch(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `Customer ${i + 1}`,
    deliveryDate: DATE,
    locations: [{ address: `Bench street ${i + 1}, Berlin` }],
    timeWindows: [{ startTime: "09:00", endTime: "17:00" }],
    load: 1 + (i % 3),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// 1. The standalone server under autocannon

interface Child {
  process: ChildProcess;
  info: Record<string, string>;
  /** Ask the server process over IPC (`"cpu"`, `"reset"`); a CLI process is asked through /proc and HTTP. */
  ask<T>(command: string): Promise<T>;
}

/** A process's CPU time so far (µs), from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms). */
async function procCpu(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Start `dispatch-fake` as users do (`dispatch-fake --port 0 --token …`: demo data, real-time clock, the request
 * log on stdout unless `--quiet`) and create the order the GET reads. stdout is a pipe the bench drains.
 */
async function startCli(quiet: boolean, path?: string): Promise<Child> {
  const entry = path
    ? [path]
    : fromSource
      ? ["--import", "tsx", "packages/fake-server/src/cli/main.ts"]
      : ["packages/fake-server/dist/cli.js"];
  const child = spawn(process.execPath, [...entry, "--port", "0", "--token", TOKEN, ...(quiet ? ["--quiet"] : [])], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`dispatch-fake exited with ${code}`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const found = /listening on (http:\/\/\S+)/.exec(line);
      if (found) resolve(found[1]!);
    });
  });
  const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
  const workspaces = (await (await fetch(`${url}/v2/workspaces`, { headers })).json()) as { data: { uuid: string }[] };
  const workspaceUuid = workspaces.data[0]!.uuid;
  const createOrder = async () => {
    const res = await fetch(`${url}/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench customer", deliveryDate: DATE, locations: [{ address: "Bench street 1" }] }),
    });
    return ((await res.json()) as { data: { uuid: string }[] }).data[0]!.uuid;
  };
  const info = { url, workspaceUuid, orderUuid: await createOrder() };
  const ask = async <T>(command: string): Promise<T> => {
    if (command === "cpu") return { cpu: await procCpu(child.pid!) } as T;
    // Between measurements of POST /v2/orders: forget the orders (the demo data too), create the GET's order again.
    await fetch(`${url}/_fake/reset`, { method: "POST" });
    info.orderUuid = await createOrder();
    return { orderUuid: info.orderUuid } as T;
  };
  return { process: child, info, ask };
}

/** Start `bench/hosts-server.ts <args>` and wait for its JSON line. */
function startChild(args: string[]): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/hosts-server.ts", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit", "ipc"],
    env: { ...process.env, BENCH_FROM_SOURCE: fromSource ? "1" : "0" },
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  child.on("message", (message: { id: number; result: unknown }) => waiting.get(message.id)?.(message.result));
  const ask = <T>(command: string) =>
    new Promise<T>((resolve) => {
      const id = next++;
      waiting.set(id, (result) => {
        waiting.delete(id);
        resolve(result as T);
      });
      child.send({ id, command });
    });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", (line) =>
      resolve({ process: child, info: JSON.parse(line) as Record<string, string>, ask }),
    );
  });
}

interface Target {
  method: "GET" | "POST";
  path: string;
  body?: string;
}

/** The server process's CPU time so far (µs). */
const serverCpu = async (server: Child) => (await server.ask<{ cpu: number }>("cpu")).cpu;

async function hammer(server: Child, target: Target, seconds: number, connections: number) {
  const url = server.info.url!;
  const cpuBefore = await serverCpu(server);
  const result = await autocannon({
    url: `${url}${target.path}`,
    method: target.method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    ...(target.body !== undefined ? { body: target.body } : {}),
    connections,
    duration: seconds,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.method} ${target.path}: ${failed} failed of ${result.requests.total}`);
  const cpuPerRequest = (await serverCpu(server)) - cpuBefore;
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    cpuPerRequest: cpuPerRequest / Math.max(1, result.requests.total),
  };
}

/**
 * `--compare-cli PATH`: another build of the CLI (its `dist/cli.js`, in a folder inside the repository so that its
 * imports resolve), measured beside the others with its log on: before and after a change, in the same run.
 */
const COMPARE_CLI = process.argv.includes("--compare-cli")
  ? process.argv[process.argv.indexOf("--compare-cli") + 1]
  : undefined;

/** The servers measured: the bare baseline, then the fakes. */
const FAKES = ["startServer", "cli", "cli --quiet", ...(COMPARE_CLI ? ["cli (compared)"] : [])];
const SERVERS = ["bare", ...FAKES];
type ServerName = string;

interface Measured {
  rps: number[];
  p50: number[];
  /** The server process's CPU time per request (µs): unlike throughput, barely moved by other load. */
  cpu: number[];
}

interface HttpRow {
  name: string;
  by: Record<ServerName, Measured>;
  /** Per run, fake ÷ bare: throughput (bare ÷ fake for CPU, so that above 1 is always better for the fake). */
  ratios: Record<ServerName, number[]>;
  cpuRatios: Record<ServerName, number[]>;
  bodyBytes: number;
}

async function benchStandalone(runs: number, seconds: number, connections: number): Promise<HttpRow[]> {
  const fake = await startChild(["fake"]);
  const work = await mkdtemp(join(tmpdir(), "bench-hosts-"));
  const children: ChildProcess[] = [fake.process];
  try {
    const fakeUrl = fake.info.url!;
    const batch = JSON.stringify(orderBatch(100));
    const one = JSON.stringify(orderBatch(1)[0]);
    // Each server's own order and workspace: the CLI's are created by the bench.
    const get = (server: Child): Target => ({ method: "GET", path: `/v2/orders/${server.info.orderUuid}` });
    const post = (server: Child, body: string): Target => ({
      method: "POST",
      path: `/v2/orders?workspaceUuid=${server.info.workspaceUuid}`,
      body,
    });
    const targets = [(s: Child) => get(s), (s: Child) => post(s, one), (s: Child) => post(s, batch)];
    // The bare server answers exactly the bytes the fake answers (a POST answer of the batch).
    const auth = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
    const bodyOf = async (target: Target) =>
      (
        await fetch(`${fakeUrl}${target.path}`, {
          method: target.method,
          headers: auth,
          ...(target.body !== undefined ? { body: target.body } : {}),
        })
      ).text();
    const getBody = await bodyOf(get(fake));
    const postBody = await bodyOf(post(fake, batch));
    const postOneBody = await bodyOf(post(fake, one));
    await fake.ask("reset");
    const bodiesFile = join(work, "bodies.json");
    await writeFile(bodiesFile, JSON.stringify({ get: getBody, post: postBody, postOne: postOneBody }));
    const bare = await startChild(["bare", bodiesFile]);
    children.push(bare.process);
    const cli = await startCli(false);
    children.push(cli.process);
    const quiet = await startCli(true);
    children.push(quiet.process);
    const servers: Record<ServerName, Child> = { bare, startServer: fake, cli, "cli --quiet": quiet };
    if (COMPARE_CLI) {
      const compared = await startCli(false, COMPARE_CLI);
      children.push(compared.process);
      servers["cli (compared)"] = compared;
    }

    const perServer = <T>(make: () => T) =>
      Object.fromEntries(SERVERS.map((name) => [name, make()])) as Record<ServerName, T>;
    const row = (name: string, body: string): HttpRow => ({
      name,
      by: perServer(() => ({ rps: [], p50: [], cpu: [] })),
      ratios: perServer(() => []),
      cpuRatios: perServer(() => []),
      bodyBytes: Buffer.byteLength(body),
    });
    const rows: HttpRow[] = [
      row("GET /v2/orders/{uuid}", getBody),
      row("POST /v2/orders (1 order)", postOneBody),
      row("POST /v2/orders (100 orders)", postBody),
    ];
    // Warm-up (JIT, connection setup), not recorded.
    for (const target of targets) {
      for (const name of SERVERS) {
        const server = servers[name]!;
        await hammer(server, target(server), name === "bare" ? 2 : 3, connections);
        if (name !== "bare") await server.ask("reset");
      }
    }
    for (let run = 0; run < runs; run++) {
      for (const [i, target] of targets.entries()) {
        const row = rows[i]!;
        // Rotate which goes first, so a slow patch of the shared machine does not always hit the same one.
        const order = SERVERS.map((_, k) => SERVERS[(k + run) % SERVERS.length]!);
        const result: Record<ServerName, Awaited<ReturnType<typeof hammer>>> = {};
        for (const name of order) {
          const server = servers[name]!;
          result[name] = await hammer(server, target(server), seconds, connections);
          if (name !== "bare" && target(server).method === "POST") await server.ask("reset");
        }
        for (const name of SERVERS) {
          row.by[name]!.rps.push(result[name]!.rps);
          row.by[name]!.p50.push(result[name]!.p50);
          row.by[name]!.cpu.push(result[name]!.cpuPerRequest);
          row.ratios[name]!.push(result[name]!.rps / result.bare!.rps);
          row.cpuRatios[name]!.push(result[name]!.cpuPerRequest / result.bare!.cpuPerRequest);
        }
        console.error(
          `  run ${run + 1} ${row.name}: ${SERVERS.map((name) => `${name} ${fmt(result[name]!.rps)}/s ${fmt(result[name]!.cpuPerRequest)} µs CPU`).join(", ")} (load ${load()})`,
        );
      }
    }
    return rows;
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await rm(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 2. In process: SDK → MSW → fake

interface InProcessResult {
  fake: number[];
  trivial: number[];
  ratios: number[];
  cpuRatios: number[];
}

async function benchInProcess(runs: number, calls: number): Promise<InProcessResult> {
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", token: TOKEN, log: () => {} });
  const workspaceUuid = fake.workspaces[0]!.uuid;
  const viaFake = createClient({ baseUrl: fake.baseUrl, token: TOKEN, retries: 0 });
  const TRIVIAL = "https://trivial.bench.test";
  const viaTrivial = createClient({ baseUrl: TRIVIAL, token: TOKEN, retries: 0 });
  let body = "";
  // Each in a server of its own, as a test would set it up: the fake's handlers alone, the trivial handler alone
  // (in one server, whichever came second would pay for passing the other by). The one a slice calls listens.
  const fakeServer = setupServer(...fake.handlers);
  const trivialServer = setupServer(
    http.get(
      `${TRIVIAL}/v2/orders/:orderUuid`,
      () =>
        new HttpResponse(body, {
          headers: { "content-type": "application/json", "x-request-id": "req_000000000000000000000000" },
        }),
    ),
  );
  let listening: typeof fakeServer | undefined;
  const serve = (server: typeof fakeServer) => {
    if (listening === server) return;
    listening?.close();
    server.listen({ onUnhandledRequest: "error" });
    listening = server;
  };
  serve(fakeServer);
  try {
    const created = await unwrap(
      viaFake.POST("/v2/orders", { params: { query: { workspaceUuid } }, body: orderBatch(1) }),
    );
    const orderUuid = created.data[0]!.uuid;
    body = await (
      await fake.fetch(`/v2/orders/${orderUuid}`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    const params = { params: { path: { orderUuid } } };
    const slice = async (client: typeof viaFake, n: number) => {
      serve(client === viaFake ? fakeServer : trivialServer);
      const t0 = performance.now();
      const c0 = cpuMs();
      for (let i = 0; i < n; i++) {
        const { data } = await client.GET("/v2/orders/{orderUuid}", params);
        if (data?.uuid !== orderUuid) throw new Error("Failed to read the order in the in-process bench");
      }
      return { ms: performance.now() - t0, cpu: cpuMs() - c0 };
    };
    await slice(viaFake, 500);
    await slice(viaTrivial, 500);
    const result: InProcessResult = { fake: [], trivial: [], ratios: [], cpuRatios: [] };
    const SLICE = 100;
    for (let run = 0; run < runs; run++) {
      const totals = { fake: { ms: 0, cpu: 0 }, trivial: { ms: 0, cpu: 0 } };
      for (let done = 0; done < calls; done += SLICE) {
        // Alternate which goes first, so the garbage one leaves is not always collected in the other's slice.
        const fakeFirst = (done / SLICE) % 2 === 0;
        const f = fakeFirst ? await slice(viaFake, SLICE) : undefined;
        const t = await slice(viaTrivial, SLICE);
        const g = f ?? (await slice(viaFake, SLICE));
        totals.fake.ms += g.ms;
        totals.fake.cpu += g.cpu;
        totals.trivial.ms += t.ms;
        totals.trivial.cpu += t.cpu;
      }
      const n = Math.ceil(calls / SLICE) * SLICE;
      result.fake.push((n / totals.fake.ms) * 1000);
      result.trivial.push((n / totals.trivial.ms) * 1000);
      result.ratios.push(totals.trivial.ms / totals.fake.ms);
      result.cpuRatios.push(totals.trivial.cpu / totals.fake.cpu);
      console.error(
        `  run ${run + 1} in-process: fake ${fmt(result.fake.at(-1)!)}/s, trivial ${fmt(result.trivial.at(-1)!)}/s (load ${load()})`,
      );
    }
    return result;
  } finally {
    listening?.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Webhook deliveries

type WebhookResult = { skipped: string } | { deliveries: number; perSecond: number[]; emitMs: number[] };

/** Routes of `perRoute` orders, published: completing every order then emits 2 events per order. */
async function publishedOrders(fake: Fake, routes: number, perRoute: number): Promise<string[]> {
  const client = createClient({ baseUrl: fake.baseUrl, token: TOKEN, retries: 0, fetch: (r) => fake.fetch(r) });
  const workspaceUuid = fake.workspaces[0]!.uuid;
  const orders = await unwrap(
    client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body: orderBatch(routes * perRoute) }),
  );
  const created = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: Array.from({ length: routes }, (_, i) => ({
          name: `Van ${i + 1}`,
          date: DATE,
          startTime: "08:00",
          endTime: "18:00",
          startLocation: { address: "Depot", latitude: 52.52, longitude: 13.405 },
        })),
      },
    }),
  );
  const uuids = orders.data.map((o) => o.uuid);
  created.data.forEach((route, i) => {
    fake.control.assignOrders(route.uuid, uuids.slice(i * perRoute, (i + 1) * perRoute));
  });
  return uuids;
}

async function benchWebhooks(runs: number, routes: number, perRoute: number): Promise<WebhookResult> {
  let received = 0;
  const receiver = createServer((req, res) => {
    req.on("data", () => {});
    req.on("end", () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const result = { deliveries: 0, perSecond: [] as number[], emitMs: [] as number[] };
  try {
    for (let run = 0; run < runs; run++) {
      // Real time: deliveries are attempted as events are emitted, whatever drives them.
      const fake = createFake({ seed: run + 1, token: TOKEN, log: () => {} });
      const auth = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
      const orders = await publishedOrders(fake, routes, perRoute);
      const subscribed = await fake.fetch("/v2/webhooks", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          url: receiverUrl,
          events: ["route.published", "route.eta_updated", "order.status_updated"],
        }),
      });
      if (subscribed.status === 501) return { skipped: "the fake answers POST /v2/webhooks 501 (not implemented)" };
      if (subscribed.status !== 201) {
        return { skipped: `POST /v2/webhooks answered ${subscribed.status}: ${await subscribed.text()}` };
      }
      received = 0;
      const t0 = performance.now();
      const published = await fake.fetch("/v2/routes/publish", {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ workspaceUuid: fake.workspaces[0]!.uuid, date: DATE }),
      });
      if (published.status !== 202) throw new Error(`publish answered ${published.status}`);
      for (const uuid of orders) {
        const res = await fake.fetch(`/v2/orders/${uuid}/complete`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ status: "delivered" }),
        });
        if (res.status !== 200) throw new Error(`complete answered ${res.status}`);
      }
      const emitted = performance.now() - t0;
      const expected = routes + 2 * orders.length; // route.published per route, then 2 events per completion
      const deadline = t0 + 120_000;
      while (received < expected && performance.now() < deadline) {
        await fake.runUntilIdle();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const elapsed = performance.now() - t0;
      if (received < expected) return { skipped: `only ${received} of ${expected} deliveries arrived within 120 s` };
      result.deliveries = expected;
      result.perSecond.push((expected / elapsed) * 1000);
      result.emitMs.push(emitted);
      console.error(`  run ${run + 1} webhooks: ${expected} deliveries in ${elapsed.toFixed(0)} ms (load ${load()})`);
    }
    return result;
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const runs = arg("runs", 5);
  const seconds = arg("seconds", 5);
  const connections = arg("connections", 10);
  const calls = arg("calls", 2000);
  const loadBefore = load();
  console.error(
    `bench:hosts: ${runs} runs, ${seconds} s per autocannon measurement, ${connections} connections, ` +
      `${fromSource ? "the sources (tsx)" : "the built packages"}`,
  );

  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
  const http = only === undefined || only === "standalone" ? await benchStandalone(runs, seconds, connections) : [];
  const inProcess = only === undefined || only === "in-process" ? await benchInProcess(runs, calls) : undefined;
  const webhooks =
    only === undefined || only === "webhooks" ? await benchWebhooks(Math.min(runs, 3), 20, 25) : undefined;
  const loadAfter = load();

  if (http.length > 0) printStandalone(http, runs, seconds, connections);
  if (inProcess) printInProcess(inProcess, runs, calls);
  if (webhooks) printWebhooks(webhooks);
  console.log(
    `\nPackages: ${fromSource ? "the sources, through tsx" : "the built packages (dist/)"}. Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average before ${loadBefore}, after ${loadAfter}.`,
  );
}

/** The targets of issue 31: server CPU per request, fake ÷ bare node:http, with the request log on (`cli`). */
const CPU_TARGETS: Record<string, number> = { "GET /v2/orders/{uuid}": 2, "POST /v2/orders (1 order)": 4 };

function printStandalone(http: HttpRow[], runs: number, seconds: number, connections: number) {
  console.log(`### Standalone server (autocannon, ${connections} connections, ${seconds} s × ${runs} runs)\n`);
  console.log(
    "Server CPU per request (µs, median of runs) and, in brackets, ÷ the bare node:http server's in the same run (median of the per-run ratios). `cli` is `dispatch-fake --port 0 --token …` as users start it (demo data, the request log on, to a pipe); `cli --quiet` without the log; `startServer` the library without a log.\n",
  );
  console.log(
    `| request | ${SERVERS.join(" | ")} | target (cli ÷ bare) | met | req/s ${SERVERS.join(" / ")} | answer bytes |`,
  );
  console.log(`|---|${SERVERS.map(() => "---|").join("")}---|---|---|---|`);
  for (const row of http) {
    const cpu = (name: ServerName) =>
      name === "bare"
        ? `${fmt(median(row.by.bare!.cpu))}`
        : `${fmt(median(row.by[name]!.cpu))} (${median(row.cpuRatios[name]!).toFixed(2)}×)`;
    const target = CPU_TARGETS[row.name];
    const cliRatio = median(row.cpuRatios.cli!);
    console.log(
      `| ${row.name} | ${SERVERS.map(cpu).join(" | ")} | ${target !== undefined ? `≤ ${target}×` : "–"} | ${target !== undefined ? (cliRatio <= target ? "yes" : "no") : "–"} | ${SERVERS.map((name) => fmt(median(row.by[name]!.rps))).join(" / ")} | ${row.bodyBytes.toLocaleString("en-US")} |`,
    );
  }
  // The request log's cost: the CLI with its log on against `--quiet`, run by run (budget: 2 µs per request).
  const logCost = (row: HttpRow) => {
    const on = row.by.cli!.cpu;
    const off = row.by["cli --quiet"]!.cpu;
    return median(on.map((x, i) => x - (off[i] ?? x)));
  };
  console.log(
    `\nThe request log's CPU per request (cli − cli --quiet, median of the per-run differences; budget 2 µs): ${http.map((row) => `${row.name} ${logCost(row).toFixed(1)} µs`).join(", ")}.`,
  );
  console.log(
    `\nPer-run CPU ratios (÷ bare): ${http.map((row) => `${row.name}: ${FAKES.map((name) => `${name} ${row.cpuRatios[name]!.map((r) => r.toFixed(2)).join(", ")}`).join("; ")}`).join(" — ")}`,
  );
}

function printInProcess(inProcess: InProcessResult, runs: number, calls: number) {
  console.log(`\n### In process: SDK → MSW → fake (${calls} calls × ${runs} runs, slices of 100, interleaved)\n`);
  console.log(
    "| call | fake (calls/s) | trivial MSW handler (calls/s) | ratio, wall (median) | ratio, CPU (median) | target | met |",
  );
  console.log("|---|---|---|---|---|---|---|");
  const ratio = median(inProcess.ratios);
  console.log(
    `| \`client.GET("/v2/orders/{orderUuid}")\` | ${fmt(median(inProcess.fake))} | ${fmt(median(inProcess.trivial))} | ${ratio.toFixed(2)} (${inProcess.ratios.map((r) => r.toFixed(2)).join(", ")}) | ${median(inProcess.cpuRatios).toFixed(2)} | ≥ 0.8 | ${ratio >= 0.8 ? "yes" : "no"} |`,
  );
}

function printWebhooks(webhooks: WebhookResult) {
  console.log("\n### Webhook deliveries\n");
  if ("skipped" in webhooks) console.log(`Skipped: ${webhooks.skipped}.`);
  else {
    console.log("| measurement | deliveries | per second (median) | runs | time to emit them (median) |");
    console.log("|---|---|---|---|---|");
    console.log(
      `| publish 20 routes, complete 500 orders, all delivered to a local receiver | ${webhooks.deliveries} | ${fmt(median(webhooks.perSecond))} | ${webhooks.perSecond.length} | ${fmt(median(webhooks.emitMs))} ms |`,
    );
  }
}

await main();
