/**
 * DO NOT EDIT: generated from packages/fake/control-openapi.yaml by scripts/generate-types.mjs (npm run generate).
 * Every operation, and every variant of a `oneOf` body, with only what the document requires at every level and
 * every optional object present with its own required content. `npm run typecheck` compiles the calls against the
 * generated types, so a request type that asks for more (a property with a `default`, say) fails the build;
 * packages/fake/test/minimal-control-requests.test.ts sends each one to the fake.
 */
import type { Client } from "openapi-fetch";
import type { paths } from "../../src/control/generated/control-openapi.js";

/** The date of every minimal request. */
export const MINIMAL_DATE = "2026-11-24";

/** The records the minimal requests name (path parameters, uuids): the caller's, so that they exist. */
export interface MinimalControlRequestIds {
  actionUuid: string;
  orderUuid: string;
  policyKind: string;
  snapshotId: string;
  token: string;
  webhookDeliveryId: string;
}

/** One minimal request: its operation, its body's variant (for a `oneOf` body), and the call. */
export interface MinimalControlRequest {
  operationId: string;
  variant?: string;
  send(client: Client<paths>, ids: MinimalControlRequestIds): Promise<{ response: Response; data?: unknown; error?: unknown }>;
}

/** The minimal requests, in the document's order. */
export const minimalControlRequests: MinimalControlRequest[] = [
  {
    operationId: "getHealth",
    send: (client, ids) => client.GET("/_fake/health"),
  },
  {
    operationId: "createToken",
    send: (client, ids) => client.POST("/_fake/tokens", { body: {} }),
  },
  {
    operationId: "expireToken",
    send: (client, ids) => client.POST("/_fake/tokens/{token}/expire", { params: { path: { token: ids.token } } }),
  },
  {
    operationId: "createOrganization",
    send: (client, ids) => client.POST("/_fake/organizations", { body: {} }),
  },
  {
    operationId: "createWorkspace",
    send: (client, ids) => client.POST("/_fake/workspaces", { body: { serviceArea: { latitude: -90, longitude: -180, radiusKm: 1 } } }),
  },
  {
    operationId: "loadFixtures",
    send: (client, ids) => client.POST("/_fake/fixtures", { body: {} }),
  },
  {
    operationId: "getClock",
    send: (client, ids) => client.GET("/_fake/clock"),
  },
  {
    operationId: "advanceClock",
    send: (client, ids) => client.POST("/_fake/clock/advance", { body: { ms: 0 } }),
  },
  {
    operationId: "listActions",
    send: (client, ids) => client.GET("/_fake/actions"),
  },
  {
    operationId: "setActionPolicy",
    variant: "string (oneOf 0)",
    send: (client, ids) => client.PUT("/_fake/actions/policy/{kind}", { params: { path: { kind: ids.policyKind } }, body: "immediate" }),
  },
  {
    operationId: "setActionPolicy",
    variant: "object (oneOf 1)",
    send: (client, ids) => client.PUT("/_fake/actions/policy/{kind}", { params: { path: { kind: ids.policyKind } }, body: {} }),
  },
  {
    operationId: "releaseAction",
    send: (client, ids) => client.POST("/_fake/actions/{uuid}/release", { params: { path: { uuid: ids.actionUuid } } }),
  },
  {
    operationId: "failAction",
    send: (client, ids) => client.POST("/_fake/actions/{uuid}/fail", { params: { path: { uuid: ids.actionUuid } }, body: { reason: "x" } }),
  },
  {
    operationId: "listFaults",
    send: (client, ids) => client.GET("/_fake/faults"),
  },
  {
    operationId: "addFault",
    send: (client, ids) => client.POST("/_fake/faults", { body: { operationId: "listOrders" } }),
  },
  {
    operationId: "clearFaults",
    send: (client, ids) => client.DELETE("/_fake/faults"),
  },
  {
    operationId: "driverArrive",
    send: (client, ids) => client.POST("/_fake/driver/arrive", { body: { orderUuid: ids.orderUuid } }),
  },
  {
    operationId: "driverComplete",
    send: (client, ids) => client.POST("/_fake/driver/complete", { body: { status: "delivered" } }),
  },
  {
    operationId: "setAutoDriver",
    send: (client, ids) => client.POST("/_fake/driver/auto", { body: { on: false } }),
  },
  {
    operationId: "resetFake",
    send: (client, ids) => client.POST("/_fake/reset"),
  },
  {
    operationId: "listSnapshots",
    send: (client, ids) => client.GET("/_fake/snapshots"),
  },
  {
    operationId: "takeSnapshot",
    send: (client, ids) => client.POST("/_fake/snapshots"),
  },
  {
    operationId: "deleteSnapshot",
    send: (client, ids) => client.DELETE("/_fake/snapshots/{id}", { params: { path: { id: ids.snapshotId } } }),
  },
  {
    operationId: "restoreSnapshot",
    send: (client, ids) => client.POST("/_fake/snapshots/{id}/restore", { params: { path: { id: ids.snapshotId } } }),
  },
  {
    operationId: "listJournal",
    send: (client, ids) => client.GET("/_fake/journal"),
  },
  {
    operationId: "clearJournal",
    send: (client, ids) => client.DELETE("/_fake/journal"),
  },
  {
    operationId: "listEvents",
    send: (client, ids) => client.GET("/_fake/events"),
  },
  {
    operationId: "listNotifications",
    send: (client, ids) => client.GET("/_fake/notifications"),
  },
  {
    operationId: "listWebhookDeliveries",
    send: (client, ids) => client.GET("/_fake/webhook-deliveries"),
  },
  {
    operationId: "redeliverWebhook",
    send: (client, ids) => client.POST("/_fake/webhook-deliveries/{id}/redeliver", { params: { path: { id: ids.webhookDeliveryId } } }),
  },
];
