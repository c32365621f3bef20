/**
 * The fake's public surface, pinned: every name `@dispatchkit/fake` and `@dispatchkit/fake/node` (the host entry) export, values
 * and types. Adding, removing or renaming an export fails this test until the lists below are updated, so the
 * change shows up in review as a diff of this file.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listExports } from "../../../test/support/public-surface.js";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe("the public surface of @dispatchkit/fake", () => {
  it("the main entry (browser-safe) is exactly the committed list", () => {
    expect(listExports(entry("../src/index.ts"))).toEqual([
      "DEFAULT_BASE_URL",
      "DEFAULT_TOKEN",
      "INSPECTION_VERSION",
      "createFake",
      "greatCircleTravel",
      "hashGeocoder",
      "type ActionKind",
      "type ActionOptions",
      "type ActionPolicy",
      "type ActionStatus",
      "type AutoDriverOptions",
      "type AutoDriverSettings",
      "type Clock",
      "type DriverCompletion",
      "type DriverStop",
      "type ErrorCode",
      "type EventType",
      "type Fake",
      "type FakeActions",
      "type FakeControl",
      "type FakeDriver",
      "type FakeFaults",
      "type FakeInspection",
      "type FakeJournal",
      "type FakeOptions",
      "type FakeSnapshot",
      "type FakeWebhooks",
      "type Fault",
      "type FaultInput",
      "type FixtureOrder",
      "type FixtureRoute",
      "type FixtureWebhook",
      "type Fixtures",
      "type GeoPoint",
      "type Geocoder",
      "type InspectedAction",
      "type InspectedDelivery",
      "type InspectedEvent",
      "type InspectedIdempotencyKey",
      "type InspectedNotification",
      "type InspectedOrder",
      "type InspectedOrganization",
      "type InspectedRoute",
      "type InspectedSequences",
      "type InspectedSolution",
      "type InspectedToken",
      "type InspectedWebhook",
      "type InspectedWorkspace",
      "type Instant",
      "type JournalEntry",
      "type JournalFilter",
      "type LoadedFixtures",
      "type Logger",
      "type ManualClock",
      "type OperationId",
      "type OrderStatusUpdatedData",
      "type RateLimitOptions",
      "type RouteEventData",
      "type ServiceArea",
      "type TravelMatrix",
      "type TravelMode",
      "type TravelProvider",
      "type WebhookAttemptResult",
      "type WebhookDeliveryFilter",
      "type WebhookDeliveryStatus",
      "type WebhookHandler",
      "type WebhookOptions",
      "type WorkspaceInit",
    ]);
  });

  it("./node (the host entry) is exactly the committed list", () => {
    // startServer and its types moved to @dispatchkit/fake-server (docs/decisions/0017-server-package.md).
    expect(listExports(entry("../src/node.ts"))).toEqual([
      "CONTROL_PREFIX",
      "DomainError",
      "MAX_BODY_BYTES",
      "MAX_HEADER_BYTES",
      "MAX_URL_BYTES",
      "STATUS_BY_CODE",
      "StateFormatError",
      "answerBytes",
      "bodyTooLarge",
      "declaredTooLarge",
      "handleControlRequest",
      "healthBody",
      "hostOf",
      "parseFakeData",
      "planRun",
      "type FakeDataJson",
      "type FakeHost",
      "type HealthStateFile",
      "type HostAnswer",
      "type HostRequest",
      "type Pace",
      "type RunPlanRequest",
      "type RunPlanResult",
      "type RunPlanner",
      "urlTooLong",
    ]);
  });
});
