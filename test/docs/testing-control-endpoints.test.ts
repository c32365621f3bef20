/**
 * docs/testing-control.md says it lists every control endpoint: each operation of packages/fake/control-openapi.yaml
 * appears there as `METHOD /_fake/path`, and the page names no endpoint the document does not have.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadControlSpec } from "../support/openapi-validator.js";

const guide = readFileSync(fileURLToPath(new URL("../../docs/testing-control.md", import.meta.url)), "utf8");
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

describe("docs/testing-control.md", () => {
  const spec = loadControlSpec() as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((m) => `${m.toUpperCase()} ${path}`),
  );

  it("names every endpoint of control-openapi.yaml", () => {
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((endpoint) => !guide.includes(endpoint))).toEqual([]);
  });

  it("names no endpoint the control document lacks", () => {
    const named = new Set(
      [...guide.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/_fake\/[A-Za-z0-9_/{}.-]*[A-Za-z0-9_}])/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    );
    // The console is a page, not an operation of the document.
    const pages = ["GET /_fake/console"];
    expect([...named].filter((endpoint) => !documented.includes(endpoint) && !pages.includes(endpoint))).toEqual([]);
  });
});
