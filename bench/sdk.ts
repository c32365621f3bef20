/**
 * SDK figures: (a) the SDK's own code minified + gzipped (generated types are types only, so they vanish), with
 * openapi-fetch external and included; (b) per-call overhead of `client.GET("/v2/workspaces")` against a bare
 * `fetch` of the same fixed answer (a fetch stub that answers the bytes the fake answered, recorded once, so the
 * fake's own work does not dilute the SDK's), median of several runs; also with a time limit (`timeoutMs`), and
 * with a logger and hooks, each against the same bare fetch.
 *
 * Run: `npx tsx bench/sdk.ts [--runs 7] [--iterations 3000]`
 */
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import createFetchClient from "openapi-fetch";
import { createFake } from "../packages/fake/src/index.js";
import type { paths } from "../packages/sdk/src/generated/openapi.js";
import { createClient } from "../packages/sdk/src/index.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 7);
const ITERATIONS = arg("iterations", 3000);

async function bundleSize(external: string[]) {
  const result = await build({
    entryPoints: [fileURLToPath(new URL("../packages/sdk/src/index.ts", import.meta.url))],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external,
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function overhead() {
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
  const url = `${fake.baseUrl}/v2/workspaces`;
  // The fake's answer, recorded once; every call then gets the same bytes from a stub that does nothing else.
  const recorded = await fake.fetch(url, { headers: { Authorization: `Bearer ${fake.token}` } });
  const body = await recorded.text();
  const headers: [string, string][] = [...recorded.headers];
  const inProcess = (_request: Request) => Promise.resolve(new Response(body, { status: 200, headers }));
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: inProcess });
  // A production-like client: a time limit on every call, which also covers reading the body.
  const limited = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: inProcess, timeoutMs: 30_000 });
  // Logging at info (one line per call, to a sink that drops it) and both hooks.
  const drop = () => {};
  const logged = createClient({
    baseUrl: fake.baseUrl,
    token: fake.token,
    fetch: inProcess,
    logger: { debug: drop, info: drop, warn: drop, error: drop },
    onRequest: drop,
    onResponse: drop,
  });
  // For reference: openapi-fetch alone (static auth header, no SDK transport).
  const raw = createFetchClient<paths>({
    baseUrl: fake.baseUrl,
    fetch: inProcess,
    headers: { Authorization: `Bearer ${fake.token}` },
  });

  const bare = async () => {
    const response = await inProcess(new Request(url, { headers: { Authorization: `Bearer ${fake.token}` } }));
    if (response.status !== 200) throw new Error(`bare fetch: ${response.status}`);
    await response.json();
  };
  const sdk = async () => {
    const { data } = await client.GET("/v2/workspaces");
    if (!data) throw new Error("sdk call failed");
  };
  const plain = async () => {
    const { data } = await raw.GET("/v2/workspaces");
    if (!data) throw new Error("openapi-fetch call failed");
  };
  const withLimit = async () => {
    const { data } = await limited.GET("/v2/workspaces");
    if (!data) throw new Error("sdk call with timeoutMs failed");
  };
  const withLogger = async () => {
    const { data } = await logged.GET("/v2/workspaces");
    if (!data) throw new Error("sdk call with a logger failed");
  };
  // Interleave the variants of a phase in slices of 100 calls, so drift on a shared machine hits all of them alike.
  const SLICE = 100;
  async function phase<N extends string>(variants: Record<N, () => Promise<void>>) {
    const names = Object.keys(variants) as N[];
    const runOnce = async () => {
      const totals = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
      for (let done = 0; done < ITERATIONS; done += SLICE) {
        for (const name of names) {
          const fn = variants[name];
          // CPU time of this process, not wall time: on a shared machine, time spent descheduled is not ours.
          const start = process.cpuUsage();
          for (let i = 0; i < SLICE; i++) await fn();
          const used = process.cpuUsage(start);
          totals[name] += (used.user + used.system) / 1000;
        }
      }
      // µs of CPU per call
      return Object.fromEntries(names.map((n) => [n, (totals[n] * 1000) / ITERATIONS])) as Record<N, number>;
    };
    for (let i = 0; i < 500; i++) for (const name of names) await variants[name]();
    const runs: Record<N, number>[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(await runOnce());
    return {
      perCall: (name: N) => median(runs.map((run) => run[name])),
      // The median over the runs of each run's ratio to the bare fetch of the same run.
      ratio: (name: N, base: N) => median(runs.map((run) => run[name] / run[base])),
      ratios: (name: N, base: N) => runs.map((run) => run[name] / run[base]),
    };
  }

  // The headline, measured as it always was: the default client and openapi-fetch alone against a bare fetch.
  const main = await phase({ bare, sdk, plain });
  // Then the options that do more per call, each against the same bare fetch (apart: their garbage would otherwise
  // be collected in the headline's slices).
  const extra = await phase({ bare, withLimit, withLogger });
  return {
    bare: main.perCall("bare"),
    sdk: main.perCall("sdk"),
    plain: main.perCall("plain"),
    ratio: main.ratio("sdk", "bare"),
    plainRatio: main.ratio("plain", "bare"),
    ratios: main.ratios("sdk", "bare"),
    limit: extra.perCall("withLimit"),
    logger: extra.perCall("withLogger"),
    limitRatio: extra.ratio("withLimit", "bare"),
    loggerRatio: extra.ratio("withLogger", "bare"),
  };
}

const own = await bundleSize(["openapi-fetch"]);
const withFetch = await bundleSize([]);
const o = await overhead();
const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;

console.log(`machine: nproc ${cpus().length}, ${cpus()[0]?.model ?? "?"}, node ${process.version}`);
console.log(
  `size, SDK only (openapi-fetch external): ${kb(own.minified)} min, ${kb(own.gzipped)} min+gzip (target ≤ 10 kB)`,
);
console.log(
  `size, with openapi-fetch bundled:        ${kb(withFetch.minified)} min, ${kb(withFetch.gzipped)} min+gzip`,
);
console.log(
  `per call (${ITERATIONS} iterations × ${RUNS} runs, median): bare fetch ${o.bare.toFixed(1)} µs, ` +
    `client.GET ${o.sdk.toFixed(1)} µs, ratio ${o.ratio.toFixed(3)}× (target ≤ 1.2×); ` +
    `openapi-fetch alone ${o.plain.toFixed(1)} µs, ratio ${o.plainRatio.toFixed(3)}×`,
);
console.log(`  ratio of each run: ${o.ratios.map((r) => r.toFixed(3)).join(", ")}`);
console.log(
  `  with timeoutMs: ${o.limit.toFixed(1)} µs, ratio ${o.limitRatio.toFixed(3)}×; ` +
    `with a logger at info and both hooks: ${o.logger.toFixed(1)} µs, ratio ${o.loggerRatio.toFixed(3)}×`,
);
