/**
 * The fake's state as plain JSON and back: every Map of {@link State} becomes an array of `[key, value]` pairs
 * (insertion order kept), everything else is already plain data. Decoding validates the structure and names the
 * field path of the first problems, so a state file edited by hand or cut short is refused with a reason.
 */
import { z } from "zod";
import { ACTION_KINDS } from "../domain/actions.js";
import type { ActionOptions, State } from "../domain/context.js";
import { createIds } from "../domain/ids.js";
import type {
  ActionKind,
  ActionRecord,
  EventRecord,
  IdempotencyRecord,
  NotificationRecord,
  OrderRecord,
  Organization,
  RouteRecord,
  ScheduleRunRecord,
  TokenRecord,
  WebhookDeliveryRecord,
  WebhookState,
  WebhookSubscriptionRecord,
  Workspace,
} from "../domain/records.js";
import type { Fake } from "../fake-api.js";
import { formatPath, issueMessage } from "../http/input.js";
import { runtimeOf } from "../runtime.js";
import { FAKE_DATA_SCHEMA } from "./generated/state-schema.js";
import { decodePendingWork, encodePendingWork, type PendingWorkJson } from "./pending-work.js";

/** A Map as its `[key, value]` pairs, in insertion order (every Map of the state has string keys). */
type Entries<V> = [string, V][];

/**
 * A {@link State} with its Maps as `[key, value]` pairs: what {@link encodeState} returns. Written out field by field
 * (the schema generator reads it), and checked against {@link State} below, so the two cannot drift.
 */
export interface StateJson {
  organizations: Entries<Organization>;
  tokens: Entries<TokenRecord>;
  workspaces: Entries<Workspace>;
  nextWorkspaceId: number;
  orders: Entries<OrderRecord>;
  orderNumbers: Entries<number>;
  routes: Entries<RouteRecord>;
  actions: Entries<ActionRecord>;
  events: EventRecord[];
  notifications: NotificationRecord[];
  scheduleRuns: Entries<ScheduleRunRecord>;
  webhooks: {
    subscriptions: Entries<WebhookSubscriptionRecord>;
    deliveries: Entries<WebhookDeliveryRecord>;
    fannedOut: number;
    lastDelivery: number;
  };
  idempotencyKeys: Entries<IdempotencyRecord>;
}

/** A Map as its `[key, value]` pairs; anything else as it is. */
type Pairs<T> = T extends Map<infer K, infer V> ? [K, V][] : T;
/** {@link State} with its Maps as pairs, derived: {@link StateJson} must equal it. */
type DerivedStateJson = { [K in Exclude<keyof State, "webhooks" | "works">]: Pairs<State[K]> } & {
  webhooks: { [K in keyof WebhookState]: Pairs<WebhookState[K]> };
};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when {@link StateJson} and {@link State} drift apart. */
const stateJsonMatchesState: Same<StateJson, DerivedStateJson> = true;
void stateJsonMatchesState;

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

/**
 * The generated schema of one part of the data (a definition of {@link FAKE_DATA_SCHEMA}): the records' shapes come
 * from their TypeScript types alone.
 */
function generated(name: string): z.ZodType {
  const definitions = FAKE_DATA_SCHEMA.definitions as Record<string, object>;
  // The definition itself as the root, beside every definition its references name (draft-07: `#/definitions/…`).
  const draft07 = "http://json-schema.org/draft-07/schema#";
  return z.fromJSONSchema({ $schema: draft07, ...definitions[name], definitions } as never);
}

/**
 * A pending delivery names a subscription and an event the state holds: the dispatcher would otherwise find it due
 * and have nothing to send, for ever (the API never leaves one: deleting a subscription cancels its deliveries).
 */
function pendingDeliveriesResolve({ state }: { state: unknown }, issues: z.RefinementCtx): void {
  // Checked by the generated schema before this runs.
  const { events: eventList, webhooks } = state as StateJson;
  const subscriptions = new Set(webhooks.subscriptions.map(([uuid]) => uuid));
  const events = new Set(eventList.map((event) => event.id));
  webhooks.deliveries.forEach(([, delivery], i) => {
    if (delivery.status !== "pending") return;
    const path = ["state", "webhooks", "deliveries", i, 1];
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

const kind = z.enum(ACTION_KINDS as readonly ActionKind[]);
/** An action policy as `fake.actions.policy` stores it (closed, no negatives). */
const policy = z.union([
  z.literal("immediate"),
  z.strictObject({
    afterPolls: z.int().min(0).optional(),
    afterMs: z.number().min(0).optional(),
    hold: z.literal(true).optional(),
    fail: z.string().optional(),
  }),
]);
/** How new actions run, as set through `fake.actions` or the control API (closed, no negatives). */
const actionOptions = z.strictObject({
  hold: z.union([z.boolean(), z.array(kind)]).optional(),
  delayMs: z.number().min(0).optional(),
  retryAfterSeconds: z.number().min(0).optional(),
  policies: z.partialRecord(kind, policy).optional(),
});

/** Built on first use: most fakes never load a state file. */
let fakeDataJson: z.ZodType | undefined;
function fakeDataSchema(): z.ZodType {
  fakeDataJson ??= z
    .strictObject({
      idsPosition: z.int().min(0).max(0xffffffff),
      actionOptions,
      pendingWork: z.array(generated("PendingWorkJson")),
      state: generated("StateJson"),
    })
    .superRefine(pendingDeliveriesResolve);
  return fakeDataJson;
}

/**
 * The state as plain JSON data: a deep copy (nothing in it is shared with `state`), or with `copy: false` the live
 * records in fresh containers, for a caller that serializes them before the state can change again (the state
 * file's saver, which holds changes back meanwhile: copying 100 MB of records would block the server for a second).
 */
export function encodeState(state: State, { copy = true }: { copy?: boolean } = {}): StateJson {
  const json = {
    organizations: [...state.organizations],
    tokens: [...state.tokens],
    workspaces: [...state.workspaces],
    nextWorkspaceId: state.nextWorkspaceId,
    orders: [...state.orders],
    orderNumbers: [...state.orderNumbers],
    routes: [...state.routes],
    actions: [...state.actions],
    events: copy ? state.events : [...state.events],
    notifications: copy ? state.notifications : [...state.notifications],
    scheduleRuns: [...state.scheduleRuns],
    webhooks: {
      subscriptions: [...state.webhooks.subscriptions],
      deliveries: [...state.webhooks.deliveries],
      fannedOut: state.webhooks.fannedOut,
      lastDelivery: state.webhooks.lastDelivery,
    },
    idempotencyKeys: [...state.idempotencyKeys],
  } satisfies Record<Exclude<keyof State, "works">, unknown>; // the works are saved as `pendingWork`
  // The records are plain data; a structured clone detaches them from the live state.
  return copy ? structuredClone(json) : json;
}

/** Rebuild a {@link State} from what {@link encodeState} made (already validated by {@link parseFakeData}). */
function decodeState(json: StateJson, pendingWork: readonly PendingWorkJson[] = []): State {
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
    works: decodePendingWork(pendingWork),
  };
}

/**
 * Check that `value` is a {@link FakeDataJson}, or throw a {@link StateFormatError} naming the first problem's
 * field path (under `prefix`) and how many more there are.
 */
export function parseFakeData(value: unknown, prefix = "fake"): FakeDataJson {
  const result = fakeDataSchema().safeParse(value);
  // The schema checked each record's known fields and kept the rest: the records are the state's own types. The data
  // is the file's own, not the schema's copy, which drops a key named `__proto__` (a custom field may be called so).
  if (result.success) return value as FakeDataJson;
  const issues = result.error.issues;
  const first = issues[0];
  const path = first ? formatPath([prefix, ...first.path]) : prefix;
  const what =
    first === undefined
      ? undefined
      : first.code === "unrecognized_keys"
        ? `unknown field ${JSON.stringify(first.keys[0])}`
        : issueMessage(first, value);
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  throw new StateFormatError(`${path}: ${what ?? "invalid"}${more}`);
}

/**
 * Everything `fake` holds that a user built up, as plain JSON data (see {@link FakeDataJson}); with `copy: false` the
 * records are the live ones (see {@link encodeState}).
 */
export function exportFakeData(fake: Fake, options: { copy?: boolean } = {}): FakeDataJson {
  const { context } = runtimeOf(fake);
  return {
    idsPosition: context.ids.position,
    actionOptions: structuredClone(context.actions.options) as ActionOptions,
    pendingWork: encodePendingWork(context.state.works),
    state: encodeState(context.state, options),
  };
}

/**
 * Put `fake` in the state `data` describes (validate it with {@link parseFakeData} first). What is not data is
 * reset as by `fake.reset()`: faults, the journal, rate-limit windows, the auto-driver, webhook attempts in flight.
 */
export function importFakeData(fake: Fake, data: FakeDataJson): void {
  fake.reset();
  const { context } = runtimeOf(fake);
  context.state = decodeState(data.state, data.pendingWork);
  context.ids = createIds(data.idsPosition, context.ids.entropy, context.ids.requestIds);
  context.actions.options = structuredClone(data.actionOptions) as ActionOptions;
}
