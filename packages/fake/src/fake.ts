/**
 * `createFake(options)`: one isolated, in-memory instance of the service. Never a module singleton.
 */
import type { HttpHandler } from "msw";
import { createControl, type FakeControl } from "./control/control.js";
import { createDriverSimulation, type FakeDriver } from "./control/driver.js";
import { parsePolicy } from "./control/schemas.js";
import {
  ACTION_KINDS,
  actionPolicy,
  failAction,
  holdActions,
  nextActionDueAt,
  pendingActions,
  releaseActions,
  setActionPolicy,
  settleActions,
} from "./domain/actions.js";
import { type Clock, createManualClock, createOffsetClock, type ManualClock } from "./domain/clock.js";
import {
  type ActionOptions,
  type ActionPolicy,
  type ActionWork,
  type Context,
  createActionRuntime,
  createState,
  type State,
} from "./domain/context.js";
import { validationFailed } from "./domain/errors.js";
import { type Geocoder, greatCircleTravel, hashGeocoder, type TravelProvider } from "./domain/geo.js";
import { createIds } from "./domain/ids.js";
import { createOrganization, issueToken, type WorkspaceInit } from "./domain/organizations.js";
import type {
  ActionKind,
  ActionRecord,
  EventRecord,
  NotificationRecord,
  Organization,
  Workspace,
} from "./domain/records.js";
import { createMswHandlers } from "./hosts/msw.js";
import { CONTRACT_OPERATIONS } from "./http/contract-operations.js";
import { createFaultInjector, type Fault, type FaultInput, type Sleep } from "./http/faults.js";
import { orderOperations } from "./http/handlers/orders.js";
import { routeOperations } from "./http/handlers/routes.js";
import { scheduleOperations } from "./http/handlers/schedules.js";
import { webhookOperations } from "./http/handlers/webhooks.js";
import { workspaceOperations } from "./http/handlers/workspaces.js";
import { forgetExpiredKeys, nextKeyExpiry } from "./http/idempotency.js";
import { createJournal, DEFAULT_JOURNAL_LIMIT, type JournalEntry, type JournalFilter } from "./http/journal.js";
import { createRateLimiter, type RateLimitOptions } from "./http/rate-limit.js";
import { createRouter, type Logger, type Operation, type RouterOptions } from "./http/router.js";
import { systemClock } from "./system-clock.js";
import { createWebhookDispatcher, type WebhookOptions } from "./webhooks/dispatcher.js";
import { createFakeWebhooks, type FakeWebhooks } from "./webhooks/fake-webhooks.js";

/** The default base URL the fake answers under. */
export const DEFAULT_BASE_URL = "https://api.dispatch.example.com";

/** The default API token of the seeded organization. */
export const DEFAULT_TOKEN = "test-token";

/** Options of {@link createFake}. */
export interface FakeOptions {
  /** Base URL the fake answers under (default {@link DEFAULT_BASE_URL}). A path prefix is allowed. */
  baseUrl?: string;
  /** Seed of every generated id (default 1): the same seed and the same calls give the same ids. */
  seed?: number;
  /** API token of the seeded organization (default {@link DEFAULT_TOKEN}). */
  token?: string;
  /**
   * Freeze time at this instant: the fake then runs on a {@link ManualClock} that only moves when told to,
   * which makes every timestamp deterministic. Without it (and without `clock`) the fake uses real time.
   */
  now?: number | string | Date;
  /** Your own clock; wins over `now`. */
  clock?: Clock;
  /** The seeded organization: its name and workspaces (default one workspace in Europe/Berlin). */
  organization?: { name?: string; workspaces?: WorkspaceInit[] };
  /** Where unexpected handler errors (answered 500 INTERNAL) are reported; default `console.error`. */
  log?: Logger;
  /**
   * How background actions run. Default: each action's work runs at once, the 202 answers the action as
   * `pending` and the first poll shows it ended. `{ hold: true }` (or a list of kinds) keeps actions
   * pending until `fake.actions.release()`; `{ delayMs }` until the clock has moved that far.
   */
  actions?: ActionOptions;
  /** Geocoder of addresses sent without coordinates (default: a deterministic hash inside the service area). */
  geocoder?: Geocoder;
  /** Travel-time provider (default: great-circle × 1.3 at 40 km/h by car, 15 km/h by bicycle). */
  travel?: TravelProvider;
  /**
   * Per-token rate limit on the fake's clock (off by default): `{ requests: 100, perSeconds: 1 }` admits 100
   * requests per token in a window that opens at its first request; the next answers 429 `RATE_LIMITED` with
   * `Retry-After`. `fake.reset()` forgets the windows.
   */
  rateLimit?: RateLimitOptions;
  /** Webhook delivery: the answer timeout of an attempt (default 10 s, real time). */
  webhooks?: WebhookOptions;
  /**
   * How injected latency (`fake.faults`) is waited out. Default: a fake created with `now` moves its clock forward
   * by the latency (`fake.advance(ms)`), so no real time passes; any other fake waits on a real timer.
   */
  sleep?: (ms: number) => Promise<void>;
  /** The request journal (`fake.journal`): it keeps the newest `limit` calls (default 1000; 0 keeps none). */
  journal?: { limit?: number };
}

/** Test control of a fake's background actions. */
export interface FakeActions {
  /** Every action of every organization, oldest first. */
  list(): readonly ActionRecord[];
  /** The actions still pending (held or delayed), oldest first. */
  pending(): readonly ActionRecord[];
  /** Run a pending action's work now (every pending action when `uuid` is omitted); returns them as ended. */
  release(uuid?: string): readonly ActionRecord[];
  /** End a pending action as `failed` with `reason`, without running its work. */
  fail(uuid: string, reason: string): ActionRecord;
  /**
   * Hold new actions (all kinds, or the given kinds) until released; `hold(false)` stops holding. Holding a kind
   * replaces its {@link FakeActions.policy}, and `hold(false)` drops the policies that hold: the last call wins.
   */
  hold(kinds?: boolean | readonly ActionKind[]): void;
  /**
   * How new actions of `kind` end: `"immediate"`, `{ afterPolls: n }`, `{ afterMs: t }`, `{ hold: true }`, and
   * `fail: reason` alone or beside one of those (see {@link ActionPolicy}). Actions already pending keep theirs.
   * A bad kind or policy throws 400 `VALIDATION_FAILED` naming the field.
   */
  policy(kind: ActionKind, policy: ActionPolicy): void;
  /** The policy new actions of each kind get now. */
  policies(): Record<ActionKind, ActionPolicy>;
}

/** Injected faults: the service failing on purpose, per contract operation. */
export interface FakeFaults {
  /**
   * Make calls of one operation fail: answer a status and error code with the one error body, drop the
   * connection, or wait before answering; once (`times: 1`), N times, always, or with a seeded probability.
   * Checked after authentication and routing and before the handler, so a faulted call changes nothing.
   */
  add(fault: FaultInput): Fault;
  /** Every fault added since the last clear, with how often each fired. */
  list(): readonly Fault[];
  /** Remove every fault. */
  clear(): void;
}

/** The request journal: every call of the API the fake answered, oldest first. */
export interface FakeJournal {
  /** The journaled calls, all or those of one operation. */
  list(filter?: JournalFilter): readonly JournalEntry[];
  /** Forget every entry. */
  clear(): void;
}

/** One running fake. */
export interface Fake {
  /** The base URL it answers under. */
  readonly baseUrl: string;
  /** MSW handlers: `setupServer(...fake.handlers)` or `setupWorker(...fake.handlers)`. */
  readonly handlers: HttpHandler[];
  /**
   * Answer one request without MSW (what the standalone server uses). A bare path such as `/v2/workspaces` is
   * taken relative to {@link Fake.baseUrl}.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /**
   * The fake's one clock. It can always be moved forward (`fake.clock.advance(ms)`): frozen when created with
   * `now`, otherwise real (or your `clock`) time plus the distance it was advanced.
   */
  readonly clock: ManualClock;
  /** The seeded organization's token. */
  readonly token: string;
  /** The seeded organization and its workspaces (as of creation or the last reset). */
  readonly organization: Organization;
  readonly workspaces: readonly Workspace[];
  /** Forget everything and start again from the seed: same ids as a new fake. */
  reset(): void;
  /**
   * A copy of everything the fake holds (organizations, tokens, orders, routes, actions, events, the id
   * sequence) to {@link Fake.restore} later. The clock is not part of it: time only moves forward.
   */
  snapshot(): FakeSnapshot;
  /** Put the fake back to a snapshot of this fake (or of one created with the same options). */
  restore(snapshot: FakeSnapshot): void;
  /**
   * Move the fake's clock forward by `ms`, running everything that becomes due on the way at the instant it is
   * due (delayed actions, webhook attempts, driver steps), in time order. Resolves when the clock is `ms`
   * further and nothing due is left.
   */
  advance(ms: number): Promise<void>;
  /** Run everything due now (and whatever that makes due now), without moving the clock. */
  runUntilIdle(): Promise<void>;
  /** Background actions: observe, hold, release or fail them. */
  readonly actions: FakeActions;
  /** Every event the domain emitted (`route.published`, `route.eta_updated`, `order.status_updated`), oldest first. */
  readonly events: readonly EventRecord[];
  /** Customer notifications recorded on order completion, oldest first. */
  readonly notifications: readonly NotificationRecord[];
  /** Test control: tokens, organizations, orders on routes (tokens and organizations also under `/_fake/`). */
  readonly control: FakeControl;
  /**
   * Webhook subscriptions, the delivery log, redelivery and in-process receivers. Deliveries are background
   * work: made by {@link Fake.runUntilIdle} and {@link Fake.advance} (the standalone server drives them in real
   * time), never during the API call that emitted the event.
   */
  readonly webhooks: FakeWebhooks;
  /** Injected faults per contract operation: error answers, network errors, latency. */
  readonly faults: FakeFaults;
  /** Every call of the API the fake answered (method, path, status, bodies, request id), by operationId. */
  readonly journal: FakeJournal;
  /** The drivers of published routes: arrive, complete, or drive on their own as the clock moves. */
  readonly driver: FakeDriver;
}

/**
 * Work the fake does on its own as its clock moves: each kind of background work (delayed actions, webhook
 * attempts, driver steps) registers one, and {@link Fake.advance} and {@link Fake.runUntilIdle} drive them all.
 */
export interface BackgroundWork {
  /** What it is, for error messages. */
  readonly name: string;
  /** The earliest instant (epoch ms) at which something is due, or null when nothing is pending. */
  nextDueAt(): number | null;
  /** Run everything due at or before the clock's now. */
  runDue(): Promise<void>;
}

/** What {@link Fake.snapshot} returns: opaque, and only good for {@link Fake.restore}. */
export interface FakeSnapshot {
  /** The fake's clock when the snapshot was taken (epoch ms). */
  readonly takenAt: number;
}

/** What a snapshot holds, kept out of reach of the snapshot object itself. */
interface SnapshotData {
  state: State;
  idsPosition: number;
  works: Map<string, ActionWork>;
}

const snapshots = new WeakMap<FakeSnapshot, SnapshotData>();

/** What the hosts of `./node` need beyond the public surface: the context and the pipeline's options. */
export interface FakeInternals {
  readonly context: Context;
  readonly router: RouterOptions;
  /** The fake's background work, in the order it runs when several are due at the same instant. */
  readonly background: BackgroundWork[];
}

/** Most rounds of due work {@link Fake.runUntilIdle} runs before it gives up (work that keeps making itself due). */
const MAX_ROUNDS = 10_000;

const internals = new WeakMap<Fake, FakeInternals>();

/** The internals of a fake made by {@link createFake} (hosts and the package's own tests; not exported). */
export function internalsOf(fake: Fake): FakeInternals {
  const found = internals.get(fake);
  if (!found) throw new TypeError("Failed to read the fake: it was not made by createFake()");
  return found;
}

function toInstant(now: number | string | Date): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === "string" ? Date.parse(now) : now;
  if (!Number.isFinite(ms)) throw new TypeError(`Failed to create the fake: now=${String(now)} is not a valid instant`);
  return ms;
}

/**
 * Create an isolated fake of the Delivery Dispatch Platform API.
 *
 * @example
 * ```ts
 * import { setupServer } from "msw/node";
 * import { createFake } from "@dispatchkit/fake";
 *
 * const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
 * const server = setupServer(...fake.handlers);
 * server.listen({ onUnhandledRequest: "error" });
 * const res = await fetch(`${fake.baseUrl}/v2/workspaces`, { headers: { Authorization: `Bearer ${fake.token}` } });
 * ```
 */
export function createFake(options: FakeOptions = {}): Fake {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const seed = options.seed ?? 1;
  const token = options.token ?? DEFAULT_TOKEN;
  const clock: ManualClock = options.clock
    ? createOffsetClock(options.clock)
    : options.now !== undefined
      ? createManualClock(toInstant(options.now))
      : createOffsetClock(systemClock);
  const log: Logger = options.log ?? ((message, error) => console.error(`[dispatch-fake] ${message}`, error));

  const context: Context = {
    clock,
    ids: createIds(seed),
    state: createState(),
    geocoder: options.geocoder ?? hashGeocoder,
    travel: options.travel ?? greatCircleTravel,
    actions: createActionRuntime(options.actions),
  };
  let seeded = seedOrganization();

  function seedOrganization() {
    const created = createOrganization(context, {
      name: options.organization?.name ?? "Demo Organization",
      workspaces: options.organization?.workspaces ?? [{ name: "Main", timezone: "Europe/Berlin" }],
    });
    issueToken(context, created.organization.id, { token });
    return created;
  }

  const operations: Operation[] = [
    ...workspaceOperations(),
    ...orderOperations(),
    ...routeOperations(),
    ...scheduleOperations(),
    ...webhookOperations(),
  ];
  let mswHandlers: HttpHandler[] | undefined;
  const rateLimiter = options.rateLimit ? createRateLimiter(clock, options.rateLimit) : undefined;
  // On a frozen clock latency is fake time, so tests never wait for real; the fake is defined below.
  const frozen = options.clock === undefined && options.now !== undefined;
  const sleep: Sleep =
    options.sleep ??
    (frozen ? (ms) => fake.advance(ms) : (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const faults = createFaultInjector(sleep);
  const journalLimit = options.journal?.limit ?? DEFAULT_JOURNAL_LIMIT;
  const journal = createJournal(journalLimit, faults.faultOf);
  const routerOptions: RouterOptions = {
    baseUrl,
    operations,
    declared: CONTRACT_OPERATIONS,
    log,
    ...(rateLimiter ? { rateLimiter } : {}),
    // Without a journal the pipeline need not copy every request.
    hooks: { intercept: faults.intercept, ...(journalLimit > 0 ? { record: journal.record } : {}) },
  };
  const router = createRouter(context, routerOptions);
  const drivers = createDriverSimulation(context);
  const background: BackgroundWork[] = [
    {
      name: "delayed actions",
      nextDueAt: () => nextActionDueAt(context),
      runDue: async () => settleActions(context),
    },
    {
      name: "idempotency key expiry",
      nextDueAt: () => nextKeyExpiry(context),
      runDue: async () => forgetExpiredKeys(context),
    },
    {
      name: "auto-driver",
      nextDueAt: drivers.nextDueAt,
      runDue: async () => drivers.runDue(),
    },
  ];
  const webhookDispatcher = createWebhookDispatcher(context, options.webhooks);
  background.push(webhookDispatcher);

  /** The earliest instant any background work is due, or null. */
  const nextDue = () => {
    let earliest: number | null = null;
    for (const work of background) {
      const at = work.nextDueAt();
      if (at !== null && (earliest === null || at < earliest)) earliest = at;
    }
    return earliest;
  };

  async function runUntilIdle(): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const now = clock.now();
      const due = background.filter((work) => {
        const at = work.nextDueAt();
        return at !== null && at <= now;
      });
      if (due.length === 0) return;
      for (const work of due) await work.runDue();
    }
    throw new Error(`Failed to run the fake's background work: still due after ${MAX_ROUNDS} rounds`);
  }

  const fake: Fake = {
    baseUrl,
    // Built on first use: most of createFake's cost, and the standalone server never needs them.
    get handlers() {
      mswHandlers ??= createMswHandlers(baseUrl, router);
      return mswHandlers;
    },
    async fetch(input, init) {
      // A bare path ("/v2/workspaces") is taken relative to the base URL.
      const target = typeof input === "string" && input.startsWith("/") ? `${baseUrl}${input}` : input;
      const response = await router.handle(target instanceof Request && !init ? target : new Request(target, init));
      // An injected network error: fetch itself rejects with a TypeError, so fake.fetch does too.
      if (response.type === "error")
        throw new TypeError("Failed to fetch: the connection was dropped (injected fault)");
      return response;
    },
    clock,
    token,
    get organization() {
      return seeded.organization;
    },
    get workspaces() {
      return seeded.workspaces;
    },
    reset() {
      webhookDispatcher.abortInFlight();
      context.ids = createIds(seed);
      context.state = createState();
      context.actions = createActionRuntime(options.actions);
      rateLimiter?.reset();
      faults.reset();
      journal.clear();
      drivers.driver.stop();
      seeded = seedOrganization();
    },
    snapshot() {
      const snapshot: FakeSnapshot = Object.freeze({ takenAt: clock.now() });
      snapshots.set(snapshot, {
        state: structuredClone(context.state),
        idsPosition: context.ids.position,
        // The work of pending actions is code, not data: shared, since it only ever reads the context it is given.
        works: new Map(context.actions.works),
      });
      return snapshot;
    },
    restore(snapshot) {
      const data = snapshots.get(snapshot);
      if (!data) throw new TypeError("Failed to restore the fake: not a snapshot made by fake.snapshot()");
      webhookDispatcher.abortInFlight();
      context.state = structuredClone(data.state);
      context.ids = createIds(seed, data.idsPosition);
      context.actions.works = new Map(data.works);
    },
    async advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`Failed to advance the fake: ${ms} is not a non-negative number`);
      const target = clock.now() + ms;
      await runUntilIdle();
      for (let at = nextDue(); at !== null && at <= target; at = nextDue()) {
        if (at > clock.now()) clock.set(at);
        await runUntilIdle();
      }
      if (target > clock.now()) clock.set(target);
      await runUntilIdle();
    },
    runUntilIdle,
    actions: {
      list: () => [...context.state.actions.values()],
      pending: () => pendingActions(context),
      release: (uuid) => releaseActions(context, uuid),
      fail: (uuid, reason) => failAction(context, uuid, reason),
      hold: (kinds = true) => holdActions(context, kinds),
      policy(kind, policy) {
        if (!ACTION_KINDS.includes(kind)) {
          throw validationFailed("set action policy", [
            { path: "kind", message: `must be one of ${ACTION_KINDS.join(", ")}, got ${JSON.stringify(kind)}` },
          ]);
        }
        setActionPolicy(context, kind, parsePolicy(policy, "set action policy"));
      },
      policies: () =>
        Object.fromEntries(ACTION_KINDS.map((kind) => [kind, actionPolicy(context.actions.options, kind)])) as Record<
          ActionKind,
          ActionPolicy
        >,
    },
    get events() {
      return context.state.events;
    },
    get notifications() {
      return context.state.notifications;
    },
    control: createControl(context, () => seeded.organization),
    webhooks: createFakeWebhooks(context, webhookDispatcher),
    faults: { add: faults.add, list: faults.list, clear: faults.clear },
    journal: { list: journal.list, clear: journal.clear },
    driver: drivers.driver,
  };
  internals.set(fake, { context, router: routerOptions, background });
  return fake;
}
