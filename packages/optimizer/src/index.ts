/**
 * A deterministic route optimizer for vehicle routing with time windows (VRPTW), in pure TypeScript: capacities,
 * skills, shifts, open routes and priorities, with a reason for every job left out. It does no I/O, reads no clock
 * and never calls `Math.random`, so the same problem, options and seed always give the same plan.
 *
 * @packageDocumentation
 */
// biome-ignore-all assist/source/organizeImports: the public surface is ordered by hand, entry point first.

/** Plan routes for a problem: the entry point. */
export { solve } from "./solve.js";
/** The iteration count a {@link Budget} stands for at a given number of jobs. */
export { budgetIterations } from "./solve.js";

/** A whole problem: jobs, vehicles and travel between location indices. */
export type { Problem } from "./types.js";
/** One stop to visit, with its location, service time, windows, load, skills and priority. */
export type { Job } from "./types.js";
/** One vehicle: start and end locations, shift, capacity and skills. */
export type { Vehicle } from "./types.js";
/** A hard time window in which service must start. */
export type { TimeWindow } from "./types.js";
/** Who is left out first when not every job fits. */
export type { Priority } from "./types.js";
/** Travel durations and distances between location indices, as matrices or functions. */
export type { Travel } from "./types.js";
/** Travel between two location indices, as a function. */
export type { TravelFunction } from "./types.js";

/** Seed, budget and objective switches of a {@link solve} call. */
export type { SolveOptions } from "./types.js";
/** How hard to search, as a machine-independent iteration count. */
export type { Budget } from "./types.js";

/** The plan: routes, jobs left out, totals and iterations run. */
export type { Solution } from "./types.js";
/** One vehicle's planned route. */
export type { PlannedRoute } from "./types.js";
/** One visit in a planned route, with its times, travel and load. */
export type { PlannedStop } from "./types.js";
/** A job left out of the plan, with its reason. */
export type { Unassigned } from "./types.js";
/** Why a job was left out: `time_window`, `capacity`, `tags`, `shift` or `no_route`. */
export type { UnassignedReason } from "./types.js";
