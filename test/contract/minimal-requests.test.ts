/**
 * The generator of minimal requests (scripts/minimal-requests.mjs): only what a document requires, every optional
 * object present with its own required content, one request per variant of a `oneOf` body, values from the schema
 * and the records' ids from the caller.
 */
import { describe, expect, it } from "vitest";
import { idsOf, MINIMAL_DATE, minimalRequests, renderCall } from "../../scripts/minimal-requests.mjs";

const json = (schema: object) => ({ required: true, content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = { "200": { description: "ok" } };

function document(schemas: Record<string, object> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/v2/runs/{runUuid}": {
        post: {
          operationId: "startRun",
          parameters: [
            { name: "runUuid", in: "path", required: true, schema: { type: "string" } },
            { name: "page", in: "query", schema: { type: "integer", default: 1 } },
          ],
          requestBody: json(ref("RunRequest")),
          responses: ok,
        },
      },
      "/v2/things": {
        get: { operationId: "listThings", responses: ok },
        delete: {
          operationId: "deleteThings",
          requestBody: json({ type: "array", minItems: 1, items: { type: "string", format: "uuid" } }),
          responses: ok,
        },
      },
    },
    components: {
      schemas: {
        RunRequest: { oneOf: [ref("Quick"), ref("Full")] },
        Quick: {
          type: "object",
          required: ["workspaceUuid", "date"],
          properties: {
            workspaceUuid: { type: "string" },
            date: { type: "string", format: "date" },
            options: { type: "object", properties: { fast: { type: "boolean", default: false } } },
            note: { type: "string" },
          },
        },
        Full: {
          type: "object",
          required: ["kind", "count", "at", "orders", "start"],
          properties: {
            kind: { type: "string", enum: ["full", "half"] },
            count: { type: "integer", minimum: 3 },
            at: { type: "string", format: "date-time" },
            orders: { type: "array", minItems: 1, items: { type: "string", format: "uuid" } },
            start: { type: "string", pattern: "^\\d\\d:\\d\\d$", examples: ["08:00"] },
            place: { oneOf: [ref("Place"), { type: "null" }] },
          },
        },
        Place: {
          oneOf: [
            {
              type: "object",
              required: ["address", "latitude"],
              properties: { address: { type: "string" }, latitude: { type: "number" } },
            },
            { type: "object", required: ["address"], properties: { address: { type: "string", minLength: 3 } } },
          ],
        },
        ...schemas,
      },
    },
  };
}

describe("minimal requests from a document (scripts/minimal-requests.mjs)", () => {
  it("one request per operation and per variant of a oneOf body, with only what is required", () => {
    const cases = minimalRequests(document());
    expect(cases.map((c) => [c.operationId, c.variant])).toEqual([
      ["startRun", "Quick"],
      ["startRun", "Full"],
      ["listThings", undefined],
      ["deleteThings", undefined],
    ]);
    expect(cases[0]?.params).toEqual({ path: { runUuid: expect.anything() } });
    expect(cases[0]?.body).toEqual({ workspaceUuid: expect.anything(), date: MINIMAL_DATE, options: {} });
    expect(cases[1]?.body).toEqual({
      kind: "full",
      count: 3,
      at: `${MINIMAL_DATE}T09:00:00.000Z`,
      orders: [expect.anything()],
      start: "08:00",
      place: { address: "xxx" },
    });
    expect(renderCall(cases[3]!, "")).toBe('client.DELETE("/v2/things", { body: [ids.thingUuid] })');
    expect(idsOf(cases)).toEqual([
      ["orderUuid", "string"],
      ["runUuid", "string"],
      ["thingUuid", "string"],
      ["workspaceUuid", "string"],
    ]);
  });

  it("refuses a required string with a pattern and no example, naming it", () => {
    const doc = document({
      Quick: { type: "object", required: ["code"], properties: { code: { type: "string", pattern: "^A" } } },
    });
    expect(() => minimalRequests(doc)).toThrow(
      "generate: POST /v2/runs/{runUuid} body.code has a pattern and no example; add `examples` to the schema",
    );
  });
});
