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
