/**
 * State saves at 100 MB: `dispatch-fake serve --state FILE` in a child process, filled with orders until its state
 * file is about `--mb` megabytes, then for `--seconds` one order is created every `--every` ms (each creation makes
 * a save due) while a plain `GET /v2/orders/{uuid}` is sent every 10 ms. It reports the longest wait of a GET (and
 * of a POST) during saves, and the durability window: for every created order, from its 201 to the rename of the
 * first file whose capture began after it (the file's `savedAt`, read from its first bytes at each rename). Last, a
 * `kill -9` check: orders confirmed more than `--window` ms before the kill must be in the file it leaves.
 *
 *   npx tsx bench/state-saves.ts [--mb 100 --seconds 20 --every 250 --window 3000 --from-dist --trace-gc]
 *
 * `--from-dist` runs the built CLI (`npm run build` first) instead of the sources through tsx; `--trace-gc` prints the
 * server's garbage collections that paused it for more than 50 ms.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, watch } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { BENCH_DATE, orderBodies } from "./bench-orders.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const MB = arg("--mb", 100);
const SECONDS = arg("--seconds", 20);
const EVERY_MS = arg("--every", 250);
const WINDOW_MS = arg("--window", 3000);
const FROM_DIST = process.argv.includes("--from-dist");
const TRACE_GC = process.argv.includes("--trace-gc");
const TOKEN = "bench-token";
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CENTRE = { latitude: 52.52, longitude: 13.405 };

function start(file: string): Promise<{ child: ChildProcess; url: string }> {
  const args = FROM_DIST
    ? [join(ROOT, "packages/fake-server/dist/cli.js")]
    : ["--import", "tsx", join(ROOT, "packages/fake-server/src/cli/main.ts")];
  const child = spawn(
    process.execPath,
    [
      ...(TRACE_GC ? ["--trace-gc"] : []),
      ...args,
      "serve",
      "--port",
      "0",
      "--empty",
      "--quiet",
      "--token",
      TOKEN,
      "--state",
      file,
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`dispatch-fake exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      // With --trace-gc: the collections that paused the server's thread for more than 50 ms.
      const pause = /(Mark-Compact|Scavenge)[^,]*, ([\d.]+) \/ [\d.]+ ms/.exec(line);
      if (pause && Number(pause[2]) > 50) console.log(`  gc pause: ${pause[1]} ${pause[2]} ms`);
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (url) resolve({ child, url });
    });
  });
}

const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };

async function workspaceOf(url: string): Promise<string> {
  const body = (await (await fetch(`${url}/v2/workspaces`, { headers })).json()) as { data: { uuid: string }[] };
  return body.data[0]!.uuid;
}

async function createOrders(url: string, workspace: string, bodies: unknown[]): Promise<string[]> {
  const res = await fetch(`${url}/v2/orders?workspaceUuid=${workspace}`, {
    method: "POST",
    headers,
    body: JSON.stringify(bodies),
  });
  if (res.status !== 201) throw new Error(`POST /v2/orders answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { uuid: string }[] }).data.map((o) => o.uuid);
}

/** The `savedAt` of the state file now: read from its first bytes, without reading the whole file. */
function savedAtOf(file: string): number | undefined {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(200);
    const n = readSync(fd, head, 0, head.length, 0);
    const at = /"savedAt": "([^"]+)"/.exec(head.subarray(0, n).toString("utf8"))?.[1];
    return at ? Date.parse(at) : undefined;
  } finally {
    closeSync(fd);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "dispatch-fake-bench-saves-"));
  const file = join(dir, "state.json");
  const load = [loadavg()[0]!.toFixed(1)];
  try {
    let { child, url } = await start(file);
    const workspace = await workspaceOf(url);
    // Fill: 1,000 orders per request until the file is about MB megabytes (about 1.25 kB of file per order).
    const target = MB * 1_000_000;
    let made = 0;
    let firstUuid = "";
    const fillStart = performance.now();
    while (made * 1250 < target) {
      const uuids = await createOrders(url, workspace, orderBodies(1000, 11, CENTRE, made));
      firstUuid ||= uuids[0]!;
      made += 1000;
    }
    // Let the last saves land, then read the size.
    for (let size = 0; ; ) {
      await sleep(3000);
      const now = statSync(file).size;
      if (now === size) break;
      size = now;
    }
    const bytes = statSync(file).size;
    console.log(
      `filled: ${made} orders, state file ${(bytes / 1e6).toFixed(1)} MB, in ${((performance.now() - fillStart) / 1000).toFixed(0)} s`,
    );

    // Renames of the state file: when, and the savedAt of the file renamed in.
    const renames: { at: number; savedAt: number }[] = [];
    const watcher = watch(dir, (_event, name) => {
      if (name !== "state.json") return;
      const at = Date.now();
      try {
        const savedAt = savedAtOf(file);
        if (savedAt !== undefined && renames.at(-1)?.savedAt !== savedAt) renames.push({ at, savedAt });
      } catch {}
    });

    // The load: a GET every 10 ms, a one-order POST every EVERY_MS, for SECONDS.
    const gets: number[] = [];
    const posts: { sent: number; confirmed: number; ms: number; uuid: string }[] = [];
    const end = Date.now() + SECONDS * 1000;
    const poller = (async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await fetch(`${url}/v2/orders/${firstUuid}`, { headers });
        await res.arrayBuffer();
        gets.push(performance.now() - t);
        await sleep(Math.max(0, 10 - (performance.now() - t)));
      }
    })();
    const poster = (async () => {
      let i = 0;
      while (Date.now() < end) {
        const t = performance.now();
        const sent = Date.now();
        const [uuid] = await createOrders(url, workspace, orderBodies(1, 12, CENTRE, made + i++));
        posts.push({ sent, confirmed: Date.now(), ms: performance.now() - t, uuid: uuid! });
        await sleep(Math.max(0, EVERY_MS - (performance.now() - t)));
      }
    })();
    await Promise.all([poller, poster]);
    await sleep(6000);
    watcher.close();
    const windows = posts.flatMap(({ confirmed }) => {
      const landed = renames.find((r) => r.savedAt >= confirmed);
      return landed ? [landed.at - confirmed] : [];
    });
    const saves = renames.length;
    console.log(
      `saves: ${saves} in ${SECONDS} s; GET (${gets.length}): p50 ${percentile(gets, 50).toFixed(1)} ms, p99 ${percentile(gets, 99).toFixed(1)} ms, max ${Math.max(...gets).toFixed(1)} ms`,
    );
    console.log(
      `POST of one order (${posts.length}): p50 ${percentile(
        posts.map((p) => p.ms),
        50,
      ).toFixed(1)} ms, max ${Math.max(...posts.map((p) => p.ms)).toFixed(1)} ms`,
    );
    console.log(
      `durability window, 201 → on disk (${windows.length} of ${posts.length} orders): p50 ${percentile(windows, 50).toFixed(0)} ms, p99 ${percentile(windows, 99).toFixed(0)} ms, max ${Math.max(...windows).toFixed(0)} ms`,
    );

    // kill -9: orders confirmed more than WINDOW_MS before the kill must be in the file.
    const confirmed: { uuid: string; at: number }[] = [];
    const until = Date.now() + WINDOW_MS + 3000;
    let i = 0;
    while (Date.now() < until) {
      const [uuid] = await createOrders(url, workspace, orderBodies(1, 13, CENTRE, made + 100_000 + i++));
      confirmed.push({ uuid: uuid!, at: Date.now() });
      await sleep(100);
    }
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const killedAt = Date.now();
    const text = readFileSync(file, "utf8");
    const due = confirmed.filter((c) => killedAt - c.at > WINDOW_MS);
    const missing = due.filter((c) => !text.includes(c.uuid));
    const newest = confirmed.filter((c) => text.includes(c.uuid)).at(-1);
    console.log(
      `kill -9: ${due.length - missing.length} of ${due.length} orders confirmed more than ${WINDOW_MS} ms before the kill are in the file (the newest order in it was confirmed ${newest ? killedAt - newest.at : "-"} ms before the kill)`,
    );
    // The file it left loads: a restart answers with every order.
    const restartStart = performance.now();
    ({ child, url } = await start(file));
    console.log(
      `restart on the file left by kill -9: listening after ${((performance.now() - restartStart) / 1000).toFixed(1)} s`,
    );
    child.kill("SIGKILL");
    load.push(loadavg()[0]!.toFixed(1));
    console.log(
      `machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}, load average ${load.join(" → ")}; ${FROM_DIST ? "built CLI" : "sources through tsx"}; bench date ${BENCH_DATE}`,
    );
    if (missing.length > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
