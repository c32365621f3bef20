/**
 * Independent feasibility check of a large plan of the fake's planner: builds the problem of N orders on N / 25
 * routes the way schedule-all does (`buildProblem`: great-circle travel on demand from 3,000 points), solves it at
 * the fake's `fast` budget, then re-times every route from the problem's own data with travel recomputed from
 * `greatCircleKm` (not through the optimizer's model or cache), checking windows, capacity, shift end and that every
 * order is served once.
 *
 *   node --import tsx bench/scale-check.ts [N]      # default 10,000
 */

import { greatCircleKm, greatCircleTravel } from "../packages/fake/src/domain/geo.js";
import { createRandom } from "../packages/fake/src/domain/ids.js";
import { buildProblem } from "../packages/fake/src/domain/scheduling/planner.js";
import { solve } from "../packages/optimizer/src/index.js";

const N = Number(process.argv[2] ?? 10_000);
const next = createRandom(11);
const u = () => next() / 0x1_0000_0000;
const c = { latitude: 52.52, longitude: 13.405 };
const orders = Array.from({ length: N }, (_, i) => {
  const r = 10 * Math.sqrt(u());
  const a = 2 * Math.PI * u();
  const sh = 9 + Math.floor(u() * 5);
  const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
  return {
    uuid: `o${i}`,
    location: {
      latitude: c.latitude + (r * Math.cos(a)) / 111.2,
      longitude: c.longitude + (r * Math.sin(a)) / (111.2 * Math.cos((c.latitude * Math.PI) / 180)),
    },
    timeWindows: i % 3 === 0 ? [{ startTime: hh(sh), endTime: hh(sh + 2 + (i % 2) * 2) }] : [],
    duration: 180 + Math.floor(u() * 240),
    load: 1 + Math.floor(u() * 3),
    tags: [],
    priority: "normal" as const,
  };
});
const R = Math.round(N / 25);
const routes = Array.from({ length: R }, (_, i) => ({
  uuid: `r${i}`,
  startTime: "08:00",
  endTime: "18:00",
  startLocation: c,
  capacity: 85,
  tags: [],
}));
const input = {
  date: "2026-11-24",
  timezone: "Europe/Berlin",
  orders,
  routes,
  travelMode: "car" as const,
  travel: greatCircleTravel,
  seed: 1,
};
const { problem, points } = buildProblem(input);
console.log("sparse input:", typeof problem.travel.durations === "function");
const s = solve(problem, { seed: 1, budget: "fast" });
const mps = 40000 / 3600;
const dur = (a: number, b: number) =>
  a === b ? 0 : Math.round(Math.round(greatCircleKm(points[a]!, points[b]!) * 1.3 * 1000) / mps);
const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
let errors = 0;
let served = 0;
const seen = new Set<string>();
for (const r of s.routes) {
  const v = problem.vehicles.find((x) => x.id === r.vehicleId)!;
  let t = r.start;
  let prev = v.start;
  let load = 0;
  if (t < v.shiftStart - 1e-6) errors++;
  for (const st of r.stops) {
    const j = jobs.get(st.jobId)!;
    if (seen.has(j.id)) errors++;
    seen.add(j.id);
    served++;
    const arr = t + dur(prev, j.location);
    const w = j.timeWindows ?? [];
    const start = w.length === 0 ? arr : Math.max(arr, w.find((x) => arr <= x.end)?.start ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(start) || Math.abs(start - st.serviceStart) > 1e-6) errors++;
    t = start + (j.service ?? 0);
    load += j.load ?? 0;
    prev = j.location;
  }
  if (load > (v.capacity ?? Infinity)) errors++;
  const end = v.end === undefined ? t : t + dur(prev, v.end);
  if (end > v.shiftEnd + 1e-6) errors++;
}
console.log(`N ${N}: served ${served}, unassigned ${s.unassigned.length}, routes ${s.routes.length}, errors ${errors}`);
if (errors > 0 || served + s.unassigned.length !== N) process.exitCode = 1;
