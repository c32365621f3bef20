/**
 * Tables of the anytime optimizer against HGS-VRPTW at the same CPU, for bench/RESULTS.md: for each multiple K of
 * the default budget's CPU (1, 2, 5, 10), per instance and per family, the optimizer's run at K (`bench/optimizer.ts
 * --hgs-mult K`, measured here) beside HGS-VRPTW's reference figures at K (shared/bench/hgs/hgs-vrptw-k-times-ours.csv,
 * not measured here), the optimizer's default-budget run (measured here) and VROOM `-x5`'s checked reference figures
 * (shared/bench/vroom/*-x5-t1-checked.csv, not measured here).
 *
 *   npx tsx bench/optimizer-budgets.ts --set solomon|h200 --default DEFAULT.csv [--shared DIR] K=RUN.csv...
 *
 * Gap to HGS = mean over the instances where HGS wrote a plan of (our distance / HGS's − 1): negative means shorter
 * than HGS. "≤ HGS" counts instances at or below HGS's distance (two decimals). Families: C1, C2, R1, R2, RC1, RC2.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readResults } from "./optimizer-table.js";

interface Hgs {
  vehicles: number;
  distance: number;
  limit: number;
}

function readHgs(path: string, set: string): Map<number, Map<string, Hgs>> {
  const [head, ...lines] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  const cols = (head ?? "").split(",");
  const at = (n: string) => cols.indexOf(n);
  const out = new Map<number, Map<string, Hgs>>();
  for (const line of lines) {
    const c = line.split(",");
    if (c[at("set")] !== set) continue;
    const k = Number(c[at("mult")]);
    if (!out.has(k)) out.set(k, new Map());
    const feasible = c[at("feasible")] === "true" && c[at("distance")] !== "";
    out.get(k)!.set(c[at("instance")]!.toLowerCase(), {
      vehicles: feasible ? Number(c[at("vehicles")]) : Number.NaN,
      distance: feasible ? Number(c[at("distance")]) : Number.NaN,
      limit: Number(c[at("limit_s")]),
    });
  }
  return out;
}

function family(name: string): string {
  const m = /^([a-z]+)(\d)/i.exec(name);
  return m ? `${m[1]!.toUpperCase()}${m[2]}` : name;
}

const pct = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? "+" : ""}${(100 * x).toFixed(2)} %` : "—");
const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const r2 = (x: number) => Math.round(x * 100);

function main(): void {
  const args = process.argv.slice(2);
  let shared = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared");
  let set = "";
  let defaultPath = "";
  const runs: [number, string][] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--shared") shared = resolve(args[++i] ?? shared);
    else if (a === "--set") set = args[++i] ?? "";
    else if (a === "--default") defaultPath = args[++i] ?? "";
    else if (/^\d+=/.test(a)) runs.push([Number(a.slice(0, a.indexOf("="))), a.slice(a.indexOf("=") + 1)]);
  }
  if ((set !== "solomon" && set !== "h200") || defaultPath === "" || runs.length === 0) {
    process.stderr.write(
      "usage: npx tsx bench/optimizer-budgets.ts --set solomon|h200 --default DEFAULT.csv [--shared DIR] K=RUN.csv...\n",
    );
    process.exit(1);
  }
  const hgs = readHgs(join(shared, "bench", "hgs", "hgs-vrptw-k-times-ours.csv"), set);
  const vroom = readResults(
    join(shared, "bench", "vroom", `${set === "solomon" ? "solomon" : "homberger200"}-x5-t1-checked.csv`),
  );
  const def = readResults(defaultPath);
  const out: string[] = [];
  const summary: string[] = [
    "| K × default CPU | family | n (HGS plans) | our mean distance | HGS mean distance | gap to HGS, default budget (before) | gap to HGS, anytime at K (after) | ≤ HGS (after) | above VROOM -x5 (after) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const [k, path] of runs) {
    const ours = readResults(path);
    const ref = hgs.get(k) ?? new Map<string, Hgs>();
    out.push(
      `#### ${set === "solomon" ? "Solomon" : "Homberger 200"}, ${k}× the default budget's CPU`,
      "",
      "| instance | CPU limit s | vans | distance | CPU s | HGS vans | HGS distance | vs HGS | default budget | VROOM -x5 |",
      "|---|---|---|---|---|---|---|---|---|---|",
    );
    const fams = new Map<
      string,
      { ours: number[]; hgs: number[]; before: number[]; after: number[]; le: number; above: number; n: number }
    >();
    for (const row of ours.values()) {
      const key = row.instance.toLowerCase();
      const h = ref.get(key);
      const d = def.get(key);
      const v = vroom.get(key);
      const limit = h?.limit ?? Number.NaN;
      const f = family(row.instance);
      if (!fams.has(f)) fams.set(f, { ours: [], hgs: [], before: [], after: [], le: 0, above: 0, n: 0 });
      const fam = fams.get(f)!;
      fam.n++;
      if (v && r2(row.distance) > r2(v.distance)) fam.above++;
      const hasHgs = h !== undefined && Number.isFinite(h.distance);
      if (hasHgs) {
        fam.ours.push(row.distance);
        fam.hgs.push(h.distance);
        fam.after.push(row.distance / h.distance - 1);
        if (d) fam.before.push(d.distance / h.distance - 1);
        if (r2(row.distance) <= r2(h.distance)) fam.le++;
      }
      out.push(
        `| ${[
          row.instance,
          Number.isFinite(limit) ? limit.toFixed(3) : "",
          String(row.vehicles),
          row.distance.toFixed(2),
          row.cpu.toFixed(3),
          hasHgs ? String(h.vehicles) : "",
          hasHgs ? h.distance.toFixed(2) : "no plan",
          hasHgs ? pct(row.distance / h.distance - 1) : "",
          d ? d.distance.toFixed(2) : "",
          v ? v.distance.toFixed(2) : "",
        ].join(" | ")} |`,
      );
    }
    out.push("");
    const all = {
      ours: [] as number[],
      hgs: [] as number[],
      before: [] as number[],
      after: [] as number[],
      le: 0,
      above: 0,
      n: 0,
    };
    const line = (name: string, x: typeof all) =>
      `| ${k}× | ${name} | ${x.n} (${x.ours.length}) | ${mean(x.ours).toFixed(2)} | ${mean(x.hgs).toFixed(2)} | ` +
      `${pct(mean(x.before))} | ${pct(mean(x.after))} | ${x.le} of ${x.ours.length} | ${x.above} |`;
    for (const [name, x] of [...fams].sort((a, b) => a[0].localeCompare(b[0]))) {
      summary.push(line(name, x));
      all.ours.push(...x.ours);
      all.hgs.push(...x.hgs);
      all.before.push(...x.before);
      all.after.push(...x.after);
      all.le += x.le;
      all.above += x.above;
      all.n += x.n;
    }
    summary.push(line("**all**", all));
  }
  process.stdout.write(`${summary.join("\n")}\n\n${out.join("\n")}`);
}

main();
