/**
 * Node-only hosts: the standalone HTTP server.
 *
 * @packageDocumentation
 */
export { type RunningServer, type ServerOptions, startServer } from "./hosts/standalone.js";
