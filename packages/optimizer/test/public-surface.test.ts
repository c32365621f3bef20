/**
 * The optimizer's public surface, pinned: every name `@dispatchkit/optimizer` exports, values and types. A change
 * to the surface fails this test until the list below is updated, so it shows up in review as a diff.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listExports } from "../../../test/support/public-surface.js";

describe("the public surface of @dispatchkit/optimizer", () => {
  it("is exactly the committed list", () => {
    expect(listExports(fileURLToPath(new URL("../src/index.ts", import.meta.url)))).toEqual([
      "budgetIterations",
      "solve",
      "type Budget",
      "type Job",
      "type PlannedRoute",
      "type PlannedStop",
      "type Priority",
      "type Problem",
      "type Solution",
      "type SolveOptions",
      "type TimeWindow",
      "type Travel",
      "type TravelFunction",
      "type Unassigned",
      "type UnassignedReason",
      "type Vehicle",
    ]);
  });
});
