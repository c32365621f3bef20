/**
 * Another client's GET while the standalone fake runs one big operation (issue 31, point 1, its last part): a
 * 50,000-order `POST /_fake/fixtures`, `POST /_fake/snapshots`, a restore of that snapshot, `POST /_fake/reset` of a
 * server started with those fixtures (the reset loads them again), and a state file save, each against a real
 * `dispatch-fake` process holding `--sizes` stored orders. A benchmark, not a test (the test is
 * packages/fake-server/test/standalone-slices.test.ts).
 *
 *   npx tsx bench/slices.ts [--before <commit>] [--sizes 50000,100000] [--runs 3] [--fixtures 50000] [--from-dist]
 *                           [--only fixtures,reset]
 *
 * `--before` extracts that commit's sources with `git archive` into the system's temporary folder and measures
 * its CLI beside this checkout's, alternating run by run (both from their sources through tsx, each with its own
 * tsconfig paths). For each size and run, a fresh server (`dispatch-fake --empty --quiet`, from the sources through tsx, or the built
 * CLI with `--from-dist`; `--state FILE` for the save) is filled with that many orders (1,000 per `POST /v2/orders`),
 * then a poller in its own process sends `GET /v2/orders/{uuid}` back to back (a new one 2 ms after each answer) while
 * the bench sends the operation and waits for its answer. Reported per operation: its wall time (the client's, from
 * sending it to its answer), the GETs sent while it ran, their p99 and max wall latency, medians over the runs.
 */
import { type ChildProcess, execFileSync, fork, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  watch,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const TOKEN = "bench-token";
const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// The poller: `tsx bench/slices.ts --poll URL UUID`, GETs back to back until told to stop; sends each GET's start
// (epoch ms) and wall latency.

async function poll(url: string, uuid: string): Promise<void> {
  const samples: [number, number][] = [];
  let stop = false;
  process.on("message", () => {
    stop = true;
  });
  while (!stop) {
    const sent = performance.timeOrigin + performance.now();
    const start = performance.now();
    // A keep-alive connection the server closed as this GET went out (after a long block, its idle timer fires at
    // once) resets it: sent again, its latency counted from the first try.
    for (let tries = 0; ; tries++) {
      try {
        const res = await fetch(`${url}/v2/orders/${uuid}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET answered ${res.status}`);
        break;
      } catch (error) {
        if (tries === 2 || (error as Error).message.startsWith("GET answered")) throw error;
      }
    }
    samples.push([sent, performance.now() - start]);
    await sleep(2);
  }
  process.send?.(samples, () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------------------
// The bench

const FROM_DIST = process.argv.includes("--from-dist");

interface Server {
  child: ChildProcess;
  url: string;
}

/** The checkout whose CLI runs: this one, or `--before`'s extracted sources. */
let root = ROOT;

/**
 * Extract `commit`'s sources beside a node_modules of links to this checkout's, except the workspace's own packages,
 * which link to the extracted ones (outside this checkout's node_modules, where tsx reads the sources' tsconfig paths).
 */
function extract(commit: string): string {
  const dir = join(tmpdir(), `dispatchkit-bench-slices-${commit}`);
  if (!existsSync(join(dir, "packages/fake-server/src/cli/main.ts"))) {
    mkdirSync(join(dir, "node_modules/@dispatchkit"), { recursive: true });
    const parts = "packages openapi.yaml package.json tsconfig.json tsconfig.base.json";
    execFileSync("sh", ["-c", `git archive ${commit} ${parts} | tar -x -C "${dir}"`], { cwd: ROOT });
    for (const name of readdirSync(join(ROOT, "node_modules"))) {
      if (name !== "@dispatchkit" && name !== ".cache") {
        symlinkSync(join(ROOT, "node_modules", name), join(dir, "node_modules", name));
      }
    }
    for (const name of readdirSync(join(dir, "packages"))) {
      symlinkSync(join(dir, "packages", name), join(dir, "node_modules/@dispatchkit", name));
    }
  }
  return dir;
}

async function startFake(args: string[]): Promise<Server> {
  const cli =
    FROM_DIST && root === ROOT
      ? [join(ROOT, "packages/fake-server/dist/cli.js")]
      : ["--import", "tsx", join(root, "packages/fake-server/src/cli/main.ts")];
  const child = spawn(
    process.execPath,
    [...cli, "--port", "0", "--quiet", "--token", TOKEN, "--now", "2026-11-23T08:00:00Z", ...args],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`dispatch-fake exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const found = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (found) resolve(found);
    });
  });
  return { child, url };
}

async function stopFake(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
}

async function call(url: string, method: string, path: string, body?: string): Promise<Response> {
  return fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

/** Fill the server's first workspace with `count` orders (10 delivery dates); the first order's uuid. */
async function fill(url: string, count: number): Promise<string> {
  const workspaces = (await (await call(url, "GET", "/v2/workspaces")).json()) as { data: { uuid: string }[] };
  const workspace = workspaces.data[0]!.uuid;
  let first = "";
  for (let done = 0; done < count; done += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - done) }, (_, k) => {
      const i = done + k;
      return {
        name: `Customer ${i}`,
        deliveryDate: `2026-12-${String((i % 10) + 1).padStart(2, "0")}`,
        locations: [{ address: `Street ${i}`, latitude: 52.4 + (i % 997) / 5000, longitude: 13.3 + (i % 991) / 5000 }],
      };
    });
    const res = await call(url, "POST", `/v2/orders?workspaceUuid=${workspace}`, JSON.stringify(batch));
    if (res.status !== 201) throw new Error(`Failed to fill: ${res.status} ${await res.text()}`);
    first ||= ((await res.json()) as { data: { uuid: string }[] }).data[0]!.uuid;
  }
  return first;
}

/** A fixtures document of one organization, one workspace and `orders` orders (about 80 bytes each). */
function fixturesText(orders: number, tag: string): string {
  const items = Array.from(
    { length: orders },
    (_, i) => `{"workspace":"w","deliveryDate":"2026-12-0${(i % 9) + 1}","locations":[{"address":"A ${i}"}]}`,
  );
  return `{"organizations":[{"key":"o","tokens":["fixtures-${tag}"]}],"workspaces":[{"key":"w","organization":"o"}],"orders":[${items.join(",")}]}`;
}

interface Sample {
  ms: number;
  gets: number;
  p99: number;
  max: number;
}

/** Run `operation` while the poller GETs; the GETs sent between its start and its end. */
async function measured(url: string, uuid: string, operation: () => Promise<void>): Promise<Sample> {
  const poller = fork(fileURLToPath(import.meta.url), ["--poll", url, uuid], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const samples = new Promise<[number, number][]>((resolve) => poller.once("message", resolve as never));
  await sleep(1500); // the poller started and is answered
  const start = performance.timeOrigin + performance.now();
  await operation();
  const end = performance.timeOrigin + performance.now();
  await sleep(300);
  poller.send("stop");
  const during = (await samples).filter(([sent, ms]) => sent + ms >= start && sent <= end).map(([, ms]) => ms);
  during.sort((a, b) => a - b);
  const p99 = during[Math.min(during.length - 1, Math.floor(0.99 * during.length))] ?? Number.NaN;
  return { ms: end - start, gets: during.length, p99, max: during.at(-1) ?? Number.NaN };
}

async function expect(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

type Operation = "fixtures" | "snapshot" | "restore" | "reset" | "save";

/** One run of every operation at `size` stored orders. */
async function runAt(size: number, fixturesOrders: number, only: Set<string>, run: number) {
  const results = new Map<Operation, Sample>();
  const want = (op: Operation) => only.size === 0 || only.has(op);
  if (want("fixtures") || want("snapshot") || want("restore")) {
    const server = await startFake(["--empty"]);
    try {
      const uuid = await fill(server.url, size);
      if (want("fixtures")) {
        const body = fixturesText(fixturesOrders, `${run}`);
        results.set(
          "fixtures",
          await measured(server.url, uuid, async () =>
            expect(await call(server.url, "POST", "/_fake/fixtures", body), 201, "fixtures"),
          ),
        );
      }
      if (want("snapshot") || want("restore")) {
        results.set(
          "snapshot",
          await measured(server.url, uuid, async () =>
            expect(await call(server.url, "POST", "/_fake/snapshots"), 201, "snapshot"),
          ),
        );
        results.set(
          "restore",
          await measured(server.url, uuid, async () =>
            expect(await call(server.url, "POST", "/_fake/snapshots/snap_1/restore"), 200, "restore"),
          ),
        );
      }
    } finally {
      await stopFake(server);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-slices-"));
  try {
    if (want("reset")) {
      // The reset loads the server's fixtures again: `--fixtures` of that many orders, the rest filled over the API.
      const file = join(dir, "fixtures.json");
      writeFileSync(file, fixturesText(fixturesOrders, "file"));
      const server = await startFake(["--fixtures", file]);
      try {
        await fill(server.url, Math.max(1000, size - fixturesOrders));
        // The poller asks for an order of the fixtures (the same uuid after the reset), with the fixtures' token.
        const fixturesToken = { ...headers, authorization: "Bearer fixtures-file" };
        const ws = (await (await fetch(`${server.url}/v2/workspaces`, { headers: fixturesToken })).json()) as {
          data: { uuid: string }[];
        };
        const page = (await (
          await fetch(`${server.url}/v2/orders?workspaceUuid=${ws.data[0]!.uuid}&perPage=1`, { headers: fixturesToken })
        ).json()) as { data: { uuid: string }[] };
        results.set(
          "reset",
          await measuredWith(server.url, page.data[0]!.uuid, "fixtures-file", async () =>
            expect(await call(server.url, "POST", "/_fake/reset"), 204, "reset"),
          ),
        );
      } finally {
        await stopFake(server);
      }
    }
    if (want("save")) {
      const file = join(dir, "state.json");
      const server = await startFake(["--empty", "--state", file]);
      try {
        const uuid = await fill(server.url, size);
        await waitForQuietFile(file);
        results.set(
          "save",
          await measured(server.url, uuid, async () => {
            // One change makes a save due 300 ms later; the save ends with the file's rename.
            const renamed = new Promise<void>((resolve) => {
              const watcher = watch(dir, (_event, name) => {
                if (name === "state.json") {
                  watcher.close();
                  resolve();
                }
              });
            });
            await expect(await call(server.url, "POST", "/_fake/clock/advance", '{"ms":1000}'), 200, "advance");
            await renamed;
          }),
        );
      } finally {
        await stopFake(server);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** {@link measured}, the poller asking with `token`. */
async function measuredWith(url: string, uuid: string, token: string, operation: () => Promise<void>) {
  process.env.BENCH_POLL_TOKEN = token;
  try {
    return await measured(url, uuid, operation);
  } finally {
    delete process.env.BENCH_POLL_TOKEN;
  }
}

async function waitForQuietFile(file: string): Promise<void> {
  for (let size = -1; ; ) {
    await sleep(2000);
    const now = statSync(file).size;
    if (now === size) return;
    size = now;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const sizes = option("sizes", "50000,100000").split(",").map(Number);
  const runs = Number(option("runs", "3"));
  const fixturesOrders = Number(option("fixtures", "50000"));
  const only = new Set(option("only", "").split(",").filter(Boolean));
  const before = option("before", "");
  const versions = before ? [{ name: `before (${before})`, root: extract(before) }] : [];
  versions.push({ name: "after", root: ROOT });
  const load = [loadavg()[0]!.toFixed(1)];
  console.log(
    "| stored orders | operation | version | runs | operation wall ms | GETs during it | GET p99 ms | GET max ms (each run) |",
  );
  console.log("|---:|---|---|---:|---:|---:|---:|---|");
  for (const size of sizes) {
    const all = new Map<string, Sample[]>();
    for (let run = 0; run < runs; run++) {
      for (const version of versions) {
        root = version.root;
        for (const [op, sample] of await runAt(size, fixturesOrders, only, run)) {
          const key = `${op}\t${version.name}`;
          all.set(key, [...(all.get(key) ?? []), sample]);
        }
      }
    }
    for (const [key, samples] of all) {
      const [op, version] = key.split("\t");
      const m = (f: (s: Sample) => number) => median(samples.map(f)).toFixed(0);
      const maxes = samples.map((s) => s.max.toFixed(0)).join(", ");
      console.log(
        `| ${size.toLocaleString("en")} | ${op} | ${version} | ${samples.length} | ${m((s) => s.ms)} | ${m((s) => s.gets)} | ${m((s) => s.p99)} | **${m((s) => s.max)}** (${maxes}) |`,
      );
    }
  }
  load.push(loadavg()[0]!.toFixed(1));
  console.log(
    `\nmachine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}, load average ${load.join(" → ")}; ${FROM_DIST ? "built CLI" : "sources through tsx"}; fixtures of ${fixturesOrders} orders`,
  );
}

const pollAt = process.argv.indexOf("--poll");
if (pollAt >= 0) {
  if (process.env.BENCH_POLL_TOKEN) headers.authorization = `Bearer ${process.env.BENCH_POLL_TOKEN}`;
  await poll(process.argv[pollAt + 1]!, process.argv[pollAt + 2]!);
} else await main();
