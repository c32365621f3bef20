/**
 * MSW request handlers for a fake: one per contract operation, plus a catch-all under the base URL, all
 * delegating to the shared pipeline.
 */
import { type HttpHandler, http } from "msw";
import { CONTRACT_OPERATIONS } from "./http/contract-operations.js";
import type { Router } from "./http/router.js";

/** `/v2/orders/{orderUuid}` → `/v2/orders/:orderUuid`. */
function toMswPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ":$1");
}

function decodes(url: string): boolean {
  try {
    decodeURIComponent(new URL(url).pathname);
    return true;
  } catch {
    return false;
  }
}

/** Build MSW handlers that answer every request under `baseUrl` through `router`. */
export function createMswHandlers(baseUrl: string, router: Router): HttpHandler[] {
  const base = baseUrl.replace(/\/+$/, "");
  const resolve = ({ request }: { request: Request }) => router.handle(request);
  const seen = new Set<string>();
  const isUnderBase = (url: string) => url === base || url.startsWith(`${base}/`);
  // A malformed escape (`/v2/orders/%ZZ`) would make MSW's path matcher throw (its own 500): the pipeline
  // answers it instead (a path id that matches nothing is a 404).
  const handlers: HttpHandler[] = [
    http.all(({ request }) => isUnderBase(request.url) && !decodes(request.url), resolve),
  ];
  for (const op of CONTRACT_OPERATIONS) {
    const key = `${op.method} ${op.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    handlers.push(http[op.method](`${base}${toMswPath(op.path)}`, resolve));
  }
  // Unknown paths under the base URL get the service's 404 body, not MSW's unhandled-request warning.
  handlers.push(http.all(`${base}/*`, resolve));
  return handlers;
}
