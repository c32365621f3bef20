/**
 * The standalone server of the Delivery Dispatch Platform fake: `startServer(fake)` serves a fake made by
 * `createFake()` of `@dispatchkit/fake` over HTTP (node:http), with its `/_fake/` control endpoints, a home page, the
 * OpenAPI documents and a browser console. The `dispatch-fake` command runs it with demo data, fixtures or a state file.
 *
 * Built on the host entry `@dispatchkit/fake/node` (docs/decisions/0017-server-package.md).
 *
 * @packageDocumentation
 */

export {
  type RequestLogEntry,
  type RunningServer,
  type ServerOptions,
  type ServerTimeouts,
  startServer,
} from "./server/server.js";
export type { ChangeGate } from "./state-file/state-file.js";
// What `@dispatchkit/fake/node` exported for servers before 0.1.0
export { CONTROL_PREFIX, handleControlRequest } from "@dispatchkit/fake/node";
