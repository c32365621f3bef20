/**
 * Issue 31, item 1: every string a control request may send has a bound, in control-openapi.yaml (`maxLength`) and
 * in the fake (400 naming the field, nothing stored). A thousand organizations named with 4 MiB each exhausted the
 * standalone server's heap.
 */
import { describe, expect, it } from "vitest";
import { loadControlSpec } from "../../../test/support/openapi-validator.js";
import { useControlServer } from "./support/control-server.js";

const server = useControlServer({ token: "dev-token" });
const { call } = server;

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema read loosely
type Schema = any;

/** The string properties of a request body schema without a `maxLength` (enums and constants are bounded). */
function unbounded(spec: Schema, schema: Schema, path: string, out: string[], seen = new Set<Schema>()): string[] {
  if (schema === undefined || schema === null || typeof schema !== "object") return out;
  let resolved = schema;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/")) {
    resolved = schema.$ref
      .slice(2)
      .split("/")
      .reduce((node: Schema, key: string) => node[key], spec);
  }
  if (seen.has(resolved)) return out;
  seen.add(resolved);
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  if (
    types.includes("string") &&
    resolved.maxLength === undefined &&
    resolved.enum === undefined &&
    resolved.const === undefined
  ) {
    out.push(path);
  }
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    for (const part of resolved[key] ?? []) unbounded(spec, part, path, out, new Set(seen));
  }
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    unbounded(spec, property, `${path}.${name}`, out, new Set(seen));
  }
  if (resolved.items) unbounded(spec, resolved.items, `${path}[]`, out, new Set(seen));
  if (typeof resolved.additionalProperties === "object") {
    unbounded(spec, resolved.additionalProperties, `${path}.*`, out, new Set(seen));
  }
  return out;
}

const long = (n: number) => "x".repeat(n);

describe("control strings are bounded (issue 31)", () => {
  it("control-openapi.yaml declares a maxLength on every string of every request body", () => {
    const spec = loadControlSpec() as Schema;
    const missing: string[] = [];
    for (const item of Object.values(spec.paths) as Schema[]) {
      for (const operation of Object.values(item) as Schema[]) {
        const content = operation?.requestBody?.content ?? {};
        for (const media of Object.values(content) as Schema[]) {
          unbounded(spec, media.schema, operation.operationId, missing);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  const orderUuid = "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30";
  const cases: [string, string, string, unknown][] = [
    ["POST", "/_fake/organizations", "name", { name: long(256) }],
    ["POST", "/_fake/organizations", "name", { name: long(4 * 1024 * 1024) }],
    ["POST", "/_fake/organizations", "workspaces[0].name", { workspaces: [{ name: long(1001) }] }],
    ["POST", "/_fake/organizations", "workspaces[0].timezone", { workspaces: [{ timezone: long(65) }] }],
    ["POST", "/_fake/workspaces", "token", { token: long(256) }],
    ["POST", "/_fake/workspaces", "name", { name: long(1001) }],
    ["POST", "/_fake/workspaces", "timezone", { timezone: long(65) }],
    ["POST", "/_fake/driver/arrive", "orderUuid", { orderUuid: long(256) }],
    ["POST", "/_fake/driver/arrive", "at", { orderUuid, at: `2026-11-23T10:15:00.${"0".repeat(60)}Z` }],
    ["POST", "/_fake/driver/complete", "orderUuid", { orderUuid: long(256), status: "delivered" }],
    ["POST", "/_fake/driver/complete", "routeUuid", { routeUuid: long(256), status: "delivered" }],
    ["POST", "/_fake/driver/auto", "routeUuids[0]", { on: true, routeUuids: [long(256)] }],
    ["POST", "/_fake/faults", "operationId", { operationId: long(101), status: 503 }],
  ];

  it.each(cases)("%s %s: %s over its bound answers 400 naming it", async (method, path, field, body) => {
    const before = server.fake.inspect();
    const answer = await call(method, path, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION_FAILED");
    expect(answer.body.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(server.fake.inspect()).toEqual(before);
  });

  it("a string at its bound is accepted", async () => {
    const org = await call("POST", "/_fake/organizations", {
      body: {
        name: "🚚".repeat(255),
        workspaces: [{ name: long(1000), timezone: "America/Argentina/ComodRivadavia" }],
      },
    });
    expect(org.status).toBe(201);
    const ws = await call("POST", "/_fake/workspaces", { body: { token: org.body.token, name: long(1000) } });
    expect(ws.status).toBe(201);
  });
});
