/**
 * A small JSON Schema validator for the subset of JSON Schema 2020-12 that openapi.yaml uses (type, enum, const,
 * properties, required, additionalProperties, items, min/maxItems, uniqueItems, min/maxLength, pattern,
 * minimum, maximum, format, oneOf, anyOf, allOf, not, propertyNames, `$ref` to a component schema). The
 * conformance suite ships in the fake's package, and ajv with its formats would add a runtime dependency of
 * about 1 MB for these few keywords (docs/decisions/0013-conformance-suite.md). Keywords outside the subset
 * are refused when the validator is built, so the document cannot silently outgrow it.
 */

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

const KNOWN = new Set([
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "format",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "propertyNames",
  "$ref",
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The formats openapi.yaml uses, checked as JSON Schema's format vocabulary defines them (simplified for URIs and email). */
const FORMATS: Record<string, (value: string) => boolean> = {
  uuid: (v) => UUID.test(v),
  date: isCalendarDay,
  "date-time": (v) => DATE_TIME.test(v) && isCalendarDay(v.slice(0, 10)) && Number.isFinite(Date.parse(v)),
  email: (v) => /^[^\s@]+@[^\s@]+$/.test(v),
  uri: (v) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(v),
  "uri-reference": (v) => !/\s/.test(v),
};

const typeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;

function matchesType(value: unknown, type: string): boolean {
  if (type === "integer") return typeof value === "number" && Number.isInteger(value);
  return typeOf(value) === type;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const codePoints = (s: string) => [...s].length;

/** A validator over the component schemas of one {@link ContractDocument}. */
export class SchemaValidator {
  private readonly patterns = new Map<string, RegExp>();

  constructor(private readonly schemas: ContractDocument["schemas"]) {
    for (const schema of Object.values(schemas)) this.assertKnown(schema);
  }

  /** Problems of `value` against `schema`, each `<path>: <problem>` (empty when it conforms). */
  validate(schema: JsonSchema, value: unknown, path = "body"): string[] {
    if (schema === true) return [];
    if (schema === false) return [`${path}: is not allowed`];
    const problems: string[] = [];
    const s = schema as Record<string, unknown>;
    if (typeof s.$ref === "string") {
      const name = s.$ref.replace(/^#\/components\/schemas\//, "");
      const target = this.schemas[name];
      if (target === undefined) return [`${path}: unknown schema ${s.$ref}`];
      problems.push(...this.validate(target, value, path));
    }
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      if (!types.some((t) => matchesType(value, t)))
        return [`${path}: must be ${types.join(" or ")}, got ${typeOf(value)}`];
    }
    if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(e, value)))
      problems.push(
        `${path}: must be one of ${s.enum.map((e) => JSON.stringify(e)).join(", ")}, got ${JSON.stringify(value)}`,
      );
    if ("const" in s && !deepEqual(s.const, value))
      problems.push(`${path}: must be ${JSON.stringify(s.const)}, got ${JSON.stringify(value)}`);
    if (typeof value === "string") problems.push(...this.validateString(s, value, path));
    if (typeof value === "number") {
      if (typeof s.minimum === "number" && value < s.minimum) problems.push(`${path}: must be >= ${s.minimum}`);
      if (typeof s.maximum === "number" && value > s.maximum) problems.push(`${path}: must be <= ${s.maximum}`);
    }
    if (Array.isArray(value)) problems.push(...this.validateArray(s, value, path));
    if (typeOf(value) === "object") problems.push(...this.validateObject(s, value as Record<string, unknown>, path));
    if (Array.isArray(s.allOf))
      for (const sub of s.allOf as JsonSchema[]) problems.push(...this.validate(sub, value, path));
    if (
      Array.isArray(s.anyOf) &&
      !(s.anyOf as JsonSchema[]).some((sub) => this.validate(sub, value, path).length === 0)
    )
      problems.push(`${path}: matches none of anyOf`);
    if (Array.isArray(s.oneOf)) {
      const results = (s.oneOf as JsonSchema[]).map((sub) => this.validate(sub, value, path));
      const matching = results.filter((r) => r.length === 0).length;
      if (matching === 0) {
        // The closest member's problems say more than "matches none".
        const closest = results.reduce((a, b) => (b.length < a.length ? b : a));
        problems.push(`${path}: matches no member of oneOf (closest: ${closest.slice(0, 2).join("; ")})`);
      } else if (matching > 1) problems.push(`${path}: matches ${matching} members of oneOf, must match exactly one`);
    }
    if (s.not !== undefined && this.validate(s.not as JsonSchema, value, path).length === 0)
      problems.push(`${path}: must not match the schema of "not"`);
    return problems;
  }

  private validateString(s: Record<string, unknown>, value: string, path: string): string[] {
    const problems: string[] = [];
    if (typeof s.minLength === "number" && codePoints(value) < s.minLength)
      problems.push(`${path}: must be at least ${s.minLength} characters`);
    if (typeof s.maxLength === "number" && codePoints(value) > s.maxLength)
      problems.push(`${path}: must be at most ${s.maxLength} characters`);
    if (typeof s.pattern === "string") {
      let pattern = this.patterns.get(s.pattern);
      if (!pattern) {
        pattern = new RegExp(s.pattern, "u");
        this.patterns.set(s.pattern, pattern);
      }
      if (!pattern.test(value)) problems.push(`${path}: must match ${s.pattern}, got ${JSON.stringify(value)}`);
    }
    if (typeof s.format === "string") {
      const check = FORMATS[s.format];
      if (check && !check(value)) problems.push(`${path}: must be a ${s.format}, got ${JSON.stringify(value)}`);
    }
    return problems;
  }

  private validateArray(s: Record<string, unknown>, value: unknown[], path: string): string[] {
    const problems: string[] = [];
    if (typeof s.minItems === "number" && value.length < s.minItems)
      problems.push(`${path}: must have at least ${s.minItems} items`);
    if (typeof s.maxItems === "number" && value.length > s.maxItems)
      problems.push(`${path}: must have at most ${s.maxItems} items`);
    if (s.uniqueItems === true && value.some((v, i) => value.findIndex((w) => deepEqual(v, w)) !== i))
      problems.push(`${path}: must have unique items`);
    if (s.items !== undefined)
      value.forEach((item, i) => {
        problems.push(...this.validate(s.items as JsonSchema, item, `${path}[${i}]`));
      });
    return problems;
  }

  private validateObject(s: Record<string, unknown>, value: Record<string, unknown>, path: string): string[] {
    const problems: string[] = [];
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    if (Array.isArray(s.required))
      for (const key of s.required as string[]) if (!(key in value)) problems.push(`${path}.${key}: is required`);
    for (const [key, item] of Object.entries(value)) {
      const sub = properties[key];
      if (sub !== undefined) problems.push(...this.validate(sub, item, `${path}.${key}`));
      else if (s.additionalProperties === false) problems.push(`${path}.${key}: unknown field`);
      else if (s.additionalProperties !== undefined && s.additionalProperties !== true)
        problems.push(...this.validate(s.additionalProperties as JsonSchema, item, `${path}.${key}`));
      if (s.propertyNames !== undefined)
        problems.push(...this.validate(s.propertyNames as JsonSchema, key, `${path}.${key}`));
    }
    return problems;
  }

  private assertKnown(schema: unknown): void {
    if (typeof schema !== "object" || schema === null) return;
    for (const [keyword, sub] of Object.entries(schema)) {
      if (!KNOWN.has(keyword))
        throw new Error(`Failed to build the schema validator: keyword "${keyword}" is not supported`);
      if (keyword === "properties") for (const p of Object.values(sub as object)) this.assertKnown(p);
      else if (["items", "additionalProperties", "not", "propertyNames"].includes(keyword)) this.assertKnown(sub);
      else if (["oneOf", "anyOf", "allOf"].includes(keyword)) for (const p of sub as unknown[]) this.assertKnown(p);
    }
  }
}
