import { describe, expect, it } from "vitest";
import { createContractValidator } from "../support/openapi-validator.js";

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
  it("accepts a conforming response", () => {
    expect(validator.check("GET", url, 200, headers(), JSON.stringify(page([workspace])))).toEqual([]);
  });

  it("rejects an extra property, a missing field and a wrong type", () => {
    const extra = validator.check("GET", url, 200, headers(), JSON.stringify(page([{ ...workspace, color: "red" }])));
    expect(extra.join("\n")).toMatch(/additional properties/);
    const { name: _name, ...withoutName } = workspace;
    expect(validator.check("GET", url, 200, headers(), JSON.stringify(page([withoutName]))).join("\n")).toMatch(
      /required property 'name'/,
    );
    const wrongType = validator.check(
      "GET",
      url,
      200,
      headers(),
      JSON.stringify(page([{ ...workspace, workspaceId: "1" }])),
    );
    expect(wrongType.join("\n")).toMatch(/must be integer/);
  });

  it("rejects an undeclared status, an unknown path and a missing x-request-id", () => {
    expect(validator.check("GET", url, 418, headers(), "{}").join("\n")).toMatch(/status not declared/);
    expect(validator.check("GET", "https://x/v9/nope", 200, headers(), "{}").join("\n")).toMatch(/not in openapi.yaml/);
    expect(validator.check("GET", "https://x/v9/nope", 404, headers(), "{}").join("\n")).toMatch(/required property/);
    const body = JSON.stringify(page([]));
    expect(validator.check("GET", url, 200, new Headers({ "content-type": "application/json" }), body)).toEqual([
      "GET /v2/workspaces 200: no x-request-id header",
    ]);
  });

  it("checks error bodies against the one Error schema with its closed code enum", () => {
    const ok = JSON.stringify({ code: "UNAUTHORIZED", message: "no token", requestId: "req_1" });
    expect(validator.check("GET", url, 401, headers(), ok)).toEqual([]);
    const bad = JSON.stringify({ code: "NOPE", message: "no token", requestId: "req_1" });
    expect(validator.check("GET", url, 401, headers(), bad).join("\n")).toMatch(/allowed values/);
  });
});
