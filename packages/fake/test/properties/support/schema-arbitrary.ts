/**
 * Arbitraries derived from the JSON Schemas of an OpenAPI document, for the subset openapi.yaml and
 * control-openapi.yaml use ($ref, type lists, enum, const, oneOf/anyOf, objects with required and optional
 * properties, dictionaries, arrays, string formats and patterns, numeric ranges), plus mutations that turn a
 * value into one the schema may reject. Whether a generated body is valid is decided by the contract's
 * validator (ajv), not by this generator: a "valid" value that happens to break a rule is classified as such.
 */
import fc from "fast-check";

/** A JSON Schema node (or a boolean schema). */
export type Schema = boolean | { [key: string]: unknown };

/** A parsed OpenAPI document. */
export type Doc = Record<string, unknown>;

/**
 * Values the generator should prefer for a property (ids that exist, the test date): called with the property
 * name (`name[]` for the items of an array property, `$root` / `$root[]` at the top) and its schema.
 */
export type Hint = (name: string, schema: Record<string, unknown>) => fc.Arbitrary<unknown> | undefined;

/** The longest string or list the valid generator builds (limits above it are tested by mutations). */
const SHORT = 12;

/** Follow a local `$ref` (`#/components/schemas/X`). */
export function resolve(doc: Doc, schema: Schema): Schema {
  let node = schema;
  while (typeof node === "object" && typeof node.$ref === "string") {
    let target: unknown = doc;
    for (const part of node.$ref.slice(2).split("/")) target = (target as Record<string, unknown>)[part];
    node = target as Schema;
  }
  return node;
}

const DATES = ["2026-11-23", "2026-11-24", "2026-02-28", "2025-01-01"];

function stringOf(s: Record<string, unknown>): fc.Arbitrary<string> {
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = Math.max(min, Math.min(typeof s.maxLength === "number" ? s.maxLength : SHORT, SHORT));
  const fits = (v: string) => {
    const n = [...v].length;
    return n >= min && n <= (typeof s.maxLength === "number" ? s.maxLength : Number.POSITIVE_INFINITY);
  };
  switch (s.format) {
    case "date":
      return fc.oneof(
        fc.constantFrom(...DATES),
        fc
          .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      );
    case "date-time":
      return fc
        .date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2027-01-01T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "uuid":
      return fc.uuid({ version: 4 });
    case "email":
      return fc.oneof(fc.constantFrom("ada@example.com", "x@y.io"), fc.emailAddress()).filter(fits);
    case "uri":
      return fc.oneof(fc.constant("https://hooks.example.com/dispatch"), fc.webUrl()).filter(fits);
  }
  if (typeof s.pattern === "string") return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: min, maxLength: max, unit: "grapheme" }),
  );
}

function numberOf(s: Record<string, unknown>, integer: boolean): fc.Arbitrary<number> {
  const min = typeof s.minimum === "number" ? s.minimum : -1_000_000;
  const max = typeof s.maximum === "number" ? s.maximum : 1_000_000;
  if (integer) return fc.integer({ min, max });
  return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.double({ min, max, noNaN: true }));
}

/** An arbitrary of values valid against `schema` (as far as this subset goes). */
export function arbitraryOf(
  doc: Doc,
  schema: Schema,
  hint: Hint = () => undefined,
  name = "$root",
): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  if (s === true) return fc.jsonValue({ maxDepth: 2 });
  if (s === false) return fc.constant(undefined);
  const hinted = hint(name, s);
  if (hinted) return hinted;
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => arbitraryOf(doc, b, hint, name)));
  if (Array.isArray(s.type)) {
    return fc.oneof(...(s.type as string[]).map((t) => arbitraryOf(doc, { ...s, type: t }, hint, name)));
  }
  switch (s.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberOf(s, true);
    case "number":
      return numberOf(s, false);
    case "string":
      return stringOf(s);
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : 0;
      const max = Math.max(min, Math.min(typeof s.maxItems === "number" ? s.maxItems : 3, min + 3));
      const items = arbitraryOf(doc, (s.items as Schema) ?? true, hint, `${name}[]`);
      if (s.uniqueItems)
        return fc.uniqueArray(items, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) });
      return fc.array(items, { minLength: min, maxLength: max });
    }
    default: {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const keys = Object.keys(properties).filter((k) => resolve(doc, properties[k] as Schema) !== false);
      if (keys.length === 0 && typeof s.additionalProperties === "object") {
        const names = s.propertyNames as Record<string, unknown> | undefined;
        // Names that are special to JavaScript objects are names like any other to the contract.
        const special = fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty");
        return fc.dictionary(
          fc.oneof(stringOf({ maxLength: 8, ...(names ?? {}) }), special),
          arbitraryOf(doc, s.additionalProperties as Schema, hint, `${name}{}`),
          { maxKeys: 3 },
        );
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) model[k] = arbitraryOf(doc, properties[k] as Schema, hint, k);
      return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
    }
  }
}

/** One way of breaking a value. */
type MutationKind =
  | "wrong type"
  | "drop a field"
  | "unknown field"
  | "out of range"
  | "over-long string"
  | "over-long list"
  | "bad uuid"
  | "foreign uuid"
  | "empty string"
  | "empty list"
  | "null"
  | "odd characters";

/** A mutation: where (an index into the value's nodes, modulo their count) and how. */
export interface Mutation {
  kind: MutationKind;
  at: number;
  pick: number;
}

/** Arbitrary mutations. */
export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<MutationKind>(
    "wrong type",
    "drop a field",
    "unknown field",
    "out of range",
    "over-long string",
    "over-long list",
    "bad uuid",
    "foreign uuid",
    "empty string",
    "empty list",
    "null",
    "odd characters",
  ),
  at: fc.nat(),
  pick: fc.nat(),
});

type Path = (string | number)[];

function nodes(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) nodes(v, [...path, i], out);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) nodes(v, [...path, k], out);
  return out;
}

const OTHER_TYPES: unknown[] = [42, "x", true, null, [], {}, 1.5, -1, [1], { a: 1 }];
const LONG = [256, 1001, 2049, 100_001];
const BAD_UUIDS = ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%ZZ", "", "ÄÖÜ", "0".repeat(300)];
const ODD = ["\u0000", "\ud800", "🚚".repeat(3), "a\nb", "<script>", "../../etc", "\u202e"];

/**
 * Apply `m` to a copy of `value`; `foreign` supplies uuids of another organization. Returns the new value (the
 * root itself may be replaced) and where it changed.
 */
export function mutate(value: unknown, m: Mutation, foreign: readonly string[]): { value: unknown; where: string } {
  const copy = structuredClone(value);
  const all = nodes(copy);
  const path = all[m.at % all.length] ?? [];
  const where = path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("") || "(body)";
  const current = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy);
  const pick = <T>(xs: readonly T[]): T => xs[m.pick % xs.length] as T;
  let next: unknown = current;
  switch (m.kind) {
    case "wrong type":
      next = pick(
        OTHER_TYPES.filter((t) => typeof t !== typeof current || Array.isArray(t) !== Array.isArray(current)),
      );
      break;
    case "drop a field":
      if (current && typeof current === "object" && !Array.isArray(current)) {
        const keys = Object.keys(current);
        if (keys.length > 0) delete (current as Record<string, unknown>)[pick(keys)];
      } else if (Array.isArray(current) && current.length > 0) current.splice(m.pick % current.length, 1);
      break;
    case "unknown field":
      if (current && typeof current === "object" && !Array.isArray(current)) {
        (current as Record<string, unknown>)[pick(["colour", "notes", "__proto__x", "constructor"])] = 1;
      } else next = { colour: "red" };
      break;
    case "out of range":
      next = typeof current === "number" ? pick([-1, -1e9, 1e15, 0.5, 86_401, 1e308]) : pick([-1, 1e15]);
      break;
    case "over-long string":
      next = "x".repeat(pick(LONG));
      break;
    case "over-long list":
      next = Array.from({ length: pick([501, 1001]) }, () => (Array.isArray(current) ? current[0] : current) ?? "x");
      break;
    case "bad uuid":
      next = pick(BAD_UUIDS);
      break;
    case "foreign uuid":
      next = foreign.length > 0 ? pick(foreign) : "not-a-uuid";
      break;
    case "empty string":
      next = "";
      break;
    case "empty list":
      next = [];
      break;
    case "null":
      next = null;
      break;
    case "odd characters":
      next = typeof current === "string" ? current + pick(ODD) : pick(ODD);
      break;
  }
  if (path.length === 0) return { value: next, where };
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy);
  (parent as Record<string | number, unknown>)[path[path.length - 1] as string | number] = next;
  return { value: copy, where };
}
