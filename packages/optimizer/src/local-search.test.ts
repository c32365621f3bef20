import { describe, expect, it } from "vitest";
import { LocalSearch } from "./local-search.js";
import { buildModel, type Model, serviceStart } from "./model.js";
import { Rng } from "./rng.js";
import { type CostParams, PlanState, routeCost } from "./route-state.js";
import { RuinRecreate } from "./ruin-recreate.js";
import type { Job, Problem, Vehicle } from "./types.js";

/** Euclidean travel between points. */
function euclid(points: [number, number][]): number[][] {
  return points.map(([ax, ay]) => points.map(([bx, by]) => Math.hypot(ax - bx, ay - by)));
}

/** A plan with the given job sequences per vehicle, refreshed. */
function planOf(md: Model, cp: CostParams, routes: number[][]): PlanState {
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
}

const sequences = (s: PlanState) => s.routes.map((r) => Array.from(r.job.subarray(1, r.len + 1)));

/** Checks a plan from scratch, independently of the cached route state: every constraint, and its cost. */
function verify(md: Model, cp: CostParams, s: PlanState, jobs: number): number {
  const seen = new Set<number>(s.unassigned);
  let cost = 0;
  for (const route of s.routes) {
    const v = route.v;
    let t = md.vShiftStart[v]!;
    let prev = md.vStart[v]!;
    let travel = 0;
    let load = 0;
    let service = 0;
    for (let p = 1; p <= route.len; p++) {
      const j = route.job[p]!;
      expect(seen.has(j)).toBe(false);
      seen.add(j);
      expect(md.compat[j * md.m + v]).toBe(1);
      const d = md.tt(prev, md.jobLoc[j]!);
      travel += d;
      const st = serviceStart(md, j, t + d);
      expect(st).toBeLessThan(Number.POSITIVE_INFINITY);
      t = st + md.service[j]!;
      load += md.load[j]!;
      service += md.service[j]!;
      prev = md.jobLoc[j]!;
    }
    if (route.len > 0) {
      const d = md.tt(prev, md.vEnd[v]!);
      travel += d;
      expect(t + d).toBeLessThanOrEqual(md.vShiftEnd[v]! + 1e-9);
      expect(load).toBeLessThanOrEqual(md.vCap[v]!);
      cost += routeCost(cp, travel, service);
      expect(route.cost).toBeCloseTo(routeCost(cp, travel, service), 6);
    }
  }
  expect(seen.size).toBe(jobs);
  return cost;
}

describe("LocalSearch", () => {
  it("exchanges route tails (2-opt*) where no relocation or swap of one or two jobs improves the plan", () => {
    // Two open routes start at (0,0) and (0,10); each first serves the job next to its start, then crosses over to
    // the other's row of three jobs. Swapping the tails uncrosses both; the capacity (four jobs) rules out moving
    // jobs from one route to the other, and every swap of one or two jobs is longer.
    const points: [number, number][] = [
      [0, 0],
      [0, 10],
      [1, 0],
      [1, 10],
      [10, 0],
      [11, 0],
      [12, 0],
      [10, 10],
      [11, 10],
      [12, 10],
    ];
    const problem: Problem = {
      travel: { size: points.length, durations: euclid(points) },
      vehicles: [
        { id: "a", start: 0, shiftStart: 0, shiftEnd: 1000, capacity: 4 },
        { id: "b", start: 1, shiftStart: 0, shiftEnd: 1000, capacity: 4 },
      ],
      jobs: points.slice(2).map((_, k) => ({ id: `j${k}`, location: k + 2, load: 1 })),
    };
    const md = buildModel(problem);
    const cp = { fixed: 0, balance: 0 };
    // Jobs: 0 (1,0), 1 (1,10), 2..4 the row y=0, 5..7 the row y=10.
    const s = planOf(md, cp, [
      [0, 5, 6, 7],
      [1, 2, 3, 4],
    ]);
    const before = s.baseCost();
    const ls = new LocalSearch(md, cp, new Rng(1));
    expect(ls.run(s, Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7]))).toBe(true);
    expect(sequences(s)).toEqual([
      [0, 2, 3, 4],
      [1, 5, 6, 7],
    ]);
    expect(s.baseCost()).toBeCloseTo(24, 9);
    expect(before - s.baseCost()).toBeGreaterThan(8);
    verify(md, cp, s, 8);
  });

  it("straightens a route (intra-route moves) and moves a job to the route it belongs to", () => {
    // Jobs on a line at x = 1..6 served out of order by one vehicle; a second vehicle's route far away holds x = 4.
    const xs = [0, 1, 2, 3, 4, 5, 6];
    const points: [number, number][] = xs.map((x) => [x, 0]);
    const problem: Problem = {
      travel: { size: points.length, durations: euclid(points) },
      vehicles: [
        { id: "a", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 },
        { id: "b", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 },
      ],
      jobs: xs.slice(1).map((_, k) => ({ id: `j${k}`, location: k + 1 })),
    };
    const md = buildModel(problem);
    const cp = { fixed: 0, balance: 0 };
    const s = planOf(md, cp, [[2, 0, 4, 1, 5], [3]]);
    const ls = new LocalSearch(md, cp, new Rng(3));
    ls.run(s, Int32Array.from([0, 1, 2, 3, 4, 5]));
    // One route out to x = 6 and back: 12.
    expect(s.baseCost()).toBeCloseTo(12, 9);
    verify(md, cp, s, 6);
  });

  it("never produces an infeasible plan and never raises the cost, on random instances with tight and multiple windows, skills, capacities, open ends, asymmetric travel, fixed cost and balance", () => {
    let moves = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const rng = new Rng(seed);
      const n = 30 + rng.int(30);
      const points: [number, number][] = [];
      for (let k = 0; k < n + 3; k++) points.push([rng.int(100), rng.int(100)]);
      const skills = ["cold", "lift"];
      const jobs: Job[] = [];
      for (let j = 0; j < n; j++) {
        const kind = rng.int(4);
        const a = rng.int(400);
        const timeWindows =
          kind === 0
            ? undefined
            : kind === 1
              ? [{ start: a, end: a + 20 + rng.int(40) }]
              : kind === 2
                ? [
                    { start: a, end: a + 15 },
                    { start: a + 60 + rng.int(60), end: a + 100 + rng.int(80) },
                  ]
                : [{ start: a, end: a + 150 }];
        jobs.push({
          id: `j${j}`,
          location: 3 + j,
          service: rng.int(10),
          load: 1 + rng.int(4),
          ...(timeWindows === undefined ? {} : { timeWindows }),
          ...(rng.next() < 0.2 ? { skills: [skills[rng.int(2)]!] } : {}),
        });
      }
      const vehicles: Vehicle[] = [];
      const m = 4 + rng.int(4);
      for (let v = 0; v < m; v++) {
        vehicles.push({
          id: `v${v}`,
          start: rng.int(3),
          ...(v % 3 === 2 ? {} : { end: rng.int(3) }),
          shiftStart: 0,
          shiftEnd: 500 + 100 * rng.int(3),
          capacity: 12 + rng.int(12),
          skills: v % 2 === 0 ? ["cold", "lift"] : [skills[rng.int(2)]!],
        });
      }
      // Odd seeds: asymmetric travel (a reversed part travels farther than forward).
      const durations = euclid(points).map((row, a) => row.map((d, b) => (seed % 2 === 1 && a < b ? d * 1.3 : d)));
      const problem: Problem = { travel: { size: points.length, durations }, vehicles, jobs };
      const md = buildModel(problem);
      const cp: CostParams = { fixed: seed % 3 === 0 ? 50 : 0, balance: seed % 4 === 0 ? 1 / 500 : 0 };
      const active = Int32Array.from({ length: n }, (_, j) => j);
      const s = new PlanState(md);
      for (let r = 0; r < md.m; r++) s.refresh(md, cp, r);
      const rr = new RuinRecreate(md, cp, new Rng(seed), active);
      rr.beginMove();
      s.unassigned = Array.from(active);
      rr.recreate(s, "random");
      const start = verify(md, cp, s, n);
      const ls = new LocalSearch(md, cp, new Rng(seed), 10);
      // Around the recreated jobs of a ruin, as in the search loop: the routes changed are reported.
      for (let round = 0; round < 5; round++) {
        const before = sequences(s);
        rr.beginMove();
        rr.ruin(s);
        rr.recreate(s);
        ls.runAround(s, rr.recreated, rr.touched, rr.touchedList);
        moves += ls.moves;
        const after = sequences(s);
        for (let r = 0; r < md.m; r++) if (rr.touched[r] === 0) expect(after[r]).toEqual(before[r]);
        verify(md, cp, s, n);
      }
      const mid = verify(md, cp, s, n);
      ls.neighbours = 20;
      ls.run(s, active);
      moves += ls.moves;
      const end = verify(md, cp, s, n);
      expect(end).toBeLessThanOrEqual(mid + 1e-9);
      expect(Number.isFinite(start)).toBe(true);
    }
    // The check above means something only if moves were made.
    expect(moves).toBeGreaterThan(50);
  });
});
