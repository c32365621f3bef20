/**
 * One order sent as an array to `POST /v2/orders`, in process (`fake.fetch`), against one sent as an object: the
 * cost of the array's body schema (issue 31 found it rebuilt on every request).
 *
 *   npx tsx bench/order-array.ts [--runs N]
 *
 * Prints the median microseconds per request of each shape over N requests (default 5,000) after a warm-up.
 */
import { performance } from "node:perf_hooks";
import { createFake } from "../packages/fake/src/index.js";

const at = process.argv.indexOf("--runs");
const runs = at >= 0 && Number(process.argv[at + 1]) > 0 ? Number(process.argv[at + 1]) : 5000;

const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", log: () => {} });
const ws = fake.workspaces[0]!;
const order = {
  name: "Bench order",
  deliveryDate: "2026-11-24",
  locations: [{ address: "1 Main St", latitude: ws.serviceArea.latitude, longitude: ws.serviceArea.longitude }],
};
const url = `${fake.baseUrl}/v2/orders?workspaceUuid=${ws.uuid}`;

async function post(body: unknown): Promise<void> {
  const res = await fake.fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST /v2/orders answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

async function measure(body: unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await post(body);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return (times[Math.floor(times.length / 2)] ?? 0) * 1000;
}

for (let i = 0; i < 500; i++) await post([order]);
const array = await measure([order]);
const object = await measure(order);
console.log(`| body | µs per request (median of ${runs}) |\n|---|---|`);
console.log(`| one order in an array | ${array.toFixed(1)} |`);
console.log(`| one order as an object | ${object.toFixed(1)} |`);
