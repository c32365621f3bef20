#!/usr/bin/env node
// Type-checks every TypeScript example of the SDK: the ```ts blocks of docs/sdk.md and packages/sdk/README.md, and
// the `@example` blocks of packages/sdk/src/**/*.ts. Each example becomes a module in node_modules/.cache/ (inside
// the repository, ignored by git) with the SDK's exports it names imported and a prelude of ambient declarations
// for the context a snippet assumes (`client`, `workspaceUuid`, `db`…); tsc compiles them against the SDK's
// sources with the repository's strict settings. Errors are reported at the example's own file and line.
//
// Run: node scripts/check-examples.mjs   (exit code 1 when an example does not compile)
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "node_modules", ".cache", "check-examples");
const sdkIndex = join(root, "packages", "sdk", "src", "index.ts");

/** The SDK's exports, each marked value or type-only, read with the compiler (what `import { … }` may name). */
function sdkExports() {
  const program = ts.createProgram([sdkIndex], { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(sdkIndex);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`Failed to read the exports of ${sdkIndex}`);
  return checker.getExportsOfModule(module).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return { name: symbol.name, value: (target.flags & ts.SymbolFlags.Value) !== 0 };
  });
}

/** ```ts blocks of a Markdown file, with the line each starts on. */
function markdownExamples(file) {
  const lines = readFileSync(file, "utf8").split("\n");
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? "")) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? "")) end++;
    found.push({ file, line: start + 1, code: lines.slice(start, end).join("\n") });
    i = end;
  }
  return found;
}

/** The ```ts blocks after `@example` in the doc comments of a source file. */
function sourceExamples(file) {
  const lines = readFileSync(file, "utf8").split("\n");
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\*\s*@example\b/.test(lines[i] ?? "")) continue;
    let open = i + 1;
    while (open < lines.length && !/^\s*\*\s*```(ts|typescript)\s*$/.test(lines[open] ?? "")) {
      if (/^\s*\*\/|^\s*\*\s*@/.test(lines[open] ?? "")) break;
      open++;
    }
    if (!/```(ts|typescript)/.test(lines[open] ?? ""))
      throw new Error(`${file}:${i + 1}: @example without a \`\`\`ts block`);
    let close = open + 1;
    while (close < lines.length && !/^\s*\*\s*```\s*$/.test(lines[close] ?? "")) close++;
    const code = lines
      .slice(open + 1, close)
      .map((line) => line.replace(/^\s*\* ?/, ""))
      .join("\n");
    found.push({ file, line: open + 2, code });
    i = close;
  }
  return found;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : walk(path);
    return entry.name.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

const escapeName = (name) => name.replace(/[$]/g, "\\$");

/** The import line that brings in the SDK names an example uses but neither imports nor declares itself. */
function autoImport(code, exports) {
  const imported = new Set();
  for (const match of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["']@dispatchkit\/sdk["']/g)) {
    for (const part of (match[1] ?? "").split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) imported.add(name);
    }
  }
  const wanted = exports.filter(({ name }) => {
    if (imported.has(name)) return false;
    if (!new RegExp(`(?<![.\\w$])${escapeName(name)}(?![\\w$])`).test(code)) return false;
    const declared = new RegExp(`(?:const|let|var|function|class|type|interface)\\s+${escapeName(name)}(?![\\w$])`);
    return !declared.test(code);
  });
  if (wanted.length === 0) return "";
  const names = wanted.map(({ name, value }) => (value ? name : `type ${name}`));
  return `import { ${names.join(", ")} } from "@dispatchkit/sdk";`;
}

/** Ambient context the snippets take for granted: declared, never run. */
const PRELUDE = `import type { DispatchClient, Order, Route, WebhookEvent, Action, ApiError, ValidationError } from "@dispatchkit/sdk";

declare global {
  /** A client, as \`createClient\` returns it. */
  const client: DispatchClient;
  const baseUrl: string;
  const token: string;
  const workspaceUuid: string;
  const orderUuid: string;
  const routeUuid: string;
  const uuid: string;
  const uuids: string[];
  const date: string;
  const order: Omit<Order, "uuid" | "orderNumber" | "status" | "createdAt" | "updatedAt"> & { locations: { address: string }[] };
  const signal: AbortSignal;
  /** Some error caught in a \`catch\`. */
  const error: unknown;
  const apiError: ApiError;
  const validationError: ValidationError;
  const connectionError: import("@dispatchkit/sdk").ConnectionError;
  /** Your storage, where a resumable wait keeps its \`actionUuid\`. */
  const db: { save(key: string, value: string): Promise<void>; load(key: string): Promise<string> };
  const session: { token: string };
  const auth: { getSession(): Promise<{ accessToken: string }> };
  function refreshSession(): Promise<{ token: string }>;
  function refreshToken(): Promise<string>;
  function redirectToLogin(): void;
  function showOfflineBanner(): void;
  function checkClock(): void;
  function sleep(ms: number): Promise<void>;
  const metrics: { timing(name: string, ms: number, tags: Record<string, string>): void };
  /** A webhook delivery as a Node server sees it. */
  const rawBody: string;
  const headers: Record<string, string | string[] | undefined>;
  const secret: string;
  const newSecret: string;
  const oldSecret: string;
  const req: { body: Buffer; headers: Record<string, string | string[] | undefined> };
  const res: { status(code: number): { send(body: string): void }; sendStatus(code: number): void };
  /** An Express app and its raw-body parser, reduced to what the examples use. */
  const app: {
    post(path: string, parser: unknown, handler: (req: { body: Buffer; headers: Record<string, string | string[] | undefined> }, res: { status(code: number): { send(body: string): void }; sendStatus(code: number): void }) => Promise<unknown>): void;
  };
  const express: { raw(options: { type: string }): unknown };
  const accepted: Action;
  /** An event as a delivery carries it. */
  const webhookEvent: WebhookEvent;
  const fake: { clock: { advance(ms: number): void } };
}

export {};
`;

const exports = sdkExports();
const examples = [
  ...markdownExamples(join(root, "docs", "sdk.md")),
  ...markdownExamples(join(root, "packages", "sdk", "README.md")),
  ...walk(join(root, "packages", "sdk", "src")).flatMap(sourceExamples),
];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "prelude.d.ts"), PRELUDE);

/** Generated file name → where its example sits, and how many lines were put in front of it. */
const origins = new Map();
examples.forEach((example, i) => {
  const name = `example-${String(i + 1).padStart(3, "0")}.ts`;
  const header = [
    `// ${relative(root, example.file)}:${example.line}`,
    autoImport(example.code, exports),
    "export {};",
  ];
  writeFileSync(join(out, name), `${header.join("\n")}\n${example.code}\n`);
  origins.set(name, { ...example, offset: header.length });
});

writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify(
    {
      extends: relative(out, join(root, "tsconfig.base.json")),
      compilerOptions: {
        types: ["node"],
        typeRoots: [join(root, "node_modules", "@types")],
        paths: { "@dispatchkit/sdk": [sdkIndex] },
        noEmit: true,
      },
      files: ["prelude.d.ts", ...origins.keys()],
    },
    null,
    2,
  ),
);

const tsc = spawnSync(
  process.execPath,
  [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", out, "--pretty", "false"],
  {
    encoding: "utf8",
  },
);
const report = `${tsc.stdout}${tsc.stderr}`
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const match = /^(?:.*[\\/])?(example-\d+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line);
    const origin = match && origins.get(match[1]);
    if (!match || !origin) return line;
    const at = Number(match[2]) - origin.offset - 1 + origin.line;
    return `${relative(root, origin.file)}:${at}:${match[3]} ${match[4]}   [${relative(root, join(out, match[1]))}]`;
  });

if (tsc.status !== 0) {
  console.error(report.join("\n"));
  console.error(`\n${examples.length} examples checked: the ones above do not compile`);
  process.exit(1);
}
console.log(
  `${examples.length} examples type-check (docs/sdk.md, packages/sdk/README.md, @example in packages/sdk/src)`,
);
