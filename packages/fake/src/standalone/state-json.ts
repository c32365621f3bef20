/**
 * The fake's state as plain JSON and back: every Map of {@link State} becomes an array of `[key, value]` pairs
 * (insertion order kept), everything else is already plain data. Decoding validates the structure and names the
 * field path of the first problems, so a state file edited by hand or cut short is refused with a reason.
 */
import { z } from "zod";
import { ACTION_KINDS } from "../domain/actions.js";
import type { ActionOptions, State } from "../domain/context.js";
import { createIds } from "../domain/ids.js";
import type { WebhookState } from "../domain/records.js";
import type { Fake } from "../fake-api.js";
import { formatPath } from "../http/input.js";
import { runtimeOf } from "../runtime.js";
import { decodePendingWork, encodePendingWork, type PendingWorkJson, pendingWorkJson } from "./pending-work.js";

/** A Map as its `[key, value]` pairs; anything else as it is. */
type Pairs<T> = T extends Map<infer K, infer V> ? [K, V][] : T;

/** A {@link State} with its Maps as `[key, value]` pairs: what {@link encodeState} returns. */
export type StateJson = { [K in Exclude<keyof State, "webhooks">]: Pairs<State[K]> } & {
  webhooks: { [K in keyof WebhookState]: Pairs<WebhookState[K]> };
};

/** What a fake holds beside its records: the id generator's position and how new actions run. */
export interface FakeDataJson {
  /** Position of the seeded id generator: ids made after a restore follow the ones made before. */
  idsPosition: number;
  /** Action options (hold, delay, per-kind policies) as set through the control API or `fake.actions`. */
  actionOptions: ActionOptions;
  /** The work of the pending actions, so they end after a restore as they would have without one. */
  pendingWork: PendingWorkJson[];
  state: StateJson;
}

/** A state file part that is not what it must be: `path` names the field (`state.orders[3][1].status`). */
export class StateFormatError extends Error {
  override readonly name = "StateFormatError";
}

const str = z.string();
const num = z.number();
const int = z.int();
const nullableStr = str.nullable();
const nullableNum = num.nullable();
const kind = z.enum(ACTION_KINDS as readonly ["schedule", "publish", "update", "delete"]);
const eventType = z.enum(["route.published", "route.eta_updated", "order.status_updated"]);

/** Pairs of a Map: keys are strings in every Map of the state. */
const entries = <T extends z.ZodType>(value: T) => z.array(z.tuple([str, value]));

// Records are loose objects: a field the schema does not name is kept as it is, never dropped.
const location = z.looseObject({ address: str, latitude: num, longitude: num });
const organization = z.looseObject({ id: str, name: str });
const token = z.looseObject({ token: str, organizationId: str, createdAt: num, expiresAt: nullableNum });
const workspace = z.looseObject({
  uuid: str,
  workspaceId: int,
  organizationId: str,
  name: str,
  timezone: str,
  serviceArea: z.looseObject({ latitude: num, longitude: num, radiusKm: num }),
  createdAt: num,
});
const order = z.looseObject({
  uuid: str,
  organizationId: str,
  workspaceUuid: str,
  orderNumber: str,
  status: z.enum(["not_scheduled", "scheduled", "delivered", "missed"]),
  routeUuid: nullableStr,
  name: nullableStr,
  customerOrderNumber: nullableStr,
  deliveryDate: str,
  location,
  timeWindows: z.array(z.looseObject({ startTime: str, endTime: str })),
  duration: num,
  load: num,
  tags: z.array(str),
  priority: z.enum(["low", "normal", "high"]),
  phone: nullableStr,
  email: nullableStr,
  instructions: nullableStr,
  customFields: z.record(str, z.union([str, num, z.boolean(), z.null()])),
  packages: z.array(z.looseObject({ barcode: nullableStr, description: nullableStr, quantity: num })),
  signatureUrl: nullableStr,
  deliveryTime: nullableNum,
  deliveryMissedReason: nullableStr,
  deliveryNotes: nullableStr,
  createdAt: num,
  updatedAt: num,
});
const timelineEntry = z.looseObject({
  type: z.enum(["start_location", "delivering_stop", "end_location"]),
  orderUuid: nullableStr,
  distanceFromPreviousKm: num,
  plannedArrival: nullableNum,
  plannedDeparture: nullableNum,
  estimatedArrival: nullableNum,
  estimatedDeparture: nullableNum,
  actualArrival: nullableNum,
  actualDeparture: nullableNum,
});
const route = z.looseObject({
  uuid: str,
  organizationId: str,
  workspaceUuid: str,
  name: str,
  date: str,
  startTime: str,
  endTime: str,
  startLocation: location,
  endLocation: location.nullable(),
  capacity: nullableNum,
  tags: z.array(str),
  driver: z.looseObject({ name: str, email: nullableStr, phone: nullableStr }).nullable(),
  locked: z.boolean(),
  status: z.enum(["planned", "published"]),
  publishedAt: nullableNum,
  travelMode: z.enum(["car", "bicycle"]),
  orderUuids: z.array(str),
  timeline: z.array(timelineEntry),
  distanceInKilometers: num,
  workingTimeInSeconds: num,
  createdAt: num,
  updatedAt: num,
});
const action = z.looseObject({
  uuid: str,
  organizationId: str,
  workspaceUuid: nullableStr,
  kind,
  status: z.enum(["pending", "finished", "failed"]),
  createdAt: num,
  finishedAt: nullableNum,
  summary: z.looseObject({}).nullable(),
  reason: nullableStr,
  dueAt: nullableNum,
  held: z.boolean(),
  afterPolls: int.nullable(),
  polls: int,
  failWith: nullableStr,
});
const event = z.looseObject({
  id: str,
  organizationId: str,
  workspaceUuid: str,
  createdAt: num,
  type: eventType,
  data: z.looseObject({}),
});
const notification = z.looseObject({
  id: str,
  organizationId: str,
  workspaceUuid: str,
  orderUuid: str,
  routeUuid: str,
  kind: z.enum(["order_delivered", "order_missed"]),
  email: nullableStr,
  phone: nullableStr,
  message: str,
  trackingLink: str,
  createdAt: num,
});
const scheduleRun = z.looseObject({
  actionUuid: str,
  organizationId: str,
  workspaceUuid: str,
  timezone: str,
  date: str,
  mode: z.enum(["all", "specific", "what_if"]),
  committed: z.boolean(),
  summary: z.looseObject({}),
  routes: z.array(
    z.looseObject({
      routeUuid: str,
      stops: z.array(
        z.looseObject({
          sequence: int,
          orderUuid: str,
          arrivalTime: num,
          departureTime: num,
          distanceFromPreviousStopInKilometers: num,
          load: num,
        }),
      ),
      distanceInKilometers: num,
      workingTimeInSeconds: num,
      load: num,
    }),
  ),
  unscheduled: z.array(z.looseObject({})),
});
const subscription = z.looseObject({
  uuid: str,
  organizationId: str,
  url: str,
  events: z.array(eventType),
  workspaceUuid: nullableStr,
  secret: str,
  createdAt: num,
  firstEvent: int,
});
const delivery = z.looseObject({
  id: str,
  organizationId: str,
  subscriptionUuid: str,
  url: str,
  eventId: str,
  eventType,
  status: z.enum(["pending", "succeeded", "failed", "cancelled"]),
  createdAt: num,
  nextAttemptAt: nullableNum,
  attempts: z.array(
    z.looseObject({
      attempt: int,
      at: num,
      result: z.enum(["succeeded", "rejected", "timeout", "connection_error"]),
      status: int.nullable(),
      error: nullableStr,
      durationMs: num,
      nextAttemptAt: nullableNum,
    }),
  ),
  redeliveryOf: nullableStr,
});
const idempotency = z.looseObject({
  organizationId: str,
  key: str,
  request: z.looseObject({ method: str, target: str, bodySha256: str }),
  answer: z.looseObject({ status: int, headers: z.array(z.tuple([str, str])), body: nullableStr }),
  storedAt: num,
});

const stateJson = z
  .strictObject({
    organizations: entries(organization),
    tokens: entries(token),
    workspaces: entries(workspace),
    nextWorkspaceId: int,
    orders: entries(order),
    orderNumbers: entries(int),
    routes: entries(route),
    actions: entries(action),
    events: z.array(event),
    notifications: z.array(notification),
    scheduleRuns: entries(scheduleRun),
    webhooks: z.strictObject({
      subscriptions: entries(subscription),
      deliveries: entries(delivery),
      fannedOut: int,
      lastDelivery: int,
    }),
    idempotencyKeys: entries(idempotency),
  })
  .superRefine(pendingDeliveriesResolve);

/**
 * A pending delivery names a subscription and an event the state holds: the dispatcher would otherwise find it due
 * and have nothing to send, for ever (the API never leaves one: deleting a subscription cancels its deliveries).
 */
function pendingDeliveriesResolve(
  state: {
    events: readonly { id: string }[];
    webhooks: {
      subscriptions: readonly (readonly [string, unknown])[];
      deliveries: readonly (readonly [string, { status: string; subscriptionUuid: string; eventId: string }])[];
    };
  },
  issues: z.RefinementCtx,
): void {
  const subscriptions = new Set(state.webhooks.subscriptions.map(([uuid]) => uuid));
  const events = new Set(state.events.map((event) => event.id));
  state.webhooks.deliveries.forEach(([, delivery], i) => {
    if (delivery.status !== "pending") return;
    const path = ["webhooks", "deliveries", i, 1];
    if (!subscriptions.has(delivery.subscriptionUuid)) {
      issues.addIssue({
        code: "custom",
        path: [...path, "subscriptionUuid"],
        message: `a pending delivery names subscription ${JSON.stringify(delivery.subscriptionUuid)}, which webhooks.subscriptions does not hold`,
      });
    }
    if (!events.has(delivery.eventId)) {
      issues.addIssue({
        code: "custom",
        path: [...path, "eventId"],
        message: `a pending delivery names event ${JSON.stringify(delivery.eventId)}, which events does not hold`,
      });
    }
  });
}

const policy = z.union([
  z.literal("immediate"),
  z.strictObject({
    afterPolls: int.min(0).optional(),
    afterMs: num.min(0).optional(),
    hold: z.literal(true).optional(),
    fail: str.optional(),
  }),
]);

const actionOptions = z.strictObject({
  hold: z.union([z.boolean(), z.array(kind)]).optional(),
  delayMs: num.min(0).optional(),
  retryAfterSeconds: num.min(0).optional(),
  policies: z.partialRecord(kind, policy).optional(),
});

const fakeDataJson = z.strictObject({
  idsPosition: int.min(0).max(0xffffffff),
  actionOptions,
  pendingWork: z.array(pendingWorkJson),
  state: stateJson,
});

/** The state as plain JSON data (a deep copy: nothing in it is shared with `state`). */
export function encodeState(state: State): StateJson {
  const json = {
    organizations: [...state.organizations],
    tokens: [...state.tokens],
    workspaces: [...state.workspaces],
    nextWorkspaceId: state.nextWorkspaceId,
    orders: [...state.orders],
    orderNumbers: [...state.orderNumbers],
    routes: [...state.routes],
    actions: [...state.actions],
    events: state.events,
    notifications: state.notifications,
    scheduleRuns: [...state.scheduleRuns],
    webhooks: {
      subscriptions: [...state.webhooks.subscriptions],
      deliveries: [...state.webhooks.deliveries],
      fannedOut: state.webhooks.fannedOut,
      lastDelivery: state.webhooks.lastDelivery,
    },
    idempotencyKeys: [...state.idempotencyKeys],
  } satisfies Record<keyof State, unknown>;
  // The records are plain data; a structured clone detaches them from the live state.
  return structuredClone(json);
}

/** Rebuild a {@link State} from what {@link encodeState} made (already validated by {@link parseFakeData}). */
export function decodeState(json: StateJson): State {
  const copy = structuredClone(json);
  return {
    organizations: new Map(copy.organizations),
    tokens: new Map(copy.tokens),
    workspaces: new Map(copy.workspaces),
    nextWorkspaceId: copy.nextWorkspaceId,
    orders: new Map(copy.orders),
    orderNumbers: new Map(copy.orderNumbers),
    routes: new Map(copy.routes),
    actions: new Map(copy.actions),
    events: copy.events,
    notifications: copy.notifications,
    scheduleRuns: new Map(copy.scheduleRuns),
    webhooks: {
      subscriptions: new Map(copy.webhooks.subscriptions),
      deliveries: new Map(copy.webhooks.deliveries),
      fannedOut: copy.webhooks.fannedOut,
      lastDelivery: copy.webhooks.lastDelivery,
    },
    idempotencyKeys: new Map(copy.idempotencyKeys),
  };
}

/**
 * Check that `value` is a {@link FakeDataJson}, or throw a {@link StateFormatError} naming the first problem's
 * field path (under `prefix`) and how many more there are.
 */
export function parseFakeData(value: unknown, prefix = "fake"): FakeDataJson {
  const result = fakeDataJson.safeParse(value);
  // The schema checked each record's known fields and kept the rest: the records are the state's own types.
  if (result.success) return result.data as unknown as FakeDataJson;
  const issues = result.error.issues;
  const first = issues[0];
  const path = first ? formatPath([prefix, ...first.path]) : prefix;
  const what = first?.code === "unrecognized_keys" ? `unknown field ${JSON.stringify(first.keys[0])}` : first?.message;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  throw new StateFormatError(`${path}: ${what ?? "invalid"}${more}`);
}

/** Everything `fake` holds that a user built up, as plain JSON data (see {@link FakeDataJson}). */
export function exportFakeData(fake: Fake): FakeDataJson {
  const { context } = runtimeOf(fake);
  return {
    idsPosition: context.ids.position,
    actionOptions: structuredClone(context.actions.options) as ActionOptions,
    pendingWork: encodePendingWork(context.actions.works),
    state: encodeState(context.state),
  };
}

/**
 * Put `fake` in the state `data` describes (validate it with {@link parseFakeData} first). What is not data is
 * reset as by `fake.reset()`: faults, the journal, rate-limit windows, the auto-driver, webhook attempts in flight.
 */
export function importFakeData(fake: Fake, data: FakeDataJson): void {
  fake.reset();
  const { context } = runtimeOf(fake);
  context.state = decodeState(data.state);
  context.ids = createIds(data.idsPosition, data.idsPosition);
  context.actions.options = structuredClone(data.actionOptions) as ActionOptions;
  context.actions.works = decodePendingWork(data.pendingWork);
}
