/**
 * Webhook deliveries per second to a local node:http receiver (a benchmark, not a test), from the sources:
 *
 *   npx tsx bench/webhooks.ts [--runs 3] [--subscriptions 4] [--events 500] [--answer-ms 0]
 *
 * Each run: a fake, `--subscriptions` subscriptions through `POST /v2/webhooks` to one receiver (one path each),
 * 20 published routes republished until `--events` `route.published` events are emitted, then
 * `fake.runUntilIdle()` timed until every delivery is recorded: signed with WebCrypto HMAC-SHA256, sent over real
 * HTTP (keep-alive, undici), answered 204 after `--answer-ms`. It prints deliveries per second, the most attempts
 * the receiver saw at once, and how many deliveries reached their subscription's path before an event emitted
 * earlier (out of order).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createFake } from "../packages/fake/src/index.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const RUNS = arg("runs", 3);
const SUBSCRIPTIONS = arg("subscriptions", 4);
const EVENTS = arg("events", 500);
const ANSWER_MS = arg("answer-ms", 0);
const ROUTES = 20;
const TOKEN = "bench-token";
const DATE = "2026-11-24";
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const arrived = new Map<string, string[]>();
let open = 0;
let mostOpen = 0;
const receiver = createServer((req, res) => {
  open += 1;
  mostOpen = Math.max(mostOpen, open);
  const id = String(req.headers["x-dispatch-event-id"]);
  req.resume();
  req.on("end", () => {
    const path = req.url ?? "/";
    const list = arrived.get(path) ?? [];
    list.push(id);
    arrived.set(path, list);
    setTimeout(() => {
      open -= 1;
      res.writeHead(204).end();
    }, ANSWER_MS);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

console.log(`machine: ${cpus().length} CPUs, Node ${process.version}, load before ${load()}`);
const rates: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const fake = createFake({ seed: run + 1, token: TOKEN, now: "2026-11-24T07:00:00Z", log: () => {} });
  const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
  const call = async (path: string, body: unknown, status: number) => {
    const res = await fake.fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
    if (res.status !== status) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ data: { uuid: string }[] }>;
  };
  const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
  const location = { address: "Depot", latitude: 52.52, longitude: 13.405 };
  const orders = await call(
    `/v2/orders?workspaceUuid=${workspaceUuid}`,
    Array.from({ length: ROUTES }, (_, i) => ({ deliveryDate: DATE, locations: [{ ...location, address: `S ${i}` }] })),
    201,
  );
  const routes = await call(
    "/v2/routes",
    {
      workspaceUuid,
      routes: Array.from({ length: ROUTES }, (_, i) => ({
        name: `Van ${i + 1}`,
        date: DATE,
        startTime: "08:00",
        endTime: "18:00",
        startLocation: location,
      })),
    },
    201,
  );
  routes.data.forEach((route, i) => {
    fake.control.assignOrders(route.uuid, [orders.data[i]?.uuid ?? ""]);
  });
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    await call("/v2/webhooks", { url: `${base}/hooks/${i}`, events: ["route.published"] }, 201);
  }
  while (fake.events.length < EVENTS) await call("/v2/routes/publish", { workspaceUuid, date: DATE }, 202);
  arrived.clear();
  mostOpen = 0;
  const expected = fake.events.length * SUBSCRIPTIONS;
  const t0 = performance.now();
  await fake.runUntilIdle();
  const elapsed = performance.now() - t0;
  const log = fake.webhooks.deliveries();
  const succeeded = log.filter((d) => d.status === "succeeded").length;
  if (succeeded !== expected) throw new Error(`only ${succeeded} of ${expected} deliveries succeeded`);
  const emitted = new Map(fake.events.map((e, i) => [e.id, i]));
  let outOfOrder = 0;
  for (const ids of arrived.values()) {
    let last = -1;
    for (const id of ids) {
      const at = emitted.get(id) ?? -1;
      if (at < last) outOfOrder += 1;
      last = Math.max(last, at);
    }
  }
  const rate = (expected / elapsed) * 1000;
  rates.push(rate);
  console.log(
    `run ${run + 1}: ${expected} deliveries (${SUBSCRIPTIONS} subscriptions × ${fake.events.length} events) in ${elapsed.toFixed(0)} ms: ${rate.toFixed(0)}/s; most in flight at the receiver ${mostOpen}; out of order ${outOfOrder}; load ${load()}`,
  );
}
rates.sort((a, b) => a - b);
console.log(`median: ${rates[Math.floor(rates.length / 2)]?.toFixed(0)} deliveries/s; load after ${load()}`);
receiver.close();
