/**
 * The control endpoints under `/_fake/` for node hosts: answered by the fake's own router (its runtime), so a fake
 * made by either build of the package (ESM or CommonJS) answers them.
 */
import { CONTROL_PREFIX } from "../control/http.js";
import type { Fake } from "../fake-api.js";
import { runtimeOf } from "../runtime.js";

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
  const runtime = runtimeOf(fake);
  const { basePath } = runtime;
  const path = new URL(request.url).pathname;
  const relative = path.startsWith(basePath) ? path.slice(basePath.length) : path;
  if (!relative.startsWith(CONTROL_PREFIX)) return undefined;
  return runtime.router.handle(request, { control: true });
}
