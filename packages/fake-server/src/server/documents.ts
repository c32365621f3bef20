/**
 * The OpenAPI documents, served by the standalone server at stable paths so a client generator, a contract test or
 * an API tool can fetch them from the server it talks to: `GET /_fake/openapi.yaml` (the API's contract) and
 * `GET /_fake/control-openapi.yaml` (the test-control endpoints). Their text is generated into the package (`npm run
 * generate`), so every build serves the documents it was built from, the bundled CLI included.
 */
import type { Fake } from "@dispatchkit/fake";
import { hostOf } from "@dispatchkit/fake/node";

/** The documents' paths under the fake's base URL, as `GET /` lists them. */
export const DOCUMENT_PATHS = {
  openapi: "/_fake/openapi.yaml",
  controlOpenapi: "/_fake/control-openapi.yaml",
} as const;

/** The answer for `GET`/`HEAD` of a document's path; undefined for any other request. */
export async function documentResponse(fake: Fake, request: Request): Promise<Response | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const basePath = hostOf(fake).basePath;
  const path = new URL(request.url).pathname;
  if (path !== `${basePath}${DOCUMENT_PATHS.openapi}` && path !== `${basePath}${DOCUMENT_PATHS.controlOpenapi}`) {
    return undefined;
  }
  // Loaded on first request: the text stays out of the code a server that never serves it loads.
  const { OPENAPI_YAML, CONTROL_OPENAPI_YAML } = await import("./generated/documents.js");
  const text = path === `${basePath}${DOCUMENT_PATHS.openapi}` ? OPENAPI_YAML : CONTROL_OPENAPI_YAML;
  return new Response(text, {
    headers: { "content-type": "application/yaml; charset=utf-8", "cache-control": "no-cache" },
  });
}
