/**
 * Heap per stored order against the order's own API JSON (a benchmark, not a test):
 *
 *   npm run build && node --expose-gc --import tsx bench/heap.ts [--orders 10000] [--from-source]
 *
 * For each case, a fresh fake (its journal on, as by default, unless the case says otherwise) gets `--orders` orders
 * through `fake.fetch` (`POST /v2/orders`), one per request or in batches of 100; the heap is measured after a full
 * garbage collection before and after (`process.memoryUsage()`: `heapUsed` plus `arrayBuffers`, where the journal
 * keeps its bodies; the fake is kept alive until then). Per
 * order: the heap's growth divided by the orders, against the mean length of `JSON.stringify` of an order as
 * `GET /v2/orders/{uuid}` answers it.
 */
import { cpus, loadavg } from "node:os";
import { fromSource, loadFake } from "./packages.js";

const { createFake } = await loadFake();

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const ORDERS = arg("orders", 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Failed to measure the heap: run with node --expose-gc");

/** The heap after full collections, with the bytes of live `ArrayBuffer`s (outside the heap: the journal's bodies). */
const settle = () => {
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

interface Case {
  name: string;
  perRequest: number;
  journal: boolean;
}

async function measure({ perRequest, journal }: Case) {
  const before = settle();
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", ...(journal ? {} : { journal: { limit: 0 } }) });
  const workspaceUuid = fake.workspaces[0]!.uuid;
  const headers = { authorization: `Bearer ${fake.token}`, "content-type": "application/json" };
  for (let done = 0; done < ORDERS; done += perRequest) {
    const orders = Array.from({ length: Math.min(perRequest, ORDERS - done) }, (_, i) => ({
      name: `Customer ${done + i + 1}`,
      deliveryDate: "2026-11-24",
      locations: [{ address: `Bench street ${done + i + 1}, Berlin` }],
      timeWindows: [{ startTime: "09:00", endTime: "17:00" }],
      load: 1 + ((done + i) % 3),
    }));
    const res = await fake.fetch(`/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers,
      body: JSON.stringify(perRequest === 1 ? orders[0] : orders),
    });
    if (res.status !== 201) throw new Error(`POST /v2/orders answered ${res.status}`);
    await res.arrayBuffer();
  }
  const after = settle();
  // The orders' API JSON, read after the heap was measured (reading it allocates).
  let jsonChars = 0;
  const list = await fake.fetch(`/v2/orders?workspaceUuid=${workspaceUuid}&perPage=500`, { headers });
  const page = (await list.json()) as { data: unknown[] };
  for (const order of page.data) jsonChars += JSON.stringify(order).length;
  const perOrderJson = jsonChars / page.data.length;
  const perOrderHeap = (after - before) / ORDERS;
  if (fake.journal.list().length === 0 && journal) throw new Error("Failed to measure with the journal: it is empty");
  return { perOrderHeap, perOrderJson, ratio: perOrderHeap / perOrderJson };
}

const cases: Case[] = [
  { name: "batches of 100, journal on (default)", perRequest: 100, journal: true },
  { name: "one order per request, journal on (default)", perRequest: 1, journal: true },
  { name: "batches of 100, journal off", perRequest: 100, journal: false },
  { name: "one order per request, journal off", perRequest: 1, journal: false },
];
// A first round that is not reported: code compiled, caches filled.
for (const c of cases) await measure({ ...c });
console.log(`### Heap per stored order (${ORDERS.toLocaleString("en-US")} orders per case)\n`);
console.log("| case | heap per order | API JSON per order | ratio | target | met |");
console.log("|---|---|---|---|---|---|");
for (const c of cases) {
  const r = await measure(c);
  const target = c.journal ? "≤ 1.5" : "–";
  const met = c.journal ? (r.ratio <= 1.5 ? "yes" : "no") : "–";
  console.log(
    `| ${c.name} | ${Math.round(r.perOrderHeap)} B | ${Math.round(r.perOrderJson)} B | ${r.ratio.toFixed(2)} | ${target} | ${met} |`,
  );
}
console.log(
  `\nPackages: ${fromSource ? "the sources, through tsx" : "the built packages (dist/)"}. Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")}.`,
);
