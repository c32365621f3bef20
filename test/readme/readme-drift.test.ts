import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

it("README.md shows the control test exactly as it runs in CI (test/readme/control.test.ts)", () => {
  const test = read("./control.test.ts").split("\n").slice(1).join("\n").trim();
  expect(read("../../README.md")).toContain(test);
  expect(test.split("\n").length).toBeLessThan(30);
});
