/**
 * A faithful in-memory fake of the Delivery Dispatch Platform API: `createFake()` gives an isolated instance
 * with MSW handlers (`fake.handlers`), an in-process `fake.fetch`, a test-control surface and a real route
 * optimizer. The standalone HTTP server is in `@dispatchkit/fake/node`.
 *
 * @packageDocumentation
 */

// Test control: tokens, organizations, and the /_fake/ endpoints of the standalone server
export type { FakeControl } from "./control/control.js";
export { CONTROL_PREFIX, handleControlRequest } from "./control/http.js";
// Background actions as the fake stores them
export type {
  ActionKind,
  ActionOptions,
  ActionOutcome,
  ActionRecord,
  ActionRuntime,
  ActionStatus,
  ActionSummary,
  ActionWork,
  DeleteActionSummary,
  PublishActionSummary,
  ScheduleActionSummary,
  UpdateActionSummary,
} from "./domain/actions.js";
// Time: one clock per fake
export { type Clock, createManualClock, createOffsetClock, type ManualClock } from "./domain/clock.js";
export type { ErrorCode, ErrorDetail } from "./domain/errors.js";
// Events (webhook payloads) and customer notifications recorded by the fake
export type {
  EventRecord,
  EventType,
  NotificationRecord,
  OrderStatusUpdatedData,
  RouteEventData,
} from "./domain/events.js";
export type { Ids } from "./domain/ids.js";
export type { Location } from "./domain/locations.js";
// Records of orders and routes
export type {
  CustomFieldValue,
  OrderPriority,
  OrderRecord,
  OrderStatus,
  PackageRecord,
  TimeWindowRecord,
} from "./domain/orders.js";
export type { WorkspaceInit } from "./domain/organizations.js";
export type { TimelineEntry } from "./domain/route-times.js";
export type { RouteView, TimelineStopView } from "./domain/route-view.js";
export type { Driver, RouteRecord } from "./domain/routes.js";
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
// Organizations, workspaces and the fake's state
export type { Context, Organization, ServiceArea, State, TokenRecord, Workspace } from "./domain/state.js";
// The fake
export {
  createFake,
  DEFAULT_BASE_URL,
  DEFAULT_TOKEN,
  type Fake,
  type FakeActions,
  type FakeOptions,
} from "./fake.js";
export type { RateLimitOptions } from "./http/rate-limit.js";
export type { Logger } from "./http/router.js";
