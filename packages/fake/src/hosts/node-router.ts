/**
 * The pipeline of the node hosts: the fake's API and its control endpoints under `/_fake/`, in one router over
 * the fake's context (same rate limiter, same error handling and logging as in-process).
 */
import { CONTROL_PREFIX, controlOperations } from "../control/http.js";
import { type Fake, internalsOf } from "../fake.js";
import { createRouter, type Router } from "../http/router.js";

const routers = new WeakMap<Fake, Router>();

/** The router that answers a fake's API and control endpoints (one per fake). */
export function hostRouter(fake: Fake): Router {
  let router = routers.get(fake);
  if (!router) {
    const { context, router: options } = internalsOf(fake);
    router = createRouter(context, {
      ...options,
      publicOperations: controlOperations(fake),
      publicPrefix: CONTROL_PREFIX,
    });
    routers.set(fake, router);
  }
  return router;
}

/**
 * Answer a control request (`/_fake/…` under the fake's base URL), or return undefined for any other request.
 *
 * @example
 * ```ts
 * const res = await handleControlRequest(fake, new Request(`${fake.baseUrl}/_fake/tokens`, { method: "POST" }));
 * const { token } = await res!.json();
 * ```
 */
export async function handleControlRequest(fake: Fake, request: Request): Promise<Response | undefined> {
  const basePath = new URL(fake.baseUrl).pathname.replace(/\/+$/, "");
  const path = new URL(request.url).pathname;
  const relative = path.startsWith(basePath) ? path.slice(basePath.length) : path;
  if (!relative.startsWith(CONTROL_PREFIX)) return undefined;
  return hostRouter(fake).handle(request);
}
