/**
 * The OpenAPI documents as the conformance package's validator reads them (a `ContractDocument`: each operation's
 * declared statuses with their JSON body schemas, the component schemas; here also each operation's JSON request
 * body schema), with every schema compiled once, not in every test file: ajv's standalone code generation, on the
 * conformance validator's own ajv (`createContractAjv`), writes one CommonJS module per document and the document as
 * JSON into `node_modules/.cache/dispatchkit-tests/`, named by a hash of the YAML, this file, the conformance
 * validator, the document reader (scripts/contract-document.mjs) and the versions of ajv and ajv-formats. A test file then loads them in milliseconds instead of parsing
 * the YAML and compiling with ajv (0.8–2 s a file). The vitest projects' globalSetup builds them before any worker
 * starts; a file run some other way builds them on first use.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import { createContractAjv, rebasedSchema, schemaKey } from "../../packages/conformance/src/contract-schemas.js";
import { type TestedDocument, toContractDocument } from "../../scripts/contract-document.mjs";

type Json = Record<string, unknown>;

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE_DIR = join(ROOT, "node_modules/.cache/dispatchkit-tests");
const SELF = fileURLToPath(import.meta.url);
const VALIDATOR = join(ROOT, "packages/conformance/src/contract-schemas.ts");
const READER = join(ROOT, "scripts/contract-document.mjs");

/** The two documents the tests validate against, by the name problems report. */
const DOCUMENTS = {
  "openapi.yaml": join(ROOT, "openapi.yaml"),
  "control-openapi.yaml": join(ROOT, "packages/fake/control-openapi.yaml"),
} as const;

/** One document's name as problems report it (`openapi.yaml`, `control-openapi.yaml`). */
export type DocumentName = keyof typeof DOCUMENTS;

/** A contract document with each operation's JSON request body schema (scripts/contract-document.mjs). */
export type { TestedDocument };

/** A parsed document, as the conformance validator reads it, with its schemas compiled ahead (by schema key). */
export interface CompiledDocument {
  readonly spec: Json;
  readonly document: TestedDocument;
  readonly validators: ReadonlyMap<string, ValidateFunction>;
}

/** The document of a parsed OpenAPI file, as the conformance validator reads it (and as the generator writes it). */
export const toTestedDocument: (spec: Json) => TestedDocument = toContractDocument;

/** Every schema a validator of the document asks for: answers, requests, and each component schema by `$ref`. */
function keysOf(document: TestedDocument): string[] {
  const keys = new Set<string>();
  for (const methods of Object.values(document.operations)) {
    for (const responses of Object.values(methods)) {
      for (const schema of Object.values(responses)) if (schema !== null) keys.add(schemaKey(schema));
    }
  }
  for (const methods of Object.values(document.requests)) {
    for (const schema of Object.values(methods)) keys.add(schemaKey(schema));
  }
  for (const name of Object.keys(document.schemas)) keys.add(schemaKey({ $ref: `#/components/schemas/${name}` }));
  return [...keys];
}

function cacheFiles(name: DocumentName): { code: string; json: string; text: string } {
  const text = readFileSync(DOCUMENTS[name], "utf8");
  const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  const hash = createHash("sha256")
    .update(text)
    .update(readFileSync(SELF))
    .update(readFileSync(VALIDATOR))
    .update(readFileSync(READER))
    .update(`${versionOf("ajv")} ${versionOf("ajv-formats")}`)
    .digest("hex")
    .slice(0, 16);
  const base = join(CACHE_DIR, `${name.replace(/\.yaml$/, "")}-${hash}`);
  return { code: `${base}.cjs`, json: `${base}.json`, text };
}

/** Write `content` so a concurrent reader sees either nothing or the whole file. */
function writeAtomically(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

function build(files: ReturnType<typeof cacheFiles>): void {
  const { parse } = require("yaml") as typeof import("yaml");
  const standaloneCode = require("ajv/dist/standalone/index.js")
    .default as typeof import("ajv/dist/standalone").default;
  const spec = parse(files.text) as Json;
  const document = toTestedDocument(spec);
  // The conformance validator's own ajv (options, formats, the document's schemas), made to emit code.
  const ajv = createContractAjv(document.schemas, { code: { source: true } });
  const keys = keysOf(document);
  const exports: Record<string, string> = {};
  keys.forEach((key, i) => {
    ajv.addSchema(rebasedSchema(key) as object, `v${i}`);
    exports[`v${i}`] = `v${i}`;
  });
  // The JSON first: a reader that finds the module finds the document too.
  writeAtomically(files.json, JSON.stringify({ spec, document, keys }));
  writeAtomically(files.code, standaloneCode(ajv, exports));
  // Older builds of the same document are stale: leave only this one.
  const prefix = `${basename(files.code).replace(/-[0-9a-f]+\.cjs$/, "")}-`;
  for (const file of readdirSync(CACHE_DIR)) {
    const current = files.code.endsWith(file) || files.json.endsWith(file);
    if (file.startsWith(prefix) && !current && !file.endsWith(".tmp")) {
      rmSync(join(CACHE_DIR, file), { force: true });
    }
  }
}

/** Build the cached modules of both documents if they are missing (the projects' globalSetup calls this). */
export function buildCompiledDocuments(): void {
  for (const name of Object.keys(DOCUMENTS) as DocumentName[]) loadFiles(name);
}

function loadFiles(name: DocumentName): ReturnType<typeof cacheFiles> {
  const files = cacheFiles(name);
  if (!existsSync(files.code)) build(files);
  return files;
}

/** One document parsed, with its schemas compiled ahead (built and cached on first use). */
export function compiledDocument(name: DocumentName): CompiledDocument {
  const files = loadFiles(name);
  const { spec, document, keys } = JSON.parse(readFileSync(files.json, "utf8")) as {
    spec: Json;
    document: TestedDocument;
    keys: string[];
  };
  const module = require(files.code) as Record<string, ValidateFunction>;
  const validators = new Map<string, ValidateFunction>();
  keys.forEach((key, i) => {
    const validate = module[`v${i}`];
    if (validate) validators.set(key, validate);
  });
  return { spec, document, validators };
}
