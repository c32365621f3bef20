/**
 * Granular local search (after HGS, Vidal 2022, "Hybrid genetic search for the CVRP: open-source implementation
 * and SWAP* neighborhood"): for each job u and each of its nearest neighbours v, try moves that bring u next to v —
 * relocate u or the pair (u, succ u) before or after v, swap u or (u, succ u) with v or (v, succ v), 2-opt* (exchange
 * the tails of u's and v's routes so that u is followed by v, or v by u), and within one route or-opt, swap and 2-opt
 * — applying the first that lowers the plan's cost, until none does.
 *
 * Every move rewrites a range of at most two routes: the jobs between positions a and b of a route are replaced by
 * a short sequence. Its feasibility is checked by propagating the earliest departure `early[a]` through the new
 * sequence (several windows per job allowed) and comparing the arrival at b with the cached latest arrival `late[b]`
 * (route-state.ts), so a move between routes costs the length of the moved part, not of the routes. The cost change
 * uses the same route cost as the plan (travel, fixed cost, balance term), from the routes' travel and service
 * totals. Load is checked against each vehicle's capacity, skills against the receiving vehicle; a route's tail
 * moves (2-opt*) only between vehicles with the same end location and shift end.
 */
import { type Model, serviceStart } from "./model.js";
import type { Rng } from "./rng.js";
import { type CostParams, type PlanState, type Route, routeCost } from "./route-state.js";

/** A move must lower the cost by more than this (rounding of the summed travel). */
const EPS = 1e-7;

export class LocalSearch {
  readonly md: Model;
  readonly cp: CostParams;
  readonly rng: Rng;
  /** The model's travel function (a matrix lookup when dense). */
  private readonly tt: (a: number, b: number) => number;
  /** Neighbours of each job tried as v. */
  neighbours: number;
  /** Prefix sums per route and position 0..len+1: travel from the start to p, load and service of 1..p. */
  private cumTravel: Float64Array[] = [];
  private cumLoad: Float64Array[] = [];
  private cumServ: Float64Array[] = [];
  /** True when the travel matrix is symmetric (a reversed part travels as far as forward). */
  private readonly symmetric: boolean;
  /** Vehicles with the same skill group can serve the same jobs. */
  private readonly skillGroup: Int32Array;
  /** Move counter when each route last changed, and when each job was last tested (skip unchanged pairs). */
  private readonly routeStamp: Int32Array;
  private readonly testedAt: Int32Array;
  private clock = 0;
  /**
   * The `begin` (epoch) at which each route's prefix sums were last computed: `begin` only starts a new epoch and a
   * route's sums are computed when a move first reads them (a descent from a few jobs reads a few routes), with the
   * same values as computing all of them at `begin`, since a route changes only through `commit`, which recomputes.
   */
  private readonly syncedAt: Int32Array;
  private epoch = 0;
  private seqA = new Int32Array(16);
  private seqB = new Int32Array(16);
  private tmp = new Int32Array(16);
  private s: PlanState | null = null;
  /** Moves applied by the last `run`. */
  moves = 0;

  constructor(md: Model, cp: CostParams, rng: Rng, neighbours = 20) {
    this.md = md;
    this.cp = cp;
    this.rng = rng;
    this.neighbours = neighbours;
    this.tt = md.tt;
    const m = md.m;
    const n = md.n;
    this.skillGroup = new Int32Array(m);
    // Group vehicles by their compatibility column (a hash, confirmed by comparing the columns).
    const reps: number[] = [];
    for (let v = 0; v < m; v++) {
      let g = -1;
      for (let k = 0; k < reps.length && g < 0; k++) {
        const w = reps[k]!;
        let same = true;
        for (let j = 0; j < n && same; j++) if (md.compat[j * m + v] !== md.compat[j * m + w]) same = false;
        if (same) g = k;
      }
      if (g < 0) {
        g = reps.length;
        reps.push(v);
      }
      this.skillGroup[v] = g;
      // Many distinct skill sets: comparing against each would cost n × m²; give up grouping beyond 32.
      if (reps.length > 32) {
        for (let w = 0; w < m; w++) this.skillGroup[w] = w;
        break;
      }
    }
    let symmetric = md.dense;
    const side = md.side;
    for (let a = 0; a < side && symmetric; a++) {
      for (let b = a + 1; b < side; b++) {
        if (md.dur[a * side + b] !== md.dur[b * side + a]) {
          symmetric = false;
          break;
        }
      }
    }
    this.symmetric = symmetric;
    this.routeStamp = new Int32Array(m);
    this.testedAt = new Int32Array(n);
    this.syncedAt = new Int32Array(m);
  }

  /** Recompute route r's prefix sums. */
  private sync(r: number): void {
    const route = this.s!.routes[r]!;
    const k = route.len + 2;
    let ct = this.cumTravel[r]!;
    if (ct.length < k) {
      const size = Math.max(k, 2 * ct.length);
      ct = this.cumTravel[r] = new Float64Array(size);
      this.cumLoad[r] = new Float64Array(size);
      this.cumServ[r] = new Float64Array(size);
    }
    const cl = this.cumLoad[r]!;
    const cs = this.cumServ[r]!;
    const md = this.md;
    ct[0] = 0;
    cl[0] = 0;
    cs[0] = 0;
    for (let p = 1; p < k; p++) {
      ct[p] = ct[p - 1]! + route.arc[p - 1]!;
      const j = route.job[p]!;
      const inner = p <= route.len;
      cl[p] = cl[p - 1]! + (inner ? md.load[j]! : 0);
      cs[p] = cs[p - 1]! + (inner ? md.service[j]! : 0);
    }
    this.syncedAt[r] = this.epoch;
  }

  private grow(len: number): void {
    if (this.seqA.length >= len) return;
    const size = Math.max(len, 2 * this.seqA.length);
    this.seqA = new Int32Array(size);
    this.seqB = new Int32Array(size);
    this.tmp = new Int32Array(size);
  }

  /** Cost of a route with the given totals, as `Route.update` computes it. */
  private costOf(travel: number, service: number, len: number): number {
    return len === 0 ? 0 : routeCost(this.cp, travel, service);
  }

  /**
   * Copy positions i..i+L-1 of route A into `seq` and return their load, or -1 when one of them needs a skill
   * vehicle `to` lacks.
   */
  private gather(A: Route, i: number, L: number, to: number, seq: Int32Array): number {
    const md = this.md;
    const m = md.m;
    let load = 0;
    for (let k = 0; k < L; k++) {
      const x = A.job[i + k]!;
      if (md.compat[x * m + to] === 0) return -1;
      load += md.load[x]!;
      seq[k] = x;
    }
    return load;
  }

  /** True when departing position a at `early[a]`, serving `seq[0..L-1]`, reaches position b by `late[b]`. */
  private feasibleThrough(route: Route, a: number, b: number, seq: Int32Array, L: number): boolean {
    const md = this.md;
    let t = route.early[a]!;
    let prev = route.loc[a]!;
    for (let k = 0; k < L; k++) {
      const x = seq[k]!;
      const l = md.jobLoc[x]!;
      const st = serviceStart(md, x, t + this.tt(prev, l));
      if (st === Number.POSITIVE_INFINITY) return false;
      t = st + md.service[x]!;
      prev = l;
    }
    return t + this.tt(prev, route.loc[b]!) <= route.late[b]!;
  }

  /** Replace the jobs strictly between positions a and b of route r by `seq[0..L-1]`, and refresh the route. */
  private replace(r: number, a: number, b: number, seq: Int32Array, L: number): void {
    const s = this.s!;
    const route = s.routes[r]!;
    const len = route.len;
    const tail = len - b + 1;
    this.grow(tail + 1);
    const tmp = this.tmp;
    for (let k = 0; k < tail; k++) tmp[k] = route.job[b + k]!;
    const newLen = a + L + tail;
    route.reserve(newLen + 2);
    const job = route.job;
    for (let k = 0; k < L; k++) job[a + 1 + k] = seq[k]!;
    for (let k = 0; k < tail; k++) job[a + 1 + L + k] = tmp[k]!;
    route.len = newLen;
  }

  private commit(r: number): void {
    const s = this.s!;
    s.refresh(this.md, this.cp, r);
    this.sync(r);
    this.routeStamp[r] = ++this.clock;
    const flags = this.reportFlags;
    if (flags !== null && flags[r] === 0) {
      flags[r] = 1;
      this.reportList!.push(r);
    }
  }

  private reportFlags: Uint8Array | null = null;
  private reportList: number[] | null = null;

  /**
   * Descend from plan s trying first the jobs `seeds` as u, then the jobs of the routes the moves changed, for at
   * most `maxPasses` passes. Every route changed is added to `touched`/`touchedList` (the caller's record of the
   * routes that differ from its current plan).
   */
  runAround(s: PlanState, seeds: number[], touched: Uint8Array, touchedList: number[], maxPasses = 10): void {
    const K = Math.min(this.neighbours, this.md.nbK);
    this.begin(s);
    this.reportFlags = touched;
    this.reportList = touchedList;
    const order = seeds.slice();
    for (let pass = 0; pass < maxPasses && order.length > 0; pass++) {
      const mark = this.clock;
      const before = this.moves;
      this.pass(order, K);
      if (this.moves === before) break;
      order.length = 0;
      for (const r of touchedList) {
        if (this.routeStamp[r]! <= mark) continue;
        const route = s.routes[r]!;
        for (let p = 1; p <= route.len; p++) order.push(route.job[p]!);
      }
    }
    this.reportFlags = null;
    this.reportList = null;
    this.s = null;
  }

  private begin(s: PlanState): void {
    const md = this.md;
    this.s = s;
    this.moves = 0;
    for (let r = 0; r < md.m; r++) {
      if (this.cumTravel[r] === undefined) {
        this.cumTravel[r] = new Float64Array(0);
        this.cumLoad[r] = new Float64Array(0);
        this.cumServ[r] = new Float64Array(0);
      }
    }
    this.epoch++;
    this.clock = 1;
    this.routeStamp.fill(1);
    this.testedAt.fill(0);
  }

  /** One pass: each job of `order` (on a route) against its K nearest neighbours. */
  private pass(order: number[], K: number): void {
    const md = this.md;
    const s = this.s!;
    for (const u of order) {
      if (s.routeOf[u]! < 0) continue;
      const last = this.testedAt[u]!;
      this.testedAt[u] = this.clock;
      for (let t = 0; t < K; t++) {
        const v = md.nb[u * md.nbK + t]!;
        const rv = s.routeOf[v]!;
        if (rv < 0) continue;
        const ru = s.routeOf[u]!;
        if (this.routeStamp[ru]! <= last && this.routeStamp[rv]! <= last) continue;
        if (ru === rv ? this.intra(u, v) : this.inter(u, v)) this.moves++;
      }
    }
  }

  /**
   * Descend from plan s (every route feasible) until no move improves it, or `maxPasses` passes over the jobs.
   * Returns true when the plan changed. Jobs outside routes are left alone.
   */
  run(s: PlanState, active: Int32Array, maxPasses = 50): boolean {
    const md = this.md;
    this.begin(s);
    const order = Array.from(active);
    const K = Math.min(this.neighbours, md.nbK);
    for (let pass = 0; pass < maxPasses; pass++) {
      this.rng.shuffle(order);
      const before = this.moves;
      this.pass(order, K);
      if (this.moves === before) break;
    }
    this.s = null;
    return this.moves > 0;
  }

  /** Moves between u's and v's routes; applies the first improving one. */
  private inter(u: number, v: number): boolean {
    const s = this.s!;
    const ra = s.routeOf[u]!;
    const rb = s.routeOf[v]!;
    if (this.syncedAt[ra] !== this.epoch) this.sync(ra);
    if (this.syncedAt[rb] !== this.epoch) this.sync(rb);
    const i = s.posOf[u]!;
    const j = s.posOf[v]!;
    const A = s.routes[ra]!;
    const B = s.routes[rb]!;
    // Relocate u, or (u, succ u), after or before v.
    for (let L = 1; L <= 2; L++) {
      if (i + L - 1 > A.len) break;
      if (this.relocate(ra, A, i, L, rb, B, j)) return true;
      if (this.relocate(ra, A, i, L, rb, B, j - 1)) return true;
    }
    // Swap u or (u, succ u) with v or (v, succ v).
    for (let La = 1; La <= 2; La++) {
      if (i + La - 1 > A.len) break;
      for (let Lb = 1; Lb <= 2; Lb++) {
        if (j + Lb - 1 > B.len) break;
        if (this.swap(ra, A, i, La, rb, B, j, Lb)) return true;
      }
    }
    // 2-opt*: u followed by v, or v followed by u.
    if (this.twoOptStar(ra, A, i, rb, B, j - 1)) return true;
    if (this.twoOptStar(ra, A, i - 1, rb, B, j)) return true;
    return false;
  }

  /** Move positions i..i+L-1 of route A after position q of route B. */
  private relocate(ra: number, A: Route, i: number, L: number, rb: number, B: Route, q: number): boolean {
    const md = this.md;
    const tt = this.tt;
    const ctA = this.cumTravel[ra]!;
    const first = A.loc[i]!;
    const lastL = A.loc[i + L - 1]!;
    // Travel of both routes after the move, in O(1) from the cached arcs.
    const newA = A.travel - (ctA[i + L]! - ctA[i - 1]!) + tt(A.loc[i - 1]!, A.loc[i + L]!);
    const newB = B.travel - B.arc[q]! + tt(B.loc[q]!, first) + (ctA[i + L - 1]! - ctA[i]!) + tt(lastL, B.loc[q + 1]!);
    let delta: number;
    if (this.cp.balance === 0 && A.len > L) delta = newA - A.travel + (newB - B.travel);
    else {
      let serv = 0;
      for (let k = 0; k < L; k++) serv += md.service[A.job[i + k]!]!;
      delta =
        this.costOf(newA, A.service - serv, A.len - L) -
        A.cost +
        this.costOf(newB, B.service + serv, B.len + L) -
        B.cost;
    }
    if (!(delta < -EPS)) return false;
    const seq = this.seqA;
    const load = this.gather(A, i, L, rb, seq);
    if (load < 0 || B.load + load > md.vCap[rb]!) return false;
    if (!this.feasibleThrough(B, q, q + 1, seq, L)) return false;
    if (!this.feasibleThrough(A, i - 1, i + L, seq, 0)) return false;
    this.replace(rb, q, q + 1, seq, L);
    this.replace(ra, i - 1, i + L, seq, 0);
    this.commit(ra);
    this.commit(rb);
    return true;
  }

  /** Exchange positions i..i+La-1 of route A with j..j+Lb-1 of route B. */
  private swap(ra: number, A: Route, i: number, La: number, rb: number, B: Route, j: number, Lb: number): boolean {
    const md = this.md;
    const tt = this.tt;
    const ctA = this.cumTravel[ra]!;
    const ctB = this.cumTravel[rb]!;
    // A gets B's part, B gets A's part (each keeps its direction).
    const newA =
      A.travel -
      (ctA[i + La]! - ctA[i - 1]!) +
      tt(A.loc[i - 1]!, B.loc[j]!) +
      (ctB[j + Lb - 1]! - ctB[j]!) +
      tt(B.loc[j + Lb - 1]!, A.loc[i + La]!);
    const newB =
      B.travel -
      (ctB[j + Lb]! - ctB[j - 1]!) +
      tt(B.loc[j - 1]!, A.loc[i]!) +
      (ctA[i + La - 1]! - ctA[i]!) +
      tt(A.loc[i + La - 1]!, B.loc[j + Lb]!);
    let delta: number;
    if (this.cp.balance === 0) delta = newA - A.travel + (newB - B.travel);
    else {
      let servA = 0;
      let servB = 0;
      for (let k = 0; k < La; k++) servA += md.service[A.job[i + k]!]!;
      for (let k = 0; k < Lb; k++) servB += md.service[B.job[j + k]!]!;
      delta =
        this.costOf(newA, A.service - servA + servB, A.len - La + Lb) -
        A.cost +
        this.costOf(newB, B.service - servB + servA, B.len - Lb + La) -
        B.cost;
    }
    if (!(delta < -EPS)) return false;
    const sa = this.seqA;
    const sb = this.seqB;
    const loadA = this.gather(A, i, La, rb, sa);
    if (loadA < 0) return false;
    const loadB = this.gather(B, j, Lb, ra, sb);
    if (loadB < 0) return false;
    if (A.load - loadA + loadB > md.vCap[ra]! || B.load - loadB + loadA > md.vCap[rb]!) return false;
    if (!this.feasibleThrough(A, i - 1, i + La, sb, Lb)) return false;
    if (!this.feasibleThrough(B, j - 1, j + Lb, sa, La)) return false;
    this.replace(ra, i - 1, i + La, sb, Lb);
    this.replace(rb, j - 1, j + Lb, sa, La);
    this.commit(ra);
    this.commit(rb);
    return true;
  }

  /** Exchange the tails: A keeps 0..ca and takes B's ca+1.., B keeps 0..cb and takes A's ca+1... */
  private twoOptStar(ra: number, A: Route, ca: number, rb: number, B: Route, cb: number): boolean {
    const md = this.md;
    if (md.vEnd[ra] !== md.vEnd[rb] || md.vShiftEnd[ra] !== md.vShiftEnd[rb]) return false;
    const lenA = A.len;
    const lenB = B.len;
    // Nothing would change.
    if (ca === lenA && cb === lenB) return false;
    if (ca === 0 && cb === 0) return false;
    const ctA = this.cumTravel[ra]!;
    const ctB = this.cumTravel[rb]!;
    const clA = this.cumLoad[ra]!;
    const clB = this.cumLoad[rb]!;
    const csA = this.cumServ[ra]!;
    const csB = this.cumServ[rb]!;
    const newLoadA = clA[ca]! + B.load - clB[cb]!;
    const newLoadB = clB[cb]! + A.load - clA[ca]!;
    if (newLoadA > md.vCap[ra]! || newLoadB > md.vCap[rb]!) return false;
    const dA = this.tt(A.loc[ca]!, B.loc[cb + 1]!);
    const dB = this.tt(B.loc[cb]!, A.loc[ca + 1]!);
    const newA = ctA[ca]! + dA + (B.travel - ctB[cb + 1]!);
    const newB = ctB[cb]! + dB + (A.travel - ctA[ca + 1]!);
    const delta =
      this.costOf(newA, csA[ca]! + B.service - csB[cb]!, ca + lenB - cb) -
      A.cost +
      this.costOf(newB, csB[cb]! + A.service - csA[ca]!, cb + lenA - ca) -
      B.cost;
    if (!(delta < -EPS)) return false;
    if (A.early[ca]! + dA > B.late[cb + 1]!) return false;
    if (B.early[cb]! + dB > A.late[ca + 1]!) return false;
    if (this.skillGroup[ra] !== this.skillGroup[rb]) {
      const m = md.m;
      for (let p = cb + 1; p <= lenB; p++) if (md.compat[B.job[p]! * m + ra] === 0) return false;
      for (let p = ca + 1; p <= lenA; p++) if (md.compat[A.job[p]! * m + rb] === 0) return false;
    }
    const ta = lenA - ca;
    const tb = lenB - cb;
    this.grow(Math.max(ta, tb) + 1);
    const sa = this.seqA;
    const sb = this.seqB;
    for (let k = 0; k < ta; k++) sa[k] = A.job[ca + 1 + k]!;
    for (let k = 0; k < tb; k++) sb[k] = B.job[cb + 1 + k]!;
    this.replace(ra, ca, lenA + 1, sb, tb);
    this.replace(rb, cb, lenB + 1, sa, ta);
    this.commit(ra);
    this.commit(rb);
    return true;
  }

  /** Moves within one route (u and v on it); applies the first improving one. */
  private intra(u: number, v: number): boolean {
    const s = this.s!;
    const tt = this.tt;
    const r = s.routeOf[u]!;
    if (this.syncedAt[r] !== this.epoch) this.sync(r);
    const R = s.routes[r]!;
    const pu = s.posOf[u]!;
    const pv = s.posOf[v]!;
    const len = R.len;
    const loc = R.loc;
    const arc = R.arc;
    this.grow(len + 2);
    const seq = this.seqA;
    const job = R.job;
    // Or-opt: u or (u, succ u) after v or before v.
    for (let L = 1; L <= 2; L++) {
      const e = pu + L - 1;
      if (e > len) break;
      for (let side = 0; side < 2; side++) {
        const q = side === 0 ? pv : pv - 1;
        if (q >= pu - 1 && q <= e) continue;
        const dT =
          tt(loc[pu - 1]!, loc[e + 1]!) +
          tt(loc[q]!, loc[pu]!) +
          tt(loc[e]!, loc[q + 1]!) -
          arc[pu - 1]! -
          arc[e]! -
          arc[q]!;
        if (!this.pays(R, dT)) continue;
        let a: number;
        let b: number;
        let w = 0;
        if (q > pu) {
          a = pu - 1;
          b = q + 1;
          for (let p = e + 1; p <= q; p++) seq[w++] = job[p]!;
          for (let k = 0; k < L; k++) seq[w++] = job[pu + k]!;
        } else {
          a = q;
          b = e + 1;
          for (let k = 0; k < L; k++) seq[w++] = job[pu + k]!;
          for (let p = q + 1; p < pu; p++) seq[w++] = job[p]!;
        }
        if (this.applyIntra(r, R, a, b, seq, w)) return true;
      }
    }
    const lo = Math.min(pu, pv);
    const hi = Math.max(pu, pv);
    // Swap u and v.
    {
      const dT =
        hi === lo + 1
          ? tt(loc[lo - 1]!, loc[hi]!) +
            tt(loc[hi]!, loc[lo]!) +
            tt(loc[lo]!, loc[hi + 1]!) -
            arc[lo - 1]! -
            arc[lo]! -
            arc[hi]!
          : tt(loc[lo - 1]!, loc[hi]!) +
            tt(loc[hi]!, loc[lo + 1]!) +
            tt(loc[hi - 1]!, loc[lo]!) +
            tt(loc[lo]!, loc[hi + 1]!) -
            arc[lo - 1]! -
            arc[lo]! -
            arc[hi - 1]! -
            arc[hi]!;
      if (this.pays(R, dT)) {
        let w = 0;
        seq[w++] = job[hi]!;
        for (let p = lo + 1; p < hi; p++) seq[w++] = job[p]!;
        seq[w++] = job[lo]!;
        if (this.applyIntra(r, R, lo - 1, hi + 1, seq, w)) return true;
      }
    }
    // 2-opt: reverse the part between them so that the earlier of u and v is followed by the later.
    if (hi - lo >= 2) {
      const ct = this.cumTravel[r]!;
      // The reversed part's inner travel: the same as forward when travel is symmetric, else summed.
      let inner = ct[hi]! - ct[lo + 1]!;
      if (!this.symmetric) {
        inner = 0;
        for (let p = hi; p > lo + 1; p--) inner += tt(loc[p]!, loc[p - 1]!);
      }
      const dT = tt(loc[lo]!, loc[hi]!) + inner + tt(loc[lo + 1]!, loc[hi + 1]!) - (ct[hi + 1]! - ct[lo]!);
      if (this.pays(R, dT)) {
        let w = 0;
        for (let p = hi; p > lo; p--) seq[w++] = job[p]!;
        if (this.applyIntra(r, R, lo, hi + 1, seq, w)) return true;
      }
    }
    return false;
  }

  /** True when changing route R's travel by dT (same jobs) lowers its cost. */
  private pays(R: Route, dT: number): boolean {
    if (this.cp.balance === 0) return dT < -EPS;
    return this.costOf(R.travel + dT, R.service, R.len) - R.cost < -EPS;
  }

  /** Replace the jobs strictly between positions a and b of route R (same jobs, new order) when feasible. */
  private applyIntra(r: number, R: Route, a: number, b: number, seq: Int32Array, L: number): boolean {
    if (!this.feasibleThrough(R, a, b, seq, L)) return false;
    this.replace(r, a, b, seq, L);
    this.commit(r);
    return true;
  }
}
