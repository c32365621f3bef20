/**
 * A faithful in-memory fake of the Delivery Dispatch Platform API.
 *
 * @packageDocumentation
 */

// Time and identifiers
export { type Clock, createManualClock, type ManualClock } from "./domain/clock.js";
// Domain types that appear in the public surface
export type { ErrorCode, ErrorDetail } from "./domain/errors.js";
export type { WorkspaceInit } from "./domain/organizations.js";
export type { Organization, ServiceArea, Workspace } from "./domain/state.js";
// The fake
export { createFake, DEFAULT_BASE_URL, DEFAULT_TOKEN, type Fake, type FakeOptions } from "./fake.js";
