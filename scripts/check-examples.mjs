#!/usr/bin/env node
// Type-checks every TypeScript example users may copy: the ```ts / ```typescript / ```tsx blocks of README.md,
// docs/*.md (not docs/decisions) and packages/*/README.md, and the `@example` blocks of packages/sdk/src/**/*.ts.
// Each example becomes a module of its own in node_modules/.cache/ (inside the repository, ignored by git) with the
// packages' exports it names but does not import brought in (from @dispatchkit/sdk, then @dispatchkit/fake,
// @dispatchkit/fake/node, @dispatchkit/fake-server, @dispatchkit/optimizer and @dispatchkit/conformance) and a prelude of ambient
// declarations for the context a snippet assumes (`client`, `fake`, `workspaceUuid`, `db`…); tsc compiles them
// against the packages' sources with the repository's strict settings. Errors are reported at the example's own file and line.
//
// A block that goes on from the one before it (a guide's steps: the names an earlier step defined) says so on the
// line before its fence, and is compiled in one module with the blocks it continues:
//   <!-- check:continues -->
// A block that is deliberately partial opts out with a marker on the line before its fence, which must say why:
//   <!-- check:skip the reason -->
// A README block marked `<!-- consumer-test: … msw@N -->` for the msw major the repository does not install is
// skipped here: the consumer test (scripts/consumer-test.mjs) compiles and runs it under that major.
//
// The guides in SELF_CONTAINED get no imports added: their blocks must import what they use, as a reader copies them.
// Two self-checks keep it honest: the guides below must still have their number of examples (so a broken fence
// cannot hide them), and a deliberately broken copy of docs/testing-control.md's first example must fail to compile.
// The guides' runnable code is also run: see CONTRIBUTING.md ("Code blocks in the docs").
//
// Run: npm run typecheck (its last step), or node scripts/check-examples.mjs (exit code 1 when an example does not
// compile, a skip has no reason, a pinned count changed, or the broken example compiles)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "node_modules", ".cache", "check-examples");
/** The modules an example may name exports of without importing them, in the order a name is looked up. */
const MODULES = [
  { specifier: "@dispatchkit/sdk", file: join(root, "packages", "sdk", "src", "index.ts") },
  { specifier: "@dispatchkit/fake", file: join(root, "packages", "fake", "src", "index.ts") },
  { specifier: "@dispatchkit/fake/node", file: join(root, "packages", "fake", "src", "node.ts") },
  { specifier: "@dispatchkit/fake-server", file: join(root, "packages", "fake-server", "src", "index.ts") },
  { specifier: "@dispatchkit/optimizer", file: join(root, "packages", "optimizer", "src", "index.ts") },
  { specifier: "@dispatchkit/conformance", file: join(root, "packages", "conformance", "src", "index.ts") },
];
/** Test-runner and msw names a test snippet uses as a test file would import them. */
const TEST_MODULES = [
  { specifier: "msw", names: ["http", "HttpResponse", "delay"].map((name) => ({ name, value: true })) },
  { specifier: "msw/node", names: [{ name: "setupServer", value: true }] },
  {
    specifier: "vitest",
    names: ["describe", "it", "test", "expect", "vi", "beforeAll", "beforeEach", "afterAll", "afterEach"].map(
      (name) => ({ name, value: true }),
    ),
  },
];
/** Guides whose blocks import every package name they use themselves: no import is added to them. */
const SELF_CONTAINED = ["docs/testing-control.md", "docs/conformance.md"];
/** Guides whose number of compiled examples is pinned. */
const PINNED_COUNTS = { "docs/testing-control.md": 8, "docs/conformance.md": 1 };
/** The self-check: this file's example, broken, must fail with this error. */
const BROKEN = {
  file: "docs/testing-control.md",
  append: 'await fake.advance("one hour");',
  error: /TS2345: Argument of type 'string' is not assignable to parameter of type 'number'/,
  name: "broken-on-purpose.ts",
};
const mswMajor = Number(
  JSON.parse(readFileSync(join(root, "node_modules", "msw", "package.json"), "utf8")).version.split(".")[0],
);

/** Each module's exports, each marked value or type-only, read with the compiler (what `import { … }` may name). */
function moduleExports() {
  const program = ts.createProgram(
    MODULES.map((m) => m.file),
    { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  );
  const checker = program.getTypeChecker();
  return MODULES.map(({ specifier, file }) => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`Failed to read the exports of ${file}`);
    const names = checker.getExportsOfModule(module).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return { name: symbol.name, value: (target.flags & ts.SymbolFlags.Value) !== 0 };
    });
    return { specifier, names };
  }).concat(TEST_MODULES);
}

/**
 * The ```ts / ```typescript / ```tsx blocks of a Markdown file, with the line each starts on, and `skip` (the
 * reason) for a block opted out by the marker on the line before its fence.
 */
function markdownExamples(file) {
  const lines = readFileSync(file, "utf8").split("\n");
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(ts|typescript|tsx)\s*$/.exec(lines[i] ?? "");
    if (!fence) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? "")) end++;
    const before = lines[i - 1] ?? "";
    const where = `${relative(root, file)}:${start}`;
    let skip;
    const marker = /^<!--\s*check:skip\b(.*?)-->\s*$/.exec(before);
    if (marker) {
      skip = (marker[1] ?? "").trim();
      if (!skip) throw new Error(`Failed to read ${where}: <!-- check:skip --> needs a reason`);
    }
    const consumer = /^<!-- consumer-test: \w+ msw@(\d+) -->$/.exec(before);
    if (consumer && Number(consumer[1]) !== mswMajor) {
      skip = `msw ${consumer[1]} only: the consumer test compiles and runs it under msw ${consumer[1]}`;
    }
    const continues = /^<!--\s*check:continues\s*-->\s*$/.test(before);
    const code = lines.slice(start, end).join("\n");
    found.push({ file, line: start + 1, code, tsx: fence[1] === "tsx", skip, continues });
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

/** Names an example imports itself (from any module). */
function importedNames(code) {
  const imported = new Set();
  for (const match of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["'][^"']+["']/g)) {
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
  for (const match of code.matchAll(/import\s+(?:type\s+)?([\w$]+)\s*(?:,|from)/g)) imported.add(match[1]);
  return imported;
}

/** The import lines that bring in the packages' names an example uses but neither imports nor declares itself. */
function autoImport(code, modules) {
  const imported = importedNames(code);
  const lines = [];
  for (const { specifier, names } of modules) {
    const wanted = names.filter(({ name }) => {
      if (imported.has(name)) return false;
      if (!new RegExp(`(?<![.\\w$])${escapeName(name)}(?![\\w$])`).test(code)) return false;
      const declared = new RegExp(`(?:const|let|var|function|class|type|interface)\\s+${escapeName(name)}(?![\\w$])`);
      return !declared.test(code);
    });
    for (const { name } of wanted) imported.add(name);
    if (wanted.length === 0) continue;
    const list = wanted.map(({ name, value }) => (value ? name : `type ${name}`));
    lines.push(`import { ${list.join(", ")} } from "${specifier}";`);
  }
  return lines.join(" ");
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
  /** A fake, as \`createFake\` returns it. */
  const fake: import("@dispatchkit/fake").Fake;
  /** msw's server in a test file, as \`setupServer(...fake.handlers)\` returns it. */
  const server: import("msw/node").SetupServer;
  /** A routing problem, as the optimizer takes it. */
  const problem: import("@dispatchkit/optimizer").Problem;
  /** Your own travel matrices (recorded from a routing engine). */
  const myRecordedMatrix: NonNullable<import("@dispatchkit/fake").FakeOptions["travel"]>;
}

export {};
`;

const modules = moduleExports();
const markdownFiles = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => join(root, "docs", name)),
  ...readdirSync(join(root, "packages"))
    .sort()
    .map((name) => join(root, "packages", name, "README.md"))
    .filter((file) => existsSync(file)),
];
const all = [
  ...markdownFiles.flatMap(markdownExamples),
  ...walk(join(root, "packages", "sdk", "src")).flatMap(sourceExamples),
];
const examples = all.filter((example) => example.skip === undefined);
const skipped = all.filter((example) => example.skip !== undefined);

/** One module per example, except that an example marked `check:continues` joins the module before it. */
const chains = [];
for (const example of examples) {
  const previous = chains.at(-1);
  if (example.continues) {
    if (!previous || previous[0].file !== example.file) {
      throw new Error(`Failed to read ${relative(root, example.file)}:${example.line}: nothing before it to continue`);
    }
    previous.push(example);
  } else chains.push([example]);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "prelude.d.ts"), PRELUDE);

/** Generated file name → the examples in it, each with the generated line it starts on. */
const origins = new Map();
chains.forEach((chain, i) => {
  const name = `example-${String(i + 1).padStart(3, "0")}.${chain.some((e) => e.tsx) ? "tsx" : "ts"}`;
  const code = chain.map((e) => e.code).join("\n");
  const from = relative(root, chain[0].file);
  const imports = SELF_CONTAINED.includes(from) ? "" : autoImport(code, modules);
  const header = [`// ${from}:${chain[0].line}`, imports, "export {};"];
  let next = header.length + 1;
  const segments = chain.map((example) => {
    const segment = { example, first: next };
    next += example.code.split("\n").length;
    return segment;
  });
  writeFileSync(join(out, name), `${header.join("\n")}\n${code}\n`);
  origins.set(name, segments);
});

const brokenChain = chains.find((chain) => relative(root, chain[0].file) === BROKEN.file);
if (!brokenChain) throw new Error(`Failed to find an example in ${BROKEN.file} for the self-check`);
const brokenCode = `${brokenChain.map((e) => e.code).join("\n")}\n${BROKEN.append}`;
writeFileSync(join(out, BROKEN.name), `${autoImport(brokenCode, modules)}\nexport {};\n${brokenCode}\n`);

writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify(
    {
      extends: relative(out, join(root, "tsconfig.base.json")),
      compilerOptions: {
        types: ["node"],
        typeRoots: [join(root, "node_modules", "@types")],
        paths: Object.fromEntries(MODULES.map((m) => [m.specifier, [m.file]])),
        jsx: "preserve",
        noEmit: true,
      },
      files: ["prelude.d.ts", ...origins.keys(), BROKEN.name],
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
const lines = `${tsc.stdout}${tsc.stderr}`.split("\n").filter(Boolean);
const brokenErrors = lines.filter((line) => line.includes(BROKEN.name));
const report = lines
  .filter((line) => !line.includes(BROKEN.name))
  .map((line) => {
    const match = /^(?:.*[\\/])?(example-\d+\.tsx?)\((\d+),(\d+)\): (.*)$/.exec(line);
    const segments = match && origins.get(match[1]);
    if (!match || !segments) return line;
    const generated = Number(match[2]);
    const segment = segments.findLast((s) => s.first <= generated) ?? segments[0];
    const at = generated - segment.first + segment.example.line;
    const file = relative(root, segment.example.file);
    return `${file}:${at}:${match[3]} ${match[4]}   [${relative(root, join(out, match[1]))}]`;
  });

const counts = new Map();
for (const example of examples) {
  const file = relative(root, example.file);
  counts.set(file, (counts.get(file) ?? 0) + 1);
}
const perFile = [...counts].map(([file, n]) => `${file} ${n}`).join(", ");
const selfCheck = [
  ...Object.entries(PINNED_COUNTS)
    .filter(([file, n]) => counts.get(file) !== n)
    .map(([file, n]) => `${file}: expected ${n} examples, found ${counts.get(file) ?? 0}`),
  ...(brokenErrors.some((line) => BROKEN.error.test(line))
    ? []
    : [`the broken copy of ${BROKEN.file}'s first example compiled (or failed otherwise): ${brokenErrors.join(" ")}`]),
];
if (selfCheck.length > 0) {
  console.error(`Failed to check the examples' checker:\n  ${selfCheck.join("\n  ")}`);
  process.exit(1);
}
if (report.length > 0 || tsc.status === null) {
  console.error(report.join("\n"));
  console.error(`\n${examples.length} examples checked (${skipped.length} skipped): the ones above do not compile`);
  process.exit(1);
}
for (const example of skipped) {
  console.log(`skipped ${relative(root, example.file)}:${example.line}: ${example.skip}`);
}
console.log(`${examples.length} examples type-check, ${skipped.length} skipped (${perFile})`);
