/**
 * The OpenAPI documents' schemas compiled once, not in every test file: ajv's standalone code generation writes
 * one CommonJS module per document (every `…/content/application~1json/schema` and every component schema) and
 * the parsed document as JSON into `node_modules/.cache/dispatchkit-tests/`, named by a hash of the YAML, this
 * file and the versions of ajv and ajv-formats. A test file then loads them in milliseconds instead of parsing the
 * YAML and compiling with ajv (0.8–2 s a file). The vitest projects' globalSetup builds them before any worker
 * starts; a file run some other way builds them on first use.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";

type Json = Record<string, unknown>;

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE_DIR = join(ROOT, "node_modules/.cache/dispatchkit-tests");
const SELF = fileURLToPath(import.meta.url);

/** The two documents the tests validate against, by the name problems report. */
export const DOCUMENTS = {
  "openapi.yaml": join(ROOT, "openapi.yaml"),
  "control-openapi.yaml": join(ROOT, "packages/fake/control-openapi.yaml"),
} as const;

/** One document's name as problems report it (`openapi.yaml`, `control-openapi.yaml`). */
export type DocumentName = keyof typeof DOCUMENTS;

/** A parsed document with its schemas compiled ahead, by JSON pointer (`/components/schemas/Order`). */
export interface CompiledDocument {
  readonly spec: Json;
  readonly validators: ReadonlyMap<string, ValidateFunction>;
}

/** The ajv options every validator of the documents uses, compiled ahead or on demand. */
export const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: true } as const;

const escapePointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every pointer a validator asks for: JSON bodies of responses and requests, and every component schema. */
function pointersOf(spec: Json): string[] {
  const found: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (node === null || typeof node !== "object") return;
    if (pointer.endsWith("/content/application~1json/schema")) found.push(pointer);
    for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${escapePointer(key)}`);
  };
  walk(spec.paths, "/paths");
  walk(spec.components, "/components");
  const schemas = ((spec.components as Json | undefined)?.schemas ?? {}) as Json;
  for (const name of Object.keys(schemas)) found.push(`/components/schemas/${escapePointer(name)}`);
  return [...new Set(found)];
}

function cacheFiles(name: DocumentName): { code: string; json: string; text: string } {
  const text = readFileSync(DOCUMENTS[name], "utf8");
  const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  const hash = createHash("sha256")
    .update(text)
    .update(readFileSync(SELF))
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
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const addFormats = require("ajv-formats") as typeof import("ajv-formats").default;
  const standaloneCode = require("ajv/dist/standalone/index.js")
    .default as typeof import("ajv/dist/standalone").default;
  const spec = parse(files.text) as Json;
  const ajv = new Ajv2020({ ...AJV_OPTIONS, inlineRefs: false, code: { source: true } });
  addFormats(ajv);
  ajv.addSchema({ $id: "spec", components: spec.components, paths: spec.paths }, "spec");
  const pointers = pointersOf(spec);
  const exports: Record<string, string> = {};
  pointers.forEach((pointer, i) => {
    ajv.addSchema({ $ref: `spec#${pointer}` }, `v${i}`);
    exports[`v${i}`] = `v${i}`;
  });
  // The JSON first: a reader that finds the module finds the document too.
  writeAtomically(files.json, JSON.stringify({ spec, pointers }));
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
  const { spec, pointers } = JSON.parse(readFileSync(files.json, "utf8")) as { spec: Json; pointers: string[] };
  const module = require(files.code) as Record<string, ValidateFunction>;
  const validators = new Map<string, ValidateFunction>();
  pointers.forEach((pointer, i) => {
    const validate = module[`v${i}`];
    if (validate) validators.set(pointer, validate);
  });
  return { spec, validators };
}
