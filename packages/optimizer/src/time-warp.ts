/**
 * A distance search for `minimizeRoutes` through infeasible plans: ruin-and-recreate on a fixed fleet where a job
 * may be inserted late (time warp, Vidal et al. 2013, "A hybrid genetic algorithm with adaptive diversity
 * management") or over capacity, at penalties adapted so that a target share of the plans tried is feasible (HGS's
 * penalty management). At the tight fleet route elimination leaves, a search that must keep every plan feasible
 * barely moves (most moves leave a job out); this one always serves every job on the same vans and returns the best
 * feasible plan it passed through. It runs beside the annealing of search.ts, from the same plan (the shorter wins).
 *
 * A route is a sequence of time-window segments: (duration, time warp, earliest start, latest start), concatenated
 * in O(1), so that every insertion position is scored in O(1) from the route's prefix and suffix segments. Only for
 * dense models whose jobs have at most one time window and without the balance term (see {@link canRelax}).
 */
import type { Model } from "./model.js";
import type { Rng } from "./rng.js";
import type { CostParams, PlanState } from "./route-state.js";
import { cutString, DEFAULT_SISR, ruinStrings } from "./ruin-recreate.js";

/** Far-off bound standing in for "no window" (finite: the segment arithmetic never meets Infinity − Infinity). */
const BIG = 1e12;

/** Time warp below this counts as none (rounding); the plan is checked again by the exact route state. */
const TW_EPS = 1e-7;

/** Slack of the insertion's time-window cut-off (travel rounding: dd ≥ −1e-9 on Euclidean times). */
const CUT_EPS = 1e-6;

export interface RelaxOptions {
  iterations: number;
  /** The temperatures' unit (a mean arc duration). */
  avgArc: number;
  /** Start temperature as a multiple of `avgArc` (falls geometrically to 0.01 ×). */
  t0: number;
  /** Share of the plans tried that the penalties aim to keep feasible. */
  targetFeasible: number;
  /** The time warp's initial weight per unit (the capacity excess's: one mean arc per largest job load). */
  w0: number;
  /** Iterations in a row from infeasible plans after which the search goes back to the best feasible plan. */
  reset: number;
  /**
   * Whether the insertion skips the gaps whose time warp alone costs more than the best gap found (default true;
   * the same plans either way when travel obeys the triangle inequality, see {@link firstGap}).
   */
  cutOff?: boolean;
  timeUp: () => boolean;
  /**
   * With a time cap: the share of it used so far; the temperature then falls with whichever is further along, the
   * iterations or the clock from `p0` to `pEnd`, where the phase stops.
   */
  progress?: () => number;
  p0?: number;
  pEnd?: number;
}

/** Whether the relaxed search applies: dense travel, no balance term, at most one window per active job. */
export function canRelax(md: Model, cp: CostParams, active: Int32Array): boolean {
  if (!md.dense || cp.balance !== 0) return false;
  for (const j of active) if (md.twCnt[j]! > 1) return false;
  return true;
}

/** One route: its jobs at positions 1..len, start and end at 0 and len + 1, with prefix and suffix segments. */
export class TwRoute {
  readonly v: number;
  len = 0;
  job: Int32Array;
  loc: Int32Array;
  /** Prefix segment 0..p: duration, time warp, earliest and latest start of the vehicle. */
  fD: Float64Array;
  fT: Float64Array;
  fE: Float64Array;
  fL: Float64Array;
  /** Suffix segment p..len + 1: time warp and latest start (all an insertion needs of it). */
  bT: Float64Array;
  bL: Float64Array;
  travel = 0;
  load = 0;
  warp = 0;

  constructor(size: number, v: number) {
    this.v = v;
    this.job = new Int32Array(size);
    this.loc = new Int32Array(size);
    this.fD = new Float64Array(size);
    this.fT = new Float64Array(size);
    this.fE = new Float64Array(size);
    this.fL = new Float64Array(size);
    this.bT = new Float64Array(size);
    this.bL = new Float64Array(size);
  }

  copyFrom(o: TwRoute): void {
    const k = o.len + 2;
    this.len = o.len;
    for (let p = 0; p < k; p++) {
      this.job[p] = o.job[p]!;
      this.loc[p] = o.loc[p]!;
      this.fD[p] = o.fD[p]!;
      this.fT[p] = o.fT[p]!;
      this.fE[p] = o.fE[p]!;
      this.fL[p] = o.fL[p]!;
      this.bT[p] = o.bT[p]!;
      this.bL[p] = o.bL[p]!;
    }
    this.travel = o.travel;
    this.load = o.load;
    this.warp = o.warp;
  }

  /** Recompute locations, segments, travel, load and time warp from the job sequence. */
  update(md: Model, ctx: Windows): void {
    const { job, loc, fD, fT, fE, fL, bT, bL } = this;
    const len = this.len;
    const v = this.v;
    const dur = md.dur;
    const side = md.side;
    loc[0] = md.vStart[v]!;
    for (let p = 1; p <= len; p++) loc[p] = md.jobLoc[job[p]!]!;
    loc[len + 1] = md.vEnd[v]!;
    const s0 = ctx.shiftStart[v]!;
    const s1 = ctx.shiftEnd[v]!;
    fD[0] = 0;
    fT[0] = 0;
    fE[0] = s0;
    fL[0] = s1;
    let travel = 0;
    let load = 0;
    for (let p = 1; p <= len + 1; p++) {
      const d = dur[loc[p - 1]! * side + loc[p]!]!;
      travel += d;
      let D2 = 0;
      let E2 = s0;
      let L2 = s1;
      if (p <= len) {
        const j = job[p]!;
        D2 = md.service[j]!;
        E2 = ctx.early[j]!;
        L2 = ctx.late[j]!;
        load += md.load[j]!;
      }
      const delta = fD[p - 1]! - fT[p - 1]! + d;
      const wait = Math.max(E2 - delta - fL[p - 1]!, 0);
      const warp = Math.max(fE[p - 1]! + delta - L2, 0);
      fD[p] = fD[p - 1]! + D2 + d + wait;
      fT[p] = fT[p - 1]! + warp;
      fE[p] = Math.max(E2 - delta, fE[p - 1]!) - wait;
      fL[p] = Math.min(L2 - delta, fL[p - 1]!) + warp;
    }
    bT[len + 1] = 0;
    bL[len + 1] = s1;
    for (let p = len; p >= 0; p--) {
      const d = dur[loc[p]! * side + loc[p + 1]!]!;
      let D1 = 0;
      let E1 = s0;
      let L1 = s1;
      if (p >= 1) {
        const j = job[p]!;
        D1 = md.service[j]!;
        E1 = ctx.early[j]!;
        L1 = ctx.late[j]!;
      }
      const delta = D1 + d;
      const warp = Math.max(E1 + delta - bL[p + 1]!, 0);
      bT[p] = bT[p + 1]! + warp;
      bL[p] = Math.min(bL[p + 1]! - delta, L1) + warp;
    }
    this.travel = len === 0 ? 0 : travel;
    this.load = load;
    this.warp = len === 0 ? 0 : fT[len + 1]!;
  }
}

/** Each job's (single) window and each vehicle's shift, clamped to ±BIG. */
interface Windows {
  early: Float64Array;
  late: Float64Array;
  shiftStart: Float64Array;
  shiftEnd: Float64Array;
}

export function windowsOf(md: Model): Windows {
  const clamp = (x: number) => Math.min(Math.max(x, -BIG), BIG);
  const early = new Float64Array(md.n).fill(-BIG);
  const late = new Float64Array(md.n).fill(BIG);
  for (let j = 0; j < md.n; j++) {
    if (md.twCnt[j]! >= 1) {
      early[j] = clamp(md.twStart[md.twOff[j]!]!);
      late[j] = clamp(md.twEnd[md.twOff[j]!]!);
    }
  }
  const shiftStart = new Float64Array(md.m);
  const shiftEnd = new Float64Array(md.m);
  for (let v = 0; v < md.m; v++) {
    shiftStart[v] = clamp(md.vShiftStart[v]!);
    shiftEnd[v] = clamp(md.vShiftEnd[v]!);
  }
  return { early, late, shiftStart, shiftEnd };
}

/** A plan on the fixed fleet: every job on one of the routes. */
class TwPlan {
  readonly routes: TwRoute[];
  readonly routeOf: Int32Array;
  readonly posOf: Int32Array;

  constructor(md: Model, vehicles: number[]) {
    const size = md.n + 2;
    this.routes = vehicles.map((v) => new TwRoute(size, v));
    this.routeOf = new Int32Array(md.n).fill(-1);
    this.posOf = new Int32Array(md.n).fill(-1);
  }

  index(r: number): void {
    const route = this.routes[r]!;
    for (let p = 1; p <= route.len; p++) {
      this.routeOf[route.job[p]!] = r;
      this.posOf[route.job[p]!] = p;
    }
  }

  copyRoutesFrom(o: TwPlan, rs: readonly number[]): void {
    for (const r of rs) {
      this.routes[r]!.copyFrom(o.routes[r]!);
      this.index(r);
    }
  }
}

/** Travel, time warp and capacity excess summed over a plan. */
interface Totals {
  travel: number;
  warp: number;
  excess: number;
}

/**
 * The relaxed annealing from `best` (which must serve every active job): on the vehicles `best` uses, SISR ruin and
 * a recreate that inserts every job at its cheapest position under the penalized cost `travel + wWarp × time warp +
 * wLoad × capacity excess`, simulated-annealing acceptance on that cost, both weights × 1.2 or × 0.85 every 100
 * iterations towards `targetFeasible` feasible plans. When the best feasible plan found is cheaper than `best`
 * (checked again by the exact route state), it replaces `best`. Returns whether it did and the iterations run.
 */
export function relaxedAnneal(
  md: Model,
  cp: CostParams,
  rng: Rng,
  active: Int32Array,
  best: PlanState,
  scratch: PlanState,
  opt: RelaxOptions,
): { improved: boolean; iterations: number } {
  const vehicles = usedVehicles(md, best);
  if (best.unassigned.length > 0 || opt.iterations <= 0 || vehicles.length === 0) {
    return { improved: false, iterations: 0 };
  }
  const ctx = windowsOf(md);
  const mv = new Mover(md, rng, active, ctx);
  mv.cutOff = opt.cutOff ?? true;
  const cur = planOf(md, ctx, best, vehicles);
  const { found, iterations } = run(md, rng, mv, cur, opt);
  const improved = found !== null && adopt(md, cp, best, scratch, vehicles, found);
  return { improved, iterations };
}

function usedVehicles(md: Model, plan: PlanState): number[] {
  const vehicles: number[] = [];
  for (let r = 0; r < md.m; r++) if (plan.routes[r]!.len > 0) vehicles.push(r);
  return vehicles;
}

/** The relaxed plan of `plan`'s routes on `vehicles` (the jobs of other routes left off). */
function planOf(md: Model, ctx: Windows, plan: PlanState, vehicles: number[]): TwPlan {
  const cur = new TwPlan(md, vehicles);
  for (let r = 0; r < vehicles.length; r++) {
    const src = plan.routes[vehicles[r]!]!;
    const route = cur.routes[r]!;
    route.len = src.len;
    for (let p = 1; p <= src.len; p++) route.job[p] = src.job[p]!;
    route.update(md, ctx);
    cur.index(r);
  }
  return cur;
}

/**
 * The penalized annealing from `cur` (feasible); returns the job sequences of the shortest feasible plan it met when
 * that is shorter than `cur` (else null), and the iterations run.
 */
function run(
  md: Model,
  rng: Rng,
  mv: Mover,
  cur: TwPlan,
  opt: RelaxOptions,
): { found: Int32Array[] | null; iterations: number } {
  const all = cur.routes.map((_, r) => r);
  const vehicles = cur.routes.map((route) => route.v);
  const cand = new TwPlan(md, vehicles);
  cand.copyRoutesFrom(cur, all);
  const best = new TwPlan(md, vehicles);
  best.copyRoutesFrom(cur, all);
  let found = false;
  let curT = totals(md, cur);
  let bestTravel = curT.travel;
  let maxLoad = 0;
  for (const j of mv.active) maxLoad = Math.max(maxLoad, md.load[j]!);
  const w = { warp: opt.w0, load: maxLoad > 0 ? Math.min(1000, Math.max(0.1, opt.avgArc / maxLoad)) : 1 };
  const score = (t: Totals) => t.travel + w.warp * t.warp + w.load * t.excess;
  const t0 = Math.max(opt.avgArc * opt.t0, 1e-9);
  const ratio = Math.max(opt.avgArc * 0.01, 1e-10) / t0;
  const { progress, p0 = 0, pEnd = 1 } = opt;
  let timeShare = 0;
  let feasibleSeen = 0;
  let loadOkSeen = 0;
  let outRun = 0;
  let it = 0;
  for (; it < opt.iterations; it++) {
    if (progress !== undefined) {
      if ((it & 7) === 0) {
        const p = progress();
        if (p >= pEnd) break;
        timeShare = (p - p0) / (pEnd - p0);
      }
    } else if ((it & 31) === 0 && opt.timeUp()) break;
    const temp = t0 * ratio ** Math.max(it / opt.iterations, timeShare);
    mv.move(cand, w.warp, w.load);
    const t = totalsAfter(md, cand, curT, cur, mv.touchedList);
    if (t.warp < TW_EPS) feasibleSeen++;
    if (t.excess <= 0) loadOkSeen++;
    if (t.warp < TW_EPS && t.excess <= 0 && t.travel < bestTravel - 1e-9) {
      bestTravel = t.travel;
      best.copyRoutesFrom(cand, all);
      found = true;
    }
    if (score(t) < score(curT) - temp * Math.log(rng.next())) {
      cur.copyRoutesFrom(cand, mv.touchedList);
      curT = t;
    } else cand.copyRoutesFrom(cur, mv.touchedList);
    if (curT.warp < TW_EPS && curT.excess <= 0) outRun = 0;
    else if (++outRun > opt.reset) {
      // Back to the best feasible plan: from far enough into the infeasible plans no recreate finds the way back.
      cur.copyRoutesFrom(best, all);
      cand.copyRoutesFrom(best, all);
      curT = totals(md, cur);
      outRun = 0;
    }
    if (it % 100 === 99) {
      w.warp = adapt(w.warp, feasibleSeen / 100, opt.targetFeasible);
      w.load = adapt(w.load, loadOkSeen / 100, opt.targetFeasible);
      feasibleSeen = 0;
      loadOkSeen = 0;
    }
  }
  return { found: found ? best.routes.map((route) => route.job.slice(0, route.len + 2)) : null, iterations: it };
}

/** A penalty weight × 1.2 when fewer plans than the target were feasible, × 0.85 when more (bounded). */
function adapt(weight: number, share: number, target: number): number {
  if (share < target - 0.05) return Math.min(weight * 1.2, 1e6);
  if (share > target + 0.05) return Math.max(weight * 0.85, 1e-3);
  return weight;
}

function totals(md: Model, plan: TwPlan): Totals {
  let travel = 0;
  let warp = 0;
  let excess = 0;
  for (const route of plan.routes) {
    travel += route.travel;
    warp += route.warp;
    excess += Math.max(0, route.load - md.vCap[route.v]!);
  }
  return { travel, warp, excess };
}

/** The totals of `cand`, which differs from `cur` (totals `curT`) only on the touched routes. */
function totalsAfter(md: Model, cand: TwPlan, curT: Totals, cur: TwPlan, touched: readonly number[]): Totals {
  let { travel, warp, excess } = curT;
  for (const r of touched) {
    const a = cur.routes[r]!;
    const b = cand.routes[r]!;
    const cap = md.vCap[a.v]!;
    travel += b.travel - a.travel;
    warp += b.warp - a.warp;
    excess += Math.max(0, b.load - cap) - Math.max(0, a.load - cap);
  }
  return { travel, warp, excess };
}

/** Write the relaxed plan's routes into `scratch`, check them exactly, and copy it to `best` when cheaper. */
function adopt(
  md: Model,
  cp: CostParams,
  best: PlanState,
  scratch: PlanState,
  vehicles: number[],
  jobs: Int32Array[],
): boolean {
  scratch.copyAllFrom(best);
  const changed = usedVehicles(md, best);
  for (const v of changed) {
    const route = scratch.routes[v]!;
    for (let p = 1; p <= route.len; p++) scratch.routeOf[route.job[p]!] = -1;
    route.len = 0;
  }
  for (let r = 0; r < vehicles.length; r++) {
    const route = scratch.routes[vehicles[r]!]!;
    const seq = jobs[r]!;
    const len = seq.length - 2;
    route.reserve(len + 2);
    route.len = len;
    for (let p = 1; p <= len; p++) route.job[p] = seq[p]!;
  }
  for (const v of changed) if (!scratch.refresh(md, cp, v)) return false;
  if (!(scratch.baseCost() < best.baseCost() - 1e-9)) return false;
  best.copyAllFrom(scratch);
  return true;
}

/**
 * The first p in 0..len with bL[p + 1] − bT[p + 1] ≥ bound, len + 1 when none (binary search: bL − bT, the suffix's
 * latest start less its time warp, never decreases along a route). The insertion's cut-offs rest on two bounds of the
 * time warp of a route with job j in the gap after p: at least fE[p] + fD[p] − late_j (the prefix's earliest finish,
 * which never decreases along the route) and at least early_j + service_j − (bL − bT)[p + 1].
 */
export function firstGap(bL: Float64Array, bT: Float64Array, len: number, bound: number): number {
  let lo = 0;
  let hi = len + 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bL[mid + 1]! - bT[mid + 1]! >= bound) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** SISR ruin and a penalized recreate on a {@link TwPlan}. */
class Mover {
  readonly md: Model;
  readonly rng: Rng;
  readonly active: Int32Array;
  readonly ctx: Windows;
  touchedList: number[] = [];
  cutOff = true;
  private touched: Uint8Array;
  private removed: number[] = [];
  private readonly key: Float64Array;

  constructor(md: Model, rng: Rng, active: Int32Array, ctx: Windows) {
    this.md = md;
    this.rng = rng;
    this.active = active;
    this.ctx = ctx;
    this.touched = new Uint8Array(md.m);
    this.key = new Float64Array(md.n);
  }

  private touch(r: number): void {
    if (this.touched[r] === 0) {
      this.touched[r] = 1;
      this.touchedList.push(r);
    }
  }

  move(s: TwPlan, wWarp: number, wLoad: number): void {
    for (const r of this.touchedList) this.touched[r] = 0;
    this.touchedList = [];
    this.removed = [];
    this.ruin(s);
    this.recreate(s, wWarp, wLoad);
  }

  /** SISR's string removals around a random seed job (the paper's parameters, as the annealing's ruin). */
  private ruin(s: TwPlan): void {
    ruinStrings(this.md, this.rng, DEFAULT_SISR, this.active, s, this.touched, (r, pos, size, keepAt, keep) => {
      cutString(this.rng, s, r, pos, size, keepAt, keep, this.removed);
      this.touch(r);
      s.routes[r]!.update(this.md, this.ctx);
      s.index(r);
    });
  }

  private recreate(s: TwPlan, wWarp: number, wLoad: number): void {
    const list = this.removed;
    const rng = this.rng;
    const md = this.md;
    const u = rng.int(11);
    rng.shuffle(list);
    if (u >= 4) {
      const key = this.key;
      for (const j of list) key[j] = u < 8 ? -md.load[j]! : u < 10 ? -md.depotDist[j]! : md.depotDist[j]!;
      list.sort((a, b) => key[a]! - key[b]!);
    }
    for (const j of list) this.insert(s, j, wWarp, wLoad);
  }

  /** Insert job j at its cheapest position under the penalized cost (with SISR's blinks; the cheapest if all blink). */
  private insert(s: TwPlan, j: number, wWarp: number, wLoad: number): void {
    const md = this.md;
    const { early, late } = this.ctx;
    const dur = md.dur;
    const durT = md.durT;
    const side = md.side;
    const m = md.m;
    const lj = md.jobLoc[j]!;
    const row = lj * side;
    const sj = md.service[j]!;
    const ej = early[j]!;
    const lateJ = late[j]!;
    const qj = md.load[j]!;
    const rng = this.rng;
    let best = Number.POSITIVE_INFINITY;
    let bestR = -1;
    let bestP = -1;
    let fallback = Number.POSITIVE_INFINITY;
    let fallR = -1;
    let fallP = -1;
    for (let r = 0; r < s.routes.length; r++) {
      const route = s.routes[r]!;
      if (md.compat[j * m + route.v] === 0) continue;
      const cap = md.vCap[route.v]!;
      const loadCost = wLoad * (Math.max(0, route.load + qj - cap) - Math.max(0, route.load - cap));
      const warp0 = route.warp;
      const { loc, fD, fT, fE, fL, bT, bL } = route;
      const len = route.len;
      // Time-window cut-off: j after position p adds at least wWarp × (fE[p] + fD[p] − late_j − warp0) of time warp
      // (the route's warp is at least the prefix's, whose warp at j is its earliest finish + travel − late_j, minus
      // its own warp), and fE + fD never decreases along the route: once that (with the load term) reaches the best
      // cost, no later gap can be chosen. Exact when the travel times obey the triangle inequality (dd ≥ 0).
      const cut = this.cutOff;
      let cutAt = cut ? (best - loadCost + CUT_EPS) / wWarp + lateJ + warp0 : Number.POSITIVE_INFINITY;
      // And from the other side: before position p + 1, at least wWarp × (e_j + s_j − (bL − bT)[p + 1] − warp0) (j
      // finishes no earlier than e_j + s_j in warped time, the suffix must start by its latest start), and bL − bT
      // never decreases along the route: the first gap tried is the first where that stays under the best cost.
      const from = cut ? firstGap(bL, bT, len, ej + sj - warp0 - (best - loadCost + CUT_EPS) / wWarp) : 0;
      for (let p = from; p <= len; p++) {
        if (fE[p]! + fD[p]! > cutAt) break;
        const dA = durT[row + loc[p]!]!;
        const dB = dur[row + loc[p + 1]!]!;
        const dd = dA + dB - dur[loc[p]! * side + loc[p + 1]!]!;
        let c = dd + loadCost;
        if (c >= best && c >= fallback) continue;
        // Prefix 0..p ⊕ j.
        const delta1 = fD[p]! - fT[p]! + dA;
        const wait1 = Math.max(ej - delta1 - fL[p]!, 0);
        const warp1 = Math.max(fE[p]! + delta1 - lateJ, 0);
        const D = fD[p]! + sj + dA + wait1;
        const T = fT[p]! + warp1;
        const E = Math.max(ej - delta1, fE[p]!) - wait1;
        // ⊕ suffix p + 1 .. len + 1.
        const delta2 = D - T + dB;
        const warp2 = Math.max(E + delta2 - bL[p + 1]!, 0);
        const warp = T + bT[p + 1]! + warp2;
        c += wWarp * (warp - warp0);
        if (c < fallback) {
          fallback = c;
          fallR = r;
          fallP = p;
        }
        if (c >= best) continue;
        if (rng.next() < 0.01) continue;
        best = c;
        bestR = r;
        bestP = p;
        if (cut) cutAt = (best - loadCost + CUT_EPS) / wWarp + lateJ + warp0;
      }
    }
    if (bestR < 0) {
      bestR = fallR;
      bestP = fallP;
    }
    // Every job has a vehicle of the fleet it may go on (the one it was on).
    const route = s.routes[bestR]!;
    const job = route.job;
    for (let p = route.len; p > bestP; p--) job[p + 1] = job[p]!;
    job[bestP + 1] = j;
    route.len++;
    this.touch(bestR);
    route.update(md, this.ctx);
    s.index(bestR);
  }
}
