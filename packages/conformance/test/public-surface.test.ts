/**
 * The conformance suite's public surface, pinned: every name `@dispatchkit/conformance` exports, values and types.
 * Adding, removing or renaming an export fails this test until the list below is updated, so the change shows up
 * in review as a diff of this file.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listExports } from "../../../test/support/public-surface.js";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe("the public surface of @dispatchkit/conformance", () => {
  it("the main entry is exactly the committed list", () => {
    expect(listExports(entry("../src/index.ts"))).toEqual([
      "conformanceCommand",
      "runConformance",
      "type ConformanceOptions",
      "type ConformanceReport",
      "type ScenarioResult",
    ]);
  });
});
