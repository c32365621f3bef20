/**
 * Issue 31, item 6: a create body that is an array was parsed with a zod schema built for that request, about a
 * third of the request's time in process (bench/order-array.ts). The schema every array body is parsed with is now
 * the same object from request to request.
 */
import { createFake } from "@dispatchkit/fake";
import { describe, expect, it, vi } from "vitest";
import type * as input from "../src/http/input.js";

const schemas = vi.hoisted(() => [] as unknown[]);

vi.mock("../src/http/input.js", async (original) => {
  const actual = await original<typeof input>();
  return {
    ...actual,
    parseWith: (schema: unknown, value: unknown, action: string) => {
      if (Array.isArray(value)) schemas.push(schema);
      return actual.parseWith(schema as never, value, action);
    },
  };
});

describe("POST /v2/orders and /v1/orders with an array body", () => {
  it("parse every request with one schema, built once", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const workspace = fake.workspaces[0];
    const order = {
      deliveryDate: "2026-11-24",
      locations: [{ address: "1 Main St", latitude: 52.5, longitude: 13.4 }],
    };
    const post = async (path: string) => {
      const res = await fake.fetch(path, {
        method: "POST",
        headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
        body: JSON.stringify([order]),
      });
      expect(res.status).toBe(201);
    };
    for (let i = 0; i < 3; i++) await post(`/v2/orders?workspaceUuid=${workspace?.uuid}`);
    for (let i = 0; i < 3; i++) await post(`/v1/orders?workspaceId=${workspace?.workspaceId}`);
    expect(schemas).toHaveLength(6);
    expect(new Set(schemas.slice(0, 3)).size).toBe(1);
    expect(new Set(schemas.slice(3)).size).toBe(1);
    // v1 and v2 differ (v1 orders have no packages).
    expect(schemas[0]).not.toBe(schemas[3]);
  });
});
