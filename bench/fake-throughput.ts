/**
 * Throughput of the fake service through its HTTP handlers, in-process (`fake.fetch`, no MSW, no sockets).
 *
 *   npx tsx bench/fake-throughput.ts [--runs N] [--big-runs N]
 *
 * Prints a markdown table of medians: schedule-all of 100 orders on 5 routes, of 1,000 orders on 50 routes,
 * creating 10,000 orders in 10 batches of 1,000, and `createFake()` plus a `reset()`. Orders are random but
 * seeded: within ~10 km of the workspace's service-area centre, a third with a 2–4 h window, loads that fit.
 * Each row also shows the process's CPU time: far below the wall time means other load slowed the run down.
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createRoutes } from "../packages/fake/src/domain/routes.js";
import { createFake, type Fake } from "../packages/fake/src/index.js";
import { runtimeOf } from "../packages/fake/src/runtime.js";
import { BENCH_DATE, cpuMs, orderBodies } from "./bench-orders.js";

const DATE = BENCH_DATE;

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

/** A parsed JSON answer, read loosely (the bench only checks a few fields). */
// biome-ignore lint/suspicious/noExplicitAny: bench-only loose JSON access
type Json = any;

async function call(fake: Fake, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fake.fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${fake.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function createOrders(fake: Fake, bodies: unknown[]): Promise<void> {
  const ws = fake.workspaces[0]!.uuid;
  const res = await call(fake, "POST", `/v2/orders?workspaceUuid=${ws}`, bodies);
  if (res.status !== 201) throw new Error(`POST /v2/orders answered ${res.status}: ${JSON.stringify(res.json)}`);
}

/** Routes through POST /v2/routes, or through the domain while the fake does not serve it yet. */
async function createRouteSet(fake: Fake, count: number, capacity: number): Promise<string> {
  const ws = fake.workspaces[0]!;
  const centre = ws.serviceArea;
  const routes = Array.from({ length: count }, (_, i) => ({
    name: `Van ${i + 1}`,
    date: DATE,
    startTime: "08:00",
    endTime: "18:00",
    startLocation: { address: "Depot", latitude: centre.latitude, longitude: centre.longitude },
    capacity,
  }));
  const res = await call(fake, "POST", "/v2/routes", { workspaceUuid: ws.uuid, routes });
  if (res.status === 201) return "http";
  if (res.status !== 501) throw new Error(`POST /v2/routes answered ${res.status}: ${JSON.stringify(res.json)}`);
  createRoutes(
    runtimeOf(fake).context,
    { organizationId: fake.organization.id, token: fake.token },
    runtimeOf(fake).context.state.workspaces.get(ws.uuid)!,
    routes,
  );
  return "domain";
}

async function scheduleAll(
  orders: number,
  routes: number,
  seed: number,
): Promise<{ ms: number; cpu: number; scheduled: number; via: string }> {
  const fake = createFake({ seed, now: "2026-11-23T08:00:00Z", log: () => {} });
  const centre = fake.workspaces[0]!.serviceArea;
  const perRoute = Math.ceil(orders / routes);
  const via = await createRouteSet(fake, routes, perRoute * 3 + 10);
  for (let i = 0; i < orders; i += 1000) {
    await createOrders(fake, orderBodies(Math.min(1000, orders - i), seed * 7919 + i, centre));
  }
  const c0 = cpuMs();
  const t0 = performance.now();
  const started = await call(fake, "POST", "/v2/schedules", { workspaceUuid: fake.workspaces[0]!.uuid, date: DATE });
  if (started.status !== 202) throw new Error(`POST /v2/schedules answered ${started.status}`);
  const polled = await call(fake, "GET", `/v2/schedules/actions/${started.json.actionUuid}`);
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  if (polled.json.status !== "finished") throw new Error(`run ended ${JSON.stringify(polled.json)}`);
  return { ms, cpu, scheduled: polled.json.actionSummary.ordersScheduled, via };
}

async function createTenThousand(seed: number): Promise<{ ms: number; cpu: number }> {
  const fake = createFake({ seed, now: "2026-11-23T08:00:00Z" });
  const batches = Array.from({ length: 10 }, (_, b) =>
    orderBodies(1000, seed * 31 + b, fake.workspaces[0]!.serviceArea),
  );
  const c0 = cpuMs();
  const t0 = performance.now();
  for (const batch of batches) await createOrders(fake, batch);
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  if (fake.inspect().counts.orders !== 10_000) throw new Error("not all orders were created");
  return { ms, cpu };
}

function createAndReset(): { ms: number; cpu: number } {
  const c0 = cpuMs();
  const t0 = performance.now();
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
  fake.reset();
  return { ms: performance.now() - t0, cpu: cpuMs() - c0 };
}

async function main() {
  const runs = arg("runs", 5);
  const bigRuns = arg("big-runs", 3);
  // Warm up the JIT so that the first measured run is not a cold start.
  await scheduleAll(100, 5, 999);
  for (let i = 0; i < 50; i++) createAndReset();

  // Measured first, before the big cases fill the heap (their garbage collection would land in these samples).
  type Sample = { ms: number; cpu: number };
  const resets: Sample[] = [];
  for (let r = 0; r < 200; r++) resets.push(createAndReset());

  const small: Sample[] = [];
  let smallInfo = "";
  for (let r = 0; r < runs; r++) {
    const res = await scheduleAll(100, 5, r + 1);
    small.push(res);
    smallInfo = `${res.scheduled}/100 scheduled, routes via ${res.via}`;
  }
  const big: Sample[] = [];
  let bigInfo = "";
  for (let r = 0; r < bigRuns; r++) {
    const res = await scheduleAll(1000, 50, r + 1);
    big.push(res);
    bigInfo = `${res.scheduled}/1000 scheduled, routes via ${res.via}`;
  }
  const creates: Sample[] = [];
  for (let r = 0; r < runs; r++) creates.push(await createTenThousand(r + 1));

  const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`);
  const rows: [string, string, number, Sample[], string][] = [
    ["schedule-all, 100 orders on 5 routes", "≤ 0.5 s", 500, small, smallInfo],
    ["schedule-all, 1,000 orders on 50 routes", "≤ 15 s", 15_000, big, bigInfo],
    ["create 10,000 orders in 10 batches", "≤ 2 s", 2000, creates, "POST /v2/orders × 10"],
    ["createFake() + reset()", "≤ 5 ms", 5, resets, ""],
  ];
  console.log("| measurement | median (wall) | median (CPU) | runs | target | met | notes |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [name, target, limit, xs, notes] of rows) {
    const m = median(xs.map((x) => x.ms));
    const c = median(xs.map((x) => x.cpu));
    console.log(
      `| ${name} | ${fmt(m)} | ${fmt(c)} | ${xs.length} | ${target} | ${m <= limit ? "yes" : "no"} | ${notes} |`,
    );
  }
  console.log(
    `\nload average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(", ")}`,
  );
  console.log(`\nnode ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"})`);
}

await main();
