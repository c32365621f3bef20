// The scenario list: unique names (`--only` selects by name), each with the sections of docs/api-contract.md it
// checks, and their number (the fake's run of the whole suite, packages/fake/test/conformance.test.ts, expects it).
import { describe, expect, it } from "vitest";
import { conformanceScenarios } from "../src/runner.js";

describe("the conformance scenarios", () => {
  it("are 25, with unique names, each naming the sections of the contract it checks", () => {
    const names = conformanceScenarios.map((s) => s.name);
    expect(names.length).toBe(25);
    expect(new Set(names).size).toBe(names.length);
    expect(conformanceScenarios.filter((s) => !/^\d+(, \d+)*$/.test(s.section)).map((s) => s.name)).toEqual([]);
  });
});
