/**
 * The pipeline of the node hosts: the fake's API and its control endpoints under `/_fake/`, in one router over
 * the fake's context (same rate limiter, same error handling and logging as in-process).
 */
import { CONTROL_PREFIX, controlOperations } from "../control/http.js";
import { type Fake, internalsOf } from "../fake.js";
import { createRouter, type PublicOperation, type Router } from "../http/router.js";

interface HostRouter {
  router: Router;
  control: readonly PublicOperation[];
}

const routers = new WeakMap<Fake, HostRouter>();

function hostRouterOf(fake: Fake): HostRouter {
  let host = routers.get(fake);
  if (!host) {
    const { context, router: options } = internalsOf(fake);
    const control = controlOperations(fake);
    const router = createRouter(context, { ...options, publicOperations: control, publicPrefix: CONTROL_PREFIX });
    host = { router, control };
    routers.set(fake, host);
  }
  return host;
}

/** The router that answers a fake's API and control endpoints (one per fake). */
export function hostRouter(fake: Fake): Router {
  return hostRouterOf(fake).router;
}

/** The control endpoints the router of {@link hostRouter} serves: `POST /_fake/tokens`, … (for the CLI to list). */
export function controlEndpoints(fake: Fake): { method: string; path: string }[] {
  return hostRouterOf(fake).control.map(({ method, path }) => ({ method: method.toUpperCase(), path }));
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
