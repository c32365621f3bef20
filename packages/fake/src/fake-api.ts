/**
 * The in-process API of one fake: what `createFake(options)` takes and returns. Test control and the hosts are
 * written against these interfaces; `fake.ts` builds them.
 */
import type { HttpHandler } from "msw";
import type { FakeActions } from "./control/actions.js";
import type { FakeControl } from "./control/control.js";
import type { FakeDriver } from "./control/driver.js";
import type { FakeFaults } from "./control/faults.js";
import type { Fixtures } from "./control/fixtures.js";
import type {
  FakeInspection,
  InspectedEvent,
  InspectedNotification,
  InspectedOrganization,
  InspectedWorkspace,
} from "./control/inspect.js";
import type { FakeJournal } from "./control/journal.js";
import type { FakeSnapshot } from "./control/snapshots.js";
import type { FakeWebhooks } from "./control/webhooks.js";
import type { Clock, ManualClock } from "./domain/clock.js";
import type { ActionOptions } from "./domain/context.js";
import type { Geocoder, TravelProvider } from "./domain/geo.js";
import type { WorkspaceInit } from "./domain/organizations.js";
import type { RateLimitOptions } from "./http/rate-limit.js";
import type { Logger } from "./http/router.js";
import type { WebhookOptions } from "./webhooks/dispatcher.js";
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
   * Where the tokens the fake mints and the webhook secrets come from: `"seeded"` (default) from the seed, so a
   * test gets the same ones on every run; `"random"` from `crypto.getRandomValues`, so nobody who knows the seed
   * can compute them (what the standalone server uses). Uuids follow the seed either way.
   */
  secrets?: "seeded" | "random";
  /**
   * Where request ids (`x-request-id`, an error's `requestId`) come from: `"seeded"` (default) from a stream of the
   * seed, so two fakes with the same seed and the same calls answer the same ids; `"random"` from a stream that
   * starts at random bytes, so that no other run of the process gives the same ones (what the standalone server
   * uses). Either way one fake never repeats a request id: `reset()` and `restore()` do not rewind them.
   */
  requestIds?: "seeded" | "random";
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
  /**
   * The request journal (`fake.journal`): it keeps the newest `limit` calls (default 1000; 0 keeps none) and at most
   * `maxBytes` of their bodies in all (default 8 MiB); a body over 64 KiB is kept as its size alone.
   */
  journal?: { limit?: number; maxBytes?: number };
  /**
   * Data to start with, added after the seeded organization: organizations with their tokens, workspaces, routes,
   * orders and webhook subscriptions, as `fake.control.loadFixtures` takes them (a fixtures file parsed:
   * docs/standalone.md, "Start with your own data"). An invalid document makes `createFake` throw 400
   * VALIDATION_FAILED naming every field path. `fake.reset()` loads them again.
   */
  fixtures?: Fixtures;
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
  /** The seeded organization and its workspaces (as of creation or the last reset); copies, read at each access. */
  readonly organization: InspectedOrganization;
  readonly workspaces: readonly InspectedWorkspace[];
  /**
   * Forget everything and start again from the seed (and the `fixtures` option): same ids as a new fake, except
   * request ids, which go on (the fake never repeats one).
   */
  reset(): void;
  /**
   * A copy of everything the fake holds (organizations, tokens, orders, routes, actions, events, the id
   * sequence) to {@link Fake.restore} later. The clock is not part of it: time only moves forward.
   */
  snapshot(): FakeSnapshot;
  /**
   * Everything the fake holds, as plain data in the API's answer shapes (versioned: `version: 1`), for assertions:
   * organizations, tokens, workspaces, orders, routes (with their stops), actions (with whether work is pending),
   * solutions, events, notifications, webhook subscriptions and deliveries, idempotency keys, sequences and counts.
   * Compare two inspections to check that a call changed nothing. Reading it changes nothing.
   */
  inspect(): FakeInspection;
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
  /**
   * Every event the domain emitted (`route.published`, `route.eta_updated`, `order.status_updated`), oldest first,
   * as `GET /_fake/events` answers them: copies, read at each access.
   */
  readonly events: readonly InspectedEvent[];
  /** Customer notifications recorded on order completion, oldest first, as `GET /_fake/notifications` answers them. */
  readonly notifications: readonly InspectedNotification[];
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
