/**
 * Validates answers against an OpenAPI document with the conformance package's validator (`ContractChecker` of
 * packages/conformance/src: the path and method must be in the document, the status declared for the operation,
 * the body must match its schema, `x-request-id` must be set), so the tests and `dispatch-conformance` judge an
 * answer alike. Two documents: the contract (openapi.yaml), used by every test that talks to the fake, and the
 * fake's test-control API (packages/fake/control-openapi.yaml). Their schemas are compiled once per change of the
 * YAML (`compiled-validators.ts`), not in every test file. Each problem starts with `METHOD /path status:`.
 */
import { ContractChecker } from "../../packages/conformance/src/client.js";
import { compiledDocument, type DocumentName } from "./compiled-validators.js";

type Json = Record<string, unknown>;

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

const ERROR = { $ref: "#/components/schemas/Error" };

/** A validator over one OpenAPI document. */
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
  return createOpenApiValidator("openapi.yaml");
}

/** Build a validator of the fake's test-control API, packages/fake/control-openapi.yaml. */
export function createControlValidator(): ContractValidator {
  return createOpenApiValidator("control-openapi.yaml");
}

/** Build a validator of one of the two documents: the conformance package's, over that document. */
function createOpenApiValidator(name: DocumentName): ContractValidator {
  const { document, validators } = compiledDocument(name);
  const checker = new ContractChecker(document, { name, precompiled: validators });
  const { schemas } = checker;

  function check(method: string, url: string, status: number, headers: Headers, bodyText: string): string[] {
    const { pathname } = new URL(url);
    const verb = method.toUpperCase();
    const label = `${verb} ${pathname} ${status}`;
    const operation = checker.operationOf(verb, pathname);
    const declared = operation?.responses[String(status)] ?? operation?.responses.default;
    let problems: string[];
    if (operation && declared === undefined && status >= 400 && headers.get(FAULT_HEADER)) {
      problems = headers.get("x-request-id") ? [] : ["no x-request-id header"];
      problems.push(...validateText(bodyText));
    } else {
      problems = checker.check(verb, pathname, status, headers, bodyText);
      if (declared && bodyText !== "" && !(headers.get("content-type") ?? "").includes("application/json")) {
        problems.push(`content-type is ${headers.get("content-type")}`);
      }
    }
    return problems.map((p) => `${label}: ${p}`);
  }

  /** Problems of a body that must be the one error body. */
  function validateText(bodyText: string): string[] {
    try {
      return schemas.validate(ERROR, JSON.parse(bodyText));
    } catch {
      return [`body is not JSON: ${JSON.stringify(bodyText.slice(0, 80))}`];
    }
  }

  function checkEvent(event: unknown): string[] {
    return schemas.validate({ $ref: "#/components/schemas/WebhookEvent" }, event, "event");
  }

  function checkRequest(method: string, template: string, body: unknown): string[] {
    const label = `${method.toUpperCase()} ${template} request`;
    const schema = document.requests[template]?.[method.toLowerCase()];
    if (schema === undefined) return [`${label}: no request body in ${name}`];
    return schemas.validate(schema, body).map((p) => `${label}: ${p}`);
  }

  function checkSchema(schemaName: string, value: unknown): string[] {
    return schemas.validate({ $ref: `#/components/schemas/${schemaName}` }, value, schemaName);
  }

  return { check, checkEvent, checkRequest, checkSchema };
}
