/**
 * The runtime of one fake: what `createFake` builds (the domain's context, the one router that answers the API and
 * the `/_fake/` control endpoints, the background work on the fake's clock) and what the hosts receive. The hosts
 * only wire it to a transport (MSW, node:http, a real-time timer); nothing else reaches into a fake.
 *
 * A fake carries its runtime under a `Symbol.for` key, which every copy of this package shares: a fake made by the
 * ESM build works with the CommonJS `./node` entry and the other way round (docs/decisions/0004-fake-structure.md).
 */
import type { StagedOperations } from "./control/staged.js";
import type { Clock } from "./domain/clock.js";
import type { Context } from "./domain/context.js";
import type { RunPlanner } from "./domain/scheduling/run-plan.js";
import type { OwnUrls } from "./http/own-urls.js";
import type { Logger, Router } from "./http/router.js";

/**
 * Work the fake does on its own as its clock moves: each kind of background work (delayed actions, idempotency key
 * expiry, driver steps, webhook attempts) is one, and `fake.advance()` and `fake.runUntilIdle()` drive them all.
 */
export interface BackgroundWork {
  /** What it is, for error messages. */
  readonly name: string;
  /** The earliest instant (epoch ms) at which something is due, or null when nothing is pending. */
  nextDueAt(): number | null;
  /** Run everything due at or before the clock's now. */
  runDue(): Promise<void>;
  /**
   * Call `listener` after each step of a long run (a webhook attempt recorded while the queue drains), so a host
   * can save the state meanwhile; returns the function that stops it.
   */
  onProgress?(listener: () => void): () => void;
}

/** The runtime of one fake (see the module's comment). */
export interface FakeRuntime {
  /** The shape's version: a host refuses a runtime of another version with a clear error. */
  readonly version: typeof RUNTIME_VERSION;
  /** The domain's context: state, clock, ids, services. Replaced wholesale by reset, restore and a state load. */
  readonly context: Context;
  /** The path prefix of the fake's base URL, without a trailing slash (`""` at the root): hosts match paths under it. */
  readonly basePath: string;
  /** Where unexpected errors are reported. */
  readonly log: Logger;
  /**
   * The one request pipeline. `handle(request)` answers the API (what MSW and `fake.fetch` use);
   * `handle(request, { control: true })` also answers the control endpoints under `/_fake/` (the node hosts).
   */
  readonly router: Router;
  /** The control endpoints the router serves with `{ control: true }`, as `{ method, path }` (upper-case method). */
  controlEndpoints(): { method: string; path: string }[];
  /** The background work, in the order it runs when several are due at the same instant. */
  readonly background: readonly BackgroundWork[];
  /** The earliest instant any background work is due, or null. */
  nextDueAt(): number | null;
  /** The fake's own addresses, which webhook subscriptions may not point at; a server adds the one it listens on. */
  readonly ownUrls: OwnUrls;
  /**
   * Plan scheduling runs with `planner` (the standalone server's worker thread) rather than in the fake's thread,
   * until the returned function is called. Runs planned elsewhere stay pending until their plan comes back.
   */
  usePlanner(planner: RunPlanner): () => void;
  /**
   * Sign webhook attempts' `x-dispatch-timestamp` with a host's clock unless `createFake({ webhooks: { timestampClock
   * } })` chose one: a server passes the wall clock, which its receivers check against. Returns the undo.
   */
  useHostTimestampClock(clock: Clock): () => void;
  /** The fixtures load, snapshot, restore and reset the control endpoints run in steps (`control/staged.ts`). */
  readonly staged: StagedOperations;
}

/** The runtime shape this copy of the package builds and reads. */
export const RUNTIME_VERSION = 2;

/** The key a fake carries its runtime under: `Symbol.for`, so every copy of the package (ESM, CJS) finds it. */
export const RUNTIME = Symbol.for("@dispatchkit/fake.runtime");

/** Give `fake` its runtime (not enumerable, not writable: a fake's runtime never changes). */
export function attachRuntime<T extends object>(fake: T, runtime: FakeRuntime): T {
  Object.defineProperty(fake, RUNTIME, { value: runtime, enumerable: false, writable: false, configurable: false });
  return fake;
}

/** The runtime of a fake made by `createFake` (of this or any other copy of this package version). */
export function runtimeOf(fake: object): FakeRuntime {
  const runtime = (fake as { [RUNTIME]?: FakeRuntime })[RUNTIME];
  if (runtime === undefined || typeof runtime !== "object") {
    throw new TypeError("Failed to use the fake: it was not made by createFake() of @dispatchkit/fake");
  }
  if (runtime.version !== RUNTIME_VERSION) {
    throw new TypeError(
      `Failed to use the fake: it was made by another version of @dispatchkit/fake (runtime ${String(runtime.version)}, expected ${RUNTIME_VERSION})`,
    );
  }
  return runtime;
}
