/**
 * A faithful in-memory fake of the Delivery Dispatch Platform API.
 *
 * @packageDocumentation
 */

// Test control
export type { FakeControl } from "./control/control.js";
export { CONTROL_PREFIX, handleControlRequest } from "./control/http.js";
// Domain types that appear in the public surface
export type {
  ActionKind,
  ActionOptions,
  ActionRecord,
  ActionStatus,
  ActionSummary,
} from "./domain/actions.js";
// Time and identifiers
export { type Clock, createManualClock, type ManualClock } from "./domain/clock.js";
export type { ErrorCode, ErrorDetail } from "./domain/errors.js";
export type { EventRecord, EventType, NotificationRecord } from "./domain/events.js";
export type { OrderRecord, OrderStatus } from "./domain/orders.js";
export type { WorkspaceInit } from "./domain/organizations.js";
export type { TimelineEntry } from "./domain/route-times.js";
export type { RouteRecord } from "./domain/routes.js";
export type { Organization, ServiceArea, Workspace } from "./domain/state.js";
// The fake
export {
  createFake,
  DEFAULT_BASE_URL,
  DEFAULT_TOKEN,
  type Fake,
  type FakeActions,
  type FakeOptions,
} from "./fake.js";
