// An OpenAPI document as the conformance suite's validator reads it (packages/conformance: `ContractDocument`), and,
// beside it, each operation's JSON request body schema. One reading for both users: scripts/generate-types.mjs writes
// the conformance package's document from openapi.yaml with it, and the tests' validator (test/support/
// compiled-validators.ts) reads both documents with it.

// Annotations are dropped; the keys of `properties` are field names (a package's `description`), never dropped. A
// discriminator keeps its propertyName only: ajv reads the mapping from the members' `const` (it refuses `mapping`),
// and validates the one member the tag names, so a wrong answer's problems are that member's.
const DROP = new Set([
  "description",
  "examples",
  "example",
  "summary",
  "contentEncoding",
  "contentMediaType",
  "default",
]);

/** A schema without its annotations. */
function strip(node) {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !DROP.has(k))
      .map(([k, v]) => [
        k,
        k === "properties"
          ? Object.fromEntries(Object.entries(v).map(([n, p]) => [n, strip(p)]))
          : k === "discriminator"
            ? { propertyName: v.propertyName }
            : strip(v),
      ]),
  );
}

/**
 * The document of a parsed OpenAPI file as the conformance validator reads it: each operation's declared statuses with
 * their JSON body schema (null: no body), the component schemas, and each operation's JSON request body schema.
 */
export function toContractDocument(spec) {
  const resolve = (node) => {
    let current = node;
    while (current && typeof current.$ref === "string") {
      current = current.$ref
        .slice(2)
        .split("/")
        .reduce((n, p) => n[p.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
    }
    return current;
  };
  const jsonSchema = (node) => resolve(node)?.content?.["application/json"]?.schema;
  const operations = {};
  const requests = {};
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== "object" || !operation.responses) continue;
      const responses = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = jsonSchema(response);
        responses[status] = schema ? strip(schema) : null;
      }
      operations[template] = { ...operations[template], [method]: responses };
      const request = jsonSchema(operation.requestBody);
      if (request) requests[template] = { ...requests[template], [method]: strip(request) };
    }
  }
  return { operations, schemas: strip(spec.components?.schemas ?? {}), requests };
}
