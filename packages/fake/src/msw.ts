/**
 * The MSW request handler of a fake: one catch-all for every request under the base URL, answered by the shared
 * pipeline, which matches the operation itself (its own compiled patterns, the same in every host).
 *
 * One handler, not one per contract operation: MSW tries a server's handlers in order, parsing the URL and its path
 * pattern for each, so with one per operation a call paid for every handler before its own (about 28 µs each; a
 * poll of the 28th cost 2.6 times a trivial handler's call). A test's own handlers (`server.use(...)`) go in front
 * of it and still win (docs/decisions/0005-request-pipeline.md).
 */
import { type HttpHandler, http } from "msw";
import type { Router } from "./http/router.js";

/** Build the MSW handler that answers every request under `baseUrl` through `router`. */
export function createMswHandlers(baseUrl: string, router: Router): HttpHandler[] {
  // As fetch spells a request's URL (host in lower case, no default port), so a prefix test is enough.
  const url = new URL(baseUrl);
  const prefix = `${url.origin}${url.pathname.replace(/\/+$/, "")}/`;
  // Unknown paths under the base URL get the service's 404 body, not MSW's unhandled-request warning; a malformed
  // escape (`/v2/orders/%ZZ`) is the pipeline's to answer too (a path id that matches nothing is a 404).
  return [
    http.all(
      ({ request }) => request.url.startsWith(prefix),
      ({ request }) => router.handle(request),
    ),
  ];
}
