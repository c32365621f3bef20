/**
 * The compiled, array-based form of a {@link Problem} that the search works on: flat travel matrices, flat time
 * windows, a skill compatibility matrix, nearest-neighbour lists. Built once per `solve` call.
 */
import type { Priority, Problem, TravelFunction } from "./types.js";

/** Internal model. Job indices are 0..n-1, vehicle indices 0..m-1, locations 0..size (size = the open-end dummy). */
export interface Model {
  n: number;
  m: number;
  /** Matrix side: the problem's locations plus one dummy location at zero travel from everywhere (open ends). */
  side: number;
  /** Travel durations, row-major `side × side`; this is the cost minimized. */
  dur: Float64Array;
  /** The transposed matrix: `durT[b * side + a]` is the travel from a to b (cache-friendly insertion scans). */
  durT: Float64Array;
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

export function buildModel(problem: Problem): Model {
  const { jobs, vehicles, travel } = problem;
  const n = jobs.length;
  const m = vehicles.length;
  const size = travel.size;
  const side = size + 1;
  const dummy = size;
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
  const get = matrixGetter(travel.durations);
  const dur = new Float64Array(side * side);
  for (let a = 0; a < size; a++) {
    const row = a * side;
    for (let b = 0; b < size; b++) {
      const d = a === b ? 0 : get(a, b);
      dur[row + b] = Number.isFinite(d) ? Math.max(0, d) : 1e15;
    }
  }
  const durT = new Float64Array(side * side);
  for (let a = 0; a < side; a++) for (let b = 0; b < side; b++) durT[b * side + a] = dur[a * side + b]!;
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
  // Nearest neighbours (by the symmetric sum of travel durations).
  const nbK = Math.min(Math.max(n - 1, 0), 100);
  const nb = new Int32Array(n * nbK);
  const idx: number[] = [];
  const key = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    idx.length = 0;
    const lj = jobLoc[j]!;
    for (let k = 0; k < n; k++) {
      if (k === j) continue;
      const lk = jobLoc[k]!;
      key[k] = dur[lj * side + lk]! + dur[lk * side + lj]!;
      idx.push(k);
    }
    idx.sort((a, b) => key[a]! - key[b]! || a - b);
    for (let t = 0; t < nbK; t++) nb[j * nbK + t] = idx[t]!;
  }
  const starts = [...new Set(Array.from(vStart))];
  const depotDist = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    let best = Number.POSITIVE_INFINITY;
    for (const s of starts) best = Math.min(best, dur[s * side + jobLoc[j]!]!);
    depotDist[j] = Number.isFinite(best) ? best : 0;
  }
  let shiftSum = 0;
  let shiftCount = 0;
  for (let v = 0; v < m; v++) {
    const len = vShiftEnd[v]! - vShiftStart[v]!;
    if (Number.isFinite(len) && len > 0) {
      shiftSum += len;
      shiftCount++;
    }
  }
  const shiftScale = shiftCount > 0 ? shiftSum / shiftCount : 8 * 3600;
  let maxArc = 0;
  const locs = new Set<number>([...Array.from(jobLoc), ...Array.from(vStart), ...Array.from(vEnd)]);
  for (const a of locs) for (const b of locs) maxArc = Math.max(maxArc, dur[a * side + b]!);
  const travelBound = (n + 2 * m + 1) * (maxArc + 1);
  return {
    n,
    m,
    side,
    dur,
    durT,
    jobLoc,
    service,
    load,
    twOff,
    twCnt,
    twStart: Float64Array.from(ts),
    twEnd: Float64Array.from(te),
    lastEnd,
    prio,
    vStart,
    vEnd,
    vShiftStart,
    vShiftEnd,
    vCap,
    vClass,
    compat,
    nb,
    nbK,
    depotDist,
    shiftScale,
    travelBound,
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
