/**
 * Node-only hosts: the standalone HTTP server, and the `/_fake/` control endpoints it serves.
 *
 * @packageDocumentation
 */

export { CONTROL_PREFIX } from "./control/http.js";

// The control endpoints under /_fake/
export { handleControlRequest } from "./standalone/control-requests.js";
// The standalone server
export type { ChangeGate } from "./standalone/state-file.js";
export {
  type RequestLogEntry,
  type RunningServer,
  type ServerOptions,
  type ServerTimeouts,
  startServer,
} from "./standalone/server.js";
