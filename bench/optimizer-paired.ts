/**
 * CPU of the optimizer before and after a change, measured in one process: for each instance, `solve` from an
 * earlier checkout (`--before DIR`, its packages/optimizer/src) and from this one, alternately (the order swapped
 * every repetition), so that both see the same load on a shared machine. Default budget, seed 1.
 *
 *   npx tsx bench/optimizer-paired.ts --before DIR [--reps N] [--shared DIR] [--set solomon|homberger200]...
 *     [NAME]...
 *
 * Prints CSV `instance,before_vehicles,before_distance,after_vehicles,after_distance,before_cpu_s,after_cpu_s` (the
 * optimizer's own distances; CPU: the median over the repetitions of the process's CPU time during `solve`), then
 * on stderr the CPU summed over the instances, before and after, and the plans that changed. It checks nothing:
 * `bench/optimizer.ts` runs the independent checker on the plans.
 */
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Problem, Solution, SolveOptions } from "../packages/optimizer/src/index.js";
import { solve } from "../packages/optimizer/src/index.js";
import { type Checker, toProblem } from "./optimizer.js";

type Solve = (problem: Problem, options?: SolveOptions) => Solution;

async function main(argv: string[]): Promise<void> {
  let before: string | undefined;
  let reps = 3;
  let shared = resolve("..", "shared");
  const names: string[] = [];
  const sets: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--before") before = resolve(argv[++i] ?? "");
    else if (a === "--reps") reps = Number(argv[++i]);
    else if (a === "--shared") shared = resolve(argv[++i] ?? "");
    else if (a === "--set") sets.push(argv[++i] ?? "");
    else names.push(a);
  }
  if (before === undefined || !(reps >= 1)) {
    process.stderr.write(
      "usage: npx tsx bench/optimizer-paired.ts --before DIR [--reps N] [--shared DIR] [--set S]... [NAME]...\n",
    );
    process.exit(1);
  }
  const checker = (await import(pathToFileURL(join(shared, "bench", "check-solution.mjs")).href)) as Checker;
  const old = (await import(pathToFileURL(join(before, "packages", "optimizer", "src", "index.ts")).href)) as {
    solve: Solve;
  };
  const dir = join(shared, "bench", "instances");
  for (const s of sets) {
    const [sub, tag] = s === "solomon" ? ["solomon", ""] : s === "homberger200" ? ["homberger", "_2_"] : ["", ""];
    if (sub === "") throw new Error(`unknown set ${s}`);
    const files = readdirSync(join(dir, sub)).filter((f) => f.endsWith(".txt") && f.includes(tag));
    files.sort((a, b) => a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }));
    names.push(...files.map((f) => join(dir, sub, f)));
  }
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const timed = (f: Solve, p: Problem): [Solution, number] => {
    const t = cpu();
    const s = f(p, { seed: 1 });
    return [s, cpu() - t];
  };
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  let sumBefore = 0;
  let sumAfter = 0;
  const changed: string[] = [];
  process.stdout.write(
    "instance,before_vehicles,before_distance,after_vehicles,after_distance,before_cpu_s,after_cpu_s\n",
  );
  for (const name of names) {
    const inst = checker.loadInstance(name);
    const problem = toProblem(inst);
    const tb: number[] = [];
    const ta: number[] = [];
    let sb: Solution | undefined;
    let sa: Solution | undefined;
    for (let r = 0; r < reps; r++) {
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        const [s, t] = timed(k === 0 ? old.solve : solve, problem);
        if (k === 0) {
          sb = s;
          tb.push(t);
        } else {
          sa = s;
          ta.push(t);
        }
      }
    }
    const [b, a] = [median(tb), median(ta)];
    sumBefore += b;
    sumAfter += a;
    const db = sb!.summary.distance;
    const da = sa!.summary.distance;
    if (db !== da) changed.push(`${inst.name} ${(100 * (da / db - 1)).toFixed(2)} %`);
    process.stdout.write(
      `${inst.name},${sb!.summary.vehicles},${db.toFixed(4)},${sa!.summary.vehicles},${da.toFixed(4)},${b.toFixed(3)},${a.toFixed(3)}\n`,
    );
  }
  process.stderr.write(
    `CPU s summed over ${names.length} instances (median of ${reps} per instance): before ${sumBefore.toFixed(2)}, ` +
      `after ${sumAfter.toFixed(2)} (${(100 * (sumAfter / sumBefore - 1)).toFixed(1)} %); plans changed: ${changed.length}` +
      (changed.length > 0 ? ` (${changed.join(", ")})` : "") +
      "\n",
  );
}

await main(process.argv.slice(2));
