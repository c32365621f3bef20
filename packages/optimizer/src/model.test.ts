import { describe, expect, it } from "vitest";
import { buildModel, setDenseLimit } from "./model.js";
import { Rng } from "./rng.js";
import type { Problem } from "./types.js";

/** Asymmetric integer travel in a small range, so that many pairs tie; several jobs share a location. */
function problem(jobs: number, locations: number, seed: number, asFunction: boolean): Problem {
  const rng = new Rng(seed);
  const d = Array.from({ length: locations }, (_, a) =>
    Array.from({ length: locations }, (_, b) => (a === b ? 0 : 1 + rng.int(12))),
  );
  return {
    travel: { size: locations, durations: asFunction ? (a, b) => d[a]![b]! : d },
    vehicles: [{ id: "v", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 }],
    jobs: Array.from({ length: jobs }, (_, j) => ({ id: `j${j}`, location: 1 + ((j * 7) % (locations - 1)) })),
  };
}

/** The nearest `k` other jobs by travel there and back, ties by index: a full sort of every pair. */
function bruteForce(p: Problem, k: number): number[][] {
  const loc = p.jobs.map((j) => j.location);
  const t = p.travel.durations as number[][];
  return loc.map((lj, j) =>
    loc
      .map((lk, i) => ({ i, key: t[lj]![lk]! + t[lk]![lj]! }))
      .filter(({ i }) => i !== j)
      .sort((a, b) => a.key - b.key || a.i - b.i)
      .slice(0, k)
      .map(({ i }) => i),
  );
}

describe("buildModel's neighbour lists", () => {
  it.each([
    [30, 12],
    [150, 40],
    [260, 260],
  ])("are the nearest jobs in the order of a full sort, ties by index (%i jobs, %i locations)", (jobs, locations) => {
    for (const seed of [1, 2, 3]) {
      const p = problem(jobs, locations, seed, false);
      const md = buildModel(p);
      expect(md.nbK).toBe(Math.min(jobs - 1, 100));
      const got = Array.from({ length: jobs }, (_, j) => Array.from(md.nb.subarray(j * md.nbK, (j + 1) * md.nbK)));
      expect(got).toEqual(bruteForce(p, md.nbK));
      const t = p.travel.durations as number[][];
      const at = (a: number, b: number) => t[p.jobs[a]!.location]![p.jobs[b]!.location]!;
      const to = Array.from(md.nb, (k, i) => at(Math.floor(i / md.nbK), k));
      const from = Array.from(md.nb, (k, i) => at(k, Math.floor(i / md.nbK)));
      expect(Array.from(md.nbTo)).toEqual(to);
      expect(Array.from(md.nbFrom)).toEqual(from);
    }
  });

  it("are the same from a matrix, from a travel function and from a sparse model", () => {
    const matrix = buildModel(problem(180, 60, 4, false));
    const fn = buildModel(problem(180, 60, 4, true));
    expect(Array.from(fn.nb)).toEqual(Array.from(matrix.nb));
    expect(Array.from(fn.dur)).toEqual(Array.from(matrix.dur));
    setDenseLimit(10);
    try {
      const sparse = buildModel(problem(180, 60, 4, true));
      expect(sparse.dense).toBe(false);
      expect(Array.from(sparse.nb)).toEqual(Array.from(matrix.nb));
    } finally {
      setDenseLimit(3000);
    }
  });

  it("clamps a matrix's negative, missing and non-finite entries as it does a function's", () => {
    const raw = [
      [0, -5, Number.NaN],
      [3, 0, Number.POSITIVE_INFINITY],
      [4, 2, 0],
    ];
    const base = {
      vehicles: [{ id: "v", start: 0, end: 0, shiftStart: 0, shiftEnd: 1000 }],
      jobs: [
        { id: "a", location: 1 },
        { id: "b", location: 2 },
      ],
    };
    const m = buildModel({ ...base, travel: { size: 3, durations: raw } });
    const f = buildModel({ ...base, travel: { size: 3, durations: (a, b) => raw[a]![b]! } });
    const side = m.side;
    expect(m.dur[0 * side + 1]).toBe(0);
    expect(m.dur[0 * side + 2]).toBe(1e15);
    expect(m.dur[1 * side + 2]).toBe(1e15);
    expect(m.durT[2 * side + 0]).toBe(1e15);
    expect(Array.from(f.dur)).toEqual(Array.from(m.dur));
  });
});
