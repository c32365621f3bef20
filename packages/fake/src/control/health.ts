/**
 * `GET /_fake/health`: whether the server is up, with no token, for `wait-on` and compose health checks. The standalone
 * server answers it itself, with its own uptime and its state file's saves (standalone/server.ts); the router's
 * control operation (for a host that has neither) counts from its first control request. Both use {@link healthBody}.
 */
import type { paths } from "./generated/control-openapi.js";
import { PACKAGE_VERSION } from "./generated/package-version.js";

/** The body of `GET /_fake/health` (control-openapi.yaml's `Health`). */
export type HealthBody = paths["/_fake/health"]["get"]["responses"]["200"]["content"]["application/json"];

/** A state file and how its saves fare, as the health check reports it. */
export interface HealthStateFile {
  path: string;
  savedAt: string | null;
  error: string | null;
}

/** The health of something that started at `startedAt` (epoch ms, real time) and keeps `stateFile`, at `now`. */
export function healthBody(startedAt: number, stateFile: HealthStateFile | null, now: number = Date.now()): HealthBody {
  return {
    status: "ok",
    version: PACKAGE_VERSION,
    // Milliseconds kept (three decimals): a health check right after the start reads a moment, not zero.
    uptimeSeconds: Math.max(0, Math.round(now - startedAt) / 1000),
    stateFile,
  };
}
