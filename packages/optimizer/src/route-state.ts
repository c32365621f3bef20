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
    const side = md.side;
    const D = md.dur;
    const dense = md.dense;
    const tt = md.tt;
    const len = this.len;
    const job = this.job;
    const loc = this.loc;
    const early = this.early;
    const late = this.late;
    const v = this.v;
    loc[0] = md.vStart[v]!;
    loc[len + 1] = md.vEnd[v]!;
    let t = md.vShiftStart[v]!;
    early[0] = t;
    let travel = 0;
    let load = 0;
    let service = 0;
    let ok = true;
    let prev = loc[0]!;
    for (let p = 1; p <= len; p++) {
      const j = job[p]!;
      const l = md.jobLoc[j]!;
      loc[p] = l;
      const d = dense ? D[prev * side + l]! : tt(prev, l);
      this.arc[p - 1] = d;
      travel += d;
      const st = serviceStart(md, j, t + d);
      if (st === Number.POSITIVE_INFINITY) ok = false;
      const s = md.service[j]!;
      t = st + s;
      early[p] = t;
      load += md.load[j]!;
      service += s;
      prev = l;
    }
    const dEnd = dense ? D[prev * side + loc[len + 1]!]! : tt(prev, loc[len + 1]!);
    this.arc[len] = dEnd;
    travel += dEnd;
    early[len + 1] = t + dEnd;
    const shiftEnd = md.vShiftEnd[v]!;
    // An unused vehicle has no route, so an empty route is always fine.
    if (len > 0 && (!(t + dEnd <= shiftEnd) || load > md.vCap[v]!)) ok = false;
    late[len + 1] = shiftEnd;
    for (let p = len; p >= 1; p--) {
      const j = job[p]!;
      late[p] = latestArrival(md, j, late[p + 1]! - this.arc[p]! - md.service[j]!);
    }
    late[0] = late[1]! - this.arc[0]!;
    this.travel = travel;
    this.load = load;
    this.service = service;
    this.feasible = ok;
    this.cost = len === 0 ? 0 : routeCost(cp, travel, service);
    return ok;
  }
}

/**
 * After a job was inserted at position q of a route (`job` already shifted, `len` already grown): the same
 * schedule, sums and cost as {@link Route.update}, computed from q on forward and from q back, since the positions
 * before q keep their earliest departures and those after it their latest arrivals. A window missed before q needs
 * no check of its own: its departure is Infinity, and so is every later one.
 */
export function updateInserted(route: Route, md: Model, cp: CostParams, q: number): boolean {
  const side = md.side;
  const D = md.dur;
  const dense = md.dense;
  const tt = md.tt;
  const len = route.len;
  const { job, loc, early, late, arc } = route;
  // Positions q .. len - 1 of the old route are q + 1 .. len now (the end moves from len to len + 1).
  for (let p = len + 1; p > q; p--) {
    loc[p] = loc[p - 1]!;
    late[p] = late[p - 1]!;
  }
  for (let p = len; p > q; p--) arc[p] = arc[p - 1]!;
  const l = md.jobLoc[job[q]!]!;
  loc[q] = l;
  arc[q - 1] = dense ? D[loc[q - 1]! * side + l]! : tt(loc[q - 1]!, l);
  arc[q] = dense ? D[l * side + loc[q + 1]!]! : tt(l, loc[q + 1]!);
  let ok = true;
  let t = early[q - 1]!;
  for (let p = q; p <= len; p++) {
    const j = job[p]!;
    const st = serviceStart(md, j, t + arc[p - 1]!);
    if (st === Number.POSITIVE_INFINITY) ok = false;
    t = st + md.service[j]!;
    early[p] = t;
  }
  early[len + 1] = t + arc[len]!;
  for (let p = q; p >= 1; p--) {
    const j = job[p]!;
    late[p] = latestArrival(md, j, late[p + 1]! - arc[p]! - md.service[j]!);
  }
  late[0] = late[1]! - arc[0]!;
  // The sums in the order update() adds them, so that the totals are the same to the last bit.
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
  const v = route.v;
  if (!(t + arc[len]! <= md.vShiftEnd[v]!) || load > md.vCap[v]!) ok = false;
  route.travel = travel;
  route.load = load;
  route.service = service;
  route.feasible = ok;
  route.cost = routeCost(cp, travel, service);
  return ok;
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
    const route = this.routes[r]!;
    const ok = route.update(md, cp);
    for (let p = 1; p <= route.len; p++) {
      const j = route.job[p]!;
      this.routeOf[j] = r;
      this.posOf[j] = p;
    }
    return ok;
  }

  /** Like {@link refresh} after job `routes[r].job[q]` was inserted (the positions before q are unchanged). */
  refreshInserted(md: Model, cp: CostParams, r: number, q: number): boolean {
    const route = this.routes[r]!;
    const ok = updateInserted(route, md, cp, q);
    for (let p = q; p <= route.len; p++) {
      const j = route.job[p]!;
      this.routeOf[j] = r;
      this.posOf[j] = p;
    }
    return ok;
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
