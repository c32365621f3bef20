/**
 * What a page of a list costs the standalone server as the store grows (issue 31, point 1), before and after the list
 * indexes, in one run (a benchmark, not a test).
 *
 *   npx tsx bench/lists.ts [--before <commit>] [--sizes 1000,10000,100000] [--runs 5] [--calls 300] [--deliveries 51000]
 *
 * `--before` (default: the commit before the list indexes) is extracted with `git archive` under
 * node_modules/.cache/bench-lists/ and runs from its sources, as this checkout's sources ("after") do: both through
 * tsx, so both pay the same source-run costs. For each size, one server process of each version (`startServer`,
 * its own process, the CPU of which is read over IPC, never through the server) stores that many orders of one
 * workspace (spread over 10 delivery dates, loaded through `fake.fetch` before it listens); then, `--runs` times,
 * alternating the versions, the bench sends `--calls` sequential requests of each kind over keep-alive and divides
 * the server's CPU time by them:
 * - single GET: `GET /v2/orders/{uuid}`;
 * - first page: `GET /v2/orders?workspaceUuid=…` (100 a page, the default);
 * - date page: the same with `&date=` (a tenth of the orders);
 * - last page: the same with `&page=<last>`.
 *
 * Then `GET /_fake/webhook-deliveries` (no paging parameters) with `--deliveries` records in the log, from a
 * standalone server in this process, its wall time, median of `--runs` (0 skips it).
 *
 * Prints markdown tables of medians (µs of server CPU per request; ms) and the machine.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TOKEN = "bench-token";
const DATES = Array.from({ length: 10 }, (_, i) => `2026-12-${String(i + 1).padStart(2, "0")}`);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The server process: `tsx bench/lists.ts --serve <root> <orders>`

/** `startServer` of a checkout: `@dispatchkit/fake-server` since the package split, `@dispatchkit/fake/node` before. */
async function serverOf(root: string): Promise<typeof import("../packages/fake-server/src/index.js")> {
  const split = join(root, "packages/fake-server/src/index.ts");
  const entry = existsSync(split) ? split : join(root, "packages/fake/src/node.ts");
  return (await import(pathToFileURL(entry).href)) as typeof import("../packages/fake-server/src/index.js");
}

async function serve(root: string, count: number): Promise<void> {
  const src = (entry: string) => pathToFileURL(join(root, "packages/fake/src", `${entry}.ts`)).href;
  const { createFake } = (await import(src("index"))) as typeof import("../packages/fake/src/index.js");
  const { startServer } = await serverOf(root);
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", token: TOKEN, log: () => {} });
  const workspaceUuid = fake.workspaces[0]!.uuid;
  let firstUuid = "";
  for (let done = 0; done < count; ) {
    const n = Math.min(500, count - done);
    const batch = Array.from({ length: n }, (_, k) => {
      const i = done + k;
      return {
        name: `Customer ${i}`,
        deliveryDate: DATES[i % DATES.length],
        locations: [
          { address: `Street ${i}, Berlin`, latitude: 52.4 + (i % 997) / 5000, longitude: 13.3 + (i % 991) / 5000 },
        ],
      };
    });
    const res = await fake.fetch(`/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(batch),
    });
    if (res.status !== 201) throw new Error(`Failed to seed orders: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: { uuid: string }[] };
    firstUuid ||= body.data[0]!.uuid;
    done += n;
  }
  const running = await startServer(fake, { port: 0 });
  process.on("message", (message: { id: number }) => {
    const { user, system } = process.cpuUsage();
    process.send?.({ id: message.id, result: { cpu: user + system } });
  });
  console.log(JSON.stringify({ url: running.url, workspaceUuid, orderUuid: firstUuid }));
}

// ---------------------------------------------------------------------------------------------------------------
// The bench

interface Server {
  process: ChildProcess;
  info: { url: string; workspaceUuid: string; orderUuid: string };
  cpu(): Promise<number>;
}

function startServerProcess(root: string, count: number): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/lists.ts", "--serve", root, String(count)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  let next = 0;
  const waiting = new Map<number, (cpu: number) => void>();
  child.on("message", (message: { id: number; result: { cpu: number } }) =>
    waiting.get(message.id)?.(message.result.cpu),
  );
  const cpu = () =>
    new Promise<number>((resolve) => {
      const id = next++;
      waiting.set(id, (value) => {
        waiting.delete(id);
        resolve(value);
      });
      child.send({ id });
    });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench server (${root}) exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", (line) =>
      resolve({ process: child, info: JSON.parse(line) as Server["info"], cpu }),
    );
  });
}

/** Server CPU (µs) per request of `calls` sequential GETs of `path`. */
async function measure(server: Server, path: string, calls: number): Promise<number> {
  const url = `${server.info.url}${path}`;
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 10; i++) await get(); // warm up
  const before = await server.cpu();
  for (let i = 0; i < calls; i++) await get();
  return ((await server.cpu()) - before) / calls;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Extract `commit`'s sources where their imports of the workspace's packages still resolve. */
function extract(commit: string): string {
  const dir = join(ROOT, "node_modules/.cache/bench-lists", commit);
  if (!existsSync(join(dir, "packages/fake/src/index.ts"))) {
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${commit} packages/fake openapi.yaml package.json | tar -x -C "${dir}"`], {
      cwd: ROOT,
    });
  }
  return dir;
}

async function bench(): Promise<void> {
  const before = option("before") ?? "84dfc98";
  const sizes = (option("sizes") ?? "1000,10000,100000")
    .split(",")
    .map(Number)
    .filter((n) => n > 0);
  const runs = Number(option("runs") ?? 5);
  const calls = Number(option("calls") ?? 300);
  const versions = [
    { name: `before (${before})`, root: extract(before) },
    { name: "after", root: ROOT },
  ];
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(", ");
  const loadBefore = load();
  const kinds = ["single GET", "first page", "date page", "last page"] as const;
  const rows: string[] = [];
  for (const size of sizes) {
    const servers = await Promise.all(versions.map((v) => startServerProcess(v.root, size)));
    const results = versions.map(() => new Map<string, number[]>(kinds.map((k) => [k, []])));
    for (let run = 0; run < runs; run++) {
      for (const [i, server] of run % 2 ? [...servers.entries()].reverse() : [...servers.entries()]) {
        const { workspaceUuid, orderUuid } = server.info;
        const list = `/v2/orders?workspaceUuid=${workspaceUuid}`;
        const paths: Record<(typeof kinds)[number], string> = {
          "single GET": `/v2/orders/${orderUuid}`,
          "first page": list,
          "date page": `${list}&date=${DATES[3]}`,
          "last page": `${list}&page=${Math.ceil(size / 100)}`,
        };
        for (const kind of kinds) results[i]!.get(kind)!.push(await measure(server, paths[kind], calls));
      }
      console.error(`  ${size} orders: run ${run + 1} of ${runs} (load ${load()})`);
    }
    for (const [i, version] of versions.entries()) {
      const cells = kinds.map((k) => Math.round(median(results[i]!.get(k)!)).toLocaleString("en-US"));
      rows.push(`| ${size.toLocaleString("en-US")} | ${version.name} | ${cells.join(" | ")} |`);
    }
    for (const server of servers) server.process.kill();
  }
  console.log(`\nServer CPU per request (µs, median of ${runs} runs of ${calls} sequential requests each)\n`);
  console.log(`| stored orders | version | ${kinds.join(" | ")} |`);
  console.log(`|---:|---|${kinds.map(() => "---:").join("|")}|`);
  for (const row of rows) console.log(row);
  const deliveries = Number(option("deliveries") ?? 51_000);
  if (deliveries > 0) {
    console.log(
      `\n\`GET /_fake/webhook-deliveries\` with ${deliveries.toLocaleString("en-US")} deliveries in the log (server in the bench's process)\n`,
    );
    console.log("| version | wall time (ms, median) | answer (bytes) |");
    console.log("|---|---:|---:|");
    for (const version of versions) {
      const { ms, bytes } = await deliveriesList(version.root, deliveries, runs);
      console.log(`| ${version.name} | ${Math.round(ms).toLocaleString("en-US")} | ${bytes.toLocaleString("en-US")} |`);
    }
  }
  console.log(
    `\n${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, Node ${process.version}, load average ${loadBefore} before, ${load()} after`,
  );
}

/**
 * `GET /_fake/webhook-deliveries` (no paging parameters: what a client that read the whole log sends) with `count`
 * deliveries in the log, from a standalone server in this process: wall time of the request (ms; the server's thread
 * answers no one else meanwhile), median of `runs`.
 */
async function deliveriesList(root: string, count: number, runs: number): Promise<{ ms: number; bytes: number }> {
  const src = (entry: string) => pathToFileURL(join(root, "packages/fake/src", `${entry}.ts`)).href;
  const { createFake } = (await import(src("index"))) as typeof import("../packages/fake/src/index.js");
  const { runtimeOf } = (await import(src("runtime"))) as typeof import("../packages/fake/src/runtime.js");
  const { startServer } = await serverOf(root);
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", token: TOKEN, log: () => {} });
  const { webhooks } = runtimeOf(fake).context.state;
  for (let i = 1; i <= count; i++) {
    webhooks.deliveries.set(`whd_${i}`, {
      id: `whd_${i}`,
      organizationId: fake.organization.id,
      subscriptionUuid: "00000000-0000-4000-8000-000000000001",
      url: "https://hooks.example.test/bench",
      eventId: `evt_${i}`,
      eventType: "order.status_updated",
      status: "cancelled",
      createdAt: Date.parse("2026-11-23T08:00:00Z"),
      nextAttemptAt: null,
      attempts: [],
      redeliveryOf: null,
    });
  }
  webhooks.lastDelivery = count;
  const running = await startServer(fake, { port: 0 });
  const times: number[] = [];
  let bytes = 0;
  try {
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now();
      const res = await fetch(`${running.url}/_fake/webhook-deliveries`);
      if (res.status !== 200) throw new Error(`GET /_fake/webhook-deliveries: ${res.status} ${await res.text()}`);
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - t0);
    }
  } finally {
    await running.close();
  }
  return { ms: median(times), bytes };
}

if (process.argv[2] === "--serve") await serve(process.argv[3]!, Number(process.argv[4]));
else await bench();
