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
// Scheduling: travel and geocoding rules (injectable through createFake({ travel, geocoder })), stored runs
export { type Geocoder, hashGeocoder } from "./domain/scheduling/geocoding.js";
export type { PlanUnscheduled } from "./domain/scheduling/planner.js";
export type { ScheduleRunRecord, SolutionRouteRecord, SolutionStopRecord } from "./domain/scheduling/runs.js";
export {
  type GeoPoint,
  greatCircleTravel,
  ROAD_FACTOR,
  TRAVEL_SPEED_KMH,
  type TravelMatrix,
  type TravelMode,
  type TravelProvider,
} from "./domain/scheduling/travel.js";
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
