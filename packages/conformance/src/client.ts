/**
 * The conformance suite's HTTP client: plain `fetch` against a base URL, every answer of the API checked against
 * openapi.yaml (declared status, body schema, `x-request-id`) before a scenario looks at it.
 */

import type { ValidateFunction } from "ajv/dist/2020.js";
import { type ContractDocument, ContractSchemas, type JsonSchema } from "./contract-schemas.js";
import { contractDocument } from "./generated/contract-document.js";

/** A scenario's failure: the request that showed it, what the contract expects and what the server answered. */
export class ScenarioFailure extends Error {
  constructor(
    /** `METHOD /path`. */
    readonly request: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Failed to conform to the contract: ${request}: expected ${expected}, got ${actual}`);
  }
}

/** One request and its answer. */
export interface Exchange {
  /** `METHOD /path?query` */
  readonly request: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body, `undefined` when the body is empty or not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: scenarios read answers whose shape the contract check has just verified
  readonly body: any;
}

/** Options of one request. */
export interface RequestOptions {
  /** A JSON body (serialized with `content-type: application/json`). */
  json?: unknown;
  /** A body sent as is, with the headers given. */
  raw?: string;
  /** `null` sends no Authorization header; a string another token. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Skip the check against openapi.yaml (the `/_fake/` control endpoints are not part of it). */
  unchecked?: boolean;
}

interface CompiledTemplate {
  template: string;
  pattern: RegExp;
  /** A literal segment is `0`, a parameter `1`. */
  rank: string;
}

const rankOf = (segment: string) => (segment.startsWith("{") ? "1" : "0");

/** Options of a {@link ContractChecker}. */
export interface ContractCheckerOptions {
  /** The document's name in problems (default `openapi.yaml`). */
  name?: string;
  /** Validators compiled ahead, by schema key (see {@link ContractSchemas}). */
  precompiled?: ReadonlyMap<string, ValidateFunction>;
}

/** Checks answers against the bundled openapi.yaml (or another document of the same shape). */
export class ContractChecker {
  /** The document's schemas, to validate other values with (`validate({ $ref: "#/components/schemas/X" }, value)`). */
  readonly schemas: ContractSchemas;
  private readonly templates: CompiledTemplate[];
  private readonly name: string;

  constructor(
    private readonly document: ContractDocument = contractDocument,
    options: ContractCheckerOptions = {},
  ) {
    this.name = options.name ?? "openapi.yaml";
    this.schemas = new ContractSchemas(document.schemas, options.precompiled);
    this.templates = Object.keys(document.operations)
      .map((template) => {
        const segments = template.split("/").filter(Boolean);
        const source = segments.map((s) => (s.startsWith("{") ? "/[^/]+" : `/${s}`)).join("");
        return { template, pattern: new RegExp(`^${source}/?$`), rank: segments.map(rankOf).join("") };
      })
      // As the fake's router (packages/fake/src/http/path-templates.ts; this package depends on ajv alone, so it keeps
      // its own copy): where two templates match, the one whose first differing segment is a literal wins
      // (`/v2/orders/actions/{id}` before `/v2/orders/{id}/complete`).
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  }

  /** The operation `method pathname` is (its template) and its declared answers, or undefined when there is none. */
  operationOf(
    method: string,
    pathname: string,
  ): { template: string; responses: Readonly<Record<string, JsonSchema | null>> } | undefined {
    const template = this.templates.find((t) => t.pattern.test(pathname))?.template;
    const responses = template === undefined ? undefined : this.document.operations[template]?.[method.toLowerCase()];
    return template === undefined || responses === undefined ? undefined : { template, responses };
  }

  /** Problems of one answer (empty when it conforms); `pathname` is relative to the base URL. */
  check(method: string, pathname: string, status: number, headers: Headers, text: string): string[] {
    const problems: string[] = [];
    if (!headers.get("x-request-id")) problems.push("no x-request-id header");
    const { template, responses } = this.operationOf(method, pathname) ?? {};
    let schema: unknown;
    if (responses === undefined) {
      // An unknown path or method answers the one error body (404).
      if (status < 400) return [...problems, `${method} ${pathname} is not in ${this.name} but answered ${status}`];
      schema = { $ref: "#/components/schemas/Error" };
    } else {
      const declared = status in responses ? responses[String(status)] : responses.default;
      if (declared === undefined) {
        const statuses = Object.keys(responses).join(", ");
        return [...problems, `status ${status} is not declared for ${method} ${template} (declared: ${statuses})`];
      }
      schema = declared;
    }
    if (schema === null) {
      if (text !== "")
        problems.push(`a ${status} of ${method} ${template} has no body in ${this.name}, got ${text.slice(0, 80)}`);
      return problems;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [...problems, `body is not JSON: ${JSON.stringify(text.slice(0, 80))}`];
    }
    return [...problems, ...this.schemas.validate(schema as never, body)];
  }
}

/** Plain-HTTP access to the server under test. */
export class ConformanceClient {
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly token: string,
    private readonly checker: ContractChecker,
    /** The deadline of the running scenario, in `performance.now()` milliseconds. */
    private readonly deadline: () => number,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.base = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  }

  /** Send one request; throws a {@link ScenarioFailure} when the answer does not conform to openapi.yaml. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<Exchange> {
    const url = new URL(path.replace(/^\//, ""), this.base);
    const headers = new Headers(options.headers);
    const token = options.token === undefined ? this.token : options.token;
    if (token !== null) headers.set("authorization", `Bearer ${token}`);
    let body: string | undefined = options.raw;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set("content-type", "application/json");
    }
    const label = `${method} ${path}`;
    const remaining = this.deadline() - performance.now();
    if (remaining <= 0) throw new ScenarioFailure(label, "an answer within the scenario's timeout", "no time left");
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(Math.ceil(remaining)),
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new ScenarioFailure(label, "an answer", reason);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const exchange: Exchange = {
      request: label,
      status: response.status,
      headers: response.headers,
      text,
      body: parsed,
    };
    if (!options.unchecked) {
      const relative = `/${url.pathname.slice(this.base.pathname.length)}`;
      const problems = this.checker.check(method, relative, response.status, response.headers, text);
      if (problems.length > 0)
        throw new ScenarioFailure(
          label,
          "an answer that conforms to openapi.yaml",
          `${response.status}: ${problems.slice(0, 2).join("; ")}${problems.length > 2 ? ` (and ${problems.length - 2} more)` : ""}`,
        );
    }
    return exchange;
  }
}
