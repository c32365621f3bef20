/**
 * Scheduling at scale through the fake's HTTP handlers, in-process (`fake.fetch`, no MSW, no sockets): one
 * schedule-all of N orders on N / 25 routes, timed from `POST /v2/schedules` to the poll that shows it finished.
 *
 *   node --import tsx bench/scale.ts [--orders N] [--runs R] [--per-route K] [--what-if]
 *
 * Orders are random but seeded (the generator of bench/fake-throughput.ts): within ~10 km of the service-area
 * centre (a city-sized box), a third with a 2–4 h window, services of 3–7 min, loads 1–3; routes 08:00–18:00 from
 * the centre with capacities that fit. With `--what-if` the same orders and routes go in one what-if request
 * instead (the contract allows at most 1,000 orders there), which plans without storing them. Prints wall time, this process's CPU time (`process.cpuUsage()`), the
 * peak resident set size (`process.resourceUsage().maxRSS`, which includes creating the orders) and the load
 * average, which says how much the shared machine's other jobs may have slowed the wall time.
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createFake, type Fake } from "../packages/fake/src/index.js";
import { BENCH_DATE, cpuMs, orderBodies } from "./bench-orders.js";

const DATE = BENCH_DATE;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

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

async function scheduleAll(orders: number, routes: number, seed: number) {
  const fake = createFake({ seed, now: "2026-11-23T08:00:00Z", log: () => {} });
  const ws = fake.workspaces[0]!;
  const centre = ws.serviceArea;
  const capacity = Math.ceil(orders / routes) * 3 + 10;
  const routeBodies = Array.from({ length: routes }, (_, i) => ({
    name: `Van ${i + 1}`,
    date: DATE,
    startTime: "08:00",
    endTime: "18:00",
    startLocation: { address: "Depot", latitude: centre.latitude, longitude: centre.longitude },
    capacity,
  }));
  const whatIf = process.argv.includes("--what-if");
  if (whatIf) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const body = {
      workspaceUuid: ws.uuid,
      date: DATE,
      whatIf: { orders: orderBodies(orders, seed * 7919, centre, 0), routes: routeBodies },
    };
    const started = await call(fake, "POST", "/v2/schedules", body);
    if (started.status !== 202) throw new Error(`POST /v2/schedules answered ${started.status}`);
    const polled = await call(fake, "GET", `/v2/schedules/actions/${started.json.actionUuid}`);
    const ms = performance.now() - t0;
    const cpu = cpuMs() - c0;
    if (polled.json.status !== "finished") throw new Error(`run ended ${JSON.stringify(polled.json)}`);
    const s = polled.json.actionSummary;
    return { ms, cpu, scheduled: s.ordersScheduled as number, routesUsed: s.routesUsed, km: Number.NaN };
  }
  const made = await call(fake, "POST", "/v2/routes", { workspaceUuid: ws.uuid, routes: routeBodies });
  if (made.status !== 201) throw new Error(`POST /v2/routes answered ${made.status}: ${JSON.stringify(made.json)}`);
  for (let i = 0; i < orders; i += 1000) {
    const res = await call(
      fake,
      "POST",
      `/v2/orders?workspaceUuid=${ws.uuid}`,
      orderBodies(Math.min(1000, orders - i), seed * 7919 + i, centre, i),
    );
    if (res.status !== 201) throw new Error(`POST /v2/orders answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  const c0 = cpuMs();
  const t0 = performance.now();
  const started = await call(fake, "POST", "/v2/schedules", { workspaceUuid: ws.uuid, date: DATE });
  if (started.status !== 202) throw new Error(`POST /v2/schedules answered ${started.status}`);
  const polled = await call(fake, "GET", `/v2/schedules/actions/${started.json.actionUuid}`);
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  if (polled.json.status !== "finished") throw new Error(`run ended ${JSON.stringify(polled.json)}`);
  const s = polled.json.actionSummary;
  let km = 0;
  for (const route of fake.inspect().routes) km += route.distanceInKilometers;
  return { ms, cpu, scheduled: s.ordersScheduled as number, routesUsed: s.routesUsed, km: Math.round(km) };
}

const orders = arg("orders", 1000);
const runs = arg("runs", 1);
const perRoute = arg("per-route", 25);
const routes = Math.max(1, Math.round(orders / perRoute));
for (let r = 0; r < runs; r++) {
  const res = await scheduleAll(orders, routes, r + 1);
  console.log(
    `${process.argv.includes("--what-if") ? "what-if " : ""}orders ${orders} routes ${routes} seed ${r + 1}: wall ${(res.ms / 1000).toFixed(2)} s, CPU ${(res.cpu / 1000).toFixed(2)} s, ` +
      `${res.scheduled}/${orders} scheduled on ${res.routesUsed} routes, ${res.km} km`,
  );
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")}`,
);
console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"})`);
