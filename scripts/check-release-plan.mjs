#!/usr/bin/env node
// The release the pending changesets describe (`changeset status --output`), checked against two rules:
// - a package never released (version 0.0.0 in the repository) is first released as 0.1.0, whatever number of
//   minor changesets it has (a major changeset would make it 1.0.0, only patch ones 0.0.1);
// - the SDK's user agent (`SDK_VERSION` in packages/sdk/src/transport.ts) names the version the SDK will be
//   released as: its planned version, or its current one when nothing is pending.
// Needs the git history of the base branch (`main`), as `changeset status` does.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const packages = [
  "packages/sdk",
  "packages/optimizer",
  "packages/conformance",
  "packages/fake",
  "packages/fake-server",
];
const FIRST_RELEASE = "0.1.0";

const tmp = mkdtempSync(join(tmpdir(), "dispatchkit-release-plan-"));
let plan;
try {
  const output = join(tmp, "plan.json");
  execFileSync(join(root, "node_modules", ".bin", "changeset"), ["status", `--output=${output}`], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  plan = JSON.parse(readFileSync(output, "utf8"));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const problems = [];
const versions = new Map();
for (const dir of packages) {
  const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
  const release = plan.releases.find((r) => r.name === pkg.name);
  const next = release?.newVersion ?? pkg.version;
  versions.set(pkg.name, next);
  if (pkg.version === "0.0.0" && next !== FIRST_RELEASE) {
    problems.push(
      `${pkg.name} is unreleased (0.0.0) and would be released as ${next}, not ${FIRST_RELEASE}: ` +
        `its changesets (${release?.changesets.join(", ") || "none"}) must include a minor one and no major one`,
    );
  }
}

const transport = readFileSync(join(root, "packages/sdk/src/transport.ts"), "utf8");
const sdkVersion = transport.match(/const SDK_VERSION = "([^"]+)"/)?.[1];
const sdkNext = versions.get("@dispatchkit/sdk");
if (sdkVersion !== sdkNext) {
  problems.push(
    `SDK_VERSION in packages/sdk/src/transport.ts is ${sdkVersion ?? "missing"}, but the SDK will be released as ` +
      `${sdkNext}: set it to ${sdkNext} (it is sent in the user agent)`,
  );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`Failed to check the release plan: ${problem}`);
  process.exit(1);
}
console.log(
  `release plan: ${[...versions].map(([name, version]) => `${name}@${version}`).join(", ")} ` +
    `(${plan.changesets.length} pending changesets)`,
);
