// Minimal requests (scripts/generate-types.mjs): every operation of an OpenAPI document, and every variant of a
// `oneOf` body, with only what the document requires at every level, and every optional object present with its own
// required-only content (`options: {}`). Rendered as typed calls, they are a type test (a property that becomes
// required without a caller having to send it breaks the compile) and a runtime test (each is sent to the fake).
//
// Values come from the schema: `const`, the first `enum` value, the first example, a format (date, date-time,
// email, uri), `minimum`, `minLength`. What names a record (a path parameter, a uuid, a `…Uuid` or `…Id`) comes
// from the caller's `ids`, so a test can send the request to records that exist.

/** The date of every minimal request (and of the records a test makes for them). */
export const MINIMAL_DATE = "2026-11-24";
const FORMATS = {
  date: MINIMAL_DATE,
  "date-time": `${MINIMAL_DATE}T09:00:00.000Z`,
  email: "ada@example.com",
  uri: "https://example.com/hooks",
};
const METHODS = ["get", "put", "post", "delete", "patch"];

/** A value the caller supplies: `ids[key]`. */
class Id {
  constructor(key, type) {
    this.key = key;
    this.type = type;
  }
}

/** A schema's types (`type` as a list). */
const types = (schema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
const capitalize = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (s) => s.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const singular = (s) => camel(s.endsWith("ies") ? `${s.slice(0, -3)}y` : s.endsWith("s") ? s.slice(0, -1) : s);

/** The key of a record's id: `workspaceUuid` as it is; `uuid` under `webhooks` is `webhookUuid`. */
function idKey(name, context) {
  if (/(Uuid|Id)$/.test(name)) return name;
  const owner = singular(context ?? "record");
  return owner === name ? name : `${owner}${capitalize(name)}`;
}

/** Builds minimal values from one document. */
function walker(doc) {
  const deref = (node) => {
    const seen = new Set();
    while (node && typeof node.$ref === "string") {
      if (seen.has(node.$ref)) throw new Error(`generate: circular $ref ${node.$ref}`);
      seen.add(node.$ref);
      node = node.$ref
        .slice(2)
        .split("/")
        .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce((n, p) => n?.[p], doc);
    }
    return node;
  };
  /** The schema's alternatives without `null`. */
  const variants = (schema) =>
    (schema.oneOf ?? schema.anyOf ?? []).map(deref).filter((v) => !(types(v).length === 1 && types(v)[0] === "null"));
  const merged = (schema) => {
    if (!schema.allOf) return schema;
    const parts = [schema, ...schema.allOf.map((p) => merged(deref(p)))];
    return {
      ...Object.assign({}, ...parts),
      allOf: undefined,
      required: parts.flatMap((p) => p.required ?? []),
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    };
  };
  /** How many properties a schema requires (an object's; 0 otherwise). */
  const required = (raw) => (merged(deref(raw)).required ?? []).length;
  const isObject = (raw) => {
    const schema = merged(deref(raw));
    if (variants(schema).length > 0) return variants(schema).some(isObject);
    return types(schema).includes("object") || schema.properties !== undefined;
  };

  /** The minimal value of `raw` at `where` (a path for messages); `name` and `context` name a record's id. */
  function value(raw, where, name, context, depth = 0) {
    if (depth > 12) throw new Error(`generate: ${where} nests too deep for a minimal request`);
    const schema = merged(deref(raw));
    if (schema.const !== undefined) return schema.const;
    const alternatives = variants(schema);
    if (alternatives.length > 0) {
      // The alternative that asks the least (an address alone rather than an address with coordinates).
      const fewest = alternatives.reduce((a, b) => (required(b) < required(a) ? b : a));
      return value(fewest, where, name, context, depth + 1);
    }
    if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null);
    const type = types(schema).find((t) => t !== "null") ?? (schema.properties ? "object" : undefined);
    if (type === "string" && (schema.format === "uuid" || (name && /Uuid$/.test(name)))) {
      return new Id(idKey(name ?? "uuid", context), "string");
    }
    if (type === "integer" && name && /Id$/.test(name)) return new Id(name, "number");
    const example = schema.examples?.[0] ?? schema.example;
    if (example !== undefined && type !== "object" && type !== "array") return example;
    switch (type) {
      case "object": {
        const out = {};
        const required = new Set(schema.required ?? []);
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          if (required.has(key) || isObject(property)) {
            out[key] = value(property, `${where}.${key}`, key, name ?? context, depth + 1);
          }
        }
        return out;
      }
      case "array":
        return Array.from({ length: schema.minItems ?? 0 }, () =>
          value(schema.items ?? {}, `${where}[]`, undefined, name ?? context, depth + 1),
        );
      case "string":
        if (FORMATS[schema.format]) return FORMATS[schema.format];
        if (schema.pattern) {
          throw new Error(`generate: ${where} has a pattern and no example; add \`examples\` to the schema`);
        }
        return "x".repeat(Math.max(schema.minLength ?? 1, 1));
      case "integer":
      case "number":
        return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      case "boolean":
        return false;
      default:
        throw new Error(`generate: ${where} has no type a minimal request can be made of`);
    }
  }
  return { deref, variants, value };
}

/** A `oneOf` member's name: its schema's (`OrderInput`), its items' (`OrderInput[]`), or its type and index. */
function variantName(variant, i) {
  const name = (node) => node?.$ref?.split("/").pop();
  if (name(variant)) return name(variant);
  if (name(variant.items)) return `${name(variant.items)}[]`;
  return `${types(variant).join(" | ") || "schema"} (oneOf ${i})`;
}

/**
 * The minimal requests of a document: one per operation, one per variant of a `oneOf` body. Each has the
 * operation's `operationId`, `method`, `path`, the `variant`'s schema name (when the body has variants), its
 * `params` (`path`, `query`, `header`: required ones only) and its `body` (absent: the operation takes none).
 */
export function minimalRequests(doc) {
  const { deref, variants, value } = walker(doc);
  const cases = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const params = {};
      for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = deref(raw);
        if (!parameter.required) continue;
        const segments = path.split("/");
        const before = segments[segments.indexOf(`{${parameter.name}}`) - 1];
        const schema = deref(parameter.schema ?? {});
        const at = `${where} ${parameter.in} ${parameter.name}`;
        const v =
          parameter.in === "path" && !schema.enum
            ? new Id(idKey(parameter.name, before), "string")
            : value(schema, at, parameter.name, before);
        params[parameter.in] = { ...params[parameter.in], [parameter.name]: v };
      }
      const requestBody = operation.requestBody && deref(operation.requestBody);
      const schema = requestBody?.content?.["application/json"]?.schema;
      const context = path.split("/").findLast((s) => s && !s.startsWith("{"));
      if (!schema) {
        cases.push({ operationId: operation.operationId, method, path, params });
        continue;
      }
      const resolved = deref(schema);
      const alternatives = variants(resolved);
      const bodies =
        resolved.oneOf && alternatives.length > 1
          ? resolved.oneOf.map((variant, i) => ({
              variant: variantName(variant, i),
              schema: variant,
            }))
          : [{ schema }];
      for (const body of bodies) {
        cases.push({
          operationId: operation.operationId,
          method,
          path,
          ...(body.variant ? { variant: body.variant } : {}),
          params,
          body: value(body.schema, `${where} body`, undefined, context),
        });
      }
    }
  }
  return cases;
}
/** The ids the requests take, sorted: `[key, "string" | "number"]`. */
export function idsOf(cases) {
  const ids = new Map();
  const visit = (v) => {
    if (v instanceof Id) ids.set(v.key, v.type);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") Object.values(v).forEach(visit);
  };
  for (const c of cases) visit([c.params, c.body]);
  return [...ids].sort(([a], [b]) => a.localeCompare(b));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A value as TypeScript source: an id is `ids.key`; a value that fits in `width` columns after `indent` on one line,
 * a longer one indented.
 */
function render(v, indent = "", width = 120 - indent.length) {
  if (v instanceof Id) return `ids.${v.key}`;
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  const inner = `${indent}  `;
  const items = Array.isArray(v)
    ? v.map((x) => render(x, inner))
    : Object.entries(v).map(([k, x]) => `${IDENTIFIER.test(k) ? k : JSON.stringify(k)}: ${render(x, inner)}`);
  const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{ ", " }"];
  if (items.length === 0) return Array.isArray(v) ? "[]" : "{}";
  const line = `${open}${items.join(", ")}${close}`;
  if (line.length <= width && !line.includes("\n")) return line;
  return `${open.trim()}\n${items.map((i) => `${inner}${i},`).join("\n")}\n${indent}${close.trim()}`;
}

/** The call of one minimal request on `client`, as TypeScript source (at `indent`, after `send: (client, ids) => `). */
export function renderCall(c, indent) {
  const init = {};
  if (Object.keys(c.params).length > 0) init.params = c.params;
  if ("body" in c) init.body = c.body;
  const head = `client.${c.method.toUpperCase()}(${JSON.stringify(c.path)}`;
  if (Object.keys(init).length === 0) return `${head})`;
  return `${head}, ${render(init, indent, 118 - indent.length - head.length)})`;
}
