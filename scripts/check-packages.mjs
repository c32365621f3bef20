#!/usr/bin/env node
// What npm would publish, checked after `npm run build`: for each package, the file list of
// `npm pack --dry-run --json` (LICENSE, README.md and package.json present; no tests, no src/, no configs; every
// shipped script reachable from an entry point; no source map whose sources are not shipped), then
// `publint --strict` and `attw --pack` (every resolution mode: node10, node16 from CJS and ESM, bundler).
// `--contents-only` skips publint and attw (they pack again and take most of the time), and the publish rehearsal:
// `npm publish --dry-run --offline --workspace <dir>` per package, which must name the package and its version and
// publish it with public access (publishConfig: a scoped package is restricted by default, a private package that
// npm refuses with 402 for a scope without a paid plan). `--offline`: online, npm also looks the package up on the registry and refuses a version already
// published, which every CI run after a release would be; without a network it stalls a minute before it goes on.
// No token is needed (npm only warns that it would need one).
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const packages = [
  "packages/optimizer",
  "packages/sdk",
  "packages/conformance",
  "packages/fake",
  "packages/fake-server",
];
const contentsOnly = process.argv.includes("--contents-only");

const npm = (args, cwd = root) =>
  execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: quietEnv() });
const bin = (name, args, cwd) =>
  execFileSync(join(root, "node_modules", ".bin", name), args, { cwd, stdio: "inherit", env: quietEnv() });

function quietEnv() {
  return { ...process.env, NO_UPDATE_NOTIFIER: "1", npm_config_fund: "false", npm_config_audit: "false" };
}

/** Files no package ships: tests, sources, build and tool configs. */
const FORBIDDEN = [
  [/(^|\/)(src|test|tests|__tests__|bench|coverage)\//, "source or test folder"],
  [/\.(test|spec|test-d)\.[cm]?[jt]sx?$/, "test file"],
  [
    /(^|\/)(tsconfig[^/]*\.json|tsup\.config\.[cm]?[jt]s|vitest\.config\.[cm]?[jt]s|typedoc\.json|tsdoc\.json)$/,
    "config",
  ],
  [/(^|\/)\.[^/]+$/, "dotfile"],
  [/\.tsbuildinfo$/, "build info"],
  [/(?<!\.d)\.(c|m)?tsx?$/, "TypeScript source"],
];
const CODE = /\.(c|m)?js$|\.d\.(c|m)?ts$/;

/** Files a package reads at run time rather than imports: they must be shipped, and count as used. */
const RUNTIME_ASSETS = {
  "@dispatchkit/fake-server": [
    "dist/console/console.js", // the console's browser script, served by the server
    // The server's worker threads, started by file name beside it, in both formats (src/workers/worker-script.ts).
    "dist/scheduling-worker.js",
    "dist/scheduling-worker.cjs",
    "dist/state-file-worker.js",
    "dist/state-file-worker.cjs",
  ],
};

/**
 * What a package must not ship or depend on: the fake is the in-process service and its hosts' entry, so installing
 * it brings no validator, no server, no console and no worker scripts (docs/decisions/0017-server-package.md).
 */
const NOT_IN = {
  "@dispatchkit/fake": {
    files: [/^dist\/cli\./, /^dist\/console\//, /worker\.c?js$/, /^dist\/documents-/],
    dependencies: ["@dispatchkit/conformance", "@dispatchkit/fake-server", "ajv", "ajv-formats"],
  },
};

/** Every path an entry-point field of package.json names (exports conditions, main, module, types, bin). */
function entryPoints(pkg) {
  const out = new Set();
  const visit = (value) => {
    if (typeof value === "string") out.add(normalize(value));
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(pkg.exports);
  for (const field of ["main", "module", "types", "typings"]) visit(pkg[field]);
  visit(pkg.bin);
  return out;
}

/** Relative module specifiers a built file imports (`from "./x.js"`, `import("./x.js")`, `require('./x.cjs')`). */
function relativeImports(text) {
  const found = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s*)["'](\.\.?\/[^"']+)["']/gm;
  for (const match of text.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

let failures = 0;
const fail = (pkgName, message) => {
  failures += 1;
  console.error(`  ✗ ${pkgName}: ${message}`);
};

const packed = JSON.parse(
  npm(["pack", "--dry-run", "--json", "--ignore-scripts", ...packages.flatMap((p) => ["-w", p])]),
);
assert.equal(packed.length, packages.length, "npm pack --dry-run lists one entry per package");

for (const [index, dir] of packages.entries()) {
  const report = packed[index];
  const pkgDir = join(root, dir);
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  assert.equal(report.name, pkg.name, `npm pack lists ${dir} as ${pkg.name}`);
  const files = new Set(report.files.map((f) => normalize(f.path)));
  console.log(
    `${pkg.name}@${pkg.version}: ${files.size} files, ${(report.unpackedSize / 1024).toFixed(0)} kB unpacked`,
  );
  for (const f of [...files].sort()) console.log(`    ${f}`);

  for (const required of ["package.json", "README.md", "LICENSE"]) {
    if (!files.has(required)) fail(pkg.name, `${required} is not in the package`);
  }
  for (const file of files) {
    for (const [pattern, what] of FORBIDDEN) if (pattern.test(file)) fail(pkg.name, `${file} is shipped (${what})`);
  }
  const excluded = NOT_IN[pkg.name];
  for (const file of excluded ? files : []) {
    if (excluded.files.some((pattern) => pattern.test(file))) fail(pkg.name, `${file} is shipped (the server's)`);
  }
  for (const name of excluded?.dependencies ?? []) {
    if (pkg.dependencies?.[name] || pkg.peerDependencies?.[name] || pkg.optionalDependencies?.[name]) {
      fail(pkg.name, `it depends on ${name}, which its users would install without running it`);
    }
  }
  if (pkg.name === "@dispatchkit/fake" && pkg.bin)
    fail(pkg.name, "it has a bin (dispatch-fake is @dispatchkit/fake-server's)");

  // Entry points exist, and every shipped script or declaration is reached from one: no unused builds.
  const entries = entryPoints(pkg);
  // Folders with their own package.json redirect resolvers that ignore `exports` (node10) to dist/.
  for (const file of files) {
    if (file !== "package.json" && file.endsWith("package.json")) {
      const redirect = JSON.parse(readFileSync(join(pkgDir, file), "utf8"));
      for (const field of ["main", "module", "types", "typings"]) {
        if (typeof redirect[field] === "string") entries.add(normalize(join(dirname(file), redirect[field])));
      }
    }
  }
  const reached = new Set();
  const queue = [...entries, ...(RUNTIME_ASSETS[pkg.name] ?? []).map(normalize)];
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file) || file === "package.json") continue;
    reached.add(file);
    if (!files.has(file)) {
      fail(pkg.name, `${file} is named by package.json or imported by a shipped file but is not in the package`);
      continue;
    }
    if (!CODE.test(file)) continue;
    // A declaration file names the code it describes (`./chunk.js`); TypeScript reads the declarations beside it.
    const declaration = /\.d\.(c|m)?ts$/.test(file);
    for (const spec of relativeImports(readFileSync(join(pkgDir, file), "utf8"))) {
      const target = declaration ? spec.replace(/\.(c|m)?js$/, (_, kind) => `.d.${kind ?? ""}ts`) : spec;
      queue.push(normalize(join(dirname(file), target)));
    }
  }
  for (const file of files) {
    if (CODE.test(file) && !reached.has(file)) fail(pkg.name, `${file} is shipped but no entry point uses it`);
  }

  // A source map is only useful with the sources it points to.
  for (const file of files) {
    if (!file.endsWith(".map")) continue;
    const map = JSON.parse(readFileSync(join(pkgDir, file), "utf8"));
    for (const source of map.sources ?? []) {
      const target = normalize(join(dirname(file), map.sourceRoot ?? "", source));
      if (!files.has(target)) fail(pkg.name, `${file} points at ${target}, which is not shipped`);
    }
  }
  if (!existsSync(join(pkgDir, "dist"))) fail(pkg.name, "no dist/: run `npm run build` first");
}

if (failures > 0) {
  console.error(`\ncheck-packages: ${failures} problem(s) in the packed file lists`);
  process.exit(1);
}
console.log("\ncheck-packages: the packed file lists are complete and hold nothing unshipped or unused");

if (!contentsOnly) {
  for (const dir of packages) {
    const pkgDir = join(root, dir);
    bin("publint", ["--strict"], pkgDir);
    bin("attw", ["--pack", ".", "--format", "ascii"], pkgDir);
  }
  console.log("check-packages: publint --strict and attw (all resolution modes) pass for every package");
}

if (!contentsOnly) {
  for (const dir of packages) {
    const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    const args = ["publish", "--dry-run", "--offline", "--workspace", dir];
    const result = spawnSync("npm", args, { cwd: root, encoding: "utf8", env: quietEnv() });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    const problems = [];
    if (result.status !== 0) problems.push(`it exited with ${result.status ?? result.error}`);
    if (!(result.stdout ?? "").includes(`+ ${pkg.name}@${pkg.version}`))
      problems.push(`it did not publish ${pkg.name}@${pkg.version}`);
    if (!output.includes("public access (dry-run)")) problems.push("not with public access (publishConfig.access)");
    if (problems.length > 0) {
      console.error(`  ✗ ${pkg.name}: npm ${args.join(" ")}: ${problems.join("; ")}\n${output}`);
      process.exit(1);
    }
    console.log(`${pkg.name}@${pkg.version}: npm publish --dry-run publishes it with public access`);
  }
  console.log("check-packages: npm publish --dry-run passes for every package");
}
