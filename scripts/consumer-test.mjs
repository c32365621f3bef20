#!/usr/bin/env node
// The packed packages as users install them, on the Node versions users have (run after `npm run build`):
// `npm pack` the five packages, then for each Node version create a fresh project in a temp dir, install the
// tarballs with msw (2 on Node 20, 3 from Node 22.12, as npm picks them) and vitest from the registry, and run
//   (a) an ESM consumer and (b) a CommonJS consumer (scripts/consumer/esm.mjs, cjs.cjs),
//   (c) a vitest suite using setupServer(...fake.handlers) with the SDK (scripts/consumer/msw.test.ts),
//   (d) the code blocks of the packages' READMEs marked `<!-- consumer-test: ... -->`,
//   (e) the repository's examples as users copy them: examples/dispatch-app (its vitest suite, the app tested
//       against the fake through MSW) and examples/commonjs (a "type": "commonjs" package, its node:test suite),
// and type-check them all with TypeScript (module nodenext, strict: the ESM and the CommonJS declarations).
// Once, first: a fresh project that installs only the fake's tarball (and its dependencies' tarballs) holds no ajv,
// no @dispatchkit/conformance or fake-server, and none of the server's files (docs/decisions/0017-server-package.md).
//
// Node 20 is the machine's; other versions come from the registry's node-<platform>-<arch> packages, installed
// once per run into a temp dir (CONSUMER_TEST_NODE_CACHE=<dir> keeps them between runs). Each project's npm
// install and every command run with that version's `node` first on PATH.
//
//   node scripts/consumer-test.mjs                         # the machine's Node, 22 and 24
//   CONSUMER_TEST_NODES="20.19.0 22.12.0" node scripts/consumer-test.mjs
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const fixtures = join(root, "scripts", "consumer");
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), "dispatchkit-consumer-"));
const nodeCache = process.env.CONSUMER_TEST_NODE_CACHE ?? join(work, "node");
const targets = (process.env.CONSUMER_TEST_NODES ?? "system 22 24").split(/[\s,]+/).filter(Boolean);
const keep = process.env.CONSUMER_TEST_KEEP === "1";
const TYPESCRIPT = "typescript@~5.9.3";

/**
 * Copy an example's `src` and `test` into the project, under a folder of its name; a package.json there gives it
 * its module type ("commonjs" for examples/commonjs), so Node and TypeScript read its files as it declares.
 */
function copyExample(name, project) {
  const from = join(root, "examples", name);
  const to = join(project, name);
  for (const dir of ["src", "test"]) cpSync(join(from, dir), join(to, dir), { recursive: true });
  const { type } = JSON.parse(readFileSync(join(from, "package.json"), "utf8"));
  writeFileSync(join(to, "package.json"), `${JSON.stringify({ private: true, type }, null, 2)}\n`);
}

/** The environment of every child: no npm_* variables of an enclosing `npm run` (they would point npm at the repo). */
function childEnv(binDir, extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== "INIT_CWD"));
  return {
    ...env,
    PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`,
    NO_UPDATE_NOTIFIER: "1",
    NO_COLOR: "1",
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    ...extra,
  };
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** Run a command to completion; throw with its output when it fails. */
function run(command, args, { cwd, env, expectFailure = false }) {
  const since = performance.now();
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (process.env.CONSUMER_TEST_TIMINGS === "1") console.log(`  [${seconds(since)} s] ${command} ${args.join(" ")}`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colors of tools that print them anyway
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.replace(/\x1b\[[0-9;]*m/g, "");
  const failed = result.status !== 0 || result.error !== undefined;
  if (failed !== expectFailure) {
    throw new Error(
      `Failed to run ${command} ${args.join(" ")} in ${cwd}: ${
        expectFailure ? "it succeeded, a failure was expected" : `exit ${result.status} ${result.error ?? ""}`
      }\n${output}`,
    );
  }
  return { stdout: result.stdout ?? "", output };
}

/** Run a command in the background; resolves with its exit status and output. */
function runAsync(command, args, { cwd, env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("close", (status) => resolve({ status, output }));
  });
}

/** Install node-<platform>-<arch>@<spec> into the cache; resolves with the folder holding its `node`. */
async function installNode(spec) {
  const prefix = join(nodeCache, `node-${spec}`);
  const pkg = `node-${process.platform}-${process.arch}`;
  const binDir = join(prefix, "node_modules", pkg, "bin");
  if (!existsSync(join(binDir, "node"))) {
    mkdirSync(prefix, { recursive: true });
    const args = ["install", "--prefix", prefix, "--no-save", "--no-package-lock", `${pkg}@${spec}`];
    const { status, output } = await runAsync("npm", args, { cwd: prefix, env: childEnv(dirname(process.execPath)) });
    if (status !== 0) throw new Error(`Failed to install Node ${spec} (${pkg}@${spec}): exit ${status}\n${output}`);
  }
  return binDir;
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The code blocks of a README marked `<!-- consumer-test: MODE [msw@N] -->` on the line before the fence.
 * MODE `node`: a script (plain JavaScript that is also valid TypeScript), run with node; a line
 * `console.log(...); // X` asserts that the script prints X. MODE `vitest`: a test file, run with vitest.
 * `msw@N`: only under msw N; under the other major it must fail to type-check (the option names differ).
 */
function readmeBlocks(pkgDir) {
  const text = readFileSync(join(root, pkgDir, "README.md"), "utf8");
  const blocks = [];
  const pattern = /<!-- consumer-test: (node|vitest)(?: msw@(\d+))? -->\n```(?:ts|js)\n([\s\S]*?)\n```/g;
  for (const match of text.matchAll(pattern)) {
    const [, mode, msw, code] = match;
    const expected = [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) => m[1].trim());
    blocks.push({ mode, msw: msw === undefined ? undefined : Number(msw), code, expected });
  }
  return blocks;
}

function tsconfig(include) {
  return {
    compilerOptions: {
      // What `tsc --init` (TypeScript 5.9) sets, plus JavaScript checking. The packages' declarations are checked
      // by their own build; checking every library's (@types/node, vite, msw) would take a minute per project.
      module: "nodenext",
      target: "es2022",
      types: ["node"],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      allowJs: true,
      checkJs: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include,
  };
}

// 1. Pack the packages; start fetching the Node versions meanwhile.
const tarballDir = join(work, "tarballs");
mkdirSync(tarballDir);
const nodeDirs = new Map(
  targets.map((t) => [
    t,
    t === "system" ? Promise.resolve(dirname(process.execPath)) : installNode(t).catch((error) => error),
  ]),
);
const packed = JSON.parse(
  run(
    "npm",
    [
      "pack",
      "--json",
      "--pack-destination",
      tarballDir,
      "-w",
      "packages/optimizer",
      "-w",
      "packages/sdk",
      "-w",
      "packages/conformance",
      "-w",
      "packages/fake",
      "-w",
      "packages/fake-server",
    ],
    { cwd: root, env: childEnv(dirname(process.execPath)) },
  ).stdout,
);
const tarballs = packed.map((p) => join(tarballDir, p.filename));
console.log(`packed ${packed.map((p) => `${p.name}@${p.version}`).join(", ")} into ${tarballDir}`);

/**
 * Install the fake alone, as an MSW user does: no validator, no server, no console, no worker scripts, no bin may
 * come with it. The tarballs of its own dependencies (SDK, optimizer) are installed beside it: they are unpublished.
 */
function checkFakeAlone(binDir) {
  const env = childEnv(binDir);
  const project = join(work, "fake-alone");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "fake-alone", private: true }, null, 2)}\n`);
  const only = ["@dispatchkit/fake", "@dispatchkit/sdk", "@dispatchkit/optimizer"];
  const mine = packed.flatMap((p, i) => (only.includes(p.name) ? [tarballs[i]] : []));
  run("npm", ["install", "msw@^2", ...mine], { cwd: project, env });
  const modules = join(project, "node_modules");
  const problems = [];
  for (const name of [
    "ajv",
    "ajv-formats",
    "@dispatchkit/conformance",
    "@dispatchkit/fake-server",
    ".bin/dispatch-fake",
  ]) {
    if (existsSync(join(modules, name))) problems.push(`node_modules/${name} is installed`);
  }
  const dist = join(modules, "@dispatchkit", "fake", "dist");
  for (const file of readdirSync(dist, { recursive: true }).map(String)) {
    if (/^cli\.|^console|worker\.c?js$|^documents-/.test(file)) problems.push(`@dispatchkit/fake ships dist/${file}`);
  }
  assert.deepEqual(problems, [], "installing @dispatchkit/fake alone brings nothing of the server");
  console.log("fake alone: no ajv, no @dispatchkit/conformance or fake-server, no cli, console or worker scripts");
}
checkFakeAlone(await nodeDirs.get(targets[0]));

const readmes = {
  sdk: readmeBlocks("packages/sdk"),
  fake: readmeBlocks("packages/fake"),
  "fake-server": readmeBlocks("packages/fake-server"),
  optimizer: readmeBlocks("packages/optimizer"),
  conformance: readmeBlocks("packages/conformance"),
};
for (const [name, blocks] of Object.entries(readmes)) {
  assert.ok(blocks.length > 0, `packages/${name}/README.md has a code block marked for the consumer test`);
}

const summary = [];
for (const target of targets) {
  const stepStart = performance.now();
  const binDir = await nodeDirs.get(target);
  if (binDir instanceof Error) throw binDir;
  const env = childEnv(binDir);
  const version = run("node", ["--version"], { cwd: work, env }).stdout.trim();
  const [major, minor] = version.slice(1).split(".").map(Number);
  // msw 3 requires Node >= 22.12 (and crashes on 20); vitest 5 likewise. Below that, users get msw 2 and vitest 4.
  const modern = major > 22 || (major === 22 && minor >= 12);
  const mswMajor = modern ? 3 : 2;
  const project = join(work, `consumer-node-${version}`);
  mkdirSync(project);
  console.log(`\n=== Node ${version}: msw ${mswMajor}, in ${project}`);

  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "dispatchkit-consumer", private: true, type: "module" }, null, 2)}\n`,
  );
  // Dev tools first, then the packages: installing the fake into a project that already has msw N is what
  // fails with ERESOLVE when the fake's peer range does not allow N.
  run(
    "npm",
    [
      "install",
      "--save-dev",
      `msw@^${mswMajor}`,
      `vitest@^${modern ? 5 : 4}`,
      TYPESCRIPT,
      `@types/node@^${Math.min(major, 24)}`,
    ],
    { cwd: project, env },
  );
  run("npm", ["install", ...tarballs], { cwd: project, env });
  const mswVersion = JSON.parse(readFileSync(join(project, "node_modules", "msw", "package.json"), "utf8")).version;
  assert.equal(Number(mswVersion.split(".")[0]), mswMajor, `msw ${mswMajor} is installed`);
  run("npm", ["ls", "--all"], { cwd: project, env }); // fails on an invalid or missing peer

  for (const file of ["esm.mjs", "cjs.cjs", "msw.test.ts"]) copyFileSync(join(fixtures, file), join(project, file));
  const otherMajorBlocks = [];
  const runs = [];
  for (const [name, blocks] of Object.entries(readmes)) {
    blocks.forEach((block, i) => {
      const base = `readme-${name}-${i + 1}${block.msw ? `-msw${block.msw}` : ""}`;
      const file = block.mode === "vitest" ? `${base}.test.ts` : `${base}.mjs`;
      writeFileSync(join(project, file), `${block.code}\n`);
      if (block.msw !== undefined && block.msw !== mswMajor) otherMajorBlocks.push(file);
      else runs.push({ file, block });
    });
  }
  copyExample("dispatch-app", project);
  copyExample("commonjs", project);
  const exampleFiles = [
    "dispatch-app/src/dispatch-app.ts",
    "dispatch-app/test/dispatch-app.test.ts",
    "commonjs/src/dispatch.js",
    "commonjs/test/dispatch.test.js",
  ];
  const checked = ["esm.mjs", "cjs.cjs", "msw.test.ts", ...runs.map((r) => r.file), ...exampleFiles];
  writeFileSync(join(project, "tsconfig.json"), `${JSON.stringify(tsconfig(checked), null, 2)}\n`);
  const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
  run("node", [tsc, "-p", "tsconfig.json"], { cwd: project, env });
  for (const file of otherMajorBlocks) {
    writeFileSync(join(project, "tsconfig.other.json"), `${JSON.stringify(tsconfig([file]), null, 2)}\n`);
    const { output } = run("node", [tsc, "-p", "tsconfig.other.json"], { cwd: project, env, expectFailure: true });
    assert.match(output, /onUnhandled(Request|Frame)/, `${file} is refused under msw ${mswMajor} for its option`);
  }

  const testEnv = childEnv(binDir, { CONSUMER_NODE_VERSION: version, CONSUMER_MSW_MAJOR: String(mswMajor) });
  console.log(run("node", ["esm.mjs"], { cwd: project, env: testEnv }).stdout.trim());
  console.log(run("node", ["cjs.cjs"], { cwd: project, env: testEnv }).stdout.trim());
  const commonjs = run("node", ["--test", "--test-reporter=tap", "commonjs/test/dispatch.test.js"], {
    cwd: project,
    env: testEnv,
  });
  assert.match(commonjs.stdout, /^# pass 2$/m, `examples/commonjs passes\n${commonjs.output}`);
  console.log("examples/commonjs (require, node:test): 2 passed");

  // README scripts that call the API run against the packed `dispatch-fake` command, as the README says.
  const port = await freePort();
  const cli = spawn(
    join(project, "node_modules", ".bin", "dispatch-fake"),
    ["--port", String(port), "--now", "2026-11-23T08:00:00Z"],
    { cwd: project, env: testEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  try {
    await new Promise((resolve, reject) => {
      let out = "";
      cli.stdout.on("data", (d) => {
        out += d;
        if (out.includes("listening on")) resolve(undefined);
      });
      cli.stderr.on("data", (d) => {
        out += d;
      });
      cli.once("exit", (code) => reject(new Error(`Failed to start dispatch-fake: exit ${code}\n${out}`)));
    });
    for (const { file, block } of runs.filter((r) => r.block.mode === "node")) {
      const code = readFileSync(join(project, file), "utf8").replaceAll(
        "http://127.0.0.1:4010",
        `http://127.0.0.1:${port}`,
      );
      writeFileSync(join(project, file), code);
      const printed = run("node", [file], { cwd: project, env: testEnv }).stdout.trim().split("\n").filter(Boolean);
      assert.deepEqual(printed, block.expected, `${file} prints what its comments say`);
      console.log(`${file}: ran, printed ${printed.length} expected line(s)`);
    }
  } finally {
    cli.kill();
  }

  const vitestFiles = [
    "msw.test.ts",
    "dispatch-app/test/dispatch-app.test.ts",
    ...runs.filter((r) => r.block.mode === "vitest").map((r) => r.file),
  ];
  const vitest = run("node", [join(project, "node_modules", "vitest", "vitest.mjs"), "run", ...vitestFiles], {
    cwd: project,
    env: testEnv,
  });
  const tests = vitest.output.match(/Tests\s+(\d+) passed/);
  assert.ok(tests, `vitest reports passing tests\n${vitest.output}`);
  console.log(`vitest: ${vitestFiles.join(", ")}: ${tests[1]} passed`);
  summary.push(`Node ${version} + msw ${mswVersion}: ${seconds(stepStart)} s`);
}

if (!keep) rmSync(work, { recursive: true, force: true });
console.log(`\nconsumer-test: passed in ${seconds(started)} s (${summary.join("; ")})`);
