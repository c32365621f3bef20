/**
 * `createFake(options)`: one isolated, in-memory instance of the service. Never a module singleton. It builds the
 * fake's runtime (context, the one router, background work; see runtime.ts) and the in-process API over it.
 */
import type { HttpHandler } from "msw";
import { createControl } from "./control/control.js";
import { createDriverSimulation } from "./control/driver.js";
import { createFaultInjector, type Sleep } from "./control/faults.js";
import { CONTROL_PREFIX, controlOperations } from "./control/http.js";
import { inspectContext } from "./control/inspect.js";
import { createJournal } from "./control/journal.js";
import { parsePolicy } from "./control/schemas.js";
import { createSnapshotStore, restoreSnapshot, snapshotData, takeSnapshot } from "./control/snapshots.js";
import { createFakeWebhooks } from "./control/webhooks.js";
import { createActionRunners } from "./domain/action-work.js";
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
import { createManualClock, createOffsetClock, type ManualClock } from "./domain/clock.js";
import { type ActionPolicy, type Context, createActionRuntime, createState } from "./domain/context.js";
import { validationFailed } from "./domain/errors.js";
import { greatCircleTravel, hashGeocoder } from "./domain/geo.js";
import { createIds, randomRequestIds, seededRequestIds } from "./domain/ids.js";
import { createListIndexes } from "./domain/list-index.js";
import { createOrganization, issueToken } from "./domain/organizations.js";
import type { ActionKind } from "./domain/records.js";
import type { RunPlanner } from "./domain/scheduling/run-plan.js";
import { DEFAULT_BASE_URL, DEFAULT_TOKEN, type Fake, type FakeOptions } from "./fake-api.js";
import { CONTRACT_OPERATIONS } from "./http/contract-operations.js";
import { orderOperations } from "./http/handlers/orders.js";
import { routeOperations } from "./http/handlers/routes.js";
import { scheduleOperations } from "./http/handlers/schedules.js";
import { webhookOperations } from "./http/handlers/webhooks.js";
import { workspaceOperations } from "./http/handlers/workspaces.js";
import { forgetExpiredKeys, nextKeyExpiry } from "./http/idempotency.js";
import { createOwnUrls } from "./http/own-urls.js";
import { createRateLimiter } from "./http/rate-limit.js";
import { createRouter, type Logger, type Operation, type PublicOperation } from "./http/router.js";
import { createMswHandlers } from "./msw.js";
import { attachRuntime, type BackgroundWork, type FakeRuntime, RUNTIME_VERSION } from "./runtime.js";
import { systemClock } from "./system-clock.js";
import { createWebhookDispatcher } from "./webhooks/dispatcher.js";

/** Most rounds of due work {@link Fake.runUntilIdle} runs before it gives up (work that keeps making itself due). */
const MAX_ROUNDS = 10_000;

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
  const random = (words: number) => crypto.getRandomValues(new Uint32Array(words));
  const entropy = options.secrets === "random" ? random : undefined;
  // One stream for the fake's life: reset and restore re-create the seeded ids but never rewind the request ids.
  const requestIds = options.requestIds === "random" ? randomRequestIds(random) : seededRequestIds(seed);
  const log: Logger = options.log ?? ((message, error) => console.error(`[dispatch-fake] ${message}`, error));

  // Scheduling runs plan in this thread unless a host hands them a planner of its own (runtime.usePlanner).
  let planner: RunPlanner | undefined;
  const runners = createActionRunners(() => planner);
  const context: Context = {
    clock,
    ids: createIds(seed, undefined, entropy, requestIds),
    state: createState(),
    geocoder: options.geocoder ?? hashGeocoder,
    travel: options.travel ?? greatCircleTravel,
    actions: createActionRuntime(runners, options.actions),
    lists: createListIndexes(),
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

  // Where webhook deliveries may not go: the fake itself (a standalone server adds its address).
  const ownUrls = createOwnUrls(baseUrl, { allowLinkLocal: options.webhooks?.allowLinkLocal });
  const operations: Operation[] = [
    ...workspaceOperations(),
    ...orderOperations(),
    ...routeOperations(),
    ...scheduleOperations(),
    ...webhookOperations(ownUrls),
  ];
  let mswHandlers: HttpHandler[] | undefined;
  let control: PublicOperation[] | undefined;
  // Snapshots taken over HTTP (bounded; a reset forgets them).
  const keptSnapshots = createSnapshotStore();
  const controlOps = () => {
    control ??= controlOperations(fake, keptSnapshots);
    return control;
  };
  const rateLimiter = options.rateLimit ? createRateLimiter(clock, options.rateLimit) : undefined;
  // On a frozen clock latency is fake time, so tests never wait for real; the fake is defined below.
  const frozen = options.clock === undefined && options.now !== undefined;
  const sleep: Sleep =
    options.sleep ??
    (frozen ? (ms) => fake.advance(ms) : (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const faults = createFaultInjector(sleep);
  const journal = createJournal(options.journal ?? {});
  const router = createRouter(context, {
    baseUrl,
    operations,
    declared: CONTRACT_OPERATIONS,
    log,
    ...(rateLimiter ? { rateLimiter } : {}),
    // The control endpoints answer through the fake's own test control (the fake is defined below).
    control: { prefix: CONTROL_PREFIX, operations: () => controlOps() },
    // Without a journal the pipeline need not copy every request.
    hooks: { intercept: faults.intercept, ...(journal.record ? { record: journal.record } : {}) },
  });
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
  const webhookDispatcher = createWebhookDispatcher(context, options.webhooks, ownUrls);
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

  const testControl = createControl(context, { seeded: () => seeded.organization, seed, own: ownUrls });
  // A copy: the caller's object may change after createFake, and a reset loads the fixtures again.
  const fixtures = options.fixtures === undefined ? undefined : structuredClone(options.fixtures);

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
      context.ids = createIds(seed, undefined, entropy, requestIds);
      context.state = createState();
      context.actions = createActionRuntime(runners, options.actions);
      rateLimiter?.reset();
      faults.reset();
      journal.clear();
      drivers.driver.stop();
      keptSnapshots.clear();
      seeded = seedOrganization();
      if (fixtures) testControl.loadFixtures(fixtures);
    },
    snapshot: () => takeSnapshot(context, seed),
    inspect: () => inspectContext(context),
    restore(snapshot) {
      // A foreign object is refused before anything is aborted.
      const data = snapshotData(snapshot);
      webhookDispatcher.abortInFlight();
      restoreSnapshot(context, data);
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
    control: testControl,
    webhooks: createFakeWebhooks(context, webhookDispatcher),
    faults: { add: faults.add, list: faults.list, clear: faults.clear },
    journal: { list: journal.list, clear: journal.clear },
    driver: drivers.driver,
  };
  const runtime: FakeRuntime = {
    version: RUNTIME_VERSION,
    context,
    basePath: new URL(baseUrl).pathname.replace(/\/+$/, ""),
    log,
    router,
    controlEndpoints: () => controlOps().map(({ method, path }) => ({ method: method.toUpperCase(), path })),
    background,
    nextDueAt: nextDue,
    ownUrls,
    usePlanner(given) {
      planner = given;
      return () => {
        if (planner === given) planner = undefined;
      };
    },
    useHostTimestampClock: webhookDispatcher.useHostTimestampClock,
  };
  // After the seeded organization, as fake.control.loadFixtures would add them (an invalid document throws here).
  if (fixtures) testControl.loadFixtures(fixtures);
  return attachRuntime(fake, runtime);
}
