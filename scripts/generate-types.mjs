#!/usr/bin/env node
// Generates packages/sdk/src/generated/openapi.ts from openapi.yaml, with a do-not-edit banner.
// `--check` compares instead of writing, and exits 1 when the committed file is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const root = new URL("../", import.meta.url);
const specUrl = new URL("openapi.yaml", root);
const outPath = fileURLToPath(new URL("packages/sdk/src/generated/openapi.ts", root));

const BANNER = `/**
 * DO NOT EDIT: generated from openapi.yaml by openapi-typescript (npm run generate).
 * Change openapi.yaml and regenerate; CI fails when this file is stale (npm run check:generated).
 */

`;

const ast = await openapiTS(specUrl, {});
const generated = BANNER + astToString(ast);

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(outPath, "utf8");
  } catch {
    console.error(`check:generated: ${outPath} does not exist; run npm run generate`);
    process.exit(1);
  }
  if (current !== generated) {
    console.error(
      "check:generated: packages/sdk/src/generated/openapi.ts is stale; run npm run generate and commit it",
    );
    process.exit(1);
  }
  console.log("check:generated: generated types are up to date");
} else {
  writeFileSync(outPath, generated);
  console.log(`generated ${outPath}`);
}
