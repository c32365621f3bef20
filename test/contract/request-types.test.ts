/**
 * The generator's request types (scripts/request-types.mjs): a property with a `default` may be omitted in every
 * request; every answer includes it. A schema that requests and answers both use gets a request copy `XInput`.
 */
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { optionalDefaults, requestSideDocument } from "../../scripts/request-types.mjs";

const json = (schema: object) => ({ content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (schema: object) => ({ "200": { description: "ok", ...json(schema) } });

/** A document whose `Options` (a property with a default) is sent in a request and read in an answer. */
function document(schemas: Record<string, object> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/runs": {
        post: {
          operationId: "createRun",
          parameters: [{ name: "page", in: "query", schema: { type: "integer", default: 1 } }],
          requestBody: { required: true, ...json(ref("RunRequest")) },
          responses: answer(ref("Run")),
        },
      },
      "/settings": {
        put: {
          operationId: "putSettings",
          requestBody: { required: true, ...json(ref("Settings")) },
          responses: answer(ref("Settings")),
        },
      },
    },
    components: {
      schemas: {
        Options: {
          type: "object",
          required: ["mode"],
          properties: {
            fast: { type: "boolean", default: false },
            mode: { type: "string", enum: ["a", "b"], default: "a" },
          },
        },
        RunRequest: {
          type: "object",
          required: ["date"],
          properties: { date: { type: "string" }, options: ref("Options"), limit: { type: "integer", default: 5 } },
        },
        Run: {
          type: "object",
          required: ["uuid", "options"],
          properties: { uuid: { type: "string" }, options: ref("Options") },
        },
        Settings: { type: "object", properties: { options: ref("Options"), name: { type: "string" } } },
        Event: { type: "object", properties: { retries: { type: "integer", default: 3 } } },
        ...schemas,
      },
    },
  };
}

const typesOf = async (doc: object) =>
  astToString(
    await openapiTS(requestSideDocument(doc) as never, { transformProperty: optionalDefaults, silent: true }),
  );

/** The members of one component schema's type, as generated (`name?: type` lines). */
function members(types: string, name: string): string[] {
  const start = types.indexOf(`        ${name}: {\n`);
  expect(start, `components.schemas.${name} in the generated types`).toBeGreaterThan(-1);
  const body = types.slice(start, types.indexOf("\n        };", start));
  return [...body.matchAll(/^ {12}(\w+\??): ([^;]+);/gm)].map(([, key, type]) => `${key}: ${type}`);
}

describe("request types from a document (scripts/request-types.mjs)", () => {
  it("a schema only requests use: a property with a default is optional, unless `required` lists it", async () => {
    const types = await typesOf(document());
    expect(members(types, "RunRequest")).toEqual([
      "date: string",
      'options?: components["schemas"]["OptionsInput"]',
      "limit?: number",
    ]);
  });

  it("a schema requests and answers both use: answers keep it required, requests name a copy where it is optional", async () => {
    const types = await typesOf(document());
    expect(members(types, "Options")).toEqual(["fast: boolean", 'mode: "a" | "b"']);
    expect(members(types, "OptionsInput")).toEqual(["fast?: boolean", 'mode: "a" | "b"']);
    expect(members(types, "Run")).toEqual(["uuid: string", 'options: components["schemas"]["Options"]']);
    // Settings names Options, so it is split too: the request's copy names the request's Options.
    expect(members(types, "Settings")).toEqual(['options?: components["schemas"]["Options"]', "name?: string"]);
    expect(members(types, "SettingsInput")).toEqual([
      'options?: components["schemas"]["OptionsInput"]',
      "name?: string",
    ]);
    // PUT /settings sends the copy and answers the original.
    const put = types.slice(types.indexOf("    putSettings: {"));
    expect(put.slice(put.indexOf("requestBody"), put.indexOf("responses"))).toContain(
      'components["schemas"]["SettingsInput"]',
    );
    expect(put.slice(put.indexOf("responses"))).toContain('"application/json": components["schemas"]["Settings"];');
  });

  it("a schema no operation sends is an answer (a webhook's body): its default stays required", async () => {
    expect(members(await typesOf(document()), "Event")).toEqual(["retries: number"]);
  });

  it("a parameter with a default stays optional", async () => {
    expect(await typesOf(document())).toMatch(/query\?: \{\n\s+page\?: number;/);
  });

  it("refuses a request copy whose name the document already uses", () => {
    expect(() => requestSideDocument(document({ OptionsInput: { type: "string" } }))).toThrow(
      /Options is used by requests and answers .* a copy named OptionsInput, but the document already has a schema OptionsInput/,
    );
  });

  it("leaves the source document as it was", () => {
    const source = document();
    const before = JSON.stringify(source);
    requestSideDocument(source);
    expect(JSON.stringify(source)).toBe(before);
  });
});
