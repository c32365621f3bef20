/**
 * One route-elimination attempt (SISR's fleet minimization, with ejections), shared by `minimizeRoutes`' route
 * elimination (search.ts) and the distance objective's fleet-size move (fleet.ts).
 */
import type { PlanState } from "./route-state.js";
import type { RuinRecreate } from "./ruin-recreate.js";

/** The used route of `plan` with the fewest jobs (ties: the first), skipping those flagged in `skip`; -1 if none. */
export function smallestRoute(plan: PlanState, skip?: Uint8Array): number {
  let r = -1;
  for (let k = 0; k < plan.routes.length; k++) {
    const len = plan.routes[k]!.len;
    if (len > 0 && skip?.[k] !== 1 && (r < 0 || len < plan.routes[r]!.len)) r = k;
  }
  return r;
}

/**
 * Empty route `r` of `cand` and serve its jobs elsewhere (`rr.maxRoutes`, the caller's, keeps a route from opening):
 * after the removal, up to `maxTries` ruin-and-recreates, each followed by one ejection (the job left out most often
 * may take the place of neighbours left out less often), are accepted when they leave less out by `penalty`, or at
 * equal penalty jobs left out less often so far (`absence`, counted here), or at equal sums a shorter plan. It ends at
 * `targetPen` or when `stop(k)`, asked before try k, says so. On return `best` holds the attempt's plan and `cand`
 * equals it; returns its penalty and the tries run.
 */
export function attemptElimination(
  rr: RuinRecreate,
  weights: Float64Array,
  absence: Float64Array,
  best: PlanState,
  cand: PlanState,
  r: number,
  targetPen: number,
  maxTries: number,
  penalty: (plan: PlanState) => number,
  stop: (k: number) => boolean,
): { pen: number; tries: number } {
  const absSum = (p: PlanState) => {
    let a = 0;
    for (const j of p.unassigned) a += absence[j]!;
    return a;
  };
  rr.beginMove();
  rr.removeRoute(cand, r);
  rr.recreate(cand);
  best.copyAllFrom(cand);
  let bestPen = penalty(best);
  let bestBase = best.baseCost();
  let k = 0;
  for (; bestPen > targetPen && k < maxTries; k++) {
    if (stop(k)) break;
    rr.beginMove();
    rr.ruin(cand);
    rr.recreate(cand);
    for (const j of cand.unassigned) absence[j]!++;
    ejectMostAbsent(rr, cand, absence, weights);
    const pen = penalty(cand);
    const abs = absSum(cand);
    // The counters grew since the best plan was accepted: compare both sums as they stand now.
    const bestAbs = absSum(best);
    // At equal sums, a shorter plan (measured on Solomon: 53 of 56 at the best-known count instead of 50).
    const base = cand.baseCost();
    if (!rr.bad && (pen < bestPen || (pen === bestPen && (abs < bestAbs || (abs === bestAbs && base < bestBase))))) {
      best.copyRoutesFrom(cand, rr.touchedList);
      bestPen = pen;
      bestBase = base;
    } else {
      cand.copyRoutesFrom(best, rr.touchedList);
    }
  }
  return { pen: bestPen, tries: k };
}

/** One ejection: the left-out job left out most often (ties: the first listed) takes the place of neighbours. */
function ejectMostAbsent(rr: RuinRecreate, p: PlanState, absence: Float64Array, weights: Float64Array): void {
  let j = -1;
  for (const k of p.unassigned) if (j < 0 || absence[k]! > absence[j]!) j = k;
  if (j < 0) return;
  p.unassigned = p.unassigned.filter((k) => k !== j);
  if (!rr.insertEjecting(p, j, absence, weights)) p.unassigned.push(j);
}
