/**
 * The contract's JSON Schemas (openapi.yaml's `components.schemas`, JSON Schema 2020-12) validated with ajv and
 * ajv-formats, each problem reported as `<path>: <problem>` (`body.routes[0].name: must be string, got number`).
 * Strict: a keyword ajv does not know fails when its schema is compiled, so the document cannot silently use a
 * keyword nothing checks (docs/decisions/0014-conformance-suite.md).
 */
import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** A JSON Schema: `true`, `false`, or an object of keywords. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** What the conformance suite knows of openapi.yaml: statuses and body schemas per operation, and the schemas. */
export interface ContractDocument {
  /** `operations[template][method][status]`: the JSON body schema of that answer, `null` when it has no body. */
  readonly operations: {
    readonly [template: string]: { readonly [method: string]: Readonly<Record<string, JsonSchema | null>> };
  };
  /** `components.schemas`. */
  readonly schemas: { readonly [name: string]: JsonSchema };
}

/** The id the component schemas are registered under; `#/components/schemas/X` resolves against it. */
const DOCUMENT_ID = "https://dispatchkit.dev/conformance/contract.json";

/**
 * The ajv options of every validator of a contract document. strictSchema (the default) refuses unknown keywords
 * and formats; the type checks are hints only, so off.
 */
const CONTRACT_AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  discriminator: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
} as const;

/** The ajv instance {@link ContractSchemas} compiles with: the options, the formats and the document's schemas. */
export function createContractAjv(schemas: ContractDocument["schemas"], options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ ...CONTRACT_AJV_OPTIONS, ...options });
  addFormats(ajv);
  ajv.addKeyword("components");
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas } });
  return ajv;
}

/** The key a schema is compiled under (and looked up by among precompiled validators). */
export function schemaKey(schema: JsonSchema): string {
  return JSON.stringify(schema);
}

/** A schema as compiled: a `$ref` of it names a component of the document, so it is rebased onto the document. */
export function rebasedSchema(key: string): JsonSchema {
  return JSON.parse(key.replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as JsonSchema;
}

const typeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;

/** `/routes/0/name` as `body.routes[0].name`. */
function pathOf(root: string, instancePath: string): string {
  if (instancePath === "") return root;
  return (
    root +
    instancePath
      .split("/")
      .slice(1)
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
      .join("")
  );
}

/** One ajv error in the words of a report line. */
function describe(error: ErrorObject, root: string): string {
  const path = pathOf(root, error.instancePath);
  const params = error.params as Record<string, unknown>;
  const got = JSON.stringify(error.data);
  switch (error.keyword) {
    case "required":
      return `${path}.${params.missingProperty}: is required`;
    case "additionalProperties":
      return `${path}.${params.additionalProperty}: unknown field`;
    case "type":
      return `${path}: must be ${String(params.type).replaceAll(",", " or ")}, got ${typeOf(error.data)}`;
    case "enum":
      return `${path}: must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, got ${got}`;
    case "const":
      return `${path}: must be ${JSON.stringify(params.allowedValue)}, got ${got}`;
    case "format":
      return `${path}: must be a ${params.format}, got ${got}`;
    case "pattern":
      return `${path}: must match ${params.pattern}, got ${got}`;
    case "oneOf":
      return params.passingSchemas === null
        ? `${path}: matches no member of oneOf`
        : `${path}: matches ${(params.passingSchemas as number[]).length} members of oneOf, must match exactly one`;
    default:
      return `${path}: ${error.message ?? error.keyword}`;
  }
}

/**
 * Validates values against a {@link ContractDocument}'s schemas; each schema is compiled once, when first used.
 * `precompiled` validators (by {@link schemaKey}, built by {@link createContractAjv} with the same schemas, e.g.
 * ajv's standalone code) are used as they are.
 */
export class ContractSchemas {
  private ajv: Ajv2020 | undefined;
  private readonly compiled: Map<string, ValidateFunction>;

  constructor(
    private readonly schemas: ContractDocument["schemas"],
    precompiled: ReadonlyMap<string, ValidateFunction> = new Map(),
  ) {
    this.compiled = new Map(precompiled);
  }

  /** Problems of `value` against `schema`, each `<path>: <problem>` (empty when it conforms). */
  validate(schema: JsonSchema, value: unknown, root = "body"): string[] {
    const validate = this.compile(schema);
    if (validate(value)) return [];
    const errors = validate.errors ?? [];
    // A oneOf's summary first: what its members said follows (a discriminator picks one member instead).
    const ordered = [...errors.filter((e) => e.keyword === "oneOf"), ...errors.filter((e) => e.keyword !== "oneOf")];
    return [...new Set(ordered.map((error) => describe(error, root)))];
  }

  private compile(schema: JsonSchema): ValidateFunction {
    const key = schemaKey(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      this.ajv ??= createContractAjv(this.schemas);
      try {
        validate = this.ajv.compile(rebasedSchema(key));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Failed to compile the schema ${key.slice(0, 80)}: ${reason}`);
      }
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
