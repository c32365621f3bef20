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
