import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { docBlocks, sourceRegions } from "../support/doc-examples.js";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const readme = new URL("../../README.md", import.meta.url);

it("README.md shows the control test exactly as it runs in CI (test/readme/control.test.ts)", () => {
  const test = read("./control.test.ts").split("\n").slice(1).join("\n").trim();
  expect(read("../../README.md")).toContain(test);
  expect(test.split("\n").length).toBeLessThan(30);
});

it("README.md shows the SDK quickstart exactly as it runs in CI (examples/delivery-day/test/readme-flow.test.ts)", () => {
  const regions = sourceRegions(new URL("../../examples/delivery-day/test/readme-flow.test.ts", import.meta.url));
  const quickstart = regions.find((region) => region.name === "readme-sdk");
  expect(quickstart?.code.split("\n").length).toBeLessThanOrEqual(25);
  expect(docBlocks(readme)).toContain(quickstart?.code);
});

it("README.md's quickstart imports name what the quickstart uses", () => {
  expect(read("../../README.md")).toContain(
    'import { createClient, NotFoundError, publishAndWait, scheduleAndWait, unwrap } from "@dispatchkit/sdk";',
  );
});

/** The packages npm publishes: the workspaces under packages/ (the examples are private). */
function publishedPackages() {
  const root = JSON.parse(read("../../package.json")) as { workspaces: string[] };
  return root.workspaces
    .filter((dir) => dir.startsWith("packages/"))
    .map((dir) => {
      const pkg = JSON.parse(read(`../../${dir}/package.json`)) as {
        name: string;
        version: string;
        dependencies?: Record<string, string>;
      };
      // npm pack's file name: the scope without its @, a dash for the slash.
      return { dir, ...pkg, tarball: `${pkg.name.slice(1).replace("/", "-")}-${pkg.version}.tgz` };
    });
}

// Once the first release has set the versions, the section has done its job (and names tarballs that are gone).
it.skipIf(publishedPackages().some((pkg) => pkg.version !== "0.0.0"))(
  "README.md's 'Before the first release' packs every published package and installs each with its dependencies",
  () => {
    const text = read("../../README.md");
    const section = text.slice(text.indexOf("## Before the first release"), text.indexOf("## Quickstart"));
    const packLine = /^npm pack .*$/m.exec(section)?.[0] ?? "";
    const installLines = [...section.matchAll(/^npm install .*$/gm)].map(([line]) => line);
    const packages = publishedPackages();
    expect(packages.map((pkg) => pkg.name).sort()).toEqual([
      "@dispatchkit/conformance",
      "@dispatchkit/fake",
      "@dispatchkit/fake-server",
      "@dispatchkit/optimizer",
      "@dispatchkit/sdk",
    ]);
    for (const pkg of packages) {
      expect(packLine.split(" ")).toContain(pkg.dir);
      const line = installLines.find((install) => install.includes(`/${pkg.tarball}`));
      expect(line, `an install line with ${pkg.tarball}`).toBeDefined();
      // Its dependencies of this repository are not on npm either: installed with it, or on a line before it.
      const before = installLines.slice(0, installLines.indexOf(line ?? "") + 1).join("\n");
      for (const dependency of Object.keys(pkg.dependencies ?? {}).filter((name) => name.startsWith("@dispatchkit/"))) {
        const tarball = packages.find((other) => other.name === dependency)?.tarball ?? dependency;
        expect(before, `${pkg.name} needs ${dependency}`).toContain(`/${tarball}`);
      }
    }
  },
);
