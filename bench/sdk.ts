/**
 * SDK figures: (a) the SDK's own code minified + gzipped (generated types are types only, so they vanish), with
 * openapi-fetch external and included; (b) per-call overhead of `client.GET("/v2/workspaces")` against a bare
 * `fetch` of the same in-process handler (`fake.fetch`), median of several runs.
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
  const inProcess = (request: Request) => fake.fetch(request);
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: inProcess });
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
  // Interleave the three in slices of 100 calls, so drift on a shared machine hits all of them alike.
  const SLICE = 100;
  const runOnce = async () => {
    const totals = { bare: 0, sdk: 0, plain: 0 };
    for (let done = 0; done < ITERATIONS; done += SLICE) {
      for (const name of ["bare", "sdk", "plain"] as const) {
        const fn = name === "bare" ? bare : name === "sdk" ? sdk : plain;
        // CPU time of this process, not wall time: on a shared machine, time spent descheduled is not ours.
        const start = process.cpuUsage();
        for (let i = 0; i < SLICE; i++) await fn();
        const used = process.cpuUsage(start);
        totals[name] += (used.user + used.system) / 1000;
      }
    }
    const perCall = (ms: number) => (ms * 1000) / ITERATIONS; // µs of CPU per call
    return { bare: perCall(totals.bare), sdk: perCall(totals.sdk), plain: perCall(totals.plain) };
  };

  for (let i = 0; i < 500; i++) {
    await bare();
    await sdk();
    await plain();
  }
  const bareRuns: number[] = [];
  const sdkRuns: number[] = [];
  const plainRuns: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const run = await runOnce();
    bareRuns.push(run.bare);
    sdkRuns.push(run.sdk);
    plainRuns.push(run.plain);
  }
  const ratios = bareRuns.map((b, i) => (sdkRuns[i] as number) / b);
  const plainRatios = bareRuns.map((b, i) => (plainRuns[i] as number) / b);
  return {
    bare: median(bareRuns),
    sdk: median(sdkRuns),
    plain: median(plainRuns),
    ratio: median(ratios),
    plainRatio: median(plainRatios),
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
