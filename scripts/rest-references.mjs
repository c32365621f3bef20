// The OpenAPI documents rendered as REST references in the docs site, in navigation order. One list for the build
// (scripts/build-rest-references.mjs) and the site's navigation (scripts/typedoc-site-plugin.mjs): a document that
// is missing from the checkout is neither built nor linked, so the site never links a page it does not have.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The docs site's output folder (typedoc.json `out`). */
export const siteDir = join(root, "docs-site");

/**
 * `spec`: the OpenAPI document, from the repository root; `page`: where its reference goes, from the site root;
 * `label`: its link in the navigation; `title`: the page's title.
 */
export const REST_REFERENCES = [
  {
    spec: "openapi.yaml",
    page: "api/index.html",
    label: "REST API",
    title: "Delivery Dispatch Platform API: REST reference",
  },
  {
    spec: "packages/fake/control-openapi.yaml",
    page: "api/control/index.html",
    label: "Control API (fake)",
    title: "@dispatchkit/fake control API (/_fake/): REST reference",
  },
];

/** The references whose OpenAPI document exists in this checkout. */
export function presentReferences() {
  return REST_REFERENCES.filter((reference) => existsSync(join(root, reference.spec)));
}
