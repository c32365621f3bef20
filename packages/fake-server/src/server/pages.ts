/**
 * The server's own pages, answered with a `Response` of their own before the fake's pipeline: `extra`, the home
 * (`GET /`), `GET /_fake/health` with the server's uptime and state file, the OpenAPI documents and the console.
 */
import type { Fake } from "@dispatchkit/fake";
import { CONTROL_PREFIX, type HostRequest, healthBody } from "@dispatchkit/fake/node";
import { consoleResponse } from "../console-page.js";
import { documentResponse } from "./documents.js";
import { homeResponse, type Persistence } from "./home.js";

/** What the pages need of the server. */
export interface PageContext {
  fake: Fake;
  /** A request target's path relative to the fake's base path, without the query. */
  relativePath(target: string): string;
  requestId(): string;
  startedAt: number;
  extra: ((request: Request) => Promise<Response | undefined> | Response | undefined) | undefined;
  persistence: (() => Persistence) | undefined;
}

/**
 * Whether a request may be the home, the health check, a document or the console, which answer with a `Response` of
 * their own (rare: the API and the control endpoints go straight to the pipeline's plain answer).
 */
function isPagePath(pages: PageContext, request: HostRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = pages.relativePath(request.pathname);
  return request.pathname === "/" || path === "/" || path.startsWith(CONTROL_PREFIX);
}

/** Whether `extra` or one of the pages may answer the request (else the pipeline answers it). */
export function mayBePage(pages: PageContext, request: HostRequest): boolean {
  return pages.extra !== undefined || isPagePath(pages, request);
}

/** The answer of the server's own pages and `extra`, or undefined for the pipeline's. */
export async function pageResponse(pages: PageContext, incoming: HostRequest): Promise<Response | undefined> {
  const extra = pages.extra ? await pages.extra(incoming.toRequest()) : undefined;
  if (extra || !isPagePath(pages, incoming)) return extra;
  const request = incoming.toRequest();
  return (
    homeResponse(pages.fake, request, pages.persistence?.()) ??
    healthResponse(pages, request) ??
    (await documentResponse(pages.fake, request)) ??
    (await consoleResponse(pages.fake, request))
  );
}

/** `GET /_fake/health` of this server: its own uptime and state file (the fake's own answer knows neither). */
function healthResponse(pages: PageContext, request: Request): Response | undefined {
  if (request.method !== "GET" || pages.relativePath(new URL(request.url).pathname) !== "/_fake/health") {
    return undefined;
  }
  const persistence = pages.persistence?.();
  const stateFile =
    persistence?.stateFile == null
      ? null
      : { path: persistence.stateFile, savedAt: persistence.savedAt, error: persistence.error };
  return new Response(JSON.stringify(healthBody(pages.startedAt, stateFile)), {
    status: 200,
    headers: { "content-type": "application/json", "cache-control": "no-store", "x-request-id": pages.requestId() },
  });
}
