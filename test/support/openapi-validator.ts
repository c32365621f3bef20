/**
 * Validates responses against an OpenAPI 3.1 document with ajv (JSON Schema 2020-12 + formats): the path and
 * method must be in the document, the status must be declared for the operation, the body must match its
 * schema, and `x-request-id` must be set. Two documents: the contract (openapi.yaml), used by every test that
 * talks to the fake, and the fake's test-control API (packages/fake/control-openapi.yaml). Their schemas are
 * compiled once per change of the YAML (`compiled-validators.ts`), not in every test file.
 */
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { byRank, type CompiledPathTemplate, compilePathTemplate } from "../../packages/fake/src/http/path-templates.js";
import { AJV_OPTIONS, compiledDocument } from "./compiled-validators.js";

type Json = Record<string, unknown>;

interface CompiledPath extends CompiledPathTemplate {
  template: string;
}

const require = createRequire(import.meta.url);

/** The contract, parsed. */
export function loadSpec(): Json {
  return compiledDocument("openapi.yaml").spec;
}

/** The fake's test-control API, parsed. */
export function loadControlSpec(): Json {
  return compiledDocument("control-openapi.yaml").spec;
}

/**
 * The header an injected fault's answer carries (`fake.faults`): such an answer may have a status the document
 * does not declare for the operation (a 503 from a failing service), but its body is still the one error body.
 */
const FAULT_HEADER = "x-fake-fault";

const escapePointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** A validator over one parsed OpenAPI document. */
export interface ContractValidator {
  /** Problems with one response (empty when it conforms). */
  check(method: string, url: string, status: number, headers: Headers, bodyText: string): string[];
  /** Problems with a webhook event payload (validated against `components.schemas.WebhookEvent`). */
  checkEvent(event: unknown): string[];
  /**
   * Problems with a request body sent to `method template` (e.g. `post`, `/v2/orders`), as a validating proxy
   * in front of the service would see them (empty when the body conforms).
   */
  checkRequest(method: string, template: string, body: unknown): string[];
  /** Problems with a value against one component schema (e.g. `Action`). */
  checkSchema(name: string, value: unknown): string[];
}

/** Build a validator of the contract, openapi.yaml. */
export function createContractValidator(): ContractValidator {
  const { spec, validators } = compiledDocument("openapi.yaml");
  return createOpenApiValidator(spec, "openapi.yaml", validators);
}

/** Build a validator of the fake's test-control API, packages/fake/control-openapi.yaml. */
export function createControlValidator(): ContractValidator {
  const { spec, validators } = compiledDocument("control-openapi.yaml");
  return createOpenApiValidator(spec, "control-openapi.yaml", validators);
}

/**
 * Build a validator of one parsed OpenAPI 3.1 document; `name` names it in the problems it reports. Schemas in
 * `precompiled` (by JSON pointer) are used as they are; any other is compiled with ajv on first use.
 */
export function createOpenApiValidator(
  spec: Json,
  name: string,
  precompiled: ReadonlyMap<string, ValidateFunction> = new Map(),
): ContractValidator {
  const cache = new Map(precompiled);
  let ajv: { compile(schema: object): ValidateFunction } | undefined;
  const compile = (pointer: string) => {
    let fn = cache.get(pointer);
    if (!fn) {
      if (!ajv) {
        const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
        const addFormats = require("ajv-formats") as typeof import("ajv-formats").default;
        const instance = new Ajv2020(AJV_OPTIONS);
        addFormats(instance);
        instance.addSchema({ $id: "spec", components: spec.components, paths: spec.paths }, "spec");
        ajv = instance;
      }
      fn = ajv.compile({ $ref: `spec#${pointer}` });
      cache.set(pointer, fn);
    }
    return fn;
  };

  const paths = spec.paths as Record<string, Json>;
  // The fake's router's matcher: a literal segment wins over a template (`/v2/orders/actions/{id}`).
  const compiled: CompiledPath[] = Object.keys(paths)
    .map((template) => ({ template, ...compilePathTemplate(template) }))
    .sort(byRank);

  const resolveResponse = (response: Json): { pointerBase: string | null; response: Json } => {
    const ref = response.$ref;
    if (typeof ref === "string" && ref.startsWith("#/")) {
      const parts = ref.slice(2).split("/");
      let node: unknown = spec;
      for (const p of parts) node = (node as Json)[p.replace(/~1/g, "/").replace(/~0/g, "~")];
      return { pointerBase: ref.slice(1), response: node as Json };
    }
    return { pointerBase: null, response };
  };

  function check(method: string, url: string, status: number, headers: Headers, bodyText: string): string[] {
    const problems: string[] = [];
    const { pathname } = new URL(url);
    const label = `${method.toUpperCase()} ${pathname} ${status}`;
    if (!headers.get("x-request-id")) problems.push(`${label}: no x-request-id header`);
    const match = compiled.find((c) => c.pattern.test(pathname));
    if (!match) {
      // Paths outside the document may only answer the one error body (404 for an unknown endpoint).
      if (status < 400) return [...problems, `${label}: path not in ${name}`];
      return [...problems, ...validateJson(label, "/components/schemas/Error", bodyText)];
    }
    const operation = paths[match.template]?.[method.toLowerCase()] as Json | undefined;
    if (!operation) return [...problems, `${label}: method not in ${name} for ${match.template}`];
    const responses = operation.responses as Json;
    const declared = (responses[String(status)] ?? responses.default) as Json | undefined;
    if (!declared && status >= 400 && headers.get(FAULT_HEADER)) {
      return [...problems, ...validateJson(label, "/components/schemas/Error", bodyText)];
    }
    if (!declared) return [...problems, `${label}: status not declared for ${match.template}`];
    const { pointerBase, response } = resolveResponse(declared);
    const base =
      pointerBase ??
      `/paths/${escapePointer(match.template)}/${method.toLowerCase()}/responses/${responses[String(status)] ? status : "default"}`;
    const content = response.content as Json | undefined;
    if (!content) {
      if (bodyText.length > 0) problems.push(`${label}: body sent where the contract declares none`);
      return problems;
    }
    if (!content["application/json"]) return [...problems, `${label}: contract declares no JSON body`];
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return [...problems, `${label}: body is not JSON: ${bodyText.slice(0, 100)}`];
    }
    if (!(headers.get("content-type") ?? "").includes("application/json")) {
      problems.push(`${label}: content-type is ${headers.get("content-type")}`);
    }
    const validate = compile(`${base}/content/application~1json/schema`);
    if (!validate(body)) {
      for (const e of validate.errors ?? []) {
        problems.push(
          `${label}: ${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
        );
      }
    }
    return problems;
  }

  function validateJson(label: string, pointer: string, bodyText: string): string[] {
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return [`${label}: body is not JSON: ${bodyText.slice(0, 100)}`];
    }
    const validate = compile(pointer);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${label}: ${e.instancePath || "/"} ${e.message}`);
  }

  function checkEvent(event: unknown): string[] {
    const validate = compile("/components/schemas/WebhookEvent");
    if (validate(event)) return [];
    return (validate.errors ?? []).map((e) => `event: ${e.instancePath || "/"} ${e.message}`);
  }

  function problemsOf(pointer: string, value: unknown, label: string): string[] {
    const validate = compile(pointer);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${label}: ${e.instancePath || "/"} ${e.message}`);
  }

  function checkRequest(method: string, template: string, body: unknown): string[] {
    const label = `${method.toUpperCase()} ${template} request`;
    const operation = paths[template]?.[method.toLowerCase()] as Json | undefined;
    const requestBody = operation?.requestBody as Json | undefined;
    if (!requestBody) return [`${label}: no request body in ${name}`];
    const ref = requestBody.$ref;
    const base =
      typeof ref === "string" ? ref.slice(1) : `/paths/${escapePointer(template)}/${method.toLowerCase()}/requestBody`;
    return problemsOf(`${base}/content/application~1json/schema`, body, label);
  }

  function checkSchema(name: string, value: unknown): string[] {
    return problemsOf(`/components/schemas/${escapePointer(name)}`, value, name);
  }

  return { check, checkEvent, checkRequest, checkSchema };
}
