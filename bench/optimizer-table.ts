/**
 * Per-instance table of a `bench/optimizer.ts` run, for bench/RESULTS.md: our vehicles, distance (as the independent
 * checker recomputed it) and CPU seconds beside the best-known solution (BKS) and, optionally, a baseline's distance
 * (a competitor's results file, e.g. VROOM's; say in the text where and when its figures were measured).
 *
 *   npx tsx bench/optimizer-table.ts RESULTS.csv [--baseline FILE] [--label NAME] [--before FILE] [--shared DIR]
 *
 * `--before FILE`: an earlier run of the optimizer (the "before" of a change): its vehicles, distance and CPU seconds
 * beside ours, and a summary of the plans that changed and of the CPU summed over the instances.
 *
 * Prints a Markdown table, one row per instance, then one summary line: instances at or below the baseline (and
 * which are above), the mean distance ratio, the median and maximum CPU seconds, the vehicles against the BKS, how
 * many instances use the BKS vehicle count (or fewer), and the gap to the BKS distance on those instances (median,
 * mean, maximum, how many within 2 %). "gap" compares distances only where our vehicle count equals the BKS count:
 * the BKS minimize vehicles first, so with more vans a shorter distance is expected and says nothing.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

interface Row {
  instance: string;
  vehicles: number;
  distance: number;
  cpu: number;
}

/** Rows of a CSV with a header, keyed by lower-case instance name; `vehicles_used` is read as `vehicles`. */
export function readResults(path: string): Map<string, Row> {
  const [head, ...lines] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  const cols = (head ?? "").split(",");
  const at = (name: string) => cols.indexOf(name);
  const iName = at("instance");
  const iVeh = at("vehicles") >= 0 ? at("vehicles") : at("vehicles_used");
  const iDist = at("distance");
  const iCpu = at("cpu_seconds") >= 0 ? at("cpu_seconds") : at("seconds");
  if (iName < 0 || iVeh < 0 || iDist < 0) throw new Error(`${path}: needs the columns instance, vehicles, distance`);
  const rows = new Map<string, Row>();
  for (const line of lines) {
    const c = line.split(",");
    const instance = c[iName]!;
    rows.set(instance.toLowerCase(), {
      instance,
      vehicles: Number(c[iVeh]),
      distance: Number(c[iDist]),
      cpu: iCpu >= 0 ? Number(c[iCpu]) : Number.NaN,
    });
  }
  return rows;
}

function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

const pct = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(2)} %`;

function main(): void {
  const args = process.argv.slice(2);
  let baselinePath: string | undefined;
  let beforePath: string | undefined;
  let label = "baseline";
  let shared = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared");
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--baseline") baselinePath = args[++i];
    else if (a === "--label") label = args[++i] ?? label;
    else if (a === "--before") beforePath = args[++i];
    else if (a === "--shared") shared = resolve(args[++i] ?? shared);
    else files.push(a);
  }
  if (files.length !== 1) {
    process.stderr.write(
      "usage: npx tsx bench/optimizer-table.ts RESULTS.csv [--baseline FILE] [--label NAME] [--before FILE] [--shared DIR]\n",
    );
    process.exit(1);
  }
  const ours = readResults(files[0]!);
  const bks = readResults(join(shared, "bench", "instances", "bks.csv"));
  const base = baselinePath === undefined ? undefined : readResults(baselinePath);
  const before = beforePath === undefined ? undefined : readResults(beforePath);
  const head = ["instance", "vehicles", "BKS vehicles", "distance", "BKS distance", "gap to BKS at its count"];
  if (base) head.push(`${label} distance`, `vs ${label}`);
  if (before) head.push("before vehicles", "before distance");
  head.push("CPU s");
  if (before) head.push("before CPU s");
  const changed = { shorter: [] as string[], longer: [] as string[], cpu: 0, beforeCpu: 0 };
  const out = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  const gaps: number[] = [];
  const ratios: number[] = [];
  const cpus: number[] = [];
  const above: string[] = [];
  let vehicles = 0;
  let bksVehicles = 0;
  let atCount = 0;
  for (const row of ours.values()) {
    const best = bks.get(row.instance.toLowerCase());
    if (!best) throw new Error(`no BKS for ${row.instance}`);
    vehicles += row.vehicles;
    bksVehicles += best.vehicles;
    if (row.vehicles <= best.vehicles) atCount++;
    let gap = "(more vans)";
    if (row.vehicles === best.vehicles) {
      const g = row.distance / best.distance - 1;
      gaps.push(g);
      gap = pct(g);
    } else if (row.vehicles < best.vehicles) gap = "(fewer vans)";
    const cells = [
      row.instance,
      String(row.vehicles),
      String(best.vehicles),
      row.distance.toFixed(2),
      best.distance.toFixed(2),
      gap,
    ];
    if (base) {
      const b = base.get(row.instance.toLowerCase());
      if (b) {
        const r = row.distance / b.distance;
        ratios.push(r);
        // Distances are compared at the two decimals both files print.
        if (Math.round(row.distance * 100) > Math.round(b.distance * 100)) above.push(`${row.instance} ${pct(r - 1)}`);
        cells.push(b.distance.toFixed(2), r.toFixed(4));
      } else cells.push("", "");
    }
    const b = before?.get(row.instance.toLowerCase());
    if (before) cells.push(b ? String(b.vehicles) : "", b ? b.distance.toFixed(2) : "");
    cells.push(Number.isFinite(row.cpu) ? row.cpu.toFixed(3) : "");
    if (before) cells.push(b && Number.isFinite(b.cpu) ? b.cpu.toFixed(3) : "");
    if (b) {
      const d = row.distance - b.distance;
      if (Math.abs(d) > 1e-6) (d < 0 ? changed.shorter : changed.longer).push(`${row.instance} ${pct(d / b.distance)}`);
      changed.cpu += row.cpu;
      changed.beforeCpu += b.cpu;
    }
    cpus.push(row.cpu);
    out.push(`| ${cells.join(" | ")} |`);
  }
  const n = ours.size;
  const finite = cpus.filter(Number.isFinite);
  const summary = [`n ${n}`];
  if (base) {
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    summary.push(
      `at or below ${label}: ${ratios.length - above.length} of ${ratios.length}` +
        (above.length > 0 ? ` (above: ${above.join(", ")})` : ""),
      `mean ratio ${mean.toFixed(4)}`,
    );
  }
  if (before) {
    summary.push(
      `vs before: ${changed.shorter.length} shorter (${changed.shorter.join(", ")}), ` +
        `${changed.longer.length} longer (${changed.longer.join(", ")}); CPU s summed ${changed.cpu.toFixed(2)} ` +
        `against ${changed.beforeCpu.toFixed(2)} (${pct(changed.cpu / changed.beforeCpu - 1)})`,
    );
  }
  summary.push(
    `CPU s median ${median(finite).toFixed(3)}, max ${Math.max(...finite).toFixed(3)}`,
    `vehicles ${vehicles} (BKS ${bksVehicles}), at the BKS count or fewer on ${atCount} of ${n}`,
  );
  if (gaps.length > 0) {
    summary.push(
      `gap at the BKS count: median ${pct(median(gaps))}, mean ${pct(gaps.reduce((a, b) => a + b, 0) / gaps.length)}, ` +
        `max ${pct(Math.max(...gaps))}, within 2 % on ${gaps.filter((g) => g <= 0.02).length} of ${gaps.length}`,
    );
  }
  out.push("", summary.join("; "));
  process.stdout.write(`${out.join("\n")}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
