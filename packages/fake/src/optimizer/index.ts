/**
 * The fake's VRPTW route optimizer: pure TypeScript, deterministic, no I/O. See docs/optimizer.md.
 *
 * @packageDocumentation
 */
export { budgetIterations, solve } from "./solve.js";
export type {
  Budget,
  Job,
  PlannedRoute,
  PlannedStop,
  Priority,
  Problem,
  Solution,
  SolveOptions,
  TimeWindow,
  Travel,
  TravelFunction,
  Unassigned,
  UnassignedReason,
  Vehicle,
} from "./types.js";
