// The conformance suite's answer checks: its ajv validator of the bundled contract document (generated from
// openapi.yaml) agrees with the repository's validator of openapi.yaml itself on every example and on mutations of
// them that break the contract, names each problem's path, and refuses a keyword it would not check.
import { describe, expect, it } from "vitest";
import { createContractValidator, loadSpec } from "../../../test/support/openapi-validator.js";
import { ContractChecker } from "../src/client.js";
import { ContractSchemas } from "../src/contract-schemas.js";
import { contractDocument } from "../src/generated/contract-document.js";

type Json = Record<string, unknown>;
const spec = loadSpec();
const ajv = createContractValidator();
const bundled = new ContractSchemas(contractDocument.schemas);

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

describe("the conformance suite's validator of the bundled contract", () => {
  const all = examples();

  it("finds the examples of openapi.yaml (responses and request bodies)", () => {
    expect(all.length).toBeGreaterThan(20);
  });

  it("accepts every example, as the validator of openapi.yaml does", () => {
    const verdicts = all.map(({ label, schema, value }) => [
      label,
      ajv.checkSchema(schema, value),
      bundled.validate({ $ref: `#/components/schemas/${schema}` }, value),
    ]);
    expect(verdicts.filter(([, a, b]) => (a as string[]).length > 0 || (b as string[]).length > 0)).toEqual([]);
  });

  it("agrees with the validator of openapi.yaml on every mutation of the examples (a dropped key, an unknown key)", () => {
    const disagreements: string[] = [];
    let rejected = 0;
    for (const { label, schema, value } of all)
      for (const mutation of mutations(value)) {
        const byAjv = ajv.checkSchema(schema, mutation.value).length > 0;
        const byBundled = bundled.validate({ $ref: `#/components/schemas/${schema}` }, mutation.value).length > 0;
        if (byAjv) rejected += 1;
        if (byAjv !== byBundled)
          disagreements.push(`${schema} ${label} ${mutation.label}: openapi.yaml ${byAjv}, bundled ${byBundled}`);
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
    // The discriminator (actionName) picks the member, so the problems are the schedule action's.
    expect(bundled.validate({ $ref: "#/components/schemas/Action" }, action)).toEqual([
      "body.actionSummary.routesUsed: is required",
      "body.actionSummary.ordersScheduled: is required",
      "body.actionSummary.ordersUnscheduled: is required",
      "body.actionSummary.committed: is required",
      "body.actionSummary.deleted: unknown field",
      "body.actionSummary.failed: unknown field",
    ]);
    expect(bundled.validate({ $ref: "#/components/schemas/Action" }, { ...action, actionName: "plan" })).toEqual([
      'body: value of tag "actionName" must be in oneOf',
    ]);
    expect(bundled.validate({ type: "string", format: "date" }, "2026-02-30")).toEqual([
      'body: must be a date, got "2026-02-30"',
    ]);
    expect(bundled.validate({ type: "string", maxLength: 1 }, "🚚")).toEqual([]);
    expect(bundled.validate({ type: "string", maxLength: 1 }, "ab")).toEqual([
      "body: must NOT have more than 1 characters",
    ]);
  });

  it("refuses a bad answer, naming the path: a field of the wrong type, a missing required field", () => {
    const checker = new ContractChecker();
    const headers = new Headers({ "x-request-id": "req_1", "content-type": "application/json" });
    const webhook = {
      uuid: "3f0b7c2e-8d1a-4c6b-9e2f-1a2b3c4d5e6f",
      url: "https://app.example.com/hooks",
      events: ["route.published"],
      workspaceUuid: null,
      createdAt: "2026-11-23T10:00:00.000Z",
    };
    const list = (data: unknown[]) =>
      JSON.stringify({ data, metadata: { nextPage: null, totalPages: 1, totalItems: 1 } });
    const check = (body: string) => checker.check("GET", "/v2/webhooks", 200, headers, body);
    expect(check(list([webhook]))).toEqual([]);
    const { createdAt: _dropped, ...withoutCreatedAt } = webhook;
    expect(check(list([{ ...withoutCreatedAt, url: 42 }]))).toEqual([
      "body.data[0].createdAt: is required",
      "body.data[0].url: must be string, got number",
    ]);
    expect(check(list([{ ...webhook, workspaceUuid: 7 }]))).toEqual([
      "body.data[0].workspaceUuid: must be string or null, got number",
    ]);
    expect(checker.check("GET", "/v2/webhooks", 200, new Headers(), "{}")).toEqual([
      "no x-request-id header",
      "body.data: is required",
      "body.metadata: is required",
    ]);
  });

  it("compiles every schema of the bundled document in strict mode", () => {
    const failures: string[] = [];
    for (const name of Object.keys(contractDocument.schemas)) {
      try {
        bundled.validate({ $ref: `#/components/schemas/${name}` }, null);
      } catch (error) {
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a keyword it would not check", () => {
    const schemas = new ContractSchemas({ X: { type: "object", "x-nullable": true } });
    expect(() => schemas.validate({ $ref: "#/components/schemas/X" }, {})).toThrow(
      /^Failed to compile the schema \{"\$ref":"#\/components\/schemas\/X"\}: strict mode: unknown keyword: "x-nullable"$/,
    );
  });

  it("takes the template the fake's router takes: a literal segment wins (an action id that reads like one)", () => {
    const checker = new ContractChecker();
    const headers = new Headers({ "x-request-id": "req_1", "content-type": "application/json" });
    const notFound = JSON.stringify({ code: "NOT_FOUND", message: "no action", requestId: "req_1" });
    // /v2/orders/actions/complete also matches /v2/orders/{orderUuid}/complete (POST only), listed first.
    expect(checker.check("GET", "/v2/orders/actions/complete", 404, headers, notFound)).toEqual([]);
    // Checked as the action it is (a body that is no action), not refused as a GET the document lacks.
    const answered = checker.check("GET", "/v2/orders/actions/complete", 200, headers, "{}").join("\n");
    expect(answered).not.toMatch(/not in openapi.yaml/);
    expect(answered).toMatch(/^body/);
    const timeline = checker.check("GET", "/v2/routes/actions/timeline", 200, headers, "{}").join("\n");
    expect(timeline).not.toMatch(/not in openapi.yaml/);
  });
});
