// Request types as a caller writes them (scripts/generate-types.mjs): a property with a `default` may be omitted in
// every request; every answer includes it.
//
// openapi-typescript's `defaultNonNullable` makes a property with a `default` required, which is right for answers
// (the server fills the default in) and wrong for a component schema sent in a request body (only inline request
// bodies and parameters are exempt). So before generation the document is rewritten:
// - a component schema that requests and answers both use, and that has such a property (itself or through the
//   schemas it names), is split: answers keep `X`, requests name a copy `XInput`;
// - in what requests use (bodies, parameters, the schemas only they reach, the copies), every property with a
//   `default` that `required` does not list is marked, and `optionalDefaults` (openapi-typescript's
//   `transformProperty` hook) makes a marked property optional. It keeps its `@default` in the doc comment.
import ts from "typescript";

/** The mark of a request property with a default that may be omitted. */
const MARK = "x-generated-optional-in-requests";
const SCHEMA_REF = "#/components/schemas/";
/** Keys whose values are data, not schemas: never walked. */
const DATA = new Set(["example", "examples", "default", "const", "enum"]);

/** The `$ref`s a node names (a discriminator's mapping included), not following them. */
function refsOf(node, out = new Set()) {
  if (Array.isArray(node)) for (const item of node) refsOf(item, out);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (DATA.has(key)) continue;
      if (key === "$ref" && typeof value === "string") out.add(value);
      else if (key === "mapping" && value && typeof value === "object") {
        for (const target of Object.values(value)) if (typeof target === "string") out.add(target);
      } else refsOf(value, out);
    }
  }
  return out;
}

/** The node a local `$ref` points at. */
function resolve(doc, ref) {
  if (!ref.startsWith("#/")) throw new Error(`generate: only local $refs are supported, got ${ref}`);
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node, part) => node?.[part], doc);
}

/** Every `$ref` reachable from `roots`, following them. */
function reach(doc, roots) {
  const seen = new Set();
  const stack = roots.flatMap((root) => [...refsOf(root)]);
  while (stack.length > 0) {
    const ref = stack.pop();
    if (seen.has(ref)) continue;
    seen.add(ref);
    stack.push(...refsOf(resolve(doc, ref)));
  }
  return seen;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** What a request carries: each operation's parameters and request body. */
function requestRoots(doc) {
  const roots = [];
  for (const item of Object.values(doc.paths ?? {})) {
    roots.push(item.parameters);
    for (const method of METHODS) if (item[method]) roots.push(item[method].parameters, item[method].requestBody);
  }
  return roots.filter(Boolean);
}

/** What an answer carries: responses, callbacks, webhooks. */
function answerRoots(doc) {
  const roots = [doc.webhooks];
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) if (item[method]) roots.push(item[method].responses, item[method].callbacks);
  }
  return roots.filter(Boolean);
}

/** Whether an object schema node has a property with a `default` that `required` does not list. */
const hasOptionalDefault = (node) =>
  Object.entries(node.properties ?? {}).some(
    ([name, property]) => property && "default" in property && !(node.required ?? []).includes(name),
  );

/** Whether a node or any schema node inside it (not following `$ref`s) has such a property. */
function containsOptionalDefault(node) {
  if (Array.isArray(node)) return node.some(containsOptionalDefault);
  if (!node || typeof node !== "object") return false;
  if (hasOptionalDefault(node)) return true;
  return Object.entries(node).some(([key, value]) => !DATA.has(key) && containsOptionalDefault(value));
}

/** Mark, in place, every property with a `default` that `required` does not list, inside `node`. */
function mark(node) {
  if (Array.isArray(node)) {
    for (const item of node) mark(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (DATA.has(key)) continue;
    if (key === "properties" && value && typeof value === "object") {
      for (const [name, property] of Object.entries(value)) {
        if (
          property &&
          typeof property === "object" &&
          "default" in property &&
          !(node.required ?? []).includes(name)
        ) {
          property[MARK] = true;
        }
        mark(property);
      }
    } else mark(value);
  }
}

/** Point, in place, every `$ref` to a split schema inside `node` at its request copy. */
function retarget(node, copies) {
  if (Array.isArray(node)) {
    for (const item of node) retarget(item, copies);
    return;
  }
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (DATA.has(key)) continue;
    if (key === "$ref" && typeof value === "string" && copies.has(value)) node[key] = copies.get(value);
    else if (key === "mapping" && value && typeof value === "object") {
      for (const [tag, target] of Object.entries(value)) if (copies.has(target)) value[tag] = copies.get(target);
    } else retarget(value, copies);
  }
}

/**
 * A copy of an OpenAPI document whose request side says which properties with a `default` a caller may omit (for
 * `optionalDefaults`), with a request copy `XInput` of each component schema `X` that requests and answers both use
 * and that holds such a property. Throws when `XInput` already names another schema.
 */
export function requestSideDocument(source) {
  const doc = structuredClone(source);
  const schemas = doc.components?.schemas ?? {};
  const requested = reach(doc, requestRoots(doc));
  // A schema no operation sends is read as an answer (e.g. a webhook event's body).
  const standalone = Object.keys(schemas)
    .map((name) => SCHEMA_REF + name)
    .filter((ref) => !requested.has(ref));
  const answered = reach(doc, [...answerRoots(doc), ...standalone.map(($ref) => ({ $ref }))]);
  for (const ref of standalone) answered.add(ref);

  const copies = new Map();
  for (const ref of requested) {
    if (!ref.startsWith(SCHEMA_REF) || !answered.has(ref)) continue;
    const name = ref.slice(SCHEMA_REF.length);
    const closure = [ref, ...reach(doc, [schemas[name]])].map((r) => resolve(doc, r));
    if (!closure.some(containsOptionalDefault)) continue;
    const copy = `${name}Input`;
    if (copy in schemas) {
      throw new Error(
        `generate: ${name} is used by requests and answers and has a property with a default, so requests need a copy named ${copy}, but the document already has a schema ${copy}; rename one of them`,
      );
    }
    copies.set(ref, SCHEMA_REF + copy);
  }

  if (copies.size > 0) {
    const grown = {};
    for (const [name, schema] of Object.entries(schemas)) {
      grown[name] = schema;
      const copy = copies.get(SCHEMA_REF + name);
      if (copy) grown[copy.slice(SCHEMA_REF.length)] = structuredClone(schema);
    }
    doc.components.schemas = grown;
  }
  // The request side: the operations' parameters and bodies, what only they reach, and the copies.
  const requestSide = [
    ...requestRoots(doc),
    ...[...requested].filter((ref) => !answered.has(ref)).map((ref) => resolve(doc, ref)),
    ...[...copies.values()].map((ref) => resolve(doc, ref)),
  ];
  for (const node of requestSide) retarget(node, copies);
  // Once retargeted, the request side reaches the copies and what only requests use; mark all of it.
  const requestOnly = reach(doc, requestRoots(doc));
  const answeredAfter = reach(doc, [...answerRoots(doc), ...standalone.map(($ref) => ({ $ref }))]);
  for (const root of requestRoots(doc)) mark(root);
  for (const ref of requestOnly) if (!answeredAfter.has(ref)) mark(resolve(doc, ref));
  return doc;
}

/** openapi-typescript's `transformProperty` hook: a marked property (see `requestSideDocument`) is optional. */
export function optionalDefaults(property, schemaObject) {
  if (!schemaObject || typeof schemaObject !== "object" || schemaObject[MARK] !== true) return undefined;
  return ts.factory.updatePropertySignature(
    property,
    property.modifiers,
    property.name,
    ts.factory.createToken(ts.SyntaxKind.QuestionToken),
    property.type,
  );
}
