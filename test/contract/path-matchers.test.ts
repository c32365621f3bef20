/**
 * Two copies of one rule, held equal: the fake's router (packages/fake/src/http/path-templates.ts, also the tests'
 * validator's) and the conformance suite (packages/conformance/src/client.ts, which depends on nothing but ajv and so
 * keeps its own copy) must pick the same template of openapi.yaml for every path, including paths whose parameter
 * reads like a literal segment of another template (`/v2/orders/actions/complete`).
 */
import { describe, expect, it } from "vitest";
import { ContractChecker } from "../../packages/conformance/src/client.js";
import { contractDocument } from "../../packages/conformance/src/generated/contract-document.js";
import { byRank, compilePathTemplate } from "../../packages/fake/src/http/path-templates.js";

const templates = Object.keys(contractDocument.operations);
const ranked = templates.map((template) => ({ template, ...compilePathTemplate(template) })).sort(byRank);
const literals = [...new Set(templates.flatMap((t) => t.split("/").filter((s) => s !== "" && !s.startsWith("{"))))];
const values = ["0f8fad5b-d9cb-469f-a165-70867728950e", "1001", ...literals];

/** Every path a template makes with each value in each of its parameters (all parameters the same value). */
function pathsOf(template: string): string[] {
  return values.map((value) => template.replace(/\{\w+\}/g, value));
}

describe("the fake's router and the conformance suite match paths alike", () => {
  const checker = new ContractChecker();
  const cases = templates.flatMap((template) => pathsOf(template).map((path) => [template, path] as const));

  it("has paths to compare, some of which two templates match", () => {
    const ambiguous = cases.filter(([, path]) => ranked.filter((t) => t.pattern.test(path)).length > 1);
    expect(cases.length).toBeGreaterThan(100);
    expect(ambiguous.length).toBeGreaterThan(0);
  });

  it.each(cases)("%s as %s", (_, path) => {
    const picked = ranked.find((t) => t.pattern.test(path));
    expect(picked).toBeDefined();
    const method = Object.keys(contractDocument.operations[picked?.template ?? ""] ?? {})[0] ?? "get";
    expect(checker.operationOf(method, path)?.template).toBe(picked?.template);
  });
});
