/**
 * Soak: 100,000 mixed requests against the standalone fake in a child process (a list, a fetch, a create, an update and a completion on v2; a list of routes, a fetch and a create
 * on v1; the completion answers 409 ORDER_NOT_PUBLISHED, the order is on no route), with its resident memory before, after, and after a forced GC; throughput and p99 from autocannon.
 * With `--slow-webhook` a subscription to every event points at a receiver that answers after 2 s, so deliveries
 * back up; the server's memory and latency must stay bounded and every delivery attempt is counted at the receiver.
 *
 *   npx tsx bench/soak.ts [--requests 100000 --slow-webhook]
 */
import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";

const TOKEN = "soak-token";
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};

async function serve(): Promise<void> {
  const { createFake } = await import("../packages/fake/src/index.js");
  const { startServer } = await import("../packages/fake-server/src/index.js");
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", token: TOKEN, log: () => {} });
  const running = await startServer(fake, { port: 0 });
  const ws = fake.workspaces[0]!;
  // A day with orders on routes, so publishing it fires `route.published` (one event per route per publish).
  const { seedDemoData } = await import("../packages/fake-server/src/demo.js");
  const demo = await seedDemoData(fake, { orders: 12, routes: 3 });
  const get = async (path: string) =>
    (await (await fake.fetch(`${fake.baseUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as {
      data: { uuid: string }[];
    };
  const routes = (await get(`/v2/routes?workspaceUuid=${ws.uuid}&date=${demo.date}`)).data;
  const orders = (await get(`/v2/orders?workspaceUuid=${ws.uuid}&date=${demo.date}&perPage=100`)).data;
  routes.forEach((route, i) => {
    fake.control.assignOrders(
      route.uuid,
      orders.filter((_, j) => j % routes.length === i).map((o) => o.uuid),
    );
  });
  process.on("message", (command: string) => {
    if (command !== "memory") return;
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    process.send?.({ rss: m.rss, heapUsed: m.heapUsed });
  });
  console.log(
    JSON.stringify({ url: running.url, workspaceUuid: ws.uuid, workspaceId: ws.workspaceId, date: demo.date }),
  );
}

type Memory = { rss: number; heapUsed: number };

async function main(): Promise<void> {
  const requests = arg("--requests", 100_000);
  const slow = process.argv.includes("--slow-webhook");
  const child = fork(new URL(import.meta.url).pathname, ["server"], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const info = await new Promise<{ url: string; workspaceUuid: string; workspaceId: number; date: string }>((resolve) =>
    child.stdout!.once("data", (d: Buffer) => resolve(JSON.parse(d.toString()))),
  );
  const memory = () =>
    new Promise<Memory>((resolve) => {
      child.once("message", (m) => resolve(m as Memory));
      child.send("memory");
    });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${info.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // The few fields the soak reads from the answers it checks.
    const answer = (await res.json().catch(() => null)) as { data: { uuid: string }[] } | null;
    return { status: res.status, body: answer };
  };

  let received = 0;
  let receiver: ReturnType<typeof createServer> | undefined;
  if (slow) {
    receiver = createServer((req, res) => {
      req.resume();
      received++;
      setTimeout(() => res.writeHead(204).end(), 2000);
    });
    await new Promise<void>((r) => receiver!.listen(0, "127.0.0.1", r));
    const port = (receiver.address() as AddressInfo).port;
    const sub = await api("POST", "/v2/webhooks", {
      url: `http://127.0.0.1:${port}/hook`,
      events: ["route.published", "route.eta_updated", "order.status_updated"],
    });
    if (sub.status !== 201) throw new Error(`Failed to subscribe: ${sub.status} ${JSON.stringify(sub.body)}`);
  }

  // One order to read and update, one completed order (completing it again answers 409 ORDER_COMPLETED).
  const order = { name: "Soak customer", deliveryDate: "2026-11-24", locations: [{ address: "Soak street 1" }] };
  const created = await api("POST", `/v2/orders?workspaceUuid=${info.workspaceUuid}`, order);
  const uuid = created.body?.data[0]?.uuid;
  if (created.status !== 201 || uuid === undefined)
    throw new Error(`Failed to create the soak order: ${created.status}`);
  const before = await memory();
  const json = { "content-type": "application/json", authorization: `Bearer ${TOKEN}` };
  const mix: autocannon.Request[] = [
    { method: "GET", path: `/v2/orders?workspaceUuid=${info.workspaceUuid}&perPage=10` },
    { method: "GET", path: `/v2/orders/${uuid}` },
    { method: "POST", path: `/v2/orders?workspaceUuid=${info.workspaceUuid}`, body: JSON.stringify(order) },
    { method: "PUT", path: `/v2/orders/${uuid}`, body: JSON.stringify({ ...order, name: "Soak customer 2" }) },
    { method: "POST", path: `/v2/orders/${uuid}/complete`, body: JSON.stringify({ status: "delivered" }) },
    { method: "GET", path: `/v1/routes?workspaceId=${info.workspaceId}` },
    { method: "GET", path: `/v1/orders/${uuid}` },
    { method: "POST", path: `/v1/orders?workspaceId=${info.workspaceId}`, body: JSON.stringify([order]) },
    // With the slow receiver: republish the demo day (3 routes), each publish fires 3 `route.published` events.
    ...(slow
      ? [
          {
            method: "POST" as const,
            path: "/v2/routes/publish",
            body: JSON.stringify({ workspaceUuid: info.workspaceUuid, date: info.date }),
          },
        ]
      : []),
  ];
  let keys = 0;
  const result = await autocannon({
    url: info.url,
    connections: 10,
    amount: requests,
    headers: json,
    // Every POST with a key of its own, as the SDK sends them: the idempotency store fills as it would in use.
    requests: mix.map((r) =>
      r.method === "POST"
        ? {
            ...r,
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              headers: { ...req.headers, "idempotency-key": `soak-${++keys}` },
            }),
          }
        : r,
    ),
  });
  const after = await memory();
  const creates = Math.round((requests * 2) / mix.length);
  const statuses: Record<string, number> = {};
  for (const [k, v] of Object.entries(result.statusCodeStats ?? {})) statuses[k] = (v as { count: number }).count;
  let drained: Memory | undefined;
  if (slow) {
    await new Promise((r) => setTimeout(r, 5000));
    drained = await memory();
  }
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    JSON.stringify({
      requests: result.requests.total,
      seconds: result.duration,
      rps: Math.round(result.requests.average),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
      statuses,
      rssBeforeMB: mb(before.rss),
      rssAfterGcMB: mb(after.rss),
      heapBeforeMB: mb(before.heapUsed),
      heapAfterGcMB: mb(after.heapUsed),
      ordersCreated: creates,
      heapBytesPerOrder: Math.round((after.heapUsed - before.heapUsed) / creates),
      ...(drained ? { heapAfterDrainMB: mb(drained.heapUsed), rssAfterDrainMB: mb(drained.rss) } : {}),
      ...(slow ? { webhookPostsReceived: received } : {}),
      loadavg: loadavg().map((l) => l.toFixed(2)),
      cpus: cpus().length,
      node: process.version,
    }),
  );
  child.kill();
  receiver?.close();
  receiver?.closeAllConnections();
}

if (process.argv[2] === "server") await serve();
else await main();
