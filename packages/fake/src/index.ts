/**
 * A faithful in-memory fake of the Delivery Dispatch Platform API: `createFake()` gives an isolated instance
 * with MSW handlers (`fake.handlers`), an in-process `fake.fetch`, test control and a real route optimizer.
 * The standalone HTTP server and its `/_fake/` control endpoints are in `@dispatchkit/fake/node`.
 *
 * @packageDocumentation
 */

// The fake
export { createFake } from "./fake.js";
export { type Fake, type FakeOptions, DEFAULT_BASE_URL, DEFAULT_TOKEN } from "./fake-api.js";
export type { FakeActions } from "./control/actions.js";
export type { FakeFaults } from "./control/faults.js";
export type { FakeJournal } from "./control/journal.js";
export type { FakeSnapshot } from "./control/snapshots.js";
export {
  INSPECTION_VERSION,
  type FakeInspection,
  type InspectedAction,
  type InspectedDelivery,
  type InspectedEvent,
  type InspectedIdempotencyKey,
  type InspectedNotification,
  type InspectedOrder,
  type InspectedOrganization,
  type InspectedRoute,
  type InspectedSequences,
  type InspectedSolution,
  type InspectedToken,
  type InspectedWebhook,
  type InspectedWorkspace,
} from "./control/inspect.js";
export type { FakeControl } from "./control/control.js";
export type {
  Fixtures,
  FixtureOrder,
  FixtureRoute,
  FixtureWebhook,
  LoadedFixtures,
} from "./control/fixtures.js";

// Test control: actions, drivers, faults, the request journal
export type { ActionOptions, ActionPolicy } from "./domain/context.js";
export type {
  FakeDriver,
  DriverCompletion,
  DriverStop,
  AutoDriverOptions,
  AutoDriverSettings,
} from "./control/driver.js";
export type { Instant } from "./control/schemas.js";
export type { Fault, FaultInput } from "./control/faults.js";
export type { JournalEntry, JournalFilter } from "./control/journal.js";
export type { OperationId } from "./http/contract-operations.js";
export type { ErrorCode } from "./domain/errors.js";

// Time: one clock per fake
export type { Clock, ManualClock } from "./domain/clock.js";

// What the fake holds, as tests read it: the methods return views, never the stored records: plain-data copies in
// the API's answer shapes (the control document's for what only the control endpoints answer), named `Inspected*`
// as in `fake.inspect()` (fake.actions.list() → InspectedAction, fake.events → InspectedEvent,
// fake.webhooks.deliveries() → InspectedDelivery, ...). Changing one changes nothing in the fake.
export type {
  ActionKind,
  ActionStatus,
  EventType,
  RouteEventData,
  OrderStatusUpdatedData,
} from "./domain/records.js";
export type { WorkspaceInit } from "./domain/organizations.js";

// Travel and geocoding, injectable through createFake({ travel, geocoder })
export {
  greatCircleTravel,
  hashGeocoder,
  type Geocoder,
  type GeoPoint,
  type ServiceArea,
  type TravelMatrix,
  type TravelMode,
  type TravelProvider,
} from "./domain/geo.js";

// Options of the pipeline
export type { RateLimitOptions } from "./http/rate-limit.js";
export type { Logger } from "./http/router.js";

// Webhooks: subscriptions, the delivery log and in-process receivers (fake.webhooks, createFake({ webhooks }))
export type { FakeWebhooks, WebhookDeliveryFilter } from "./control/webhooks.js";
export type { WebhookHandler, WebhookOptions } from "./webhooks/dispatcher.js";
export type { WebhookDeliveryStatus, WebhookAttemptResult } from "./domain/records.js";
