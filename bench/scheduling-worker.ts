/**
 * A large scheduling run against the standalone server, and another client meanwhile: `startServer` in a child
 * process with 1,000 orders and 500 routes for one day, one client starts the run (`POST /v2/schedules`) and polls
 * it until it ends, while another sends `GET /v2/orders/{uuid}` every 10 ms. It reports the longest wait of that GET
 * during the run, with the run planned on the worker thread (`schedulingWorker: true`, what `dispatch-fake serve`
 * does) and, for comparison, within the request (`schedulingWorker: false`, as before).
 *
 *   npx tsx bench/scheduling-worker.ts [--orders 1000 --routes 500 --runs 2 --from-dist]
 *
 * `--from-dist` serves the built package (`npm run build` first, what `npx dispatch-fake` runs) instead of the
 * sources through tsx.
 */
import { fork } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { BENCH_DATE, orderBodies } from "./bench-orders.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const TOKEN = "bench-token";
const FROM = process.argv.includes("--from-dist") ? "dist" : "src";
const CENTRE = { latitude: 52.52, longitude: 13.405 };

/** The child: a fake behind startServer, with or without the scheduling worker; prints its URL. */
async function serve(worker: boolean, fromDist: boolean): Promise<void> {
  const { createFake } = (await import(
    fromDist ? "../packages/fake/dist/index.js" : "../packages/fake/src/index.js"
  )) as typeof import("../packages/fake/src/index.js");
  const { startServer } = (await import(
    fromDist ? "../packages/fake-server/dist/index.js" : "../packages/fake-server/src/index.js"
  )) as typeof import("../packages/fake-server/src/index.js");
  const fake = createFake({ seed: 1, now: `${BENCH_DATE}T06:00:00Z`, token: TOKEN, log: () => {} });
  const running = await startServer(fake, { port: 0, schedulingWorker: worker });
  console.log(JSON.stringify({ url: running.url, workspaceUuid: fake.workspaces[0]?.uuid }));
}

const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(worker: boolean, orders: number, routes: number) {
  const child = fork(new URL(import.meta.url).pathname, ["server", worker ? "worker" : "request", FROM], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  try {
    const { url, workspaceUuid } = await new Promise<{ url: string; workspaceUuid: string }>((resolve) =>
      child.stdout!.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()))),
    );
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      return (await res.json()) as Record<string, unknown>;
    };
    const created = await post(`/v2/orders?workspaceUuid=${workspaceUuid}`, orderBodies(orders, 3, CENTRE));
    const someOrder = (created.data as { uuid: string }[])[0]!.uuid;
    const depot = { address: "Depot", latitude: CENTRE.latitude, longitude: CENTRE.longitude };
    for (let i = 0; i < routes; i += 100) {
      await post("/v2/routes", {
        workspaceUuid,
        routes: Array.from({ length: Math.min(100, routes - i) }, (_, k) => ({
          name: `Route ${i + k + 1}`,
          date: BENCH_DATE,
          startTime: "08:00",
          endTime: "18:00",
          startLocation: depot,
        })),
      });
    }
    // The other client: a GET every 10 ms, from before the run starts until it ends.
    let running = true;
    const gets: number[] = [];
    const poller = (async () => {
      while (running) {
        const t = performance.now();
        await (await fetch(`${url}/v2/orders/${someOrder}`, { headers })).arrayBuffer();
        gets.push(performance.now() - t);
        await sleep(Math.max(0, 10 - (performance.now() - t)));
      }
    })();
    await sleep(200);
    const start = performance.now();
    const started = await post("/v2/schedules", { workspaceUuid, date: BENCH_DATE });
    const accepted = performance.now() - start;
    let action: Record<string, unknown> = {};
    for (;;) {
      action = (await (await fetch(`${url}/v2/schedules/${started.actionUuid}`, { headers })).json()) as Record<
        string,
        unknown
      >;
      if (action.status !== "pending") break;
      await sleep(50);
    }
    const runMs = performance.now() - start;
    running = false;
    await poller;
    const summary = action.actionSummary as { ordersScheduled: number; routesUsed: number };
    return { accepted, runMs, maxGet: Math.max(...gets), gets: gets.length, status: action.status, summary };
  } finally {
    child.kill();
  }
}

async function main(): Promise<void> {
  const orders = arg("--orders", 1000);
  const routes = arg("--routes", 500);
  const runs = arg("--runs", 2);
  const before = loadavg()[0]!.toFixed(1);
  for (let run = 1; run <= runs; run++) {
    for (const worker of [true, false]) {
      const r = await measure(worker, orders, routes);
      console.log(
        `run ${run}, ${worker ? "worker thread " : "in the request"}: ${orders} orders x ${routes} routes ${r.status} in ${(r.runMs / 1000).toFixed(1)} s (${r.summary.ordersScheduled} scheduled on ${r.summary.routesUsed} routes); POST answered in ${r.accepted.toFixed(0)} ms; other client's GET (${r.gets}): longest ${r.maxGet.toFixed(0)} ms`,
      );
    }
  }
  console.log(
    `machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}, load average ${before} → ${loadavg()[0]!.toFixed(1)}; ${FROM === "dist" ? "built package" : "sources through tsx"}`,
  );
}

if (process.argv[2] === "server") await serve(process.argv[3] === "worker", process.argv[4] === "dist");
else await main();
