// The conformance suite's small JSON Schema validator agrees with ajv (the repository's validator of openapi.yaml)
// on every example of openapi.yaml and on mutations of them that break the contract.
import { describe, expect, it } from "vitest";
import { createContractValidator, loadSpec } from "../../../test/support/openapi-validator.js";
import { contractDocument } from "../src/conformance/generated/contract-document.js";
import { SchemaValidator } from "../src/conformance/schema-validator.js";

type Json = Record<string, unknown>;
const spec = loadSpec();
const ajv = createContractValidator();
const small = new SchemaValidator(contractDocument.schemas);

/** Every named example of a response or request body, with the component schema it illustrates. */
function examples(): { label: string; schema: string; value: unknown }[] {
  const components = spec.components as { examples: Record<string, { value: unknown }> };
  const found: { label: string; schema: string; value: unknown }[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const media = node as Json;
    const schemaRef = (media.schema as Json | undefined)?.$ref;
    if (typeof schemaRef === "string" && media.examples && typeof media.examples === "object") {
      for (const [name, example] of Object.entries(media.examples as Record<string, Json>)) {
        const ref = example.$ref;
        const value = typeof ref === "string" ? components.examples[ref.split("/").pop() ?? ""]?.value : example.value;
        found.push({ label: name, schema: schemaRef.split("/").pop() ?? "", value });
      }
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(spec.paths);
  visit((spec.components as Json).responses);
  return found;
}

/** Values that break the contract: each required key of each object dropped, an unknown key added. */
function mutations(value: unknown, path = ""): { label: string; value: unknown }[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const out: { label: string; value: unknown }[] = [{ label: `${path}+colour`, value: { ...value, colour: "red" } }];
  for (const key of Object.keys(value)) {
    const { [key]: _dropped, ...rest } = value as Json;
    out.push({ label: `${path}-${key}`, value: rest });
  }
  return out;
}

describe("the conformance suite's schema validator", () => {
  const all = examples();

  it("finds the examples of openapi.yaml (responses and request bodies)", () => {
    expect(all.length).toBeGreaterThan(20);
  });

  it("accepts every example, as ajv does", () => {
    const verdicts = all.map(({ label, schema, value }) => [
      label,
      ajv.checkSchema(schema, value),
      small.validate({ $ref: `#/components/schemas/${schema}` }, value),
    ]);
    expect(verdicts.filter(([, a, b]) => (a as string[]).length > 0 || (b as string[]).length > 0)).toEqual([]);
  });

  it("agrees with ajv on every mutation of the examples (a dropped key, an unknown key)", () => {
    const disagreements: string[] = [];
    let rejected = 0;
    for (const { label, schema, value } of all)
      for (const mutation of mutations(value)) {
        const byAjv = ajv.checkSchema(schema, mutation.value).length > 0;
        const bySmall = small.validate({ $ref: `#/components/schemas/${schema}` }, mutation.value).length > 0;
        if (byAjv) rejected += 1;
        if (byAjv !== bySmall)
          disagreements.push(`${schema} ${label} ${mutation.label}: ajv ${byAjv}, small ${bySmall}`);
      }
    expect(disagreements).toEqual([]);
    expect(rejected).toBeGreaterThan(50);
  });

  it("names the problem: a schedule action with a delete summary, a date that is no calendar day, code points", () => {
    const action = {
      actionUuid: "3f0b7c2e-8d1a-4c6b-9e2f-1a2b3c4d5e6f",
      actionName: "schedule",
      status: "finished",
      createdAt: "2026-11-23T10:00:00.000Z",
      finishedAt: "2026-11-23T10:00:01.000Z",
      actionSummary: { deleted: [], failed: [] },
    };
    expect(small.validate({ $ref: "#/components/schemas/Action" }, action)).toEqual([
      expect.stringMatching(/^body: matches no member of oneOf \(closest: /),
    ]);
    expect(small.validate({ type: "string", format: "date" }, "2026-02-30")).toEqual([
      'body: must be a date, got "2026-02-30"',
    ]);
    expect(small.validate({ type: "string", maxLength: 1 }, "🚚")).toEqual([]);
    expect(small.validate({ type: "string", maxLength: 1 }, "ab")).toEqual(["body: must be at most 1 characters"]);
  });

  it("refuses a keyword it does not implement", () => {
    expect(() => new SchemaValidator({ X: { type: "object", dependentRequired: { a: ["b"] } } })).toThrow(
      'Failed to build the schema validator: keyword "dependentRequired" is not supported',
    );
  });
});
