import { describe, expect, it } from "vitest";
import { contractDocument } from "../../packages/conformance/src/generated/contract-document.js";
import { toTestedDocument } from "../support/compiled-validators.js";
import {
  createContractValidator,
  createControlValidator,
  loadControlSpec,
  loadSpec,
} from "../support/openapi-validator.js";

const validator = createContractValidator();
const headers = (extra: Record<string, string> = {}) =>
  new Headers({ "content-type": "application/json", "x-request-id": "req_1", ...extra });
const url = "https://api.dispatch.example.com/v2/workspaces";
const workspace = {
  uuid: "0f8fad5b-d9cb-469f-a165-70867728950e",
  workspaceId: 1001,
  name: "Main",
  timezone: "Europe/Berlin",
};
const page = (data: unknown[]) => ({ data, metadata: { nextPage: null, totalPages: 1, totalItems: data.length } });

describe("the response validator (what makes a drifting fake fail its tests)", () => {
  it("is the conformance package's, over openapi.yaml read as that package bundles it", () => {
    const { requests, ...document } = toTestedDocument(loadSpec());
    expect(document).toEqual(contractDocument);
    expect(requests["/v2/orders"]?.post).toBeDefined();
  });

  it("accepts a conforming response", () => {
    expect(validator.check("GET", url, 200, headers(), JSON.stringify(page([workspace])))).toEqual([]);
  });

  it("rejects an extra property, a missing field and a wrong type", () => {
    const extra = validator.check("GET", url, 200, headers(), JSON.stringify(page([{ ...workspace, color: "red" }])));
    expect(extra.join("\n")).toMatch(/: unknown field/);
    const { name: _name, ...withoutName } = workspace;
    expect(validator.check("GET", url, 200, headers(), JSON.stringify(page([withoutName]))).join("\n")).toMatch(
      /body\.data\[0\]\.name: is required/,
    );
    const wrongType = validator.check(
      "GET",
      url,
      200,
      headers(),
      JSON.stringify(page([{ ...workspace, workspaceId: "1" }])),
    );
    expect(wrongType.join("\n")).toMatch(/workspaceId: must be integer, got string/);
  });

  it("rejects an undeclared status, an unknown path and a missing x-request-id", () => {
    expect(validator.check("GET", url, 418, headers(), "{}").join("\n")).toMatch(/status \d+ is not declared/);
    expect(validator.check("GET", "https://x/v9/nope", 200, headers(), "{}").join("\n")).toMatch(/not in openapi.yaml/);
    expect(validator.check("GET", "https://x/v9/nope", 404, headers(), "{}").join("\n")).toMatch(
      /body\.code: is required/,
    );
    const body = JSON.stringify(page([]));
    expect(validator.check("GET", url, 200, new Headers({ "content-type": "application/json" }), body)).toEqual([
      "GET /v2/workspaces 200: no x-request-id header",
    ]);
  });

  it("checks error bodies against the one Error schema with its closed code enum", () => {
    const ok = JSON.stringify({ code: "UNAUTHORIZED", message: "no token", requestId: "req_1" });
    expect(validator.check("GET", url, 401, headers(), ok)).toEqual([]);
    const bad = JSON.stringify({ code: "NOPE", message: "no token", requestId: "req_1" });
    expect(validator.check("GET", url, 401, headers(), bad).join("\n")).toMatch(/body\.code: must be one of/);
  });
});

describe("what a validating proxy in front of the service accepts", () => {
  const summaries = {
    schedule: { routesUsed: 1, ordersScheduled: 2, ordersUnscheduled: 0, committed: true },
    publish: { routes: [{ uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59", status: "finished" }] },
    update: { orders: [] },
    delete: { deleted: [{ uuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" }], failed: [] },
  } as const;
  const action = (actionName: string, actionSummary: unknown) => ({
    actionUuid: "d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a",
    actionName,
    status: "finished",
    createdAt: "2026-11-23T17:30:00.000Z",
    finishedAt: "2026-11-23T17:30:02.000Z",
    actionSummary,
  });
  const kinds = Object.keys(summaries) as (keyof typeof summaries)[];

  it("an action only with its own kind's summary", () => {
    for (const kind of kinds) {
      for (const other of kinds) {
        const problems = validator.checkSchema("Action", action(kind, summaries[other]));
        expect({ kind, other, ok: problems.length === 0 }).toEqual({ kind, other, ok: kind === other });
      }
    }
    for (const kind of kinds) {
      const { actionSummary: _s, finishedAt: _f, ...pending } = { ...action(kind, null), status: "pending" };
      expect(validator.checkSchema("Action", pending)).toEqual([]);
    }
    expect(validator.checkSchema("Action", action("merge", summaries.delete))).not.toEqual([]);
    const poll = "https://api.dispatch.example.com/v2/schedules/actions/d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a";
    expect(
      validator.check("GET", poll, 200, headers(), JSON.stringify(action("schedule", summaries.delete))),
    ).not.toEqual([]);
  });

  it("a completion: delivered (signature allowed) or missed with a reason (no signature)", () => {
    const complete = (body: unknown) => validator.checkRequest("post", "/v2/orders/{orderUuid}/complete", body);
    const alias = (body: unknown) => validator.checkRequest("post", "/v2/orders/{orderUuid}/completion", body);
    for (const check of [complete, alias]) {
      expect(check({ status: "delivered", notes: "n", signature: "iVBORw0KGgo=" })).toEqual([]);
      expect(check({ status: "missed", missedReason: "Nobody home", completedAt: "2026-11-24T17:06:00.000Z" })).toEqual(
        [],
      );
      expect(check({ status: "missed" })).not.toEqual([]);
      expect(check({ status: "missed", missedReason: "" })).not.toEqual([]);
      expect(check({ status: "missed", missedReason: "x", signature: "iVBORw0KGgo=" })).not.toEqual([]);
      expect(check({ status: "delivered", missedReason: "x" })).not.toEqual([]);
      expect(check({ status: "lost" })).not.toEqual([]);
    }
  });

  it("a location's coordinates both or neither", () => {
    expect(validator.checkSchema("LocationInput", { address: "a", latitude: 52.5, longitude: 13.4 })).toEqual([]);
    expect(validator.checkSchema("LocationInput", { address: "a" })).toEqual([]);
    expect(validator.checkSchema("LocationInput", { address: "a", latitude: 52.5 })).not.toEqual([]);
    expect(validator.checkSchema("LocationInput", { address: "a", longitude: 13.4 })).not.toEqual([]);
  });

  it("any string as a path id (the service answers 404 for a malformed one), and every such operation declares 404", () => {
    const spec = loadSpec() as {
      paths: Record<string, Record<string, unknown>>;
      components: { parameters: Record<string, { in: string; schema: unknown }> };
    };
    const resolve = (p: { $ref?: string; in?: string; schema?: unknown }) =>
      p.$ref ? spec.components.parameters[p.$ref.split("/").pop() ?? ""] : p;
    const seen: string[] = [];
    for (const [template, item] of Object.entries(spec.paths)) {
      const shared = (item.parameters ?? []) as { $ref?: string }[];
      for (const [method, op] of Object.entries(item)) {
        if (method === "parameters") continue;
        const operation = op as { parameters?: { $ref?: string }[]; responses: Record<string, unknown> };
        const params = [...shared, ...(operation.parameters ?? [])].map(resolve);
        const pathParams = params.filter((p) => p?.in === "path");
        if (pathParams.length === 0) continue;
        seen.push(`${method} ${template}`);
        for (const p of pathParams) expect(p?.schema, `${method} ${template}`).toEqual({ type: "string" });
        expect(Object.keys(operation.responses), `${method} ${template}`).toContain("404");
      }
    }
    expect(seen).toHaveLength(16);
  });
});

describe("injected faults (the fake's x-fake-fault header)", () => {
  const fault = (extra: Record<string, string> = {}) => headers({ "x-fake-fault": "flt_1", ...extra });
  const body = JSON.stringify({ code: "INTERNAL", message: "injected", requestId: "req_1" });

  it("may answer a status the contract does not declare, but only with the one error body", () => {
    expect(validator.check("GET", url, 503, fault(), body)).toEqual([]);
    expect(validator.check("GET", url, 503, headers(), body).join("\n")).toMatch(/status \d+ is not declared/);
    expect(validator.check("GET", url, 503, fault(), JSON.stringify({ ok: true })).join("\n")).toMatch(
      /body\.code: is required/,
    );
  });
});

describe("the control document (packages/fake/control-openapi.yaml)", () => {
  const control = createControlValidator();
  const clock = "http://127.0.0.1:4010/_fake/clock";

  it("validates control answers like the contract's", () => {
    expect(control.check("GET", clock, 200, headers(), JSON.stringify({ now: "2026-11-23T08:00:00.000Z" }))).toEqual(
      [],
    );
    expect(
      control
        .check("GET", clock, 200, headers(), JSON.stringify({ now: "2026-11-23T08:00:00.000Z", tz: "UTC" }))
        .join("\n"),
    ).toMatch(/: unknown field/);
    expect(control.check("GET", "http://x/_fake/nope", 200, headers(), "{}").join("\n")).toMatch(
      /not in control-openapi.yaml/,
    );
  });

  it("has the contract's one error body and error codes", () => {
    const schemas = (doc: Record<string, unknown>) =>
      (doc.components as { schemas: Record<string, { properties?: unknown; enum?: unknown }> }).schemas;
    const main = schemas(loadSpec());
    const own = schemas(loadControlSpec());
    expect(own.ErrorCode?.enum).toEqual(main.ErrorCode?.enum);
    expect(Object.keys(own.Error?.properties ?? {})).toEqual(Object.keys(main.Error?.properties ?? {}));
    expect(Object.keys(own.Workspace?.properties ?? {})).toEqual(Object.keys(main.Workspace?.properties ?? {}));
  });
});

describe("which template a path takes (the router's matcher, packages/fake/src/http/path-templates.ts)", () => {
  const notFound = JSON.stringify({ code: "NOT_FOUND", message: "no action", requestId: "req_1" });
  const base = "https://api.dispatch.example.com";

  it("an action whose id reads like a literal segment is the actions endpoint, as the router routes it", () => {
    // /v2/orders/actions/complete also matches /v2/orders/{orderUuid}/complete (POST only), listed first.
    expect(validator.check("GET", `${base}/v2/orders/actions/complete`, 404, headers(), notFound)).toEqual([]);
    expect(validator.check("GET", `${base}/v2/routes/actions/timeline`, 404, headers(), notFound)).toEqual([]);
  });
});
