/**
 * What every domain command receives: the state of one fake instance (plain data in Maps, so a snapshot is a
 * structured clone), its clock, its id generator and the services it was built with.
 */
import type { Clock } from "./clock.js";
import type { Geocoder, TravelProvider } from "./geo.js";
import type { Ids } from "./ids.js";
import type { WorkParams } from "./inputs.js";
import type { ListIndexes } from "./list-index.js";
import type {
  ActionKind,
  ActionRecord,
  ActionSummary,
  EventRecord,
  IdempotencyRecord,
  NotificationRecord,
  OrderRecord,
  Organization,
  RouteRecord,
  ScheduleRunRecord,
  TokenRecord,
  WebhookState,
  Workspace,
} from "./records.js";

/** All entities of one fake instance. */
export interface State {
  organizations: Map<string, Organization>;
  tokens: Map<string, TokenRecord>;
  /** By uuid, in creation order. */
  workspaces: Map<string, Workspace>;
  nextWorkspaceId: number;
  /** Live orders by uuid, in creation order. Deleted orders are removed (gone for good). */
  orders: Map<string, OrderRecord>;
  /** Last `ORD-<n>` number handed out, per organization id. */
  orderNumbers: Map<string, number>;
  /** Routes by uuid, in creation order. */
  routes: Map<string, RouteRecord>;
  /** Background actions (schedule, publish, update, delete) by uuid, in creation order. */
  actions: Map<string, ActionRecord>;
  /** Every event the domain emitted, oldest first (webhook delivery reads them). */
  events: EventRecord[];
  /** Customer notifications the service "sent" (on completion), oldest first. */
  notifications: NotificationRecord[];
  /** The stored solution of every finished scheduling run, by action uuid. */
  scheduleRuns: Map<string, ScheduleRunRecord>;
  /** Webhook subscriptions and the delivery log. */
  webhooks: WebhookState;
  /**
   * The kept answers of POSTs sent with an `Idempotency-Key`, by organization id and key (joined by a line
   * feed, which no key contains), oldest first.
   */
  idempotencyKeys: Map<string, IdempotencyRecord>;
  /**
   * The work of the pending actions by action uuid, as plain data: a snapshot clones it with the records, the state
   * file saves it (`pendingWork`), and {@link ActionRuntime.runners} runs it.
   */
  works: Map<string, ActionWork>;
}

/** Empty state. */
export function createState(): State {
  return {
    organizations: new Map(),
    tokens: new Map(),
    workspaces: new Map(),
    nextWorkspaceId: 1001,
    orders: new Map(),
    orderNumbers: new Map(),
    routes: new Map(),
    actions: new Map(),
    events: [],
    notifications: [],
    scheduleRuns: new Map(),
    webhooks: { subscriptions: new Map(), deliveries: new Map(), fannedOut: 0, lastDelivery: 0 },
    idempotencyKeys: new Map(),
    works: new Map(),
  };
}

/** What a piece of background work returns; throwing a `DomainError` fails the action with its message. */
export type ActionOutcome =
  | { status: "finished"; summary: ActionSummary }
  | { status: "failed"; reason: string; summary?: ActionSummary };

/**
 * A pending action's work as plain data: the kind of command that runs it and the params that command reads
 * (`{ kind: "publish", params: { principal, workspaceUuid, date, routeUuids } }`), typed by kind. Being data, it is
 * cloned by a snapshot and saved in the state file like any record ({@link State.works});
 * {@link ActionRuntime.runners} runs it.
 */
export type ActionWork<K extends ActionKind = ActionKind> = {
  [P in K]: { readonly kind: P; readonly params: WorkParams[P] };
}[K];

/**
 * What a step of work gives: its outcome, or, while a part of it goes on elsewhere (a run planned on a host's worker
 * thread), the promise of the step that follows, which runs on the fake's thread against the state of that moment.
 */
export type WorkStep = ActionOutcome | Promise<WorkContinuation>;

/** The step of work that follows a part done elsewhere (see {@link WorkStep}). */
export type WorkContinuation = (ctx: Context, action: ActionRecord) => WorkStep;

/** Runs one kind of work, once, against the state at the moment it runs. */
export type WorkRunner<K extends ActionKind = ActionKind> = (
  ctx: Context,
  action: ActionRecord,
  params: WorkParams[K],
) => WorkStep;

/** The one table of runners, one per kind of action (built from the commands at the top of the domain). */
export type WorkRunners = { readonly [K in ActionKind]: WorkRunner<K> };

/**
 * How the actions of one kind end:
 * - `"immediate"`: the work runs as the action is created; the first poll shows it ended;
 * - `{ afterPolls: n }`: the first `n` polls of the action answer `pending`, poll `n + 1` shows it ended;
 * - `{ afterMs: t }`: pending until the fake's clock has moved `t` ms past its creation;
 * - `{ hold: true }`: pending until released or failed by the test;
 * - `fail: reason` (alone or beside one of the above): when its time comes the action ends `failed` with that
 *   reason, and its work never runs.
 *
 * @example
 * ```ts
 * fake.actions.policy("schedule", { afterPolls: 2 });
 * fake.actions.policy("publish", { afterMs: 5_000, fail: "driver app unavailable" });
 * ```
 */
export type ActionPolicy =
  | "immediate"
  | { afterPolls: number; afterMs?: never; hold?: never; fail?: string }
  | { afterMs: number; afterPolls?: never; hold?: never; fail?: string }
  | { hold: true; afterPolls?: never; afterMs?: never; fail?: string }
  | { fail: string; afterPolls?: never; afterMs?: never; hold?: never };

/** How actions run (fake option `actions`). */
export interface ActionOptions {
  /** Keep actions pending until released: `true` for every kind, or a list of kinds. Default false. */
  hold?: boolean | readonly ActionKind[];
  /** Keep actions pending for this many milliseconds of the fake's clock (default 0: end at once). */
  delayMs?: number;
  /** `Retry-After` hint (seconds) answered on polls of a pending action (default 1). */
  retryAfterSeconds?: number;
  /** A policy per kind; a kind with a policy ignores `hold` and `delayMs`. */
  policies?: Partial<Record<ActionKind, ActionPolicy>>;
}

/**
 * The runtime part of the action engine: options, and the table of runners that performs the pending actions' work
 * (the work itself is data, in {@link State.works}).
 */
export interface ActionRuntime {
  options: ActionOptions;
  readonly runners: WorkRunners;
  /**
   * The actions whose work goes on elsewhere right now (a run planned on a worker thread): still pending, their work
   * kept in {@link State.works} so a saved state runs it again, and not ended a second time meanwhile. By
   * record, so a restored or reset state (new records) has none.
   */
  readonly running: WeakSet<ActionRecord>;
}

/** Create the runtime that {@link Context.actions} holds. */
export function createActionRuntime(runners: WorkRunners, options: ActionOptions = {}): ActionRuntime {
  return { options: { ...options }, runners, running: new WeakSet() };
}

/** What every domain command receives. Every field is set by whoever builds the context (`createFake`). */
export interface Context {
  clock: Clock;
  ids: Ids;
  state: State;
  /** Geocoder for addresses without coordinates. */
  geocoder: Geocoder;
  /** Travel-time provider of timelines and scheduling runs. */
  travel: TravelProvider;
  /** How background actions run (hold, delay, pending work). */
  actions: ActionRuntime;
  /** The indexes of the lists, derived from {@link Context.state} (rebuilt when it is replaced; never saved). */
  readonly lists: ListIndexes;
}
