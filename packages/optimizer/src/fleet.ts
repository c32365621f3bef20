/**
 * The fleet-size move of the distance objective (issue 32, point 2): once in the annealing, try to serve every job
 * with one van fewer, and take that plan only when a short annealing from it (the probe) beats the best plan so far.
 *
 * The distance objective's annealing refuses every move that leaves a job out, so it reaches plans with one van
 * fewer only by chance: on clustered instances with tight windows (Solomon R112, Homberger c1_2_9, c2_2_9) those are
 * shorter, and the annealing stays in the basin of its first fleet. The move works on copies, with its own random
 * stream, ruin-and-recreate and local search: when it is dropped the search goes on exactly as without it (same
 * plans, same random draws), so only the instances where the smaller fleet wins the race change.
 */
import { attemptElimination, smallestRoute } from "./elimination.js";
import { LocalSearch } from "./local-search.js";
import type { Model } from "./model.js";
import { Rng } from "./rng.js";
import { type CostParams, PlanState } from "./route-state.js";
import { RuinRecreate } from "./ruin-recreate.js";

/** The plans of one annealing run and their scores (the search's `Plans`). */
export interface FleetPlans {
  cur: PlanState;
  cand: PlanState;
  best: PlanState;
  curPen: number;
  curBase: number;
  bestPen: number;
  bestBase: number;
}

/** What the move needs from the search, passed in (search.ts imports this file, not the other way round). */
export interface FleetHooks {
  /** The plan's weighted count of jobs left out. */
  penaltyOf(p: PlanState): number;
  /**
   * Anneal `plans` with `rr`, `ls` and `rng` from iteration `from` to `to` on the search's temperature schedule,
   * calling `stop` every few iterations (true ends it there); returns the iteration it ended at.
   */
  anneal(
    rr: RuinRecreate,
    ls: LocalSearch,
    rng: Rng,
    plans: FleetPlans,
    from: number,
    to: number,
    stop: (it: number) => boolean,
  ): number;
}

/**
 * When the probe is dropped: its best plan is still longer than the search's best by more than PROBE_GAP × (1 − the
 * share of the probe run), after the first PROBE_GRACE of it; or it has not improved for PROBE_STALL of it.
 * Measured on Solomon and Homberger 200 (bench/RESULTS.md, issue 32, branch opt-fleet): the probes that won started
 * up to 6 % longer and took up to 0.93 of the probe; most that lost stalled above the search's best.
 */
const PROBE_GAP = 0.045;
const PROBE_GRACE = 0.1;
const PROBE_STALL = 0.15;
/** The probe must beat the search's best by this share: a plan merely as short often ended longer. */
const PROBE_MARGIN = 0.003;

/** Scratch state of the move: its own random stream, ruin-and-recreate, local search and plans. */
export class FleetMove {
  private readonly rng: Rng;
  private readonly rr: RuinRecreate;
  private readonly ls: LocalSearch;
  private readonly active: Int32Array;
  private readonly weights: Float64Array;
  private readonly absence: Float64Array;
  private readonly plans: FleetPlans;

  constructor(md: Model, cp: CostParams, active: Int32Array, weights: Float64Array, seed: number, neighbours: number) {
    this.rng = new Rng(seed);
    this.rr = new RuinRecreate(md, cp, this.rng, active);
    // Route elimination reached more fleets without the last-gap insertion (docs/optimizer.md, step 4).
    this.rr.lastGaps = false;
    this.ls = new LocalSearch(md, cp, this.rng, neighbours);
    this.active = active;
    this.weights = weights;
    this.absence = new Float64Array(md.n);
    const plan = () => new PlanState(md);
    this.plans = { cur: plan(), cand: plan(), best: plan(), curPen: 0, curBase: 0, bestPen: 0, bestBase: 0 };
  }

  /**
   * Try the move on the search's plans `main` at iteration `it`: empty a route of a copy of the current plan and
   * serve its jobs elsewhere (at most `eliminationBudget` iterations), descend, then anneal that smaller fleet for at
   * most `probe` iterations (no route may be opened). Taken as soon as the probe's best plan is shorter than the
   * search's best by PROBE_MARGIN: the search goes on from the probe's plans at the iteration the probe reached
   * (its iterations were the search's), which this returns. Otherwise returns `it` with `main` untouched.
   */
  run(main: FleetPlans, it: number, eliminationBudget: number, probe: number, hooks: FleetHooks): number {
    const used = main.cur.usedRoutes();
    if (used <= 1 || probe <= 0) return it;
    const p = this.plans;
    p.cur.copyAllFrom(main.cur);
    p.cand.copyAllFrom(main.cur);
    if (!this.eliminate(p.cur, p.cand, main.curPen, eliminationBudget, hooks)) return it;
    // Route elimination minds the absences, not the travel: a descent first brings the plan near the search's.
    this.ls.run(p.cur, this.active);
    p.cand.copyAllFrom(p.cur);
    p.best.copyAllFrom(p.cur);
    p.curPen = hooks.penaltyOf(p.cur);
    p.curBase = p.cur.baseCost();
    p.bestPen = p.curPen;
    p.bestBase = p.curBase;
    const target = main.bestBase * (1 - PROBE_MARGIN);
    const wins = () => p.bestPen < main.bestPen || (p.bestPen === main.bestPen && p.bestBase < target - 1e-9);
    let lastBest = p.bestBase;
    let lastImprove = it;
    this.rr.maxRoutes = p.cur.usedRoutes();
    const stopped = hooks.anneal(this.rr, this.ls, this.rng, p, it, it + probe, (k) => {
      if (wins()) return true;
      if (p.bestBase < lastBest) {
        lastBest = p.bestBase;
        lastImprove = k;
      }
      if (k - lastImprove > PROBE_STALL * probe) return true;
      const share = (k - it) / probe;
      return share >= PROBE_GRACE && p.bestBase > main.bestBase * (1 + PROBE_GAP * (1 - share));
    });
    this.rr.maxRoutes = Number.POSITIVE_INFINITY;
    if (!wins()) return it;
    main.cur.copyAllFrom(p.cur);
    main.cand.copyAllFrom(p.cur);
    main.curPen = p.curPen;
    main.curBase = p.curBase;
    main.best.copyAllFrom(p.best);
    main.bestPen = p.bestPen;
    main.bestBase = p.bestBase;
    return stopped;
  }

  /**
   * One route-elimination attempt, as `minimizeRoutes`'s (search.ts): empty the route with the fewest jobs, forbid
   * opening one, and ruin and recreate with one ejection per iteration (the job left out most often may take the
   * place of a neighbour left out less often), accepting a plan that leaves fewer jobs out, or jobs left out less
   * often so far (absence counters), or at equal sums a shorter one. True when the penalty is back to `targetPen`
   * within `budget` iterations (`cur` holds the plan); `cand` equals `cur` on entry and is scratch.
   */
  private eliminate(cur: PlanState, cand: PlanState, targetPen: number, budget: number, hooks: FleetHooks): boolean {
    const rr = this.rr;
    this.absence.fill(0);
    rr.maxRoutes = cur.usedRoutes() - 1;
    const r = smallestRoute(cur);
    const attempt = attemptElimination(
      rr,
      this.weights,
      this.absence,
      cur,
      cand,
      r,
      targetPen,
      budget,
      hooks.penaltyOf,
      () => false,
    );
    rr.maxRoutes = Number.POSITIVE_INFINITY;
    return attempt.pen <= targetPen;
  }
}
