/**
 * Ruin and recreate after SISR (Christiaens & Vanden Berghe 2020, "Slack Induction by String Removals"):
 * the ruin removes a few strings (or split strings) of consecutive jobs from routes near a random seed job; the
 * recreate re-inserts the removed and all unassigned jobs one by one, each at its cheapest feasible position, skipping
 * each position with a small "blink" probability.
 */
import { latestArrival, type Model, serviceStart } from "./model.js";
import type { Rng } from "./rng.js";
import type { CostParams, PlanState, Route } from "./route-state.js";

/** SISR parameters (the paper's defaults). */
export interface SisrParams {
  /** Average number of removed jobs (c̄). */
  avgRemoved: number;
  /** Maximum string length (L^max). */
  maxString: number;
  /** Probability of a plain string removal rather than a split string (1 − α in the paper's terms). */
  stringProb: number;
  /** Split depth β: probability of stopping to grow the preserved part of a split string. */
  splitDepth: number;
  /** Probability of skipping a candidate insertion position (blink rate). */
  blink: number;
  /** The insertion first scans the routes of this many nearest neighbours of the job (0 = all routes). */
  granular: number;
}

/** Nearest neighbours of a left-out job that route elimination may eject to make room for it. */
const EJECT_NEIGHBOURS = 30;

export const DEFAULT_SISR: SisrParams = {
  avgRemoved: 10,
  maxString: 10,
  stringProb: 0.5,
  splitDepth: 0.01,
  blink: 0.01,
  granular: 40,
};

/** A plan as SISR's ruin reads and cuts it: each route's jobs at positions 1..len, each job's route and position. */
export interface StringPlan {
  readonly routes: readonly { readonly job: Int32Array; len: number }[];
  readonly routeOf: Int32Array;
  readonly posOf: Int32Array;
}

/** Removes from route `r` the string of `size` positions containing `pos`, except `keep` from offset `keepAt`. */
type StringCut = (r: number, pos: number, size: number, keepAt: number, keep: number) => void;

/**
 * SISR's ruin over `s`: from a random placed seed job and its nearest neighbours, up to a random number of strings
 * (or split strings, which keep a few jobs in their middle), at most one per route and none from a route in
 * `touched`; each is removed by `cut`, which refreshes the route and marks it touched.
 */
export function ruinStrings(
  md: Model,
  rng: Rng,
  prm: SisrParams,
  active: Int32Array,
  s: StringPlan,
  touched: Uint8Array,
  cut: StringCut,
): void {
  let assigned = 0;
  let used = 0;
  for (const route of s.routes) {
    if (route.len > 0) {
      assigned += route.len;
      used++;
    }
  }
  if (assigned === 0) return;
  const lsMax = Math.min(prm.maxString, assigned / used);
  const ksMax = (4 * prm.avgRemoved) / (1 + lsMax) - 1;
  const ks = Math.floor(rng.next() * ksMax) + 1;
  let seed = -1;
  for (let tries = 0; tries < 1000 && seed < 0; tries++) {
    const j = active[rng.int(active.length)]!;
    if (s.routeOf[j]! >= 0) seed = j;
  }
  if (seed < 0) return;
  let ruined = 0;
  const K = md.nbK;
  for (let t = -1; t < K && ruined < ks; t++) {
    const c = t < 0 ? seed : md.nb[seed * K + t]!;
    const r = s.routeOf[c]!;
    if (r < 0 || touched[r] === 1) continue;
    const route = s.routes[r]!;
    const lMax = Math.min(route.len, lsMax);
    const l = Math.floor(rng.next() * lMax) + 1;
    const pos = s.posOf[c]!;
    if (l === route.len || rng.next() < prm.stringProb) {
      cut(r, pos, l, 0, 0);
    } else {
      let extra = 1;
      while (l + extra < route.len && rng.next() > prm.splitDepth) extra++;
      const keepAt = rng.int(l + 1);
      cut(r, pos, l + extra, keepAt, extra);
    }
    ruined++;
  }
}

/**
 * Cut from route `r` of `s` a string of `size` positions containing `pos` (its start drawn at random), except `keep`
 * positions from offset `keepAt`: the jobs cut go to `removed`, unplaced. The caller refreshes the route.
 */
export function cutString(
  rng: Rng,
  s: StringPlan,
  r: number,
  pos: number,
  size: number,
  keepAt: number,
  keep: number,
  removed: number[],
): void {
  const route = s.routes[r]!;
  const len = route.len;
  const lo = Math.max(1, pos - size + 1);
  const hi = Math.min(pos, len - size + 1);
  const start = lo + rng.int(hi - lo + 1);
  const job = route.job;
  let w = start;
  for (let p = start; p < start + size; p++) {
    const k = p - start;
    const j = job[p]!;
    if (k >= keepAt && k < keepAt + keep) {
      job[w++] = j;
    } else {
      removed.push(j);
      s.routeOf[j] = -1;
      s.posOf[j] = -1;
    }
  }
  for (let p = start + size; p <= len; p++) job[w++] = job[p]!;
  route.len = w - 1;
}

/** Scratch state shared by the ruin and recreate steps of one search. */
export class RuinRecreate {
  readonly md: Model;
  readonly cp: CostParams;
  readonly rng: Rng;
  readonly params: SisrParams;
  /** Jobs the search may place (feasible alone on some vehicle). */
  readonly active: Int32Array;
  /** Routes changed by the current move (flag per vehicle and list). */
  readonly touched: Uint8Array;
  touchedList: number[] = [];
  /** Set when a route became infeasible after a removal (only possible with non-metric travel times). */
  bad = false;
  private removed: number[] = [];
  private readonly classSeen: Int32Array;
  private readonly routeMark: Int32Array;
  /** Number of nearest neighbours whose routes are scanned first by the insertion (0 = all routes). */
  granular: number;
  /** Cap on the number of used routes during a recreate (route elimination). */
  maxRoutes = Number.POSITIVE_INFINITY;
  private used = 0;
  /**
   * Whether the granular pass also tries the last gap of routes that serve none of the job's neighbours. Off for
   * `minimizeRoutes` (route elimination then reached the best-known count on 51 of 56 Solomon instances instead of
   * 53) and from 500 jobs on (long routes around a central depot all end near it: on 12 Homberger 1000 instances
   * the plans were 0.5 % longer, up to 2.6 %); measured in bench/RESULTS.md, issue 24.
   */
  lastGaps = true;
  /** Disables the blinks (final descent). */
  blinkOff = false;
  private stamp = 0;
  private readonly sortKey: Float64Array;

  constructor(md: Model, cp: CostParams, rng: Rng, active: Int32Array, params: SisrParams = DEFAULT_SISR) {
    this.md = md;
    this.cp = cp;
    this.rng = rng;
    this.params = params;
    this.granular = params.granular;
    this.active = active;
    this.touched = new Uint8Array(md.m);
    let classes = 0;
    for (let v = 0; v < md.m; v++) classes = Math.max(classes, md.vClass[v]! + 1);
    this.classSeen = new Int32Array(classes);
    this.routeMark = new Int32Array(md.m);
    this.sortKey = new Float64Array(md.n);
  }

  beginMove(): void {
    for (const r of this.touchedList) this.touched[r] = 0;
    this.touchedList = [];
    this.bad = false;
    this.removed = [];
  }

  private touch(r: number): void {
    if (this.touched[r] === 0) {
      this.touched[r] = 1;
      this.touchedList.push(r);
    }
  }

  /** Remove every job of route r (used by route elimination). */
  removeRoute(s: PlanState, r: number): void {
    const route = s.routes[r]!;
    for (let p = 1; p <= route.len; p++) {
      const j = route.job[p]!;
      this.removed.push(j);
      s.routeOf[j] = -1;
      s.posOf[j] = -1;
    }
    route.len = 0;
    this.touch(r);
    if (!s.refresh(this.md, this.cp, r)) this.bad = true;
  }

  /** Remove one job from its route. */
  removeJob(s: PlanState, j: number): void {
    const r = s.routeOf[j]!;
    if (r < 0) return;
    this.removeString(s, r, s.posOf[j]!, 1, 0, 0);
  }

  /** SISR ruin: remove strings of jobs from routes close to a random seed job. */
  ruin(s: PlanState): void {
    ruinStrings(this.md, this.rng, this.params, this.active, s, this.touched, (r, pos, size, keepAt, keep) =>
      this.removeString(s, r, pos, size, keepAt, keep),
    );
  }

  /** Remove a string of `size` positions containing `pos`, except `keep` positions starting at offset `keepAt`. */
  private removeString(s: PlanState, r: number, pos: number, size: number, keepAt: number, keep: number): void {
    cutString(this.rng, s, r, pos, size, keepAt, keep, this.removed);
    this.touch(r);
    if (!s.refresh(this.md, this.cp, r)) this.bad = true;
  }

  /** Recreate: insert the removed jobs and every unassigned job, in one of SISR's orders. */
  recreate(s: PlanState, order?: "random" | "demand" | "far" | "close" | "deadline"): void {
    const list = this.removed;
    for (const j of s.unassigned) list.push(j);
    this.used = s.usedRoutes();
    s.unassigned = [];
    this.removed = [];
    const rng = this.rng;
    let o = order;
    if (o === undefined) {
      const u = rng.int(11);
      o = u < 4 ? "random" : u < 8 ? "demand" : u < 10 ? "far" : "close";
    }
    rng.shuffle(list);
    const md = this.md;
    const key = this.sortKey;
    if (o !== "random") {
      for (const j of list) {
        key[j] =
          o === "demand"
            ? -md.load[j]!
            : o === "far"
              ? -md.depotDist[j]!
              : o === "close"
                ? md.depotDist[j]!
                : md.lastEnd[j]!;
      }
      list.sort((a, b) => key[a]! - key[b]!);
    }
    for (const j of list) {
      if (!this.insertBest(s, j)) s.unassigned.push(j);
    }
    this.recreated = list;
  }

  /** The jobs the last `recreate` inserted or tried to (the local search starts from them). */
  recreated: number[] = [];

  /** Insert job j at its cheapest feasible position (with blinks); false when there is none. */
  insertBest(s: PlanState, j: number): boolean {
    if (!this.md.dense) return this.insertNear(s, j);
    const md = this.md;
    const side = md.side;
    const D = md.dur;
    const DT = md.durT;
    const m = md.m;
    const lj = md.jobLoc[j]!;
    const sj = md.service[j]!;
    const loadJ = md.load[j]!;
    const lastEnd = md.lastEnd[j]!;
    const single = md.twCnt[j] === 1;
    const tws = single ? md.twStart[md.twOff[j]!]! : 0;
    const noTw = md.twCnt[j] === 0;
    const blink = this.blinkOff ? 0 : this.params.blink;
    const rng = this.rng;
    const fixed = this.cp.fixed;
    const bw = this.cp.balance;
    const rowJ = lj * side;
    const stamp = ++this.stamp;
    let best = Number.POSITIVE_INFINITY;
    let bestR = -1;
    let bestP = -1;
    // Granular pass: only the routes that serve one of j's nearest neighbours (and the empty vehicles); all the
    // routes when that finds no feasible position.
    const gran = this.granular;
    let restrict = gran > 0 && m > 4;
    if (restrict) {
      const K = md.nbK;
      const lim = Math.min(gran, K);
      const mark = this.routeMark;
      for (let t = 0; t < lim; t++) {
        const r = s.routeOf[md.nb[j * K + t]!]!;
        if (r >= 0) mark[r] = stamp;
      }
    }
    for (let pass = 0; pass < 2; pass++) {
      for (let r = 0; r < m; r++) {
        if (md.compat[j * m + r] === 0) continue;
        const route = s.routes[r]!;
        // A route that serves none of j's neighbours is still tried in its last gap: its way back to its end can
        // pass right by j (a clustered route heading home), which no neighbour list shows.
        const lastOnly = restrict && route.len > 0 && this.routeMark[r] !== stamp;
        if (lastOnly && !this.lastGaps) continue;
        if (route.load + loadJ > md.vCap[r]!) continue;
        const len = route.len;
        let extra = 0;
        if (len === 0) {
          const cls = md.vClass[r]!;
          if (this.classSeen[cls] === this.stamp || this.used >= this.maxRoutes) continue;
          this.classSeen[cls] = this.stamp;
          extra = fixed;
        }
        const w0 = route.travel + route.service;
        const loc = route.loc;
        const early = route.early;
        const late = route.late;
        const arc = route.arc;
        for (let p = lastOnly ? len : 0; p <= len; p++) {
          const dA = DT[rowJ + loc[p]!]!;
          const arr = early[p]! + dA;
          if (arr > lastEnd) break;
          const dB = D[rowJ + loc[p + 1]!]!;
          const dd = dA + dB - arc[p]!;
          let c = dd + extra;
          if (bw !== 0) {
            const w1 = w0 + dd + sj;
            c += bw * (w1 * w1 - w0 * w0);
          }
          if (c >= best) continue;
          let st: number;
          if (noTw) st = arr;
          else if (single) st = Math.max(arr, tws);
          else st = serviceStartMulti(md, j, arr);
          if (st + sj + dB > late[p + 1]!) continue;
          if (blink > 0 && rng.next() < blink) continue;
          best = c;
          bestR = r;
          bestP = p;
        }
      }
      if (bestR >= 0 || !restrict) break;
      restrict = false;
      this.stamp++;
    }
    if (bestR < 0) return false;
    this.place(s, j, bestR, bestP);
    return true;
  }

  /**
   * Sparse-model insertion (docs/decisions/0012-optimizer.md): job j is tried only next to one of its
   * nearest neighbours (before or after it; `granular` of them, all `nbK` when 0) and on one empty vehicle per
   * class, so a move costs about the neighbourhood, not the routes; travel to the neighbours comes from the
   * model's cache. Every position of every route is tried only when none of those is feasible.
   */
  private insertNear(s: PlanState, j: number): boolean {
    const md = this.md;
    const m = md.m;
    const tt = md.tt;
    const lj = md.jobLoc[j]!;
    const loadJ = md.load[j]!;
    const K = md.nbK;
    const lim = this.granular > 0 ? Math.min(this.granular, K) : K;
    const stamp = ++this.stamp;
    this.best = Number.POSITIVE_INFINITY;
    this.bestR = -1;
    this.bestP = -1;
    this.tryNear(s, j, 0, lim);
    for (let r = 0; r < m; r++) {
      const route = s.routes[r]!;
      if (route.len !== 0 || md.compat[j * m + r] === 0 || loadJ > md.vCap[r]!) continue;
      const cls = md.vClass[r]!;
      if (this.classSeen[cls] === stamp || this.used >= this.maxRoutes) continue;
      this.classSeen[cls] = stamp;
      this.tryAt(j, r, route, 0, tt(route.loc[0]!, lj), tt(lj, route.loc[1]!), this.cp.fixed);
    }
    // Then the farther neighbours, and only then every route.
    if (this.bestR < 0 && lim < K) this.tryNear(s, j, lim, K);
    if (this.bestR < 0) {
      const lastEnd = md.lastEnd[j]!;
      const sj = md.service[j]!;
      for (let r = 0; r < m; r++) {
        const route = s.routes[r]!;
        if (route.len === 0 || md.compat[j * m + r] === 0 || route.load + loadJ > md.vCap[r]!) continue;
        const early = route.early;
        const late = route.late;
        for (let p = 0; p <= route.len; p++) {
          if (early[p]! > lastEnd) break;
          // Travel is never negative: skip, before measuring any travel, a gap too short even at zero travel.
          if (serviceStart(md, j, early[p]!) + sj > late[p + 1]!) continue;
          this.tryAt(j, r, route, p, tt(route.loc[p]!, lj), tt(lj, route.loc[p + 1]!), 0);
        }
      }
    }
    if (this.bestR < 0) return false;
    this.place(s, j, this.bestR, this.bestP);
    return true;
  }

  /** Try job j before and after each of its neighbours `from .. to - 1` that is on a route. */
  private tryNear(s: PlanState, j: number, from: number, to: number): void {
    const md = this.md;
    const m = md.m;
    const K = md.nbK;
    const lj = md.jobLoc[j]!;
    const loadJ = md.load[j]!;
    for (let t = from; t < to; t++) {
      const k = md.nb[j * K + t]!;
      const r = s.routeOf[k]!;
      if (r < 0 || md.compat[j * m + r] === 0) continue;
      const route = s.routes[r]!;
      if (route.load + loadJ > md.vCap[r]!) continue;
      const p = s.posOf[k]!;
      // Before k, then after k.
      this.tryAt(j, r, route, p - 1, md.tt(route.loc[p - 1]!, lj), md.nbTo[j * K + t]!, 0);
      this.tryAt(j, r, route, p, md.nbFrom[j * K + t]!, md.tt(lj, route.loc[p + 1]!), 0);
    }
  }

  private best = Number.POSITIVE_INFINITY;
  private bestR = -1;
  private bestP = -1;

  /** Consider job j between positions p and p+1 of route r, `dA`/`dB` being the travel into and out of j. */
  private tryAt(j: number, r: number, route: Route, p: number, dA: number, dB: number, extra: number): void {
    const md = this.md;
    const arr = route.early[p]! + dA;
    if (arr > md.lastEnd[j]!) return;
    const sj = md.service[j]!;
    const dd = dA + dB - route.arc[p]!;
    let c = dd + extra;
    const bw = this.cp.balance;
    if (bw !== 0) {
      const w0 = route.travel + route.service;
      const w1 = w0 + dd + sj;
      c += bw * (w1 * w1 - w0 * w0);
    }
    if (c >= this.best) return;
    const st = serviceStart(md, j, arr);
    if (st + sj + dB > route.late[p + 1]!) return;
    if (!this.blinkOff && this.params.blink > 0 && this.rng.next() < this.params.blink) return;
    this.best = c;
    this.bestR = r;
    this.bestP = p;
  }

  /**
   * Insertion with one ejection (Nagata & Bräysy 2009, "A powerful route minimization heuristic for the VRPTW"):
   * put job j on a route in place of one job k that was left out less often so far (`absence[k] < absence[j]`, and
   * of no higher weight), at a feasible position of the route without k. Among all such pairs the one with the
   * lowest absence of k wins, then the smallest travel change. Only j's nearest neighbours are candidates for k
   * (so a move costs about as much as a recreate). The ejected job is re-inserted at its cheapest position when it
   * fits anywhere, else left out. Returns false when no ejection makes room for j.
   */
  insertEjecting(s: PlanState, j: number, absence: Float64Array, weights: Float64Array): boolean {
    const md = this.md;
    const m = md.m;
    const tt = md.tt;
    const lj = md.jobLoc[j]!;
    const sj = md.service[j]!;
    const loadJ = md.load[j]!;
    const absJ = absence[j]!;
    const wJ = weights[j]!;
    const lastEnd = md.lastEnd[j]!;
    let bestAbs = Number.POSITIVE_INFINITY;
    let bestDelta = Number.POSITIVE_INFINITY;
    let bestR = -1;
    let bestQ = -1;
    let bestGap = -1;
    const K = md.nbK;
    const lim = Math.min(EJECT_NEIGHBOURS, K);
    for (let t = 0; t < lim; t++) {
      const k = md.nb[j * K + t]!;
      const r = s.routeOf[k]!;
      if (r < 0 || md.compat[j * m + r] === 0) continue;
      const absK = absence[k]!;
      if (!(absK < absJ) || absK > bestAbs || weights[k]! > wJ) continue;
      const route = s.routes[r]!;
      const len = route.len;
      const q = s.posOf[k]!;
      const { job, loc, early, late, arc } = route;
      if (route.load - md.load[k]! + loadJ > md.vCap[r]!) continue;
      if (this.lateTmp.length < len + 2) {
        this.lateTmp = new Float64Array(2 * (len + 2));
        this.earlyTmp = new Float64Array(2 * (len + 2));
      }
      const lateQ = this.lateTmp;
      const earlyQ = this.earlyTmp;
      {
        const dSkip = tt(loc[q - 1]!, loc[q + 1]!);
        const removal = dSkip - arc[q - 1]! - arc[q]!;
        // Latest arrivals before q and earliest departures after q, in the route without k.
        const beforeK = late[q + 1]! - dSkip;
        lateQ[q - 1] = q === 1 ? beforeK : latestArrival(md, job[q - 1]!, beforeK - md.service[job[q - 1]!]!);
        for (let x = q - 2; x >= 0; x--) {
          const nx = lateQ[x + 1]! - arc[x]!;
          lateQ[x] = x === 0 ? nx : latestArrival(md, job[x]!, nx - md.service[job[x]!]!);
        }
        // Arriving at q + 1 no later than before keeps the rest feasible; only non-metric travel can break it.
        let arr = early[q - 1]! + dSkip;
        if (!(arr <= late[q + 1]!)) continue;
        for (let x = q + 1; x <= len; x++) {
          earlyQ[x] = serviceStart(md, job[x]!, arr) + md.service[job[x]!]!;
          arr = earlyQ[x]! + arc[x]!;
        }
        // Gaps of the route without k, named by the original position before the gap.
        for (let a = 0; a <= len; a++) {
          if (a === q) continue;
          const b = a + 1 === q ? q + 1 : a + 1;
          const dep = a < q ? early[a]! : earlyQ[a]!;
          // Departures only grow along the route: past j's last window end no later gap can serve it.
          if (dep > lastEnd) break;
          const dA = tt(loc[a]!, lj);
          const st = serviceStart(md, j, dep + dA);
          if (st === Number.POSITIVE_INFINITY) continue;
          const dB = tt(lj, loc[b]!);
          const latest = b < q ? lateQ[b]! : late[b]!;
          if (st + sj + dB > latest) continue;
          const delta = removal + dA + dB - (b === q + 1 && a === q - 1 ? dSkip : arc[a]!);
          if (absK < bestAbs || delta < bestDelta) {
            bestAbs = absK;
            bestDelta = delta;
            bestR = r;
            bestQ = q;
            bestGap = a < q ? a : a - 1;
          }
        }
      }
    }
    if (bestR < 0) return false;
    const route = s.routes[bestR]!;
    const k = route.job[bestQ]!;
    this.removeJob(s, k);
    this.place(s, j, bestR, bestGap);
    if (!this.insertBest(s, k)) s.unassigned.push(k);
    return true;
  }

  private lateTmp = new Float64Array(0);
  private earlyTmp = new Float64Array(0);

  /** Insert job j after position p of route r. */
  private place(s: PlanState, j: number, r: number, bestP: number): void {
    const md = this.md;
    const route = s.routes[r]!;
    if (route.len === 0) this.used++;
    route.reserve(route.len + 3);
    const job = route.job;
    for (let p = route.len; p > bestP; p--) job[p + 1] = job[p]!;
    job[bestP + 1] = j;
    route.len++;
    this.touch(r);
    s.refreshInserted(md, this.cp, r, bestP + 1);
  }
}

function serviceStartMulti(md: Model, j: number, arrival: number): number {
  const o = md.twOff[j]!;
  const c = md.twCnt[j]!;
  for (let k = 0; k < c; k++) {
    if (arrival <= md.twEnd[o + k]!) {
      const s = md.twStart[o + k]!;
      return Math.max(arrival, s);
    }
  }
  return Number.POSITIVE_INFINITY;
}
