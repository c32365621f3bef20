import { describe, expect, it } from "vitest";
import { buildModel } from "./model.js";
import { Rng } from "./rng.js";
import { PlanState } from "./route-state.js";
import type { RuinRecreate } from "./ruin-recreate.js";
import { commit, type Replica, replicaOf, search } from "./search.js";
import { budgetIterations } from "./solve.js";
import type { Problem } from "./types.js";

/** `jobs` jobs around a depot with time windows (a small seeded VRPTW), vans of capacity 10. */
function instance(jobs = 30): Problem {
  const rng = new Rng(11);
  const points: [number, number][] = [[50, 50]];
  for (let k = 0; k < jobs; k++) points.push([Math.round(rng.next() * 100), Math.round(rng.next() * 100)]);
  return {
    travel: {
      size: points.length,
      durations: (a, b) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]),
    },
    jobs: points.slice(1).map((_, k) => {
      const start = Math.round(rng.next() * 600);
      return {
        id: `j${k}`,
        location: k + 1,
        service: 10,
        load: 1 + (k % 3),
        timeWindows: [{ start, end: start + 150 }],
      };
    }),
    vehicles: Array.from({ length: Math.ceil(jobs / 4) }, (_, k) => ({
      id: `v${k}`,
      start: 0,
      end: 0,
      shiftStart: 0,
      shiftEnd: 1000,
      capacity: 10,
    })),
  };
}

/**
 * The search with a deterministic clock (one unit per reading) capped at `limit` readings, as solve runs the anytime
 * search (`iterations: 1e9`, the default budget's count passed along).
 */
function capped(limit: number, iterations = 1e9, jobs = 30) {
  const problem = instance(jobs);
  const md = buildModel(problem);
  const active = Int32Array.from(problem.jobs.keys());
  let t = 0;
  const now = () => t++;
  return search(md, { fixed: 0, balance: 0 }, new Rng(1), active, {
    iterations,
    scaleByRouteLength: false,
    timeUp: () => now() >= limit,
    progress: () => now() / limit,
    minimizeRoutes: false,
    budgetIterations: budgetIterations("default", active.length),
  });
}

describe("the anytime search's replica exchange", () => {
  // 30 jobs: the default budget anneals 900 iterations (15 % of 6,000); a turn reads the clock once, so a cap of L
  // readings leaves room for about 8 × 0.95 × L iterations of one annealing.
  it("runs three replicas when the cap leaves room for three default budgets' annealing, else one", () => {
    // 400 readings: about 3,000 iterations of one annealing, above 2,700.
    const large = capped(400);
    expect(large.replicas).toBe(3);
    expect(large.plan.unassigned).toEqual([]);
    // 200 readings: about 1,500.
    const small = capped(200);
    expect(small.replicas).toBe(1);
    expect(small.plan.unassigned).toEqual([]);
  });

  it("stays one annealing when an explicit iteration count is below three default budgets' annealing", () => {
    const r = capped(1_000, 2_000);
    expect(r.replicas).toBe(1);
    expect(r.iterations).toBeLessThanOrEqual(2_000);
  });

  it("stays one annealing without a cap", () => {
    const problem = instance();
    const md = buildModel(problem);
    const active = Int32Array.from(problem.jobs.keys());
    const r = search(md, { fixed: 0, balance: 0 }, new Rng(1), active, {
      iterations: 3_000,
      scaleByRouteLength: false,
      timeUp: () => false,
      minimizeRoutes: false,
    });
    expect(r.replicas).toBe(1);
    expect(r.iterations).toBe(3_000);
  });

  it("returns the same plan for the same clock readings, every job served once", () => {
    const a = capped(400);
    const b = capped(400);
    expect(a.replicas).toBe(3);
    expect(b.plan.baseCost()).toBe(a.plan.baseCost());
    expect(b.iterations).toBe(a.iterations);
    // Each job served once (feasibility: the independent checker's test in solve.test.ts).
    const seen = new Set<number>();
    for (const route of a.plan.routes) {
      for (let p = 1; p <= route.len; p++) {
        expect(seen.has(route.job[p]!)).toBe(false);
        seen.add(route.job[p]!);
      }
    }
    expect(seen.size).toBe(30);
  });

  it("a new replica keeps the record of where its current plan differs from its best, so a new best is whole", () => {
    // Two vans, one job each; the best plan has job 0 on van 0 and job 1 on van 1, the current one both on van 1
    // (route 0 differs: recorded). A copy without that record, on its next best, copied route 1 only and served
    // job 1 twice (on Solomon R112 at 10×, a mixed best plan: 1,023.08 with 11 vans, against 955.68 to 962.03).
    const problem: Problem = {
      travel: {
        size: 3,
        durations: [
          [0, 10, 10],
          [10, 0, 1],
          [10, 1, 0],
        ],
      },
      jobs: [
        { id: "a", location: 1, service: 0 },
        { id: "b", location: 2, service: 0 },
      ],
      vehicles: [
        { id: "v0", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 },
        { id: "v1", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 },
      ],
    };
    const md = buildModel(problem);
    const cp = { fixed: 0, balance: 0 };
    const plan = (routes: number[][]) => {
      const s = new PlanState(md);
      routes.forEach((jobs, r) => {
        const route = s.routes[r]!;
        route.reserve(jobs.length + 2);
        jobs.forEach((j, k) => {
          route.job[k + 1] = j;
        });
        route.len = jobs.length;
        s.refresh(md, cp, r);
      });
      return s;
    };
    const best = plan([[0], [1]]);
    const cur = plan([[], [0, 1]]);
    const source: Replica = {
      plans: { cur, cand: plan([[], [0, 1]]), best, curPen: 0, curBase: 200, bestPen: 0, bestBase: 40 },
      dirty: { flags: Uint8Array.from([1, 1]), list: [0, 1] },
    };
    const copy = replicaOf(md, source);
    // Its candidate: both jobs on van 1 in the other order, scored as a new best.
    const next = plan([[], [1, 0]]);
    copy.plans.cand.copyRoutesFrom(next, [1]);
    commit(copy.plans, { touchedList: [1] } as unknown as RuinRecreate, 0, 21, copy.dirty);
    const served = (s: PlanState) => s.routes.map((r) => Array.from(r.job.subarray(1, r.len + 1)));
    expect(served(copy.plans.best)).toEqual([[], [1, 0]]);
    expect(copy.plans.bestBase).toBe(21);
    // The source is untouched.
    expect(served(source.plans.best)).toEqual([[0], [1]]);
  });

  it("stays one annealing above 150 jobs, however large the cap", () => {
    // 160 jobs: the default budget anneals 5,700 iterations (15 % of 38,000); 3,000 readings leave room for about
    // 22,800, above 3 × 5,700 (three replicas without the size limit).
    const r = capped(3_000, 1e9, 160);
    expect(r.replicas).toBe(1);
  }, 120_000);
});
