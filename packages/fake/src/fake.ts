/**
 * `createFake(options)`: one isolated, in-memory instance of the service. Never a module singleton.
 */
import type { HttpHandler } from "msw";
import { type Clock, createManualClock, type ManualClock } from "./domain/clock.js";
import { createIds } from "./domain/ids.js";
import { createOrganization, issueToken, type WorkspaceInit } from "./domain/organizations.js";
import { type Context, createState, type Organization, type Workspace } from "./domain/state.js";
import { createMswHandlers } from "./hosts/msw.js";
import { CONTRACT_OPERATIONS } from "./http/contract-operations.js";
import { workspaceOperations } from "./http/handlers/workspaces.js";
import { createRouter, type Logger, type Operation } from "./http/router.js";
import { systemClock } from "./system-clock.js";

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
}

/** One running fake. */
export interface Fake {
  /** The base URL it answers under. */
  readonly baseUrl: string;
  /** MSW handlers: `setupServer(...fake.handlers)` or `setupWorker(...fake.handlers)`. */
  readonly handlers: HttpHandler[];
  /** Answer one request without MSW (what the standalone server uses). */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** The clock; a {@link ManualClock} when created with `now`. */
  readonly clock: Clock;
  /** The seeded organization's token. */
  readonly token: string;
  /** The seeded organization and its workspaces (as of creation or the last reset). */
  readonly organization: Organization;
  readonly workspaces: readonly Workspace[];
  /** Forget everything and start again from the seed: same ids as a new fake. */
  reset(): void;
  /** The domain context (state, clock, ids), for the control API and tests. */
  readonly context: Context;
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
  const clock: Clock | ManualClock =
    options.clock ?? (options.now !== undefined ? createManualClock(toInstant(options.now)) : systemClock);
  const log: Logger = options.log ?? ((message, error) => console.error(`[dispatch-fake] ${message}`, error));

  const context: Context = { clock, ids: createIds(seed), state: createState() };
  let seeded = seedOrganization();

  function seedOrganization() {
    const created = createOrganization(context, {
      name: options.organization?.name ?? "Demo Organization",
      workspaces: options.organization?.workspaces ?? [{ name: "Main", timezone: "Europe/Berlin" }],
    });
    issueToken(context, created.organization.id, { token });
    return created;
  }

  const operations: Operation[] = [...workspaceOperations()];
  const router = createRouter(context, { baseUrl, operations, declared: CONTRACT_OPERATIONS, log });

  return {
    baseUrl,
    handlers: createMswHandlers(baseUrl, router),
    fetch: (input, init) => router.handle(input instanceof Request && !init ? input : new Request(input, init)),
    clock,
    token,
    get organization() {
      return seeded.organization;
    },
    get workspaces() {
      return seeded.workspaces;
    },
    reset() {
      context.ids = createIds(seed);
      context.state = createState();
      seeded = seedOrganization();
    },
    context,
  };
}
