/**
 * Mutable route and plan state with cached schedules for constant-time insertion checks.
 *
 * Positions in a route: 0 is the vehicle's start, 1..len its jobs, len+1 its end (the zero-travel dummy location on
 * an open route). For each position the route caches `early` (earliest departure, service included, when leaving
 * the start at the shift start) and `late` (latest arrival that keeps the rest of the route feasible; arriving
 * earlier is always fine since waiting is allowed). Inserting job j between p and p+1 is feasible iff j's service
 * can start in one of its windows after `early[p] + travel` and the resulting arrival at p+1 is `<= late[p+1]`.
 */
import { latestArrival, type Model, serviceStart } from "./model.js";

/** How a route's cost is counted: travel duration, plus a fixed cost per used route and an optional balance term. */
export interface CostParams {
  /** Cost of using a vehicle at all (non-zero for `minimizeRoutes`). */
  fixed: number;
  /** Weight of the balance term `(travel + service)²` per route (non-zero for `balance`). */
  balance: number;
}

export class Route {
  readonly v: number;
  len = 0;
  /** Arrays hold `cap` positions and grow on demand, so memory follows the route lengths, not the job count. */
  cap: number;
  job: Int32Array;
  loc: Int32Array;
  early: Float64Array;
  late: Float64Array;
  /** Travel duration from position p to p+1. */
  arc: Float64Array;
  travel = 0;
  load = 0;
  service = 0;
  cost = 0;
  feasible = true;

  constructor(md: Model, v: number) {
    this.v = v;
    const size = Math.min(md.n + 2, 16);
    this.cap = size;
    this.job = new Int32Array(size).fill(-1);
    this.loc = new Int32Array(size);
    this.early = new Float64Array(size);
    this.late = new Float64Array(size);
    this.arc = new Float64Array(size);
  }

  /** Make room for `size` positions (start, jobs and end), keeping the contents. */
  reserve(size: number): void {
    if (size <= this.cap) return;
    const cap = Math.max(size, this.cap * 2);
    const grow = <T extends Int32Array | Float64Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.job = grow(this.job, new Int32Array(cap).fill(-1));
    this.loc = grow(this.loc, new Int32Array(cap));
    this.early = grow(this.early, new Float64Array(cap));
    this.late = grow(this.late, new Float64Array(cap));
    this.arc = grow(this.arc, new Float64Array(cap));
    this.cap = cap;
  }

  copyFrom(o: Route): void {
    const k = o.len + 2;
    this.reserve(k);
    this.len = o.len;
    // A plain loop: routes are short, and `subarray` would allocate five views per copy.
    const { job, loc, early, late, arc } = this;
    for (let p = 0; p < k; p++) {
      job[p] = o.job[p]!;
      loc[p] = o.loc[p]!;
      early[p] = o.early[p]!;
      late[p] = o.late[p]!;
      arc[p] = o.arc[p]!;
    }
    this.travel = o.travel;
    this.load = o.load;
    this.service = o.service;
    this.cost = o.cost;
    this.feasible = o.feasible;
  }

  /** Recompute the cached schedule and cost after the job sequence changed; sets `feasible`. */
  update(md: Model, cp: CostParams): boolean {
    const len = this.len;
    const { job, loc } = this;
    const v = this.v;
    loc[0] = md.vStart[v]!;
    for (let p = 1; p <= len; p++) loc[p] = md.jobLoc[job[p]!]!;
    loc[len + 1] = md.vEnd[v]!;
    for (let p = 0; p <= len; p++) this.arc[p] = travelOf(md, loc[p]!, loc[p + 1]!);
    this.early[0] = md.vShiftStart[v]!;
    this.late[len + 1] = md.vShiftEnd[v]!;
    return this.reschedule(md, cp, 1, len);
  }

  /**
   * After job `job[q]` was inserted (`job` shifted, `len` grown): the same schedule, sums and cost as
   * {@link update}, recomputed from q on forward and from q back, since the positions before q keep their earliest
   * departures and those after it their latest arrivals. A window missed before q needs no check of its own: its
   * departure is Infinity, and so is every later one.
   */
  updateInserted(md: Model, cp: CostParams, q: number): boolean {
    const len = this.len;
    const { loc, late, arc } = this;
    // Positions q .. len - 1 of the old route are q + 1 .. len now (the end moves from len to len + 1).
    for (let p = len + 1; p > q; p--) {
      loc[p] = loc[p - 1]!;
      late[p] = late[p - 1]!;
    }
    for (let p = len; p > q; p--) arc[p] = arc[p - 1]!;
    loc[q] = md.jobLoc[this.job[q]!]!;
    arc[q - 1] = travelOf(md, loc[q - 1]!, loc[q]!);
    arc[q] = travelOf(md, loc[q]!, loc[q + 1]!);
    return this.reschedule(md, cp, q, q);
  }

  /**
   * With locations and arcs current, `early` before `from` and `late` after `back` current: the earliest departures
   * from `from` on, the latest arrivals from `back` down to the start, the totals (summed in route order, so that
   * they are the same to the last bit however the route was updated), the cost and `feasible`.
   */
  private reschedule(md: Model, cp: CostParams, from: number, back: number): boolean {
    const len = this.len;
    const { job, early, late, arc } = this;
    const v = this.v;
    let ok = true;
    let t = early[from - 1]!;
    for (let p = from; p <= len; p++) {
      const j = job[p]!;
      const st = serviceStart(md, j, t + arc[p - 1]!);
      if (st === Number.POSITIVE_INFINITY) ok = false;
      t = st + md.service[j]!;
      early[p] = t;
    }
    early[len + 1] = t + arc[len]!;
    for (let p = back; p >= 1; p--) {
      const j = job[p]!;
      late[p] = latestArrival(md, j, late[p + 1]! - arc[p]! - md.service[j]!);
    }
    late[0] = late[1]! - arc[0]!;
    let travel = 0;
    let load = 0;
    let service = 0;
    for (let p = 1; p <= len; p++) {
      const j = job[p]!;
      travel += arc[p - 1]!;
      load += md.load[j]!;
      service += md.service[j]!;
    }
    travel += arc[len]!;
    // An unused vehicle has no route, so an empty route is always fine.
    if (len > 0 && (!(early[len + 1]! <= md.vShiftEnd[v]!) || load > md.vCap[v]!)) ok = false;
    this.travel = travel;
    this.load = load;
    this.service = service;
    this.feasible = ok;
    this.cost = len === 0 ? 0 : routeCost(cp, travel, service);
    return ok;
  }
}

/** Travel duration from location a to b (read from the matrix when the model is dense). */
function travelOf(md: Model, a: number, b: number): number {
  return md.dense ? md.dur[a * md.side + b]! : md.tt(a, b);
}

export function routeCost(cp: CostParams, travel: number, service: number): number {
  const w = travel + service;
  return travel + cp.fixed + cp.balance * w * w;
}

/** A whole plan: one route per vehicle plus the jobs left out. */
export class PlanState {
  readonly routes: Route[];
  /** Route of each job, -1 when unassigned or excluded. */
  readonly routeOf: Int32Array;
  readonly posOf: Int32Array;
  unassigned: number[] = [];

  constructor(md: Model) {
    this.routes = [];
    for (let v = 0; v < md.m; v++) this.routes.push(new Route(md, v));
    this.routeOf = new Int32Array(md.n).fill(-1);
    this.posOf = new Int32Array(md.n).fill(-1);
  }

  /** Update route r's schedule and the job → position index. */
  refresh(md: Model, cp: CostParams, r: number): boolean {
    const ok = this.routes[r]!.update(md, cp);
    this.index(r, 1);
    return ok;
  }

  /** Like {@link refresh} after job `routes[r].job[q]` was inserted (the positions before q are unchanged). */
  refreshInserted(md: Model, cp: CostParams, r: number, q: number): boolean {
    const ok = this.routes[r]!.updateInserted(md, cp, q);
    this.index(r, q);
    return ok;
  }

  /** Point the job → route and position index at route r's jobs from position `from` on. */
  private index(r: number, from: number): void {
    const route = this.routes[r]!;
    for (let p = from; p <= route.len; p++) {
      const j = route.job[p]!;
      this.routeOf[j] = r;
      this.posOf[j] = p;
    }
  }

  /** Copy the given routes (and the unassigned list) from another plan of the same model. */
  copyRoutesFrom(o: PlanState, rs: Iterable<number>): void {
    for (const r of rs) {
      const route = this.routes[r]!;
      route.copyFrom(o.routes[r]!);
      for (let p = 1; p <= route.len; p++) {
        const j = route.job[p]!;
        this.routeOf[j] = r;
        this.posOf[j] = p;
      }
    }
    for (const j of this.unassigned) {
      if (o.routeOf[j]! >= 0) {
        this.routeOf[j] = o.routeOf[j]!;
        this.posOf[j] = o.posOf[j]!;
      }
    }
    this.unassigned = o.unassigned.slice();
    for (const j of this.unassigned) {
      this.routeOf[j] = -1;
      this.posOf[j] = -1;
    }
  }

  copyAllFrom(o: PlanState): void {
    this.routeOf.set(o.routeOf);
    this.posOf.set(o.posOf);
    for (let r = 0; r < this.routes.length; r++) this.routes[r]!.copyFrom(o.routes[r]!);
    this.unassigned = o.unassigned.slice();
  }

  baseCost(): number {
    let c = 0;
    for (const r of this.routes) c += r.cost;
    return c;
  }

  usedRoutes(): number {
    let k = 0;
    for (const r of this.routes) if (r.len > 0) k++;
    return k;
  }
}
