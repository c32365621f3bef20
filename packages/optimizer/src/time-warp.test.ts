import { describe, expect, it } from "vitest";
import { buildModel, type Model, serviceStart } from "./model.js";
import { Rng } from "./rng.js";
import { type CostParams, PlanState } from "./route-state.js";
import { RuinRecreate } from "./ruin-recreate.js";
import { canRelax, firstGap, type RelaxOptions, relaxedAnneal, TwRoute, windowsOf } from "./time-warp.js";
import type { Job, Problem } from "./types.js";

/** `n` jobs at random points around a depot at (50, 50), windows of width 20 to 80 in 0..400, service 10. */
function instance(n: number, seed: number, vehicles: number, capacity: number, open = false): Problem {
  const rng = new Rng(seed);
  const pts: [number, number][] = [[50, 50]];
  for (let i = 0; i < n; i++) pts.push([rng.next() * 100, rng.next() * 100]);
  const durations = pts.map(([ax, ay]) => pts.map(([bx, by]) => Math.hypot(ax - bx, ay - by)));
  const jobs: Job[] = pts.slice(1).map((_, i) => {
    const start = rng.next() * 320;
    return {
      id: `j${i}`,
      location: i + 1,
      service: 10,
      load: 1 + rng.int(10),
      timeWindows: [{ start, end: start + 20 + rng.next() * 60 }],
    };
  });
  return {
    jobs,
    vehicles: Array.from({ length: vehicles }, (_, v) => ({
      id: `v${v}`,
      start: 0,
      ...(open ? {} : { end: 0 }),
      shiftStart: 0,
      shiftEnd: 500,
      capacity,
    })),
    travel: { size: pts.length, durations },
  };
}

/** The time warp of a route by plain forward simulation: a late arrival travels back to the window's end. */
function forwardWarp(md: Model, v: number, seq: number[]): number {
  let t = md.vShiftStart[v]!;
  let prev = md.vStart[v]!;
  let warp = 0;
  for (const j of seq) {
    t += md.tt(prev, md.jobLoc[j]!);
    const o = md.twOff[j]!;
    t = Math.max(t, md.twStart[o]!);
    if (t > md.twEnd[o]!) {
      warp += t - md.twEnd[o]!;
      t = md.twEnd[o]!;
    }
    t += md.service[j]!;
    prev = md.jobLoc[j]!;
  }
  t += md.tt(prev, md.vEnd[v]!);
  return warp + Math.max(0, t - md.vShiftEnd[v]!);
}

/** Every job once, on a compatible vehicle, in its window and within capacity and shift, checked from scratch. */
function verify(md: Model, s: PlanState): void {
  const seen = new Set<number>();
  for (const route of s.routes) {
    let t = md.vShiftStart[route.v]!;
    let prev = md.vStart[route.v]!;
    let load = 0;
    for (let p = 1; p <= route.len; p++) {
      const j = route.job[p]!;
      expect(seen.has(j)).toBe(false);
      seen.add(j);
      const st = serviceStart(md, j, t + md.tt(prev, md.jobLoc[j]!));
      expect(st).toBeLessThan(Number.POSITIVE_INFINITY);
      t = st + md.service[j]!;
      load += md.load[j]!;
      prev = md.jobLoc[j]!;
    }
    if (route.len > 0) expect(t + md.tt(prev, md.vEnd[route.v]!)).toBeLessThanOrEqual(md.vShiftEnd[route.v]!);
    expect(load).toBeLessThanOrEqual(md.vCap[route.v]!);
  }
  expect(seen.size + s.unassigned.length).toBe(md.n);
}

/** A feasible plan by one greedy insertion in random order (far from the shortest). */
function greedyPlan(md: Model, cp: CostParams, seed: number): PlanState {
  const plan = new PlanState(md);
  for (let r = 0; r < md.m; r++) plan.refresh(md, cp, r);
  plan.unassigned = Array.from({ length: md.n }, (_, j) => j);
  const rr = new RuinRecreate(md, cp, new Rng(seed), Int32Array.from(plan.unassigned));
  rr.beginMove();
  rr.recreate(plan, "random");
  return plan;
}

const sequences = (s: PlanState) => s.routes.map((r) => Array.from(r.job.subarray(1, r.len + 1)));

const options = (iterations: number): RelaxOptions => ({
  iterations,
  avgArc: 20,
  t0: 1,
  targetFeasible: 0.3,
  w0: 10,
  reset: 2000,
  timeUp: () => false,
});

describe("time-warp segments", () => {
  it("give each route the time warp of a forward simulation, closed and open routes", () => {
    for (const open of [false, true]) {
      const md = buildModel(instance(15, 3, 1, 1000, open));
      const ctx = windowsOf(md);
      const rng = new Rng(5);
      for (let trial = 0; trial < 200; trial++) {
        const perm = Array.from({ length: md.n }, (_, j) => j);
        rng.shuffle(perm);
        const seq = perm.slice(0, rng.int(md.n + 1));
        const route = new TwRoute(md.n + 2, 0);
        route.len = seq.length;
        seq.forEach((j, k) => {
          route.job[k + 1] = j;
        });
        route.update(md, ctx);
        const warp = seq.length === 0 ? 0 : forwardWarp(md, 0, seq);
        expect(route.warp).toBeCloseTo(warp, 9);
        // The suffix from the start is the whole route too.
        if (seq.length > 0) expect(route.bT[0]).toBeCloseTo(warp, 9);
      }
    }
  });
});

describe("the insertion's time-window cut-off", () => {
  it("rests on bounds that hold: a job's time warp in a gap is at least both, and both move one way along a route", () => {
    for (const open of [false, true]) {
      const md = buildModel(instance(12, 4, 1, 1000, open));
      const ctx = windowsOf(md);
      const rng = new Rng(8);
      let cuts = 0;
      for (let trial = 0; trial < 150; trial++) {
        const perm = Array.from({ length: md.n }, (_, j) => j);
        rng.shuffle(perm);
        const seq = perm.slice(0, rng.int(md.n));
        const j = perm[seq.length]!;
        const route = new TwRoute(md.n + 2, 0);
        route.len = seq.length;
        seq.forEach((x, k) => {
          route.job[k + 1] = x;
        });
        route.update(md, ctx);
        const { fE, fD, bL, bT } = route;
        for (let p = 0; p <= seq.length; p++) {
          const warp = forwardWarp(md, 0, [...seq.slice(0, p), j, ...seq.slice(p)]);
          const fromPrefix = fE[p]! + fD[p]! - ctx.late[j]!;
          const fromSuffix = ctx.early[j]! + md.service[j]! - (bL[p + 1]! - bT[p + 1]!);
          expect(warp).toBeGreaterThanOrEqual(fromPrefix - 1e-9);
          expect(warp).toBeGreaterThanOrEqual(fromSuffix - 1e-9);
          if (Math.max(fromPrefix, fromSuffix) > route.warp) cuts++;
          if (p > 0) {
            expect(fE[p]! + fD[p]!).toBeGreaterThanOrEqual(fE[p - 1]! + fD[p - 1]!);
            expect(bL[p + 1]! - bT[p + 1]!).toBeGreaterThanOrEqual(bL[p]! - bT[p]!);
          }
        }
      }
      // The bounds are not void: they exceed the route's own warp in many gaps.
      expect(cuts).toBeGreaterThan(100);
    }
  });

  it("finds the first gap where the suffix bound falls under a bound, by binary search", () => {
    // bL − bT at positions 1..4: 0, 5, 5, 9 (the gap after p is before position p + 1).
    const bL = Float64Array.of(0, 2, 7, 8, 9, 0);
    const bT = Float64Array.of(0, 2, 2, 3, 0, 0);
    expect([-1, 0, 1, 5, 6, 9, 10].map((b) => firstGap(bL, bT, 3, b))).toEqual([0, 0, 1, 1, 3, 3, 4]);
    expect(firstGap(bL, bT, 0, 1)).toBe(1);
  });

  it("leaves the plans as they were: the same sequences with and without it", () => {
    const cp: CostParams = { fixed: 0, balance: 0 };
    for (const seed of [12, 13]) {
      const md = buildModel(instance(40, seed, 6, 60));
      const active = Int32Array.from({ length: md.n }, (_, j) => j);
      const start = greedyPlan(md, cp, 3);
      const run = (cutOff: boolean) => {
        const best = new PlanState(md);
        best.copyAllFrom(start);
        const res = relaxedAnneal(md, cp, new Rng(4), active, best, new PlanState(md), { ...options(3000), cutOff });
        return { res, seq: sequences(best) };
      };
      expect(run(true)).toEqual(run(false));
    }
  });
});

describe("relaxedAnneal", () => {
  const cp: CostParams = { fixed: 0, balance: 0 };

  it("returns a shorter feasible plan on no more vans than it was given, the same for the same seed", () => {
    const md = buildModel(instance(40, 7, 8, 60));
    const active = Int32Array.from({ length: md.n }, (_, j) => j);
    const start = greedyPlan(md, cp, 1);
    expect(start.unassigned).toEqual([]);
    const used = start.usedRoutes();
    const run = () => {
      const best = new PlanState(md);
      best.copyAllFrom(start);
      const changed = relaxedAnneal(md, cp, new Rng(2), active, best, new PlanState(md), options(3000)).improved;
      return { best, changed };
    };
    const a = run();
    expect(a.changed).toBe(true);
    verify(md, a.best);
    expect(a.best.unassigned).toEqual([]);
    expect(a.best.usedRoutes()).toBeLessThanOrEqual(used);
    expect(a.best.baseCost()).toBeLessThan(start.baseCost() * 0.95);
    for (const route of a.best.routes) expect(route.feasible).toBe(true);
    // The vans used are among those of the plan it started from.
    a.best.routes.forEach((route, v) => {
      if (route.len > 0) expect(start.routes[v]!.len).toBeGreaterThan(0);
    });
    expect(sequences(run().best)).toEqual(sequences(a.best));
  });

  it("passes through plans with time warp: finds shorter plans than the same moves kept feasible", () => {
    // A tight fleet (6 vans, the fewest the greedy plan serves every job with). With the time warp's weight fixed
    // far above any travel, every accepted plan is feasible.
    const md = buildModel(instance(40, 12, 6, 60));
    const active = Int32Array.from({ length: md.n }, (_, j) => j);
    const start = greedyPlan(md, cp, 3);
    expect([start.unassigned.length, start.usedRoutes()]).toEqual([0, 6]);
    const cost = (o: RelaxOptions) => {
      const best = new PlanState(md);
      best.copyAllFrom(start);
      relaxedAnneal(md, cp, new Rng(4), active, best, new PlanState(md), o);
      verify(md, best);
      return best.baseCost();
    };
    const relaxed = cost(options(4000));
    const strict = cost({ ...options(4000), w0: 1e6, targetFeasible: 0 });
    expect(relaxed).toBeLessThan(strict);
  });

  it("changes nothing without iterations, when jobs are left out, or when the time is up", () => {
    const md = buildModel(instance(20, 9, 4, 100));
    const active = Int32Array.from({ length: md.n }, (_, j) => j);
    const start = greedyPlan(md, cp, 1);
    const best = new PlanState(md);
    best.copyAllFrom(start);
    const none = { improved: false, iterations: 0 };
    expect(relaxedAnneal(md, cp, new Rng(1), active, best, new PlanState(md), options(0))).toEqual(none);
    const timeUp = { ...options(500), timeUp: () => true };
    expect(relaxedAnneal(md, cp, new Rng(1), active, best, new PlanState(md), timeUp)).toEqual(none);
    const out = new PlanState(md);
    out.copyAllFrom(start);
    const j = out.routes.find((r) => r.len > 0)!.job[1]!;
    const r = out.routeOf[j]!;
    const route = out.routes[r]!;
    route.job.copyWithin(1, 2, route.len + 1);
    route.len--;
    out.refresh(md, cp, r);
    out.unassigned = [j];
    out.routeOf[j] = -1;
    const before = sequences(out);
    expect(relaxedAnneal(md, cp, new Rng(1), active, out, new PlanState(md), options(500))).toEqual(none);
    expect(sequences(out)).toEqual(before);
    expect(sequences(best)).toEqual(sequences(start));
  });
});

describe("canRelax", () => {
  const problem = instance(5, 1, 2, 100);
  const active = Int32Array.from({ length: 5 }, (_, j) => j);

  it("applies to dense models whose jobs have at most one window, without the balance term", () => {
    expect(canRelax(buildModel(problem), { fixed: 1, balance: 0 }, active)).toBe(true);
    expect(canRelax(buildModel(problem), { fixed: 1, balance: 0.1 }, active)).toBe(false);
    const twoWindows = {
      ...problem,
      jobs: problem.jobs.map((j, k) =>
        k === 2
          ? {
              ...j,
              timeWindows: [
                { start: 0, end: 10 },
                { start: 100, end: 110 },
              ],
            }
          : j,
      ),
    };
    expect(canRelax(buildModel(twoWindows), { fixed: 1, balance: 0 }, active)).toBe(false);
    // A job with two windows that the search may not place does not count.
    expect(canRelax(buildModel(twoWindows), { fixed: 1, balance: 0 }, Int32Array.of(0, 1, 3, 4))).toBe(true);
    const noWindows = { ...problem, jobs: problem.jobs.map(({ timeWindows: _, ...j }) => j) };
    expect(canRelax(buildModel(noWindows), { fixed: 1, balance: 0 }, active)).toBe(true);
  });
});
