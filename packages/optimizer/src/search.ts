/**
 * The search: a construction by greedy insertion (best of a few insertion orders), then SISR ruin-and-recreate
 * iterations under simulated-annealing acceptance, then (for `minimizeRoutes`) route elimination.
 *
 * Plans are compared lexicographically: first the weighted count of unassigned jobs (so that one high-priority
 * job outweighs every normal and low one, and one normal outweighs every low one), then the route costs
 * (travel duration, plus the fixed cost per used vehicle and the balance term when asked).
 */
import { attemptElimination, smallestRoute } from "./elimination.js";
import { FleetMove } from "./fleet.js";
import { LocalSearch } from "./local-search.js";
import type { Model } from "./model.js";
import type { Rng } from "./rng.js";
import { type CostParams, PlanState } from "./route-state.js";
import { RuinRecreate } from "./ruin-recreate.js";
import { canRelax, relaxedAnneal } from "./time-warp.js";

export interface SearchOptions {
  iterations: number;
  /**
   * Scale the iteration count down for large problems with long routes (set when the count comes from a budget):
   * from 500 jobs on, × min(1, 20 / mean jobs per route of the constructed plan), since an iteration costs about
   * the length of the routes it scans.
   */
  scaleByRouteLength: boolean;
  /** Returns true when the wall-clock cap is reached. */
  timeUp: () => boolean;
  /**
   * The share of the time cap used so far (0 to 1 and beyond), or undefined without a cap. With a cap the annealing
   * cools with whichever is further along, the iterations or the clock, so that a run capped by time (e.g.
   * `iterations: 1e9`) still ends cold: an anytime search whose plan keeps improving with the time given.
   */
  progress?: () => number;
  minimizeRoutes: boolean;
  /**
   * With a time cap (`progress`): the iteration count of the default budget for this problem (before the loop's
   * local-search share). When the cap leaves room for REPLICA_MIN_BUDGETS times the annealing's share of it, the
   * annealing runs as replica exchange (`annealReplicas`); without it, or without a cap, as one annealing.
   */
  budgetIterations?: number;
}

export interface SearchResult {
  plan: PlanState;
  iterations: number;
  /** Replicas the annealing ran (1 unless a large time cap made it a replica exchange). */
  replicas: number;
}

/** Penalty weights for unassigned jobs by priority (exact integers). */
function penaltyWeights(md: Model, active: Int32Array): Float64Array {
  let low = 0;
  let normal = 0;
  for (const j of active) {
    if (md.prio[j] === 0) low++;
    else if (md.prio[j] === 1) normal++;
  }
  const wLow = 1;
  const wNormal = low + 1;
  const wHigh = wNormal * (normal + 1);
  const w = new Float64Array(md.n);
  for (let j = 0; j < md.n; j++) w[j] = md.prio[j] === 0 ? wLow : md.prio[j] === 1 ? wNormal : wHigh;
  return w;
}

function penaltyOf(plan: PlanState, w: Float64Array): number {
  let p = 0;
  for (const j of plan.unassigned) p += w[j]!;
  return p;
}

/** The plans of a search and their scores (penalty of left-out jobs, then base cost): current, candidate, best. */
export interface Plans {
  cur: PlanState;
  cand: PlanState;
  best: PlanState;
  curPen: number;
  curBase: number;
  bestPen: number;
  bestBase: number;
}

/** What one annealing run works with. */
interface Annealing {
  md: Model;
  rr: RuinRecreate;
  ls: LocalSearch;
  rng: Rng;
  weights: Float64Array;
  plans: Plans;
  /** Whether the local search descends after each recreate. */
  loopLs: boolean;
  /** The initial plan's mean arc duration: the temperatures' and the fleet penalty's unit. */
  avgArc: number;
  opt: SearchOptions;
  /** The fleet-size move (distance objective without a time cap), or undefined. */
  fleet?: FleetMove;
  /** Checked every 64 iterations: true ends the annealing there (the fleet-size move's probe). */
  stop?: (it: number) => boolean;
}

/** The annealing's temperature schedule: it falls from its start iteration over `span` iterations. */
interface Schedule {
  startIt: number;
  span: number;
}

export function search(md: Model, cp: CostParams, rng: Rng, active: Int32Array, opt: SearchOptions): SearchResult {
  const weights = penaltyWeights(md, active);
  const cur = new PlanState(md);
  for (let r = 0; r < md.m; r++) {
    cur.refresh(md, cp, r);
  }
  // The local search after each recreate (distance objective, dense models up to LOOP_MAX_JOBS jobs), and on the
  // same problems the insertion's last gaps (measured worse with minimizeRoutes and on larger problems).
  const loopLs = !opt.minimizeRoutes && md.dense && active.length <= LOOP_MAX_JOBS;
  const rr = new RuinRecreate(md, cp, rng, active);
  rr.lastGaps = loopLs;
  const plans = construct(md, cp, rr, weights, active, cur);
  const avgArc = meanArc(plans.cur);
  const ls = new LocalSearch(md, cp, rng, LOOP_NEIGHBOURS);
  const iters = iterationCount(opt, loopLs, active.length, plans.cur);
  let it = 0;
  let end = iters;
  // The clock's share at which the annealing starts (after route elimination).
  let p0 = 0;
  if (opt.minimizeRoutes && active.length > 0) {
    // Route elimination has its own budget (as many iterations again), and the distance phase after it gets the whole
    // budget plus what elimination left: fewer vehicles, then distance, twice the iterations in all. The phase ends at
    // its second failed attempt, so an attempt longer than it needs spends the distance phase's iterations on a route
    // that stays (measured in bench/RESULTS.md, issue 32).
    it = eliminateRoutes(md, rr, weights, cur, plans.cand, iters, eliminationAttempt(iters), ELIMINATION_RETRIES, opt);
    end = 2 * iters;
    if (opt.progress !== undefined) p0 = Math.min(opt.progress(), LOOP_END_SHARE);
    plans.curPen = penaltyOf(cur, weights);
    plans.curBase = cur.baseCost();
    plans.bestPen = plans.curPen;
    plans.bestBase = plans.curBase;
    plans.best.copyAllFrom(cur);
  }
  const fleet =
    !opt.minimizeRoutes && opt.progress === undefined && loopLs && active.length > 0
      ? new FleetMove(md, cp, active, weights, FLEET_SEED, LOOP_NEIGHBOURS)
      : undefined;
  const annealing: Annealing = { md, rr, ls, rng, weights, plans, loopLs, avgArc, opt, ...(fleet ? { fleet } : {}) };
  let replicas = 1;
  if (active.length > 0) {
    // Replica exchange only for the capped distance objective with the loop's local search, up to REPLICA_MAX_JOBS
    // jobs: where it was measured to pay (bench/RESULTS.md, issue 32, point 1 at 5× and 10×).
    if (
      opt.progress !== undefined &&
      opt.budgetIterations !== undefined &&
      loopLs &&
      !opt.minimizeRoutes &&
      active.length <= REPLICA_MAX_JOBS
    ) {
      const r = annealReplicas(annealing, end, Math.round(opt.budgetIterations * LOOP_ITERATION_SHARE));
      it = r.iterations;
      replicas = r.replicas;
    } else it = annealPhase(annealing, cp, it, end, p0);
  }
  rr.maxRoutes = Number.POSITIVE_INFINITY;
  const best = plans.best;
  // The pair moves of the descent cost about as much as 16 iterations per job: only with a large enough budget.
  // On a sparse model most arcs the moves measure miss the travel cache: fewer neighbours and passes there.
  ls.neighbours = md.dense ? FINAL_NEIGHBOURS : LOOP_NEIGHBOURS;
  if (active.length > 0 && !opt.timeUp()) ls.run(best, active, md.dense ? 50 : 2);
  if (active.length > 0 && !opt.timeUp())
    polish(rr, rng, active, weights, best, plans.cand, iters >= 20 * active.length);
  return { plan: best, iterations: it, replicas };
}

/** Construction: the best of several insertion orders, from the empty plan `cur`; every plan is that best after it. */
function construct(
  md: Model,
  cp: CostParams,
  rr: RuinRecreate,
  weights: Float64Array,
  active: Int32Array,
  cur: PlanState,
): Plans {
  const cand = new PlanState(md);
  const best = new PlanState(md);
  let curPen = Number.POSITIVE_INFINITY;
  let curBase = Number.POSITIVE_INFINITY;
  for (const order of ["deadline", "far", "demand", "random"] as const) {
    cand.copyAllFrom(cur);
    for (let r = 0; r < md.m; r++) {
      cand.routes[r]!.len = 0;
      cand.refresh(md, cp, r);
    }
    cand.routeOf.fill(-1);
    cand.posOf.fill(-1);
    cand.unassigned = Array.from(active);
    rr.beginMove();
    rr.recreate(cand, order);
    const pen = penaltyOf(cand, weights);
    const base = cand.baseCost();
    if (pen < curPen || (pen === curPen && base < curBase)) {
      curPen = pen;
      curBase = base;
      best.copyAllFrom(cand);
    }
  }
  cur.copyAllFrom(best);
  cand.copyAllFrom(best);
  return { cur, cand, best, curPen, curBase, bestPen: curPen, bestBase: curBase };
}

/** The mean arc duration of a plan's used routes (1 for an empty plan). */
function meanArc(plan: PlanState): number {
  let travel = 0;
  let arcs = 0;
  for (const route of plan.routes) {
    if (route.len > 0) {
      travel += route.travel;
      arcs += route.len + 1;
    }
  }
  return arcs > 0 ? travel / arcs : 1;
}

/**
 * The annealing's iteration count. With the local search an iteration costs about five plain ones, so a budget's
 * count is cut to LOOP_ITERATION_SHARE of it (an explicit count is kept); from 500 jobs on, a budget's count is scaled
 * by the constructed plan's route length. Route elimination keeps its plain iterations.
 */
function iterationCount(opt: SearchOptions, loopLs: boolean, jobs: number, cur: PlanState): number {
  let iters = opt.iterations;
  if (loopLs && opt.scaleByRouteLength) iters = Math.max(1, Math.round(iters * LOOP_ITERATION_SHARE));
  const used = cur.usedRoutes();
  if (opt.scaleByRouteLength && jobs >= 500 && used > 0) {
    const meanLen = (jobs - cur.unassigned.length) / used;
    if (meanLen > 20) iters = Math.round((iters * 20) / meanLen);
  }
  return iters;
}

/**
 * Ruin-and-recreate under simulated-annealing acceptance from iteration `it` to `end` (or the time cap, from the
 * clock's share `p0` to `pEnd`); returns the iteration it stopped at. The temperature falls from T0_FACTOR to
 * TF_FACTOR mean arcs with whichever is further along, the iterations or the clock.
 */
function anneal(a: Annealing, it: number, end: number, p0: number, pEnd = LOOP_END_SHARE, schedule?: Schedule): number {
  const { md, plans, opt } = a;
  const t0 = Math.max(a.avgArc * T0_FACTOR, 1e-9);
  const ratio = Math.max(a.avgArc * TF_FACTOR, 1e-10) / t0;
  const startIt = schedule?.startIt ?? it;
  const span = schedule?.span ?? Math.max(1, end - startIt);
  // The iteration of the fleet-size move (none in its own probe, nor without it).
  const fleetAt = a.fleet === undefined ? -1 : startIt + Math.round(span * FLEET_AT);
  // Routes changed since `best` was last copied from `cur`: a new best copies only those.
  const dirty: Dirty = { flags: new Uint8Array(md.m), list: [] };
  const fleet = fleetPenalty(a, dirty);
  const progress = opt.progress;
  // With a time cap the loop ends at LOOP_END_SHARE of it, leaving the rest to the final descent.
  let timeShare = 0;
  for (; it < end; it++) {
    if (progress !== undefined) {
      if ((it & 7) === 0) {
        const p = progress();
        if (p >= pEnd) break;
        timeShare = (p - p0) / (pEnd - p0);
      }
    } else if ((it & 31) === 0 && opt.timeUp()) break;
    if (it === fleetAt && a.fleet !== undefined) {
      const next = fleetStep(a, a.fleet, it, { startIt, span });
      if (next !== it) {
        dirty.flags.fill(0);
        dirty.list.length = 0;
        it = next;
        if (it >= end) break;
      }
    }
    if (a.stop !== undefined && (it & 63) === 0 && a.stop(it)) break;
    const temp = t0 * ratio ** Math.max((it - startIt) / span, timeShare);
    const move = tryMove(a, temp, fleet.lambda);
    fleet.after(it);
    if (move.accept) commit(plans, a.rr, move.pen, move.base, dirty);
    else plans.cand.copyRoutesFrom(plans.cur, a.rr.touchedList);
  }
  return it;
}

/**
 * The annealing from iteration `it` to `end` (with a time cap: from the clock's share `p0`). After route elimination,
 * on the models the time-warp relaxation applies to, the relaxed annealing runs from the same plan as the annealing
 * (or in the second half of the time left): the shorter plan wins. Returns the iteration reached.
 */
function annealPhase(annealing: Annealing, cp: CostParams, it: number, end: number, p0: number): number {
  const { md, plans, opt } = annealing;
  const relax = opt.minimizeRoutes && plans.bestPen === 0 && canRelax(md, cp, annealing.rr.active);
  const from = relax ? copyOf(md, plans.best) : null;
  const pMid = p0 + (LOOP_END_SHARE - p0) / 2;
  const itStart = it;
  // When the relaxed annealing runs, it gets RELAX_SHARE of the phase's iterations and the annealing
  // RELAX_ANNEAL_SHARE (its insertion's cut-offs pay for part of the difference).
  const phase = end - itStart;
  const annealEnd = from === null ? end : itStart + Math.round(RELAX_ANNEAL_SHARE * phase);
  let reached = anneal(annealing, it, annealEnd, p0, from === null ? LOOP_END_SHARE : pMid);
  if (from !== null) reached += relaxedPhase(annealing, from, Math.round(RELAX_SHARE * phase), pMid);
  return reached;
}

function copyOf(md: Model, plan: PlanState): PlanState {
  const c = new PlanState(md);
  c.copyAllFrom(plan);
  return c;
}

/**
 * The distance phase after route elimination through plans that break time windows or capacities at a penalty
 * (time-warp.ts): `iterations` from `from` (route elimination's plan, serving every job),
 * on the vans it uses (with a time cap: from the share `p0` of it to LOOP_END_SHARE); the shortest feasible plan
 * met replaces `best` when it is shorter. Returns the iterations run.
 */
function relaxedPhase(a: Annealing, from: PlanState, iterations: number, p0: number): number {
  const { plans, opt } = a;
  const res = relaxedAnneal(a.md, a.rr.cp, a.rng, a.rr.active, from, plans.cand, {
    iterations,
    avgArc: a.avgArc,
    t0: RELAX_T0,
    targetFeasible: RELAX_FEASIBLE_SHARE,
    w0: RELAX_WARP_WEIGHT,
    reset: RELAX_RESET_AFTER,
    timeUp: opt.timeUp,
    ...(opt.progress === undefined ? {} : { progress: opt.progress, p0, pEnd: LOOP_END_SHARE }),
  });
  if (from.unassigned.length === 0 && from.baseCost() < plans.best.baseCost() - 1e-9) plans.best.copyAllFrom(from);
  // The candidate served as scratch: every plan is the best one again.
  plans.cand.copyAllFrom(plans.best);
  plans.cur.copyAllFrom(plans.best);
  return res.iterations;
}

/**
 * The relaxed distance phase: start temperature (× the mean arc, as the annealing's), share of feasible plans the
 * penalties aim at, the time warp's initial weight per unit, and the iterations in a row from infeasible plans
 * before going back to the best feasible one. Measured on Solomon and Homberger 200 with `minimizeRoutes`
 * (bench/RESULTS.md, issue 32 point 3, "time-warp relaxation").
 */
const RELAX_T0 = 1;
const RELAX_FEASIBLE_SHARE = 0.3;
const RELAX_WARP_WEIGHT = 10;
const RELAX_RESET_AFTER = 2000;
/**
 * The distance phase's iterations given to the relaxed annealing and to the annealing beside it (1 and 1 before;
 * 0.5 and 1.5: mean gap at the best-known count Solomon +1.45 → +1.21 %, Homberger 200 +2.03 → +1.95 % at the
 * same CPU, the class-2 families longer; bench/RESULTS.md, issue 32 point 3, "the relaxed search cheaper").
 */
const RELAX_SHARE = 1.5;
const RELAX_ANNEAL_SHARE = 0.5;

/** One replica of the exchange: its plans and the routes changed since its best plan was copied. */
export interface Replica {
  plans: Plans;
  dirty: Dirty;
}

/**
 * The anytime search under a large time cap: replica exchange (parallel tempering; Swendsen & Wang 1986, Hukushima
 * & Nemoto 1996). It starts as `anneal` does with one replica; after REPLICA_PROBE iterations it extrapolates how
 * many the cap leaves room for, and when that is at least REPLICA_MIN_BUDGETS times `budgetIterations` (the
 * default budget's annealing), it copies the current plan into REPLICAS replicas. Replica k anneals at the schedule's
 * temperature times REPLICA_TEMP_STEP^k (the same clock-driven cooling for all), REPLICA_TURN iterations per turn
 * each; once per turn two neighbouring replicas k, k + 1 swap their plans with the Metropolis probability
 * min(1, exp((c_k − c_{k+1}) (1/T_k − 1/T_{k+1}))), so that the coldest replica keeps receiving the plans the hotter
 * ones find in other basins. One annealing run commits to a basin early (on Solomon's R2 and RC instances the best
 * plan of a 10× run was last improved at 15–50 % of the cap) and different runs end in different ones (0.5–2 %
 * apart); the exchange keeps searching the others. Returns the iterations (over all replicas) and the replicas run;
 * `a.plans` holds the best replica's plans.
 */
function annealReplicas(a: Annealing, end: number, budgetIterations: number): { iterations: number; replicas: number } {
  const { md, opt } = a;
  const progress = opt.progress!;
  const t0 = Math.max(a.avgArc * T0_FACTOR, 1e-9);
  const ratio = Math.max(a.avgArc * TF_FACTOR, 1e-10) / t0;
  const slots: Replica[] = [{ plans: a.plans, dirty: { flags: new Uint8Array(md.m), list: [] } }];
  // The clock is read once per turn and nowhere else, as `anneal` reads it every 8 iterations: with one replica the
  // run is `anneal`'s, reading for reading.
  let pStart = 0;
  let decided = false;
  let it = 0;
  while (it < end) {
    const p = progress();
    if (p >= LOOP_END_SHARE) break;
    if (it === 0) pStart = p;
    const share = Math.max(it / end, p / LOOP_END_SHARE);
    if (!decided && it >= REPLICA_PROBE) {
      decided = true;
      const byTime = p > pStart ? (it / (p - pStart)) * (LOOP_END_SHARE - pStart) : Number.POSITIVE_INFINITY;
      const expected = Math.min(byTime, end);
      if (expected >= REPLICA_MIN_BUDGETS * budgetIterations) {
        // A copy of the first replica, with its record of the routes where its current plan differs from its best:
        // a new best copies only those routes.
        for (let k = 1; k < REPLICAS; k++) slots.push(replicaOf(md, slots[0]!));
      }
    }
    const temp = t0 * ratio ** share;
    if (slots.length > 1) exchange(a, slots, temp);
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      const b: Annealing = { ...a, plans: slot.plans };
      const tk = temp * REPLICA_TEMP_STEP ** k;
      for (let i = 0; i < REPLICA_TURN && it < end; i++, it++) {
        const move = tryMove(b, tk, 0);
        if (move.accept) commit(slot.plans, a.rr, move.pen, move.base, slot.dirty);
        else slot.plans.cand.copyRoutesFrom(slot.plans.cur, a.rr.touchedList);
      }
    }
  }
  // The best replica's plans become the search's (the final descent works on `a.plans.best`).
  let win = slots[0]!.plans;
  for (const slot of slots) if (better(slot.plans, win)) win = slot.plans;
  const own = a.plans;
  if (win !== own) {
    own.cur.copyAllFrom(win.cur);
    own.cand.copyAllFrom(win.cand);
    own.best.copyAllFrom(win.best);
    own.curPen = win.curPen;
    own.curBase = win.curBase;
    own.bestPen = win.bestPen;
    own.bestBase = win.bestBase;
  }
  return { iterations: it, replicas: slots.length };
}

/** Whether plans x's best is better than y's (fewer left out by weight, then cheaper). */
function better(x: Plans, y: Plans): boolean {
  return x.bestPen < y.bestPen || (x.bestPen === y.bestPen && x.bestBase < y.bestBase);
}

/** One exchange attempt between a random pair of neighbouring replicas (same penalty only: the costs compare). */
function exchange(a: Annealing, slots: Replica[], temp: number): void {
  const k = a.rng.int(slots.length - 1);
  const x = slots[k]!;
  const y = slots[k + 1]!;
  if (x.plans.curPen !== y.plans.curPen) return;
  const tx = temp * REPLICA_TEMP_STEP ** k;
  const ty = tx * REPLICA_TEMP_STEP;
  const d = (x.plans.curBase - y.plans.curBase) * (1 / tx - 1 / ty);
  if (d >= 0 || a.rng.next() < Math.exp(d)) {
    const plans = x.plans;
    x.plans = y.plans;
    y.plans = plans;
    const dirty = x.dirty;
    x.dirty = y.dirty;
    y.dirty = dirty;
  }
}

/**
 * A copy of a replica: its plans, and its record of the routes where its current plan differs from its best (a new
 * best copies only those routes; without the record it would mix two plans).
 */
export function replicaOf(md: Model, r: Replica): Replica {
  const p = r.plans;
  const cur = new PlanState(md);
  const cand = new PlanState(md);
  const best = new PlanState(md);
  cur.copyAllFrom(p.cur);
  cand.copyAllFrom(p.cand);
  best.copyAllFrom(p.best);
  return {
    plans: { cur, cand, best, curPen: p.curPen, curBase: p.curBase, bestPen: p.bestPen, bestBase: p.bestBase },
    dirty: { flags: r.dirty.flags.slice(), list: r.dirty.list.slice() },
  };
}

/** The routes changed since the best plan was last copied from the current one. */
export interface Dirty {
  flags: Uint8Array;
  list: number[];
}

/** One ruin-and-recreate move from the candidate (equal to the current plan), scored, and whether it is accepted. */
function tryMove(a: Annealing, temp: number, lambda: number): { accept: boolean; pen: number; base: number } {
  const { rr, plans } = a;
  const cand = plans.cand;
  rr.beginMove();
  rr.ruin(cand);
  rr.recreate(cand);
  // Descend from the re-inserted jobs; the routes the moves change join the touched ones.
  if (a.loopLs && !rr.bad) a.ls.runAround(cand, rr.recreated, rr.touched, rr.touchedList);
  if (rr.bad) return { accept: false, pen: 0, base: 0 };
  const pen = penaltyOf(cand, a.weights);
  const base = cand.baseCost();
  const { curPen, curBase } = plans;
  const accept =
    lambda > 0
      ? base + lambda * pen < curBase + lambda * curPen - temp * Math.log(a.rng.next())
      : pen < curPen || (pen === curPen && base < curBase - temp * Math.log(a.rng.next()));
  return { accept, pen, base };
}

/** The accepted candidate becomes the current plan, and the best one when it is better. */
export function commit(plans: Plans, rr: RuinRecreate, pen: number, base: number, dirty: Dirty): void {
  plans.cur.copyRoutesFrom(plans.cand, rr.touchedList);
  plans.curPen = pen;
  plans.curBase = base;
  for (const r of rr.touchedList) {
    if (dirty.flags[r] === 0) {
      dirty.flags[r] = 1;
      dirty.list.push(r);
    }
  }
  if (pen < plans.bestPen || (pen === plans.bestPen && base < plans.bestBase - 1e-9)) {
    plans.bestPen = pen;
    plans.bestBase = base;
    plans.best.copyRoutesFrom(plans.cur, dirty.list);
    for (const r of dirty.list) dirty.flags[r] = 0;
    dirty.list.length = 0;
  }
}

/**
 * After route elimination the fleet is tight: most moves that must open a route are hopeless (the fixed cost), so
 * the search rarely moves. There, when every job is served, no route may be opened and a plan that leaves jobs out is
 * accepted at a penalty per unit of job weight (`lambda`, from one mean arc), raised or lowered every 128 iterations
 * so that about a fifth of them start from such a plan (HGS's penalty management). The best plan still serves every
 * job. Elsewhere `lambda` stays 0 and `after` does nothing.
 */
function fleetPenalty(a: Annealing, dirty: Dirty): { lambda: number; after: (it: number) => void } {
  const { plans, avgArc } = a;
  const state = { lambda: a.opt.minimizeRoutes && plans.curPen === 0 ? avgArc : 0, after };
  let outSeen = 0;
  let outRun = 0;
  if (state.lambda > 0) a.rr.maxRoutes = plans.cur.usedRoutes();
  function after(it: number): void {
    if (state.lambda <= 0) return;
    if (plans.curPen > 0) {
      outSeen++;
      // In a fleet that tight the search can drift to plans from which no recreate serves every job again
      // (measured: c1_2_2 at +59 % over the best known for 50,000 iterations): back to the best plan.
      if (++outRun > RESET_AFTER && plans.bestPen === 0) {
        plans.cur.copyAllFrom(plans.best);
        plans.cand.copyAllFrom(plans.best);
        plans.curPen = plans.bestPen;
        plans.curBase = plans.bestBase;
        dirty.flags.fill(0);
        dirty.list.length = 0;
        outRun = 0;
      }
    } else outRun = 0;
    if ((it & 127) === 127) {
      // Bounded, so that it never reaches 0 or Infinity (Infinity × 0 would be NaN).
      state.lambda = Math.min(Math.max(state.lambda * (outSeen > 128 * 0.2 ? 1.3 : 0.85), avgArc * 1e-3), avgArc * 1e3);
      outSeen = 0;
    }
  }
  return state;
}

/**
 * Local search settings, measured on Solomon and Homberger 200 at the default budget (docs/optimizer.md): nearest
 * neighbours tried in the loop and in the final descent, the largest problem with the loop, and the share of a
 * budget's iterations the loop keeps (about equal CPU).
 */
const LOOP_NEIGHBOURS = 10;
const FINAL_NEIGHBOURS = 20;
const LOOP_MAX_JOBS = 499;
const LOOP_ITERATION_SHARE = 0.15;

/**
 * Replica exchange (`annealReplicas`), measured at 5× and 10× the default budget's CPU (bench/RESULTS.md, issue 32):
 * the replicas, the temperature ratio between neighbouring ones, the iterations per replica and turn, the probe's
 * iterations, and how many default budgets' worth of annealing iterations the cap must leave room for (so that at
 * 1× and 2× the search stays one annealing: each replica would get too few iterations to cool).
 */
const REPLICAS = 3;
const REPLICA_TEMP_STEP = 2.5;
const REPLICA_TURN = 8;
const REPLICA_PROBE = 256;
const REPLICA_MIN_BUDGETS = 3;
/**
 * The largest problem with replicas. Measured side by side at 5× (same run, same load): Solomon (100 jobs) 0.10 %
 * shorter than one annealing, Homberger 200 (200 jobs) 0.08 % longer; each replica's third of the iterations is too
 * little there.
 */
const REPLICA_MAX_JOBS = 150;

/** With a time cap: the share of it after which the annealing stops and the final descent runs. */
const LOOP_END_SHARE = 0.95;

/**
 * Failed route-elimination attempts (each with the next smallest route) before the phase ends: two failures in all.
 * With attempts of half the budget, the budget never held more (the 3 retries before changed nothing); with shorter
 * ones, two failures take at most half of it.
 */
const ELIMINATION_RETRIES = 1;

/**
 * Iterations of one route-elimination attempt for a budget of `iters`: ELIMINATION_ATTEMPT_MIN or a quarter of the
 * budget, whichever is more, at most half of it (at least 200). Measured with the default budget: at 100 jobs (20,000
 * iterations) a quarter (with two failures in all) lost the best-known van count on 7 Solomon instances, so an attempt keeps 10,000 there; at
 * 200 jobs (50,000) half of it left the distance phase too little (Homberger 200, see bench/RESULTS.md, issue 32).
 */
export function eliminationAttempt(iters: number): number {
  return Math.max(200, Math.min(iters * 0.5, Math.max(ELIMINATION_ATTEMPT_MIN, iters * 0.25)));
}

const ELIMINATION_ATTEMPT_MIN = 10_000;

/** With a time cap, the share of it route elimination may take at most. */
const ELIMINATION_SHARE = 0.5;

/** Consecutive iterations the penalized phase after route elimination may spend on plans that leave jobs out. */
const RESET_AFTER = 500;

/** Start temperature and final temperature as multiples of the initial plan's mean arc duration. */
const T0_FACTOR = 1;
const TF_FACTOR = 0.01;

/**
 * Route elimination: SISR's fleet minimization (Christiaens & Vanden Berghe 2020) with Nagata & Bräysy's
 * ejections. Empty one route, forbid opening a new one, and run ruin-and-recreate, where every job the recreate
 * leaves out may take the place of a job left out less often so far (absence counters, one ejection), accepting a
 * plan when it leaves fewer jobs out, or jobs that were left out less often so far (at equal sums: a shorter plan),
 * until every job that was served is served again. Then the next route (the smallest one); an attempt that fails
 * within `attemptBudget` iterations keeps the plan before it and the next smallest route is tried, up to `retries`
 * failures in all, while the total stays within `budget`. Returns the iterations used;
 * `cur` holds the result and `cand` equals it.
 */
function eliminateRoutes(
  md: Model,
  rr: RuinRecreate,
  weights: Float64Array,
  cur: PlanState,
  cand: PlanState,
  budget: number,
  attemptBudget: number,
  retries: number,
  opt: SearchOptions,
): number {
  const absence = new Float64Array(md.n);
  const tcur = new PlanState(md);
  const targetPen = penaltyOf(cur, weights);
  const penalty = (p: PlanState) => penaltyOf(p, weights);
  // With a time cap, route elimination takes at most ELIMINATION_SHARE of it; the annealing gets the rest.
  const progress = opt.progress;
  const timeUp = progress === undefined ? opt.timeUp : () => progress() >= ELIMINATION_SHARE;
  let it = 0;
  let used = cur.usedRoutes();
  const failed = new Uint8Array(md.m);
  let failures = 0;
  while (it < budget && used > 1 && !timeUp()) {
    const r = smallestRoute(cur, failed);
    if (r < 0) break;
    rr.maxRoutes = used - 1;
    const start = it;
    const stop = (k: number) => ((start + k) & 31) === 0 && timeUp();
    const attempt = attemptElimination(
      rr,
      weights,
      absence,
      tcur,
      cand,
      r,
      targetPen,
      Math.min(attemptBudget, budget - it),
      penalty,
      stop,
    );
    it += attempt.tries;
    if (attempt.pen <= targetPen) {
      cur.copyAllFrom(tcur);
      used = cur.usedRoutes();
      failed.fill(0);
    } else {
      cand.copyAllFrom(cur);
      failed[r] = 1;
      if (++failures > retries) break;
    }
  }
  // The fixed route cost keeps the count from growing again; a new route may still be opened to serve more jobs.
  rr.maxRoutes = Number.POSITIVE_INFINITY;
  return it;
}

/**
 * Final descent: move each job, one at a time, to its cheapest position (no blinks, all routes) while that
 * improves the plan; at most `maxPasses` passes over the jobs. Updates `best` in place.
 */
function polish(
  rr: RuinRecreate,
  rng: Rng,
  active: Int32Array,
  weights: Float64Array,
  best: PlanState,
  cand: PlanState,
  pairs: boolean,
  maxPasses = 4,
): void {
  cand.copyAllFrom(best);
  rr.blinkOff = true;
  const granular = rr.granular;
  rr.granular = 0;
  let pen = penaltyOf(best, weights);
  let base = best.baseCost();
  const order = Array.from(active);
  for (let pass = 0; pass < maxPasses; pass++) {
    rng.shuffle(order);
    let improved = false;
    for (const j of order) {
      if (cand.routeOf[j]! < 0) continue;
      rr.beginMove();
      rr.removeJob(cand, j);
      rr.recreate(cand, "random");
      const p = penaltyOf(cand, weights);
      const b = cand.baseCost();
      if (!rr.bad && (p < pen || (p === pen && b < base - 1e-7))) {
        best.copyRoutesFrom(cand, rr.touchedList);
        pen = p;
        base = b;
        improved = true;
      } else {
        cand.copyRoutesFrom(best, rr.touchedList);
      }
    }
    if (!improved) break;
  }
  // Pairs: remove a job and one of its nearest neighbours, re-insert both (in either order).
  rr.granular = granular;
  const md = rr.md;
  const K = Math.min(md.nbK, 8);
  for (let pass = 0; pairs && pass < 2; pass++) {
    let improved = false;
    for (const j of order) {
      for (let t = 0; t < K; t++) {
        const k = md.nb[j * md.nbK + t]!;
        if (cand.routeOf[j]! < 0 || cand.routeOf[k]! < 0) continue;
        for (let first = 0; first < 2; first++) {
          rr.beginMove();
          rr.removeJob(cand, j);
          rr.removeJob(cand, k);
          const a = first === 0 ? j : k;
          const b = first === 0 ? k : j;
          if (!rr.insertBest(cand, a)) cand.unassigned.push(a);
          if (!rr.insertBest(cand, b)) cand.unassigned.push(b);
          const p = penaltyOf(cand, weights);
          const c = cand.baseCost();
          if (!rr.bad && (p < pen || (p === pen && c < base - 1e-7))) {
            best.copyRoutesFrom(cand, rr.touchedList);
            pen = p;
            base = c;
            improved = true;
          } else {
            cand.copyRoutesFrom(best, rr.touchedList);
          }
        }
      }
    }
    if (!improved) break;
  }
  rr.blinkOff = false;
}

/**
 * The fleet-size move (fleet.ts, distance objective without a time cap, the problems with the loop's local search):
 * where in the annealing it runs (share of its iterations), its route elimination's iterations and its probe's at
 * most, as shares of the annealing's iterations, and its random stream's seed. Measured on Solomon and Homberger 200
 * (bench/RESULTS.md, issue 32, branch opt-fleet).
 */
const FLEET_AT = 0.3;
const FLEET_ELIMINATION_SHARE = 0.01;
const FLEET_PROBE_SHARE = 0.2;
const FLEET_SEED = 0x5eed;

/** The fleet-size move at iteration `it` (fleet.ts); returns the iteration the annealing goes on from. */
function fleetStep(a: Annealing, fleet: FleetMove, it: number, schedule: Schedule): number {
  const { weights } = a;
  const span = schedule.span;
  return fleet.run(
    a.plans,
    it,
    Math.max(1, Math.round(span * FLEET_ELIMINATION_SHARE)),
    Math.round(span * FLEET_PROBE_SHARE),
    {
      penaltyOf: (p) => penaltyOf(p, weights),
      anneal: (rr, ls, rng, plans, from, to, stop) => {
        const { fleet: _, ...rest } = a;
        return anneal({ ...rest, rr, ls, rng, plans, stop }, from, to, 0, LOOP_END_SHARE, schedule);
      },
    },
  );
}
