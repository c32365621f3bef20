// Types of scripts/contract-document.mjs, for the tests that import it.
import type { ContractDocument, JsonSchema } from "../packages/conformance/src/contract-schemas.js";

/** A contract document with each operation's JSON request body schema: `requests[template][method]`. */
export interface TestedDocument extends ContractDocument {
  readonly requests: { readonly [template: string]: { readonly [method: string]: JsonSchema } };
}

/** The document of a parsed OpenAPI file as the conformance validator reads it, with its request body schemas. */
export function toContractDocument(spec: object): TestedDocument;
