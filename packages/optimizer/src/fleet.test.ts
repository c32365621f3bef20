import { describe, expect, it } from "vitest";
import { type FleetHooks, FleetMove, type FleetPlans } from "./fleet.js";
import { buildModel } from "./model.js";
import { PlanState } from "./route-state.js";
import type { Job, Problem } from "./types.js";

/**
 * Jobs on a line (location i + 1 at x = xs[i], the depot at x = 0), two vehicles; travel = distance. The search's
 * plans put job i on vehicle i.
 */
function setup(jobs: Omit<Job, "location">[], xs: number[]) {
  const pts = [0, ...xs];
  const problem: Problem = {
    travel: { size: pts.length, durations: pts.map((a) => pts.map((b) => Math.abs(a - b))) },
    vehicles: [0, 1].map((k) => ({ id: `v${k}`, start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 })),
    jobs: jobs.map((j, i) => ({ ...j, location: i + 1 })),
  };
  const md = buildModel(problem);
  const cp = { fixed: 0, balance: 0 };
  const active = Int32Array.from(jobs.keys());
  const plan = () => {
    const s = new PlanState(md);
    for (let r = 0; r < md.m; r++) {
      if (r < jobs.length) {
        s.routes[r]!.reserve(3);
        s.routes[r]!.job[1] = r;
        s.routes[r]!.len = 1;
      }
      s.refresh(md, cp, r);
    }
    return s;
  };
  const main: FleetPlans = { cur: plan(), cand: plan(), best: plan(), curPen: 0, curBase: 0, bestPen: 0, bestBase: 0 };
  main.curBase = main.cur.baseCost();
  main.bestBase = main.best.baseCost();
  const move = new FleetMove(
    md,
    cp,
    active,
    Float64Array.from(jobs, () => 1),
    7,
    10,
  );
  const probes: number[] = [];
  // A probe that anneals nothing: it asks `stop` every 64 iterations until told to stop.
  const hooks: FleetHooks = {
    penaltyOf: (p) => p.unassigned.length,
    anneal: (_rr, _ls, _rng, plans, from, to, stop) => {
      probes.push(plans.best.usedRoutes());
      for (let k = from; k < to; k += 64) if (stop(k)) return k;
      return to;
    },
  };
  const routes = (s: PlanState) => s.routes.map((r) => Array.from(r.job.subarray(1, r.len + 1)));
  return { main, move, hooks, probes, routes };
}

describe("FleetMove (the distance objective's fleet-size move)", () => {
  it("takes a plan with one van fewer that is shorter, from the iteration the probe reached", () => {
    // Both jobs on one side of the depot: one van serves both for 24 instead of 20 + 24.
    const { main, move, hooks, probes, routes } = setup([{ id: "a" }, { id: "b" }], [10, 12]);
    expect(main.bestBase).toBe(44);
    const next = move.run(main, 1000, 50, 640, hooks);
    expect(probes).toEqual([1]);
    expect(next).toBe(1000);
    expect(main.best.usedRoutes()).toBe(1);
    expect(main.bestBase).toBe(24);
    expect(main.curBase).toBe(24);
    expect(routes(main.cur)).toEqual(routes(main.best));
    expect(routes(main.cand)).toEqual(routes(main.best));
  });

  it("leaves the search's plans untouched when no route can be emptied", () => {
    // Both jobs must start at exactly 10, 20 apart: one van cannot serve both.
    const tw = [{ start: 10, end: 10 }];
    const { main, move, hooks, probes, routes } = setup(
      [
        { id: "a", timeWindows: tw },
        { id: "b", timeWindows: tw },
      ],
      [10, -10],
    );
    const before = routes(main.cur);
    expect(move.run(main, 1000, 50, 640, hooks)).toBe(1000);
    expect(probes).toEqual([]);
    expect([routes(main.cur), routes(main.cand), routes(main.best)]).toEqual([before, before, before]);
    expect([main.curBase, main.bestBase]).toEqual([40, 40]);
  });

  it("drops a smaller fleet that is not shorter, after its probe stalls, and leaves the plans untouched", () => {
    // On both sides of the depot: one van travels 40, as much as two.
    const { main, move, hooks, probes, routes } = setup([{ id: "a" }, { id: "b" }], [10, -10]);
    const before = routes(main.cur);
    expect(move.run(main, 1000, 50, 640, hooks)).toBe(1000);
    expect(probes).toEqual([1]);
    expect([routes(main.cur), routes(main.cand), routes(main.best)]).toEqual([before, before, before]);
    expect([main.curBase, main.bestBase]).toEqual([40, 40]);
  });

  it("does nothing with one van or without a probe", () => {
    const one = setup([{ id: "a" }], [10]);
    expect(one.move.run(one.main, 5, 50, 640, one.hooks)).toBe(5);
    const two = setup([{ id: "a" }, { id: "b" }], [10, 12]);
    expect(two.move.run(two.main, 5, 50, 0, two.hooks)).toBe(5);
    expect([one.probes, two.probes, two.main.bestBase]).toEqual([[], [], 44]);
  });
});
