/**
 * Benchmark of the VRPTW optimizer (@dispatchkit/optimizer) on Solomon / Gehring-Homberger instances.
 *
 *   npx tsx bench/optimizer.ts [--budget fast|default|thorough] [--iterations N] [--seed N] [--minimize-routes]
 *     [--time-limit MS] [--hgs-mult K] [--out DIR] [--shared DIR] [--set solomon|homberger200|homberger1000]...
 *     [FILE|DIR|NAME]...
 *
 * `--time-limit MS` caps each solve by the process's CPU time (`process.cpuUsage`, user + system), not wall time:
 * the machine is shared, and CPU is what compares with other solvers' CPU. `--hgs-mult K` runs the anytime search
 * (`iterations: 1e9`) with, per instance, the CPU limit that the HGS-VRPTW reference run got at K times the default
 * budget's CPU (`limit_s` of shared/bench/hgs/hgs-vrptw-k-times-ours.csv; K × the 1× limit where the file has no
 * row for K), so that both solvers get the same CPU; it adds a `limit_s` column.
 *
 * Prints CSV `instance,vehicles,distance,unassigned,seconds,cpu_seconds` on stdout (distance as recomputed by the
 * independent checker; seconds = wall time of `solve`, cpu_seconds = the process's CPU time meanwhile, which shows
 * whether other processes slowed the run down), writes each solution as DIR/<instance>.json (default bench/out/optimizer) and checks it with
 * shared/bench/check-solution.mjs; any infeasible solution or unassigned customer is reported on stderr and makes
 * the exit status 1. Travel time = distance = unrounded Euclidean distance; fleet = the instance's vehicle number.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Budget, type Problem, type SolveOptions, solve } from "../packages/optimizer/src/index.js";

/** One row of a Solomon / Gehring-Homberger instance (row 0 is the depot). */
export interface Node {
  id: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}
/** An instance as `check-solution.mjs`'s `loadInstance` returns it. */
export interface Instance {
  name: string;
  vehicles: number;
  capacity: number;
  nodes: Node[];
}
/** What `checkSolution` returns. */
export interface CheckResult {
  instance: string;
  vehicles: number;
  distance: number;
  unassigned: number;
  feasible: boolean;
  violations: string[];
  violation_count: number;
}
/** The independent checker's functions (`../shared/bench/check-solution.mjs`). */
export interface Checker {
  loadInstance(path: string): Instance;
  parseSolution(text: string, inst: Instance): unknown;
  checkSolution(inst: Instance, sol: unknown): CheckResult;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function usage(msg?: string): never {
  if (msg) process.stderr.write(`bench:optimizer: ${msg}\n`);
  process.stderr.write(
    "usage: npx tsx bench/optimizer.ts [--budget fast|default|thorough] [--iterations N] [--seed N] " +
      "[--minimize-routes] [--time-limit MS] [--hgs-mult K] [--out DIR] [--shared DIR] [--set solomon|homberger200|homberger1000] " +
      "[FILE|DIR|NAME]...\n",
  );
  process.exit(1);
}

function listTxt(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith(".txt"))
    .sort(naturalCompare)
    .map((f) => join(dir, f));
}

function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true, sensitivity: "base" });
}

/** The optimizer problem of an instance: Euclidean travel, the instance's fleet and capacity, depot times as shift. */
export function toProblem(inst: Instance): Problem {
  const nodes = inst.nodes;
  const depot = nodes[0]!;
  return {
    travel: {
      size: nodes.length,
      durations: (a, b) => {
        const p = nodes[a]!;
        const q = nodes[b]!;
        return Math.hypot(p.x - q.x, p.y - q.y);
      },
    },
    jobs: nodes.slice(1).map((c) => ({
      id: String(c.id),
      location: c.id,
      service: c.service,
      load: c.demand,
      timeWindows: [{ start: c.ready, end: c.due }],
    })),
    vehicles: Array.from({ length: inst.vehicles }, (_, k) => ({
      id: `v${k + 1}`,
      start: 0,
      end: 0,
      shiftStart: depot.ready,
      shiftEnd: depot.due,
      capacity: inst.capacity,
    })),
  };
}

/**
 * Per instance (lower case), the CPU seconds HGS-VRPTW got at `mult` times the optimizer's default-budget CPU in the
 * reference file: its `limit_s` at that multiple, else `mult` × its 1× limit.
 */
export function hgsLimits(dir: string, mult: number): Map<string, number> {
  const file = join(dir, "hgs-vrptw-k-times-ours.csv");
  if (!existsSync(file)) usage(`HGS reference file not found: ${file} (use --shared DIR)`);
  const [head, ...lines] = readFileSync(file, "utf8").trim().split(/\r?\n/);
  const cols = (head ?? "").split(",");
  const iName = cols.indexOf("instance");
  const iMult = cols.indexOf("mult");
  const iLimit = cols.indexOf("limit_s");
  const exact = new Map<string, number>();
  const base = new Map<string, number>();
  for (const line of lines) {
    const c = line.split(",");
    const name = c[iName]!.toLowerCase();
    const m = Number(c[iMult]);
    const limit = Number(c[iLimit]);
    if (m === mult) exact.set(name, limit);
    if (m === 1) base.set(name, limit);
  }
  const out = new Map<string, number>();
  for (const [name, limit] of base) out.set(name, exact.get(name) ?? Number((limit * mult).toFixed(3)));
  return out;
}

async function main(argv: string[]): Promise<number> {
  const opts: SolveOptions = {};
  let out = join(repoRoot, "bench", "out", "optimizer");
  let shared = join(repoRoot, "..", "shared");
  const inputs: string[] = [];
  const sets: string[] = [];
  let hgsMult: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const val = (): string => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === "--budget") {
      const b = val();
      if (b !== "fast" && b !== "default" && b !== "thorough") usage(`unknown budget ${b}`);
      opts.budget = b as Budget;
    } else if (a === "--iterations") opts.iterations = Number(val());
    else if (a === "--seed") opts.seed = Number(val());
    else if (a === "--minimize-routes") opts.minimizeRoutes = true;
    else if (a === "--balance") opts.balance = true;
    else if (a === "--time-limit") opts.timeLimitMs = Number(val());
    else if (a === "--hgs-mult") hgsMult = Number(val());
    else if (a === "--out") out = resolve(val());
    else if (a === "--shared") shared = resolve(val());
    else if (a === "--set") sets.push(val());
    else if (a === "-h" || a === "--help") usage();
    else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else inputs.push(a);
  }
  const checkerPath = join(shared, "bench", "check-solution.mjs");
  if (!existsSync(checkerPath)) usage(`checker not found: ${checkerPath} (use --shared DIR)`);
  const checker = (await import(pathToFileURL(checkerPath).href)) as Checker;
  const instDir = join(shared, "bench", "instances");
  const files: string[] = [];
  for (const s of sets) {
    if (s === "solomon") files.push(...listTxt(join(instDir, "solomon")));
    else if (s === "homberger200" || s === "homberger1000") {
      const tag = s === "homberger200" ? "_2_" : "_10_";
      files.push(...listTxt(join(instDir, "homberger")).filter((f) => f.includes(tag)));
    } else usage(`unknown set ${s}`);
  }
  for (const a of inputs) {
    if (existsSync(a) && statSync(a).isDirectory()) files.push(...listTxt(a));
    else files.push(a); // a file, or a bare instance name resolved by the checker
  }
  if (files.length === 0) usage("no instance given");
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  if (opts.timeLimitMs !== undefined) opts.now = cpuMs;
  const limits = hgsMult === undefined ? undefined : hgsLimits(join(shared, "bench", "hgs"), hgsMult);
  if (limits !== undefined) {
    opts.iterations = 1e9;
    opts.now = cpuMs;
  }
  mkdirSync(out, { recursive: true });
  process.stdout.write(`instance,vehicles,distance,unassigned,seconds,cpu_seconds${limits ? ",limit_s" : ""}\n`);
  let failures = 0;
  for (const file of files) {
    const inst = checker.loadInstance(file);
    const problem = toProblem(inst);
    let limitS: number | undefined;
    if (limits !== undefined) {
      limitS = limits.get(inst.name.toLowerCase());
      if (limitS === undefined) usage(`no HGS reference limit for ${inst.name}`);
      opts.timeLimitMs = limitS * 1000;
    }
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const sol = solve(problem, opts);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const routes = sol.routes.map((r) => r.stops.map((s) => Number(s.jobId)));
    const json = JSON.stringify({
      instance: inst.name,
      routes,
      seconds: Number(seconds.toFixed(3)),
      unassigned: sol.unassigned.map((u) => Number(u.jobId)),
    });
    writeFileSync(join(out, `${inst.name}.json`), `${json}\n`);
    const check = checker.checkSolution(inst, checker.parseSolution(json, inst));
    if (!check.feasible || check.unassigned > 0) {
      failures++;
      process.stderr.write(
        `${inst.name}: ${check.feasible ? "feasible" : "INFEASIBLE"}, unassigned ${check.unassigned}` +
          `${check.violations.length ? `: ${check.violations.join("; ")}` : ""}\n`,
      );
    }
    process.stdout.write(
      `${inst.name},${check.vehicles},${check.distance},${check.unassigned},${seconds.toFixed(3)},${cpuSeconds.toFixed(3)}` +
        `${limitS === undefined ? "" : `,${limitS}`}\n`,
    );
  }
  if (failures > 0) process.stderr.write(`${failures} instance(s) failed the check\n`);
  return failures > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`bench:optimizer: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
