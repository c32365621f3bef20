import { describe, expect, it } from "vitest";
import { buildModel } from "./model.js";
import { Rng } from "./rng.js";
import { PlanState, Route } from "./route-state.js";
import type { Problem } from "./types.js";

/** Random jobs with zero, one or two windows, random loads and a tight shift, so that some insertions break it. */
function problem(seed: number, open: boolean): Problem {
  const rng = new Rng(seed);
  const size = 40;
  const xs = Array.from({ length: size }, () => rng.next() * 100);
  const ys = Array.from({ length: size }, () => rng.next() * 100);
  const d = xs.map((x, a) => xs.map((x2, b) => Math.hypot(x - x2, ys[a]! - ys[b]!) * (1 + 0.1 * rng.next())));
  return {
    travel: { size, durations: d },
    vehicles: [{ id: "v", start: 0, ...(open ? {} : { end: 0 }), shiftStart: 0, shiftEnd: 900, capacity: 60 }],
    jobs: Array.from({ length: size - 1 }, (_, j) => {
      const w = rng.int(3);
      const a = rng.next() * 600;
      const timeWindows =
        w === 0
          ? []
          : w === 1
            ? [{ start: a, end: a + 120 }]
            : [
                { start: a, end: a + 40 },
                { start: a + 200, end: a + 300 },
              ];
      return { id: `j${j}`, location: j + 1, service: 5 + rng.int(10), load: 1 + rng.int(9), timeWindows };
    }),
  };
}

/** Every cached field of a route, for exact comparison. */
function snapshot(r: Route) {
  const k = r.len + 2;
  return {
    len: r.len,
    job: Array.from(r.job.subarray(1, r.len + 1)),
    loc: Array.from(r.loc.subarray(0, k)),
    early: Array.from(r.early.subarray(0, k)),
    late: Array.from(r.late.subarray(0, k)),
    arc: Array.from(r.arc.subarray(0, r.len + 1)),
    travel: r.travel,
    load: r.load,
    service: r.service,
    cost: r.cost,
    feasible: r.feasible,
  };
}

describe("Route.updateInserted", () => {
  it("gives what a full update gives, to the last bit, feasible or not, closed and open routes", () => {
    let checked = 0;
    let infeasible = 0;
    for (const open of [false, true]) {
      for (let seed = 1; seed <= 6; seed++) {
        const md = buildModel(problem(seed, open));
        const cp = { fixed: 0.5 * seed, balance: seed % 2 === 0 ? 1e-4 : 0 };
        const rng = new Rng(seed * 31);
        const plan = new PlanState(md);
        const inc = plan.routes[0]!;
        const full = new Route(md, 0);
        inc.update(md, cp);
        for (let j = 0; j < md.n; j++) {
          // Insert j at a random position of a copy; keep it only while the route stays feasible.
          const before = new Route(md, 0);
          before.copyFrom(inc);
          const q = 1 + rng.int(inc.len + 1);
          inc.reserve(inc.len + 3);
          for (let p = inc.len; p >= q; p--) inc.job[p + 1] = inc.job[p]!;
          inc.job[q] = j;
          inc.len++;
          plan.refreshInserted(md, cp, 0, q);
          full.copyFrom(inc);
          full.update(md, cp);
          expect(snapshot(inc)).toEqual(snapshot(full));
          expect(plan.routeOf[j]).toBe(0);
          for (let p = 1; p <= inc.len; p++) expect(plan.posOf[inc.job[p]!]).toBe(p);
          checked++;
          if (!inc.feasible) {
            infeasible++;
            inc.copyFrom(before);
            plan.routeOf[j] = -1;
            plan.refresh(md, cp, 0);
          }
        }
      }
    }
    expect(checked).toBe(12 * 39);
    // Both branches ran: some insertions broke a window, the capacity or the shift, others did not.
    expect(infeasible).toBeGreaterThan(20);
    expect(infeasible).toBeLessThan(checked - 20);
  });

  it("keeps a route infeasible whose window before the insertion point was missed", () => {
    // Job a's window has closed before the van can get there; b and c have none; c goes at the end.
    const md = buildModel({
      travel: { size: 4, durations: [0, 1, 2, 3].map((a) => [0, 1, 2, 3].map((b) => 10 * Math.abs(a - b))) },
      vehicles: [{ id: "v", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 }],
      jobs: [
        { id: "a", location: 1, timeWindows: [{ start: 0, end: 5 }] },
        { id: "b", location: 2 },
        { id: "c", location: 3 },
      ],
    });
    const cp = { fixed: 0, balance: 0 };
    const r = new Route(md, 0);
    r.job[1] = 0;
    r.job[2] = 1;
    r.len = 2;
    r.update(md, cp);
    expect(r.feasible).toBe(false);
    r.job[3] = 2;
    r.len = 3;
    r.updateInserted(md, cp, 3);
    expect(r.feasible).toBe(false);
    const full = new Route(md, 0);
    full.copyFrom(r);
    full.update(md, cp);
    expect(snapshot(r)).toEqual(snapshot(full));
  });
});
