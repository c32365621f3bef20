#!/usr/bin/env node
// Generates every committed generated file from its source (openapi.yaml, control-openapi.yaml, the state file's
// types, package.json): each through emit(), which with `--check` compares instead of writing and exits 1 when a
// committed file is missing or stale.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { parse } from "yaml";
import { toContractDocument } from "./contract-document.mjs";
import { idsOf, MINIMAL_DATE, minimalRequests, renderCall } from "./minimal-requests.mjs";
import { optionalDefaults, requestSideDocument } from "./request-types.mjs";

const root = new URL("../", import.meta.url);
const specUrl = new URL("openapi.yaml", root);
const checking = process.argv.includes("--check");
/** A path of the repository as a file path. */
const here = (path) => fileURLToPath(new URL(path, root));

/**
 * Write `source` to `path` (relative to the repository), or with `--check` compare it with the committed file and
 * exit 1 when that is missing or stale.
 */
function emit(path, source) {
  const file = here(path);
  if (checking) {
    let current;
    try {
      current = readFileSync(file, "utf8");
    } catch {}
    if (current !== source) {
      console.error(
        `check:generated: ${path} is ${current === undefined ? "missing" : "stale"}; run npm run generate and commit it`,
      );
      process.exit(1);
    }
    console.log(`check:generated: ${path} is up to date`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
    console.log(`generated ${file}`);
  }
}

const BANNER = `/**
 * DO NOT EDIT: generated from openapi.yaml by openapi-typescript (npm run generate).
 * Change openapi.yaml and regenerate; CI fails when this file is stale (npm run check:generated).
 */

`;

/**
 * The types of an OpenAPI document (a path of the repository) as callers write requests: a property with a
 * `default` may be omitted in every request; every answer includes it (scripts/request-types.mjs).
 */
const typesOf = async (path) =>
  astToString(
    await openapiTS(requestSideDocument(parse(readFileSync(here(path), "utf8"))), {
      transformProperty: optionalDefaults,
    }),
  );

const generated = BANNER + (await typesOf("openapi.yaml"));

emit("packages/sdk/src/generated/openapi.ts", generated);

// Also generates packages/conformance/src/generated/contract-document.ts: the parts of openapi.yaml the
// conformance suite validates answers with (each operation's declared statuses and their JSON body schemas,
// and the component schemas), so `dispatch-conformance` works from an installed package without the repo.
const DOCUMENT_PATH = "packages/conformance/src/generated/contract-document.ts";
const spec = parse(readFileSync(specUrl, "utf8"));
const { operations, schemas } = toContractDocument(spec);
const contractDocument = `/**
 * DO NOT EDIT: generated from openapi.yaml by scripts/generate-types.mjs (npm run generate).
 * Each operation's declared statuses with their JSON body schema (null: no body), and the component schemas.
 */
import type { ContractDocument } from "../contract-schemas.js";

/** The parts of openapi.yaml that answers are validated against. */
export const contractDocument: ContractDocument = ${JSON.stringify({ operations, schemas })};
`;
emit(DOCUMENT_PATH, contractDocument);

// Also generates packages/fake/src/control/generated/control-openapi.ts from packages/fake/control-openapi.yaml: the
// control API's types, so its operations are typed from the document as the API's handlers are from openapi.yaml.
{
  const controlBanner = BANNER.replace("from openapi.yaml", "from packages/fake/control-openapi.yaml");
  const controlTypes = controlBanner + (await typesOf("packages/fake/control-openapi.yaml"));
  emit("packages/fake/src/control/generated/control-openapi.ts", controlTypes);
}

// Also generates packages/sdk/test/generated/minimal-requests.ts and packages/fake/test/generated/
// minimal-control-requests.ts: every operation of openapi.yaml (through the SDK's client) and of control-openapi.yaml
// (through openapi-fetch on its generated paths), each variant of a `oneOf` body apart, with only what the document
// requires (scripts/minimal-requests.mjs). `npm run typecheck` compiles them, so a request type that asks more than
// the document requires (a `default:` once did) fails the build; the tests beside them send each request to the fake.
{
  const minimalFile = ({ from, imports, client, name, cases, test }) => {
    const ids = idsOf(cases);
    const entries = cases.map((c) => {
      const lines = [`  {`, `    operationId: ${JSON.stringify(c.operationId)},`];
      if (c.variant) lines.push(`    variant: ${JSON.stringify(c.variant)},`);
      lines.push(`    send: (client, ids) => ${renderCall(c, "    ")},`, `  },`);
      return lines.join("\n");
    });
    return `/**
 * DO NOT EDIT: generated from ${from} by scripts/generate-types.mjs (npm run generate).
 * Every operation, and every variant of a \`oneOf\` body, with only what the document requires at every level and
 * every optional object present with its own required content. \`npm run typecheck\` compiles the calls against the
 * generated types, so a request type that asks for more (a property with a \`default\`, say) fails the build;
 * ${test} sends each one to the fake.
 */
${imports}

/** The date of every minimal request. */
export const MINIMAL_DATE = ${JSON.stringify(MINIMAL_DATE)};

/** The records the minimal requests name (path parameters, uuids): the caller's, so that they exist. */
export interface ${name}Ids {
${ids.map(([key, type]) => `  ${key}: ${type};`).join("\n")}
}

/** One minimal request: its operation, its body's variant (for a \`oneOf\` body), and the call. */
export interface ${name} {
  operationId: string;
  variant?: string;
  send(client: ${client}, ids: ${name}Ids): Promise<{ response: Response; data?: unknown; error?: unknown }>;
}

/** The minimal requests, in the document's order. */
export const ${name.charAt(0).toLowerCase()}${name.slice(1)}s: ${name}[] = [
${entries.join("\n")}
];
`;
  };
  const documentOf = (path) => parse(readFileSync(here(path), "utf8"));
  emit(
    "packages/sdk/test/generated/minimal-requests.ts",
    minimalFile({
      from: "openapi.yaml",
      imports: 'import type { DispatchClient } from "../../src/index.js";',
      client: "DispatchClient",
      name: "MinimalRequest",
      cases: minimalRequests(documentOf("openapi.yaml")),
      test: "packages/sdk/test/minimal-requests.test.ts",
    }),
  );
  emit(
    "packages/fake/test/generated/minimal-control-requests.ts",
    minimalFile({
      from: "packages/fake/control-openapi.yaml",
      imports: `import type { Client } from "openapi-fetch";
import type { paths } from "../../src/control/generated/control-openapi.js";`,
      client: "Client<paths>",
      name: "MinimalControlRequest",
      cases: minimalRequests(documentOf("packages/fake/control-openapi.yaml")),
      test: "packages/fake/test/minimal-control-requests.test.ts",
    }),
  );
}

// Also generates packages/fake/src/control/generated/fixtures-schema.ts: the JSON Schema of a fixtures file (the
// `Fixtures` schema of packages/fake/control-openapi.yaml and every schema it names, as `$defs`), so `--fixtures`,
// `POST /_fake/fixtures` and `createFake({ fixtures })` validate against the document itself (docs/decisions/0006-test-control-and-fixtures.md).
{
  const controlDocument = parse(readFileSync(here("packages/fake/control-openapi.yaml"), "utf8"));
  const all = controlDocument.components.schemas;
  const ANNOTATIONS = new Set(["description", "examples", "example"]);
  const named = new Set();
  const rewrite = (node) => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => !ANNOTATIONS.has(k))
        .map(([k, v]) => {
          if (k === "$ref") {
            const name = v.slice("#/components/schemas/".length);
            named.add(name);
            return [k, `#/$defs/${name}`];
          }
          // The keys of `properties` are field names (a field may be called `description`), never dropped.
          if (k === "properties") return [k, Object.fromEntries(Object.entries(v).map(([n, p]) => [n, rewrite(p)]))];
          return [k, rewrite(v)];
        }),
    );
  };
  const root = rewrite(all.Fixtures);
  const defs = {};
  for (let grown = true; grown; ) {
    grown = false;
    for (const name of [...named]) {
      if (defs[name] === undefined) {
        defs[name] = rewrite(all[name]);
        grown = true;
      }
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((name) => [name, defs[name]]),
  );
  const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", ...root, $defs: sorted };
  emit(
    "packages/fake/src/control/generated/fixtures-schema.ts",
    `/**
 * DO NOT EDIT: generated from the Fixtures schema of packages/fake/control-openapi.yaml (npm run generate).
 * Change the document and regenerate; CI fails when this file is stale (npm run check:generated).
 */

/** The JSON Schema of a fixtures file (\`Fixtures\` of control-openapi.yaml), with every schema it names. */
export const FIXTURES_SCHEMA: Record<string, unknown> = ${JSON.stringify(schema, null, 2)};
`,
  );
}

// Also generates packages/fake/src/host/generated/state-schema.ts: the JSON Schema of the state file's data
// (`FakeDataJson` of packages/fake/src/host/state-json.ts), generated from the records' own TypeScript types, so
// the state file is validated from one description (docs/decisions/0010-state-file.md). Records are open objects (a
// field the type does not name is kept); the state's own containers are closed.
{
  const { createRequire } = await import("node:module");
  const TJS = createRequire(import.meta.url)("typescript-json-schema");
  const program = TJS.getProgramFromFiles(
    [here("packages/fake/src/host/state-json.ts")],
    {
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      target: 9, // ES2022
      module: 99, // ESNext
      moduleResolution: 100, // Bundler
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: ["node"],
      baseUrl: here("."),
      // The contract's types as the domain sees them: the generated file alone.
      paths: {
        "@dispatchkit/sdk": ["packages/sdk/src/generated/openapi.ts"],
        "@dispatchkit/optimizer": ["packages/optimizer/src/index.ts"],
      },
    },
    here("."),
  );
  const raw = TJS.generateSchema(program, "FakeDataJson", {
    required: true,
    noExtraProps: false,
    ignoreErrors: true,
    ref: true,
    aliasRef: false,
    topRef: false,
  });
  if (!raw) throw new Error("generate: typescript-json-schema could not read FakeDataJson");
  // Definition names such as `Partial<Record<ActionKind,ActionPolicy>>` become identifiers; descriptions are dropped
  // (the TypeScript types keep them).
  const safe = (name) => name.replace(/[^A-Za-z0-9_]/g, "_");
  const clean = (node) => {
    if (Array.isArray(node)) return node.map(clean);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => k !== "description" && k !== "$schema")
        .map(([k, v]) => {
          if (k === "$ref") return [k, `#/definitions/${safe(decodeURIComponent(v.slice("#/definitions/".length)))}`];
          if (k === "definitions" || k === "properties") {
            return [
              k,
              Object.fromEntries(Object.entries(v).map(([n, d]) => [k === "definitions" ? safe(n) : n, clean(d)])),
            ];
          }
          return [k, clean(v)];
        }),
    );
  };
  const schema = clean(raw);
  schema.definitions.StateJson.additionalProperties = false;
  schema.definitions.StateJson.properties.webhooks.additionalProperties = false;
  const stateBanner = `/**
 * DO NOT EDIT: generated from the types of packages/fake/src/host/state-json.ts by typescript-json-schema
 * (npm run generate). Change the types and regenerate; CI fails when this file is stale (npm run check:generated).
 */

`;
  const stateSource = `${stateBanner}/** The JSON Schema of a state file's \`fake\` data (FakeDataJson), with every definition it refers to. */
export const FAKE_DATA_SCHEMA: Record<string, unknown> = ${JSON.stringify(schema, null, 2)};
`;
  emit("packages/fake/src/host/generated/state-schema.ts", stateSource);
}

// Also generates packages/fake-server/src/server/generated/documents.ts (the text of openapi.yaml and of
// packages/fake/control-openapi.yaml, which the standalone server serves at /_fake/openapi.yaml and
// /_fake/control-openapi.yaml from any build, the bundled CLI included) and packages/fake/src/control/generated/
// package-version.ts (the version `GET /_fake/health` reports; `npm run version-packages` regenerates it).
{
  const banner = (from) => `/**
 * DO NOT EDIT: generated from ${from} (npm run generate). CI fails when this file is stale (npm run check:generated).
 */

`;
  const outputs = [
    {
      path: "packages/fake-server/src/server/generated/documents.ts",
      source: `${banner("openapi.yaml and packages/fake/control-openapi.yaml")}/** The text of openapi.yaml: the API's contract. */
export const OPENAPI_YAML: string = ${JSON.stringify(readFileSync(here("openapi.yaml"), "utf8"))};

/** The text of packages/fake/control-openapi.yaml: the test-control endpoints. */
export const CONTROL_OPENAPI_YAML: string = ${JSON.stringify(readFileSync(here("packages/fake/control-openapi.yaml"), "utf8"))};
`,
    },
    {
      path: "packages/fake/src/control/generated/package-version.ts",
      source: `${banner("packages/fake/package.json")}/** The version of @dispatchkit/fake. */
export const PACKAGE_VERSION = ${JSON.stringify(JSON.parse(readFileSync(here("packages/fake/package.json"), "utf8")).version)};
`,
    },
  ];
  for (const { path, source } of outputs) emit(path, source);
}
