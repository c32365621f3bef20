import { describe, expect, it } from "vitest";
import { buildModel } from "./model.js";
import { Rng } from "./rng.js";
import { PlanState } from "./route-state.js";
import { RuinRecreate } from "./ruin-recreate.js";
import type { Job, Problem } from "./types.js";

/** Jobs on a line (location i at x = xs[i], the depot at x = 0), one vehicle; travel = distance. */
function setup(jobs: Job[], xs: number[], capacity?: number) {
  const problem: Problem = {
    travel: { size: xs.length, durations: xs.map((a) => xs.map((b) => Math.abs(a - b))) },
    vehicles: [
      { id: "v", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000, ...(capacity === undefined ? {} : { capacity }) },
    ],
    jobs,
  };
  const md = buildModel(problem);
  const cp = { fixed: 0, balance: 0 };
  const plan = new PlanState(md);
  plan.refresh(md, cp, 0);
  const rr = new RuinRecreate(md, cp, new Rng(1), Int32Array.from(jobs.keys()));
  rr.blinkOff = true;
  const route = () => Array.from(plan.routes[0]!.job.subarray(1, plan.routes[0]!.len + 1));
  return { md, plan, rr, route };
}

describe("insertEjecting (route elimination)", () => {
  it("puts a left-out job in place of a less often absent one that blocks it, and leaves that one out", () => {
    // k and j both must start at exactly 10, 20 apart: one route cannot serve both.
    const jobs: Job[] = [
      { id: "k", location: 1, timeWindows: [{ start: 10, end: 10 }] },
      { id: "j", location: 2, timeWindows: [{ start: 10, end: 10 }] },
    ];
    const { plan, rr, route } = setup(jobs, [0, 10, -10]);
    rr.beginMove();
    expect(rr.insertBest(plan, 0)).toBe(true);
    expect(rr.insertBest(plan, 1)).toBe(false);
    const weights = Float64Array.of(1, 1);
    // Not when k was left out as often as j.
    rr.beginMove();
    expect(rr.insertEjecting(plan, 1, Float64Array.of(3, 3), weights)).toBe(false);
    expect(route()).toEqual([0]);
    // Not when k weighs more (a higher priority).
    expect(rr.insertEjecting(plan, 1, Float64Array.of(0, 3), Float64Array.of(2, 1))).toBe(false);
    expect(rr.insertEjecting(plan, 1, Float64Array.of(0, 3), weights)).toBe(true);
    expect(route()).toEqual([1]);
    expect(plan.unassigned).toEqual([0]);
    expect(plan.routes[0]!.feasible).toBe(true);
    expect(rr.touchedList).toEqual([0]);
  });

  it("ejects only a job whose removal makes room: not the least often absent one when j would still be late", () => {
    // j (at -10) and k1 (at 10) must both start at exactly 10; k2 (at 30) any time. Ejecting k2 leaves k1 in j's way.
    const jobs: Job[] = [
      { id: "k1", location: 1, timeWindows: [{ start: 10, end: 10 }] },
      { id: "k2", location: 2, timeWindows: [{ start: 30, end: 1000 }] },
      { id: "j", location: 3, timeWindows: [{ start: 10, end: 10 }] },
    ];
    const { plan, rr, route } = setup(jobs, [0, 10, 30, -10]);
    rr.beginMove();
    rr.insertBest(plan, 0);
    rr.insertBest(plan, 1);
    expect(route()).toEqual([0, 1]);
    expect(rr.insertBest(plan, 2)).toBe(false);
    expect(rr.insertEjecting(plan, 2, Float64Array.of(2, 1, 5), Float64Array.of(1, 1, 1))).toBe(true);
    expect(route()).toEqual([2, 1]);
    expect(plan.unassigned).toEqual([0]);
    expect(plan.routes[0]!.feasible).toBe(true);
  });

  it("ejects the least often absent of the jobs that block it, not the nearest", () => {
    // Capacity 2, three jobs of load 1 on a line at 10, 20 and 30; j (at 5) comes last.
    const jobs: Job[] = [
      { id: "a", location: 1, load: 1 },
      { id: "b", location: 2, load: 1 },
      { id: "j", location: 3, load: 1 },
    ];
    const { plan, rr, route } = setup(jobs, [0, 30, 20, 5], 2);
    rr.beginMove();
    rr.insertBest(plan, 0);
    rr.insertBest(plan, 1);
    expect(route()).toEqual([1, 0]);
    expect(rr.insertBest(plan, 2)).toBe(false);
    // a (the farther one) was left out less often than b: a goes, j joins b (before it, on the way out).
    expect(rr.insertEjecting(plan, 2, Float64Array.of(1, 2, 5), Float64Array.of(1, 1, 1))).toBe(true);
    expect(route()).toEqual([2, 1]);
    expect(plan.unassigned).toEqual([0]);
    expect(plan.routes[0]!.load).toBe(2);
  });
});

describe("insertBest (granular pass)", () => {
  /**
   * Depot at (0, 0), five vans. Route 0 serves cluster A around (100, 0); routes 1 and 2 cluster C around (50, 30).
   * Job j at (50, 0) lies on route 0's way home, but its 40 nearest neighbours are all in cluster C.
   */
  function clusters() {
    const pts: [number, number][] = [[0, 0]];
    for (let i = 0; i < 45; i++) pts.push([100 + (i % 5), Math.floor(i / 5) - 4]);
    for (let i = 0; i < 45; i++) pts.push([48 + (i % 5), 28 + Math.floor(i / 5) * 0.5]);
    pts.push([50, 0]);
    const jobs: Job[] = pts.slice(1).map((_, i) => ({ id: `c${i}`, location: i + 1 }));
    const problem: Problem = {
      travel: {
        size: pts.length,
        durations: pts.map(([ax, ay]) => pts.map(([bx, by]) => Math.hypot(ax - bx, ay - by))),
      },
      vehicles: Array.from({ length: 5 }, (_, v) => ({ id: `v${v}`, start: 0, end: 0, shiftStart: 0, shiftEnd: 1e6 })),
      jobs,
    };
    const md = buildModel(problem);
    const cp = { fixed: 0, balance: 0 };
    const plan = new PlanState(md);
    const put = (r: number, js: number[]) => {
      const route = plan.routes[r]!;
      route.reserve(js.length + 2);
      js.forEach((j, p) => {
        route.job[p + 1] = j;
      });
      route.len = js.length;
    };
    put(
      0,
      Array.from({ length: 45 }, (_, i) => i),
    );
    put(
      1,
      Array.from({ length: 23 }, (_, i) => 45 + i),
    );
    put(
      2,
      Array.from({ length: 22 }, (_, i) => 68 + i),
    );
    for (let r = 0; r < 5; r++) plan.refresh(md, cp, r);
    const rr = new RuinRecreate(md, cp, new Rng(1), Int32Array.from(jobs.keys()));
    rr.blinkOff = true;
    return { md, plan, rr, j: 90 };
  }

  it("tries the last gap of a route that serves none of the job's neighbours (a route on its way home)", () => {
    const { md, plan, rr, j } = clusters();
    // None of j's 40 nearest neighbours is on route 0.
    for (let t = 0; t < 40; t++) expect(plan.routeOf[md.nb[j * md.nbK + t]!]).not.toBe(0);
    const before = plan.baseCost();
    rr.beginMove();
    expect(rr.insertBest(plan, j)).toBe(true);
    expect(plan.routeOf[j]).toBe(0);
    expect(plan.posOf[j]).toBe(plan.routes[0]!.len);
    // Almost free: j is on the straight line home.
    expect(plan.baseCost() - before).toBeLessThan(2);
  });
});
