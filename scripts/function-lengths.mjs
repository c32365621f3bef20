#!/usr/bin/env node
// Function lengths of the hand-written package sources, counted with the TypeScript parser.
//
// A function is any function-like node: function declarations and expressions, arrow functions, methods,
// constructors and accessors. Its length is the number of lines from its first token (after any leading comment)
// to its last, both included, so a nested function counts inside its parent as well as on its own.
//
//   node scripts/function-lengths.mjs            check: fail when a function runs over 100 lines, or a composition
//                                                 root (createFake, createRouter) 60 or more
//   node scripts/function-lengths.mjs --top 20    list the 20 longest functions (no check)
//
// What it reads: packages/*/src/**/*.ts, except generated code (`generated/` folders), tests (*.test.ts,
// *.test-d.ts) and the folders listed in EXCLUDED below. `npm run lint` runs the check.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
export const MAX_LINES = 100;
export const MAX_ROOT_LINES = 60;

/** Composition roots: functions that only wire parts together, kept short enough to read whole. */
export const COMPOSITION_ROOTS = [
  { file: "packages/fake/src/fake.ts", name: "createFake" },
  { file: "packages/fake/src/http/router.ts", name: "createRouter" },
  { file: "packages/fake-server/src/server/server.ts", name: "startServer" },
  { file: "packages/fake-server/src/cli/main.ts", name: "main" },
];

// Nothing is left out beyond generated code and tests.
const EXCLUDED = [];

// Functions still over the limit, to split (file and name); the list only shrinks.
const PENDING = new Set();

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "generated" || entry.name === "node_modules") continue;
      found.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      found.push(path);
    }
  }
  return found;
}

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** Every function-like node of one file with its length in lines. */
export function functionLengths(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: functionName(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function allFunctions() {
  const packages = join(root, "packages");
  const functions = [];
  for (const pkg of readdirSync(packages)) {
    let files;
    try {
      files = sourceFiles(join(packages, pkg, "src"));
    } catch {
      continue;
    }
    for (const path of files) {
      const file = relative(root, path).split("\\").join("/");
      functions.push(...functionLengths(file, readFileSync(path, "utf8")));
    }
  }
  return functions.sort((a, b) => b.lines - a.lines);
}

function main(args) {
  const functions = allFunctions();
  const topAt = args.indexOf("--top");
  if (topAt !== -1) {
    const count = Number(args[topAt + 1] ?? 20);
    for (const f of functions.slice(0, count))
      console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line} ${f.name}`);
    return 0;
  }
  const problems = [];
  for (const f of functions) {
    if (PENDING.has(`${f.file} ${f.name}`)) continue;
    if (f.lines > MAX_LINES && !EXCLUDED.some((prefix) => f.file.startsWith(prefix))) {
      problems.push(`${f.file}:${f.line} ${f.name} runs ${f.lines} lines (at most ${MAX_LINES})`);
    }
  }
  for (const { file, name } of COMPOSITION_ROOTS) {
    if (PENDING.has(`${file} ${name}`)) continue;
    const found = functions.filter((f) => f.file === file && f.name === name);
    if (found.length === 0) problems.push(`${file}: composition root ${name} not found (update COMPOSITION_ROOTS)`);
    for (const f of found) {
      if (f.lines >= MAX_ROOT_LINES) {
        problems.push(
          `${f.file}:${f.line} ${name} runs ${f.lines} lines (a composition root: under ${MAX_ROOT_LINES})`,
        );
      }
    }
  }
  if (problems.length > 0) {
    console.error(`Functions to split (scripts/function-lengths.mjs):\n  ${problems.join("\n  ")}`);
    return 1;
  }
  console.log(
    `function lengths: none over ${MAX_LINES} lines (${PENDING.size} still to split), composition roots under ${MAX_ROOT_LINES} lines`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
