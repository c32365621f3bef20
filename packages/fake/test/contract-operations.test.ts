import { describe, expect, it } from "vitest";
import { loadSpec } from "../../../test/support/openapi-validator.js";
import { CONTRACT_OPERATIONS } from "../src/http/contract-operations.js";
import { STATUS_BY_CODE } from "../src/http/status.js";

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

describe("Idempotency-Key in openapi.yaml", () => {
  type Operation = {
    operationId: string;
    parameters?: { $ref?: string }[];
    responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
  };
  const spec = loadSpec() as { paths: Record<string, Record<string, Operation>> };
  const posts = Object.values(spec.paths).flatMap((item) => (item.post ? [item.post] : []));

  it("every POST takes the header, declares 409 and 422, and marks its success as replayable", () => {
    expect(posts.map((o) => o.operationId).sort()).toEqual([
      "completeOrder",
      "completeOrderAlias",
      "createOrders",
      "createOrdersV1",
      "createRoutes",
      "createRoutesV1",
      "createSchedule",
      "createWebhook",
      "publishRoutes",
    ]);
    for (const op of posts) {
      const refs = (op.parameters ?? []).map((p) => p.$ref);
      expect(refs, op.operationId).toContain("#/components/parameters/idempotencyKeyHeader");
      expect(op.responses["409"]?.$ref, op.operationId).toMatch(/\/(IdempotencyKeyInUse|ConflictOrKeyInUse)$/);
      expect(op.responses["422"]?.$ref, op.operationId).toBe("#/components/responses/IdempotencyKeyReused");
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
      expect(success, op.operationId).toHaveLength(1);
      expect(Object.keys(success[0]?.[1].headers ?? {}), op.operationId).toContain("Idempotent-Replayed");
    }
  });

  it("no other method takes it", () => {
    for (const item of Object.values(spec.paths)) {
      for (const method of ["get", "put", "patch", "delete"]) {
        const refs = (item[method]?.parameters ?? []).map((p) => p.$ref);
        expect(refs).not.toContain("#/components/parameters/idempotencyKeyHeader");
      }
    }
  });

  it("the status table answers the new codes with the statuses the contract declares", () => {
    expect(STATUS_BY_CODE.IDEMPOTENCY_KEY_IN_USE).toBe(409);
    expect(STATUS_BY_CODE.IDEMPOTENCY_KEY_REUSED).toBe(422);
  });
});
