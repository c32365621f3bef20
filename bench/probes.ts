/**
 * The probes of issue 22 (items 1–5) against the standalone fake as `npm start` runs it (`dispatch-fake --empty`, from
 * source), each in a fresh server process. Meanwhile another process asks `GET /v2/workspaces` every 50 ms and keeps
 * its slowest answer; the server's peak RSS is its `VmHWM` (Linux) at the end of the probe. A benchmark, not a
 * test: the tests of each bound are in packages/fake/test (standalone-limits, control-journal, webhooks-bounds, …).
 *
 *   npx tsx bench/probes.ts [--only name,name] [--text-posts 1000] [--subscriptions 1000] [--events 51]
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const TOKEN = "dev-token";
const CLI = fileURLToPath(new URL("../packages/fake-server/src/cli/main.ts", import.meta.url));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const MIB = 1024 * 1024;

/** The poller: `GET /v2/workspaces` every 50 ms until told to stop; reports the slowest answer and any failure. */
async function poll(url: string): Promise<void> {
  let slowest = 0;
  let failures = 0;
  let answers = 0;
  let stop = false;
  process.on("message", () => {
    stop = true;
  });
  while (!stop) {
    const start = performance.now();
    try {
      const res = await fetch(`${url}/v2/workspaces`, {
        headers: { authorization: `Bearer ${TOKEN}` },
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.status === 200) answers++;
      else failures++;
    } catch {
      failures++;
    }
    slowest = Math.max(slowest, performance.now() - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  process.send?.({ slowest, failures, answers });
}

interface Server {
  url: string;
  child: ChildProcess;
  /** Peak and current resident memory in MB (Linux `/proc`). */
  memory(): { peak: number; now: number };
}

async function startFake(): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "--port", "0", "--empty", "--quiet"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`Failed to start the fake: exit ${code}`)));
  });
  child.stdout!.resume();
  const kb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  return { url, child, memory: () => ({ peak: Math.round(kb("VmHWM")), now: Math.round(kb("VmRSS")) }) };
}

const json = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };

/** Send `count` requests made by `make`, `concurrency` at a time; count the answers by status (0: no answer). */
async function send(count: number, concurrency: number, make: (i: number) => Promise<Response>) {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        let status = 0;
        try {
          const res = await make(i);
          await res.arrayBuffer();
          status = res.status;
        } catch {}
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return [...statuses].map(([status, n]) => `${status} × ${n}`).join(", ");
}

async function workspaceOf(url: string): Promise<string> {
  const res = await fetch(`${url}/v2/workspaces`, { headers: json });
  return ((await res.json()) as { data: { uuid: string }[] }).data[0]!.uuid;
}

const order = (i: number) => ({
  name: `Probe ${i}`,
  deliveryDate: "2026-11-30",
  locations: [{ address: `Probe street ${i}`, latitude: 52.5 + (i % 100) / 1000, longitude: 13.4 + (i % 97) / 1000 }],
});

const probes: Record<string, (url: string) => Promise<string>> = {
  /** Item 2: 5 MiB text/plain POSTs without a token (answered 401); the journal keeps each body as its size. */
  async "unauthenticated 5 MiB text/plain POSTs"(url) {
    const n = arg("--text-posts", 1000);
    const body = "x".repeat(5 * MIB);
    return send(n, 4, () =>
      fetch(`${url}/v2/orders`, { method: "POST", headers: { "content-type": "text/plain" }, body }),
    );
  },
  /** Item 2: 1 MiB of nested arrays, 100 times; then the journal still reads. */
  async "1 MiB [[[…]]] bodies, then GET /_fake/journal"(url) {
    const workspace = await workspaceOf(url);
    const body = `${"[".repeat(MIB / 2)}${"]".repeat(MIB / 2)}`;
    const sent = await send(100, 4, () =>
      fetch(`${url}/v2/orders?workspaceUuid=${workspace}`, { method: "POST", headers: json, body }),
    );
    const journal = await fetch(`${url}/_fake/journal`);
    await journal.arrayBuffer();
    return `${sent}; journal ${journal.status}`;
  },
  /** Item 5: 20,000 orders, then 125 snapshots over HTTP. */
  async "20,000 orders, then 125 POST /_fake/snapshots"(url) {
    const workspace = await workspaceOf(url);
    await send(20, 2, (b) =>
      fetch(`${url}/v2/orders?workspaceUuid=${workspace}`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(Array.from({ length: 1000 }, (_, i) => order(b * 1000 + i))),
      }),
    );
    return send(125, 1, () => fetch(`${url}/_fake/snapshots`, { method: "POST" }));
  },
  /** Item 4: a subscription at the server itself is refused. */
  async "webhook at the server's own /_fake/ endpoints"(url) {
    const port = new URL(url).port;
    const targets = [`${url}/_fake/tokens/${TOKEN}/expire`, `http://localhost:${port}/_fake/reset`];
    return send(targets.length, 1, (i) =>
      fetch(`${url}/v2/webhooks`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ url: targets[i], events: ["route.published"] }),
      }),
    );
  },
  /** Item 4: many subscriptions × many events at one healthy local receiver. */
  async "1,000 subscriptions × 51 events to a local receiver"(url) {
    const subscriptions = arg("--subscriptions", 1000);
    const events = arg("--events", 51);
    let received = 0;
    const receiver = createServer((req, res) => {
      req.resume().on("end", () => {
        received++;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const workspace = await workspaceOf(url);
    await send(subscriptions, 8, () =>
      fetch(`${url}/v2/webhooks`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ url: hook, events: ["route.published"] }),
      }),
    );
    // One route with one order, published `events` times: one `route.published` per publish per subscription.
    const created = await fetch(`${url}/v2/orders?workspaceUuid=${workspace}`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(order(1)),
    });
    const orderUuid = ((await created.json()) as { data: { uuid: string }[] }).data[0]!.uuid;
    const route = await fetch(`${url}/v2/routes`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        workspaceUuid: workspace,
        routes: [
          {
            name: "Probe van",
            date: "2026-11-30",
            startTime: "08:00",
            endTime: "18:00",
            startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
          },
        ],
      }),
    });
    const routeUuid = ((await route.json()) as { data: { uuid: string }[] }).data[0]!.uuid;
    const scheduled = await fetch(`${url}/v2/schedules`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ workspaceUuid: workspace, date: "2026-11-30", orders: [orderUuid], routes: [routeUuid] }),
    });
    // The server plans on a worker thread: the run is pending until its plan is back.
    const { actionUuid } = (await scheduled.json()) as { actionUuid: string };
    let status = "pending";
    while (status === "pending") {
      await new Promise((r) => setTimeout(r, 50));
      const poll = await fetch(`${url}/v2/schedules/actions/${actionUuid}`, { headers: json });
      status = ((await poll.json()) as { status: string }).status;
    }
    if (status !== "finished") throw new Error(`Failed to schedule the probe's route: ${status}`);
    const start = performance.now();
    for (let i = 0; i < events; i++) {
      await fetch(`${url}/v2/routes/publish`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ workspaceUuid: workspace, date: "2026-11-30", routeUuids: [routeUuid] }),
      });
    }
    const expected = subscriptions * events;
    while (received < expected && performance.now() - start < 600_000) await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - start) / 1000;
    receiver.close();
    return `${received} of ${expected} delivered in ${seconds.toFixed(1)} s (${Math.round(received / seconds)}/s)`;
  },
};

async function main(): Promise<void> {
  const only = process.argv.includes("--only")
    ? new Set(process.argv[process.argv.indexOf("--only") + 1]!.split(","))
    : undefined;
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
  console.log("| probe | answers | slowest GET meanwhile | GETs failed | peak RSS | RSS after | alive after |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [name, probe] of Object.entries(probes)) {
    if (only && ![...only].some((o) => name.includes(o))) continue;
    const server = await startFake();
    const poller = fork(fileURLToPath(import.meta.url), ["poll", server.url], { execArgv: ["--import", "tsx"] });
    const report = new Promise<{ slowest: number; failures: number; answers: number }>((resolve) =>
      poller.once("message", (m) => resolve(m as { slowest: number; failures: number; answers: number })),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const outcome = await probe(server.url);
    poller.send("stop");
    const polled = await report;
    const alive =
      (await fetch(`${server.url}/v2/workspaces`, { headers: json }).catch(() => undefined))?.status === 200;
    const memory = server.memory();
    server.child.kill("SIGKILL");
    console.log(
      `| ${name} | ${outcome} | ${Math.round(polled.slowest)} ms (${polled.answers} GETs) | ${polled.failures} | ${memory.peak} MB | ${memory.now} MB | ${alive ? "yes" : "**no**"} |`,
    );
  }
  console.log(
    `\nload at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
}

if (process.argv[2] === "poll") await poll(process.argv[3]!);
else await main();
