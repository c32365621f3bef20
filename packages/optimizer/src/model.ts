/**
 * The compiled, array-based form of a {@link Problem} that the search works on: travel, flat time windows, a skill
 * compatibility matrix, nearest-neighbour lists. Built once per `solve` call.
 *
 * Up to {@link denseLimit} locations the travel durations are copied into two flat matrices (fast, exact, the
 * square of the size in memory). Beyond it the model is *sparse* (docs/decisions/0012-optimizer.md): travel
 * is read from the caller's matrices or function on demand, and only the neighbour lists and the travel to each
 * job's neighbours are stored, so memory grows with jobs × neighbours.
 */
import type { Priority, Problem, TravelFunction } from "./types.js";

/** Largest matrix side (locations + 1) that is stored dense; a setter for tests. */
export let denseLimit = 3000;

/** Tuning and test hook: the largest side stored dense. */
export function setDenseLimit(side: number): void {
  denseLimit = side;
}

/** Internal model. Job indices are 0..n-1, vehicle indices 0..m-1, locations 0..size (size = the open-end dummy). */
export interface Model {
  n: number;
  m: number;
  /** Matrix side: the problem's locations plus one dummy location at zero travel from everywhere (open ends). */
  side: number;
  /** True when `dur`/`durT` hold the whole matrix; false for a sparse model (read travel with `tt`). */
  dense: boolean;
  /** Travel durations, row-major `side × side`; this is the cost minimized. Empty in a sparse model. */
  dur: Float64Array;
  /** The transposed matrix: `durT[b * side + a]` is the travel from a to b (cache-friendly insertion scans). */
  durT: Float64Array;
  /** Travel duration from location a to b (0 on the diagonal and to or from the dummy; never negative). */
  tt: TravelFunction;
  /** Travel from job j to its t-th neighbour is `nbTo[j * nbK + t]`, from the neighbour to j `nbFrom[...]`. */
  nbTo: Float32Array;
  nbFrom: Float32Array;
  jobLoc: Int32Array;
  service: Float64Array;
  load: Float64Array;
  /** Time windows of job j: indices `twOff[j] .. twOff[j] + twCnt[j] - 1` of `twStart`/`twEnd` (none = any time). */
  twOff: Int32Array;
  twCnt: Int32Array;
  twStart: Float64Array;
  twEnd: Float64Array;
  /** Latest possible service start of each job (Infinity when it has no window). */
  lastEnd: Float64Array;
  /** 0 low, 1 normal, 2 high. */
  prio: Uint8Array;
  vStart: Int32Array;
  /** End location; the dummy location `side - 1` for an open route. */
  vEnd: Int32Array;
  vShiftStart: Float64Array;
  vShiftEnd: Float64Array;
  vCap: Float64Array;
  /** Vehicles with the same class are interchangeable (same locations, shift, capacity and skills). */
  vClass: Int32Array;
  /** `compat[j * m + v]` is 1 when vehicle v has every skill job j needs. */
  compat: Uint8Array;
  /** Nearest other jobs of each job, `nbK` per job, row-major. */
  nb: Int32Array;
  nbK: number;
  /** Travel from the nearest vehicle start to the job (for the "far"/"close" insertion orders). */
  depotDist: Float64Array;
  /** Mean finite shift length, the scale of the balance term. */
  shiftScale: number;
  /** Upper bound of any plan's total travel duration (used to scale the route fixed cost). */
  travelBound: number;
}

const PRIO: Record<Priority, number> = { low: 0, normal: 1, high: 2 };

function matrixGetter(t: Problem["travel"]["durations"]): TravelFunction {
  if (typeof t === "function") return t;
  return (a, b) => t[a]?.[b] ?? Number.POSITIVE_INFINITY;
}

/** Refuse a job or vehicle whose location is outside the travel's `0..size - 1`, or a negative load. */
function checkLocations({ jobs, vehicles, travel }: Problem): void {
  const size = travel.size;
  const inRange = (l: number) => Number.isInteger(l) && l >= 0 && l < size;
  for (const job of jobs) {
    if (!inRange(job.location)) throw new RangeError(`job ${job.id}: location ${job.location} outside 0..${size - 1}`);
    if ((job.load ?? 0) < 0) throw new RangeError(`job ${job.id}: negative load ${job.load}`);
  }
  for (const veh of vehicles) {
    if (!inRange(veh.start) || (veh.end !== undefined && !inRange(veh.end))) {
      throw new RangeError(`vehicle ${veh.id}: start or end location outside 0..${size - 1}`);
    }
  }
}

/**
 * The travel durations as the search reads them: two flat matrices up to {@link denseLimit} locations, else a
 * cached lookup of the caller's travel (location `size` is the dummy end, 0 from and to everywhere).
 */
function travelTable(
  travel: Problem["travel"],
  n: number,
): { dense: boolean; dur: Float64Array; durT: Float64Array; tt: TravelFunction } {
  const size = travel.size;
  const side = size + 1;
  const dummy = size;
  const get = matrixGetter(travel.durations);
  const clamp = (d: number) => (Number.isFinite(d) ? Math.max(0, d) : 1e15);
  if (side <= denseLimit) {
    const dur = new Float64Array(side * side);
    const rows = typeof travel.durations === "function" ? null : travel.durations;
    for (let a = 0; a < size; a++) {
      const at = a * side;
      // A matrix is read row by row (no call per pair), a function pair by pair; both clamp the same way.
      const row = rows === null ? null : rows[a];
      for (let b = 0; b < size; b++) {
        const d = a === b ? 0 : row === null ? get(a, b) : (row?.[b] ?? Number.POSITIVE_INFINITY);
        dur[at + b] = clamp(d);
      }
    }
    const durT = new Float64Array(side * side);
    for (let a = 0; a < side; a++) {
      const at = a * side;
      for (let b = 0; b < side; b++) durT[b * side + a] = dur[at + b]!;
    }
    return { dense: true, dur, durT, tt: (a, b) => dur[a * side + b]! };
  }
  // A direct-mapped cache of the pairs measured (about 64 slots per job): the search asks for the same arcs
  // again and again (route updates, positions next to the same neighbours), and a caller's travel function
  // can be far slower than a lookup. Exact values, so the cache never changes a plan.
  const bits = Math.min(22, Math.max(10, Math.ceil(Math.log2(Math.max(1, n) * 64))));
  const shift = 32 - bits;
  const keys = new Float64Array(1 << bits).fill(-1);
  const vals = new Float64Array(1 << bits);
  const tt: TravelFunction = (a, b) => {
    if (a === b || a === dummy || b === dummy) return 0;
    const key = a * side + b;
    const h = Math.imul(key, 0x9e3779b1) >>> shift;
    if (keys[h] === key) return vals[h]!;
    const d = clamp(get(a, b));
    keys[h] = key;
    vals[h] = d;
    return d;
  };
  return { dense: false, dur: new Float64Array(0), durT: new Float64Array(0), tt };
}

/** The jobs as flat arrays: location, service, load, priority, and their merged time windows. */
function jobArrays(jobs: Problem["jobs"]) {
  const n = jobs.length;
  const jobLoc = new Int32Array(n);
  const service = new Float64Array(n);
  const load = new Float64Array(n);
  const twOff = new Int32Array(n);
  const twCnt = new Int32Array(n);
  const lastEnd = new Float64Array(n);
  const prio = new Uint8Array(n);
  const ts: number[] = [];
  const te: number[] = [];
  for (let j = 0; j < n; j++) {
    const job = jobs[j]!;
    jobLoc[j] = job.location;
    service[j] = job.service ?? 0;
    load[j] = job.load ?? 0;
    prio[j] = PRIO[job.priority ?? "normal"];
    twOff[j] = ts.length;
    const windows = [...(job.timeWindows ?? [])].sort((x, y) => x.start - y.start);
    let last = Number.NEGATIVE_INFINITY;
    for (const w of windows) {
      if (!(w.end >= w.start)) continue;
      // Merge overlapping windows so that the first/last-window scans below stay exact.
      if (ts.length > twOff[j]! && w.start <= te[te.length - 1]!) {
        te[te.length - 1] = Math.max(te[te.length - 1]!, w.end);
      } else {
        ts.push(w.start);
        te.push(w.end);
      }
      if (w.end > last) last = w.end;
    }
    twCnt[j] = ts.length - twOff[j]!;
    // A job whose windows are all empty has no possible start: keep one impossible window.
    if (twCnt[j] === 0 && windows.length > 0) {
      ts.push(Number.POSITIVE_INFINITY);
      te.push(Number.NEGATIVE_INFINITY);
      twCnt[j] = 1;
    }
    lastEnd[j] = twCnt[j] === 0 ? Number.POSITIVE_INFINITY : last;
  }
  return {
    jobLoc,
    service,
    load,
    twOff,
    twCnt,
    twStart: Float64Array.from(ts),
    twEnd: Float64Array.from(te),
    lastEnd,
    prio,
  };
}

/** The vehicles as flat arrays, with a class per set of equal vehicles and each vehicle's skills. */
function vehicleArrays(vehicles: Problem["vehicles"], dummy: number) {
  const m = vehicles.length;
  const vStart = new Int32Array(m);
  const vEnd = new Int32Array(m);
  const vShiftStart = new Float64Array(m);
  const vShiftEnd = new Float64Array(m);
  const vCap = new Float64Array(m);
  const vClass = new Int32Array(m);
  const classKeys = new Map<string, number>();
  const skillSets: Set<string>[] = [];
  for (let v = 0; v < m; v++) {
    const veh = vehicles[v]!;
    vStart[v] = veh.start;
    vEnd[v] = veh.end ?? dummy;
    vShiftStart[v] = veh.shiftStart;
    vShiftEnd[v] = veh.shiftEnd;
    vCap[v] = veh.capacity ?? Number.POSITIVE_INFINITY;
    const skills = [...new Set(veh.skills ?? [])].sort();
    skillSets.push(new Set(skills));
    const key = JSON.stringify([veh.start, veh.end ?? -1, veh.shiftStart, veh.shiftEnd, vCap[v], skills]);
    let c = classKeys.get(key);
    if (c === undefined) {
      c = classKeys.size;
      classKeys.set(key, c);
    }
    vClass[v] = c;
  }
  return { vStart, vEnd, vShiftStart, vShiftEnd, vCap, vClass, skillSets };
}

/** Whether vehicle v has every skill job j needs, at `j * m + v`. */
function compatibility(jobs: Problem["jobs"], skillSets: readonly Set<string>[]): Uint8Array {
  const n = jobs.length;
  const m = skillSets.length;
  const compat = new Uint8Array(n * m);
  for (let j = 0; j < n; j++) {
    const need = jobs[j]!.skills ?? [];
    for (let v = 0; v < m; v++) {
      const have = skillSets[v]!;
      let ok = 1;
      for (const s of need) {
        if (!have.has(s)) {
          ok = 0;
          break;
        }
      }
      compat[j * m + v] = ok;
    }
  }
  return compat;
}

/** Mean finite shift length, the scale of the balance term (8 h when no shift is finite). */
function shiftScaleOf(vShiftStart: Float64Array, vShiftEnd: Float64Array): number {
  let shiftSum = 0;
  let shiftCount = 0;
  for (let v = 0; v < vShiftStart.length; v++) {
    const len = vShiftEnd[v]! - vShiftStart[v]!;
    if (Number.isFinite(len) && len > 0) {
      shiftSum += len;
      shiftCount++;
    }
  }
  return shiftCount > 0 ? shiftSum / shiftCount : 8 * 3600;
}

/** Upper bound of any plan's total travel duration (scales the route fixed cost). */
function travelBoundOf(
  table: { dense: boolean; dur: Float64Array; tt: TravelFunction },
  side: number,
  { jobLoc, vStart, vEnd }: { jobLoc: Int32Array; vStart: Int32Array; vEnd: Int32Array },
): number {
  const n = jobLoc.length;
  const m = vStart.length;
  const { dur, tt } = table;
  const locs = [...new Set<number>([...Array.from(jobLoc), ...Array.from(vStart), ...Array.from(vEnd)])];
  let maxArc = 0;
  if (table.dense) {
    for (const a of locs) for (const b of locs) maxArc = Math.max(maxArc, dur[a * side + b]!);
  } else {
    // Every pair would cost the square of the size: bound an arc by a detour through a hub (a vehicle's start),
    // doubled as a margin for travel that is not quite metric (rounded seconds).
    const hub = vStart[0] ?? 0;
    let far = 0;
    for (const a of locs) far = Math.max(far, tt(a, hub), tt(hub, a));
    maxArc = 4 * far;
  }
  return (n + 2 * m + 1) * (maxArc + 1);
}

export function buildModel(problem: Problem): Model {
  const { jobs, vehicles, travel } = problem;
  const n = jobs.length;
  const m = vehicles.length;
  const side = travel.size + 1;
  checkLocations(problem);
  const table = travelTable(travel, n);
  const { dense, dur, durT, tt } = table;
  const jobsFlat = jobArrays(jobs);
  const { skillSets, ...vehiclesFlat } = vehicleArrays(vehicles, travel.size);
  const { nb, nbK, nbTo, nbFrom } = neighbours(
    n,
    jobsFlat.jobLoc,
    tt,
    dense ? null : (travel.positions ?? null),
    dense ? { dur, durT, side } : null,
  );
  const starts = [...new Set(Array.from(vehiclesFlat.vStart))];
  const depotDist = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    let best = Number.POSITIVE_INFINITY;
    for (const s of starts) best = Math.min(best, tt(s, jobsFlat.jobLoc[j]!));
    depotDist[j] = Number.isFinite(best) ? best : 0;
  }
  return {
    n,
    m,
    side,
    dense,
    dur,
    durT,
    tt,
    nbTo,
    nbFrom,
    ...jobsFlat,
    ...vehiclesFlat,
    compat: compatibility(jobs, skillSets),
    nb,
    nbK,
    depotDist,
    shiftScale: shiftScaleOf(vehiclesFlat.vShiftStart, vehiclesFlat.vShiftEnd),
    travelBound: travelBoundOf(table, side, { ...jobsFlat, ...vehiclesFlat }),
  };
}

/** Earliest service start of job j when arriving at `arrival`, or Infinity if every window has closed. */
export function serviceStart(md: Model, j: number, arrival: number): number {
  const c = md.twCnt[j]!;
  if (c === 0) return arrival;
  const o = md.twOff[j]!;
  for (let k = 0; k < c; k++) {
    if (arrival <= md.twEnd[o + k]!) {
      const s = md.twStart[o + k]!;
      return Math.max(arrival, s);
    }
  }
  return Number.POSITIVE_INFINITY;
}

/** Latest arrival at job j such that its service can start no later than `latestStart`; -Infinity if none. */
export function latestArrival(md: Model, j: number, latestStart: number): number {
  const c = md.twCnt[j]!;
  if (c === 0) return latestStart;
  const o = md.twOff[j]!;
  for (let k = c - 1; k >= 0; k--) {
    if (md.twStart[o + k]! <= latestStart) {
      const e = md.twEnd[o + k]!;
      return Math.min(e, latestStart);
    }
  }
  return Number.NEGATIVE_INFINITY;
}

/** Number of nearest neighbours kept per job. */
const NEIGHBOURS = 100;

/**
 * Nearest other jobs of each job by the symmetric sum of travel durations (ties by index), and the travel to and
 * from each. Without positions every pair is measured (a bounded insertion keeps the best `nbK`, in the same order
 * as a full sort); with positions a uniform grid proposes the nearest jobs on the plane, which are then ranked by
 * travel, so the work grows with jobs × neighbours.
 */
function neighbours(
  n: number,
  jobLoc: Int32Array,
  tt: TravelFunction,
  positions: NonNullable<Problem["travel"]["positions"]> | null,
  matrix: { dur: Float64Array; durT: Float64Array; side: number } | null,
): { nb: Int32Array; nbK: number; nbTo: Float32Array; nbFrom: Float32Array } {
  const nbK = Math.min(Math.max(n - 1, 0), NEIGHBOURS);
  const nb = new Int32Array(n * nbK);
  const nbTo = new Float32Array(n * nbK);
  const nbFrom = new Float32Array(n * nbK);
  const bestKey = new Float64Array(nbK);
  const bestIdx = new Int32Array(nbK);
  let found = 0;
  const offer = (k: number, key: number) => {
    if (found === nbK) {
      const lk = bestKey[nbK - 1]!;
      if (key > lk || (key === lk && k > bestIdx[nbK - 1]!)) return;
    } else found++;
    let p = found - 1;
    while (p > 0 && (bestKey[p - 1]! > key || (bestKey[p - 1] === key && bestIdx[p - 1]! > k))) {
      bestKey[p] = bestKey[p - 1]!;
      bestIdx[p] = bestIdx[p - 1]!;
      p--;
    }
    bestKey[p] = key;
    bestIdx[p] = k;
  };
  const grid = positions === null || nbK === 0 ? null : planeGrid(positions, jobLoc);
  const keys = new Float64Array(matrix === null ? 0 : n);
  const sel = new Float64Array(matrix === null ? 0 : n);
  const picked: number[] = [];
  const cand: number[] = [];
  for (let j = 0; j < n; j++) {
    found = 0;
    const lj = jobLoc[j]!;
    if (matrix !== null) {
      // The same keys as `tt(lj, lk) + tt(lk, lj)`, read from the two matrices' row of lj; the nbK-th smallest key
      // by selection, then only the jobs at or below it are offered (offering all costs nbK shifts per new best).
      const { dur, durT } = matrix;
      const row = lj * matrix.side;
      for (let k = 0; k < n; k++) {
        const lk = jobLoc[k]!;
        const key = k === j ? Number.POSITIVE_INFINITY : dur[row + lk]! + durT[row + lk]!;
        keys[k] = key;
        sel[k] = key;
      }
      const limit = nbK > 0 ? kthSmallest(sel, n, nbK - 1) : Number.NEGATIVE_INFINITY;
      picked.length = 0;
      for (let k = 0; k < n; k++) if (k !== j && keys[k]! <= limit) picked.push(k);
      picked.sort((a, b) => keys[a]! - keys[b]! || a - b);
      found = Math.min(nbK, picked.length);
      for (let t = 0; t < found; t++) {
        bestIdx[t] = picked[t]!;
        bestKey[t] = keys[picked[t]!]!;
      }
    } else if (grid === null) {
      for (let k = 0; k < n; k++) {
        if (k === j) continue;
        const lk = jobLoc[k]!;
        const key = tt(lj, lk) + tt(lk, lj);
        // Most jobs are farther than the current nbK-th: reject them without a call.
        if (found === nbK && key > bestKey[nbK - 1]!) continue;
        offer(k, key);
      }
    } else {
      grid.nearest(j, Math.min(n - 1, 2 * nbK), cand);
      for (const k of cand) {
        const lk = jobLoc[k]!;
        offer(k, tt(lj, lk) + tt(lk, lj));
      }
    }
    for (let t = 0; t < nbK; t++) {
      const k = bestIdx[t]!;
      nb[j * nbK + t] = k;
      const lk = jobLoc[k]!;
      nbTo[j * nbK + t] = tt(lj, lk);
      nbFrom[j * nbK + t] = tt(lk, lj);
    }
  }
  return { nb, nbK, nbTo, nbFrom };
}

/** The k-th smallest (0-based) of `a[0 .. n-1]` (Hoare's selection; reorders `a`). */
function kthSmallest(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** A uniform grid over the jobs' planar positions, about two jobs per cell, for nearest-job queries. */
function planeGrid(positions: NonNullable<Problem["travel"]["positions"]>, jobLoc: Int32Array) {
  const n = jobLoc.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < n; j++) {
    const p = positions[jobLoc[j]!];
    if (p === undefined || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) {
      throw new RangeError(`Failed to solve: travel.positions[${jobLoc[j]}] is not a pair of finite numbers`);
    }
    xs[j] = p[0];
    ys[j] = p[1];
    x0 = Math.min(x0, p[0]);
    y0 = Math.min(y0, p[1]);
    x1 = Math.max(x1, p[0]);
    y1 = Math.max(y1, p[1]);
  }
  const cells = Math.max(1, Math.floor(Math.sqrt(n / 2)));
  const w = Math.max((x1 - x0) / cells, (y1 - y0) / cells, 1e-9);
  const cx = (x: number) => Math.min(cells - 1, Math.floor((x - x0) / w));
  const cy = (y: number) => Math.min(cells - 1, Math.floor((y - y0) / w));
  // Counting sort of the jobs by cell.
  const start = new Int32Array(cells * cells + 1);
  const cellOf = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    cellOf[j] = cy(ys[j]!) * cells + cx(xs[j]!);
    start[cellOf[j]! + 1]!++;
  }
  for (let c = 0; c < cells * cells; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, cells * cells);
  const order = new Int32Array(n);
  for (let j = 0; j < n; j++) order[fill[cellOf[j]!]!++] = j;
  const dist = new Float64Array(n);
  return {
    /** The `count` jobs nearest to job j on the plane (ties by index), into `out`. */
    nearest(j: number, count: number, out: number[]): void {
      out.length = 0;
      const gx = cx(xs[j]!);
      const gy = cy(ys[j]!);
      const seen: number[] = [];
      // Grow square rings of cells until `count` jobs lie within `ring * w`, the least distance of any job in the
      // rings beyond.
      let radius = Number.POSITIVE_INFINITY;
      for (let ring = 0; ring < cells; ring++) {
        for (let y = gy - ring; y <= gy + ring; y++) {
          if (y < 0 || y >= cells) continue;
          const edge = y === gy - ring || y === gy + ring;
          for (let x = gx - ring; x <= gx + ring; x += edge || ring === 0 ? 1 : 2 * ring) {
            if (x < 0 || x >= cells) continue;
            const c = y * cells + x;
            for (let i = start[c]!; i < start[c + 1]!; i++) {
              const k = order[i]!;
              if (k === j) continue;
              dist[k] = Math.hypot(xs[k]! - xs[j]!, ys[k]! - ys[j]!);
              seen.push(k);
            }
          }
        }
        if (seen.length >= count) {
          let within = 0;
          for (const k of seen) if (dist[k]! <= ring * w) within++;
          if (within >= count) {
            radius = ring * w;
            break;
          }
        }
      }
      // The `count` nearest: the count-th smallest distance, then every job nearer, then ties by index.
      const ds = new Float64Array(seen.length);
      for (let i = 0; i < seen.length; i++) ds[i] = dist[seen[i]!]!;
      ds.sort();
      const take = Math.min(count, seen.length);
      const limit = take > 0 ? Math.min(ds[take - 1]!, radius) : 0;
      const ties: number[] = [];
      for (const k of seen) {
        if (dist[k]! < limit) out.push(k);
        else if (dist[k] === limit) ties.push(k);
      }
      ties.sort((a, b) => a - b);
      for (const k of ties) if (out.length < take) out.push(k);
    },
  };
}
