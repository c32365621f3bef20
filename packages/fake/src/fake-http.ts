/**
 * The HTTP side of a fake: the contract's operations, the one router, and what its pipeline consults (rate limits,
 * injected faults, the journal), with the control endpoints answered through the fake's own test control.
 */
import type { HttpHandler } from "msw";
import { createFaultInjector, type FaultInjector, type Sleep } from "./control/faults.js";
import { CONTROL_PREFIX, controlOperations } from "./control/http.js";
import { createJournal, type Journal } from "./control/journal.js";
import { createSnapshotStore, type SnapshotStore } from "./control/snapshots.js";
import type { Context } from "./domain/context.js";
import type { Fake, FakeOptions } from "./fake-api.js";
import type { FakeSettings } from "./fake-settings.js";
import { CONTRACT_OPERATIONS } from "./http/contract-operations.js";
import { orderOperations } from "./http/handlers/orders.js";
import { routeOperations } from "./http/handlers/routes.js";
import { scheduleOperations } from "./http/handlers/schedules.js";
import { webhookOperations } from "./http/handlers/webhooks.js";
import { workspaceOperations } from "./http/handlers/workspaces.js";
import { createOwnUrls, type OwnUrls } from "./http/own-urls.js";
import { createRateLimiter, type RateLimiter } from "./http/rate-limit.js";
import { createRouter, type PublicOperation, type Router } from "./http/router.js";
import { createMswHandlers } from "./msw.js";

/** The HTTP parts of one fake. */
export interface FakeHttp {
  readonly router: Router;
  /** Where webhook deliveries may not go: the fake itself (a standalone server adds its address). */
  readonly ownUrls: OwnUrls;
  readonly faults: FaultInjector;
  readonly journal: Journal;
  readonly rateLimiter: RateLimiter | undefined;
  /** Snapshots taken over HTTP (bounded; a reset forgets them). */
  readonly keptSnapshots: SnapshotStore;
  /** The msw handlers, built on first use (most of createFake's cost; the standalone server never needs them). */
  handlers(): HttpHandler[];
  /** `fake.fetch`: the router without a network; a bare path is taken relative to the base URL. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The control endpoints the router answers (method in capitals). */
  controlEndpoints(): { method: string; path: string }[];
  /** Forget what a reset forgets here: rate-limit windows, faults, the journal, the kept snapshots. */
  clear(): void;
}

/** The HTTP parts over `context`; `fake()` is the fake they belong to (built after them). */
export function createFakeHttp(
  context: Context,
  settings: FakeSettings,
  options: FakeOptions,
  fake: () => Fake,
): FakeHttp {
  const { baseUrl, clock } = settings;
  const ownUrls = createOwnUrls(baseUrl, { allowLinkLocal: options.webhooks?.allowLinkLocal });
  const keptSnapshots = createSnapshotStore();
  let control: PublicOperation[] | undefined;
  const controlOps = () => {
    control ??= controlOperations(fake(), keptSnapshots);
    return control;
  };
  const rateLimiter = options.rateLimit ? createRateLimiter(clock, options.rateLimit) : undefined;
  // On a frozen clock latency is fake time, so tests never wait for real.
  const sleep: Sleep =
    options.sleep ??
    (settings.frozen ? (ms) => fake().advance(ms) : (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const faults = createFaultInjector(sleep);
  const journal = createJournal(options.journal ?? {});
  const router = createRouter(context, {
    baseUrl,
    operations: [
      ...workspaceOperations(),
      ...orderOperations(),
      ...routeOperations(),
      ...scheduleOperations(),
      ...webhookOperations(ownUrls),
    ],
    declared: CONTRACT_OPERATIONS,
    log: settings.log,
    ...(rateLimiter ? { rateLimiter } : {}),
    control: { prefix: CONTROL_PREFIX, operations: () => controlOps() },
    // Without a journal the pipeline need not copy every request.
    hooks: { intercept: faults.intercept, ...(journal.record ? { record: journal.record } : {}) },
  });
  let mswHandlers: HttpHandler[] | undefined;
  return {
    router,
    ownUrls,
    faults,
    journal,
    rateLimiter,
    keptSnapshots,
    handlers: () => {
      mswHandlers ??= createMswHandlers(baseUrl, router);
      return mswHandlers;
    },
    async fetch(input, init) {
      const target = typeof input === "string" && input.startsWith("/") ? `${baseUrl}${input}` : input;
      const response = await router.handle(target instanceof Request && !init ? target : new Request(target, init));
      // An injected network error: fetch itself rejects with a TypeError, so fake.fetch does too.
      if (response.type === "error")
        throw new TypeError("Failed to fetch: the connection was dropped (injected fault)");
      return response;
    },
    controlEndpoints: () => controlOps().map(({ method, path }) => ({ method: method.toUpperCase(), path })),
    clear() {
      rateLimiter?.reset();
      faults.reset();
      journal.clear();
      keptSnapshots.clear();
    },
  };
}
