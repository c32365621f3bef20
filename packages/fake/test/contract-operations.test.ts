import { describe, expect, it } from "vitest";
import { loadSpec } from "../../../test/support/openapi-validator.js";
import { CONTRACT_OPERATIONS } from "../src/http/contract-operations.js";

describe("CONTRACT_OPERATIONS", () => {
  it("lists exactly the operations of openapi.yaml", () => {
    const spec = loadSpec() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const fromSpec: string[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of ["get", "post", "put", "patch", "delete"]) {
        const operation = item[method];
        if (operation) fromSpec.push(`${operation.operationId} ${method} ${path}`);
      }
    }
    const fromFake = CONTRACT_OPERATIONS.map((o) => `${o.operationId} ${o.method} ${o.path}`);
    expect(fromFake.sort()).toEqual(fromSpec.sort());
  });
});
