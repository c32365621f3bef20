/**
 * Typed client for the Delivery Dispatch Platform API.
 *
 * @packageDocumentation
 */

// Client
export { bearerAuth, type ClientOptions, createClient, type DispatchClient, type TokenSource } from "./client.js";

// Contract types, generated from openapi.yaml
export type { components, operations, paths, webhooks } from "./generated/openapi.js";
