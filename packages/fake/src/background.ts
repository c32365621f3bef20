/**
 * The fake's background loop: the work that becomes due on the fake's clock (delayed actions, idempotency key expiry,
 * the auto-driver, webhook deliveries), run by `fake.runUntilIdle()` and `fake.advance(ms)`. Hosts that run in real
 * time (the standalone server) read the same list through the runtime.
 */
import type { DriverSimulation } from "./control/driver.js";
import { nextActionDueAt, settleActions } from "./domain/actions.js";
import type { ManualClock } from "./domain/clock.js";
import type { Context } from "./domain/context.js";
import { forgetExpiredKeys, nextKeyExpiry } from "./http/idempotency.js";
import type { BackgroundWork } from "./runtime.js";

/** Most rounds of due work {@link BackgroundLoop.runUntilIdle} runs before it gives up (work that keeps making itself due). */
const MAX_ROUNDS = 10_000;

/** Runs a fake's background work on its clock. */
export interface BackgroundLoop {
  /** The earliest instant any background work is due, or null. */
  nextDueAt(): number | null;
  /** Run whatever is due now, round after round, until nothing is. */
  runUntilIdle(): Promise<void>;
  /** Move the clock `ms` forward, running each piece of work at the instant it falls due. */
  advance(ms: number): Promise<void>;
}

/** The loop over `works` (read at each call: a host may add its own). */
export function createBackgroundLoop(clock: ManualClock, works: readonly BackgroundWork[]): BackgroundLoop {
  const nextDueAt = () => {
    let earliest: number | null = null;
    for (const work of works) {
      const at = work.nextDueAt();
      if (at !== null && (earliest === null || at < earliest)) earliest = at;
    }
    return earliest;
  };

  async function runUntilIdle(): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const now = clock.now();
      const due = works.filter((work) => {
        const at = work.nextDueAt();
        return at !== null && at <= now;
      });
      if (due.length === 0) return;
      for (const work of due) await work.runDue();
    }
    throw new Error(`Failed to run the fake's background work: still due after ${MAX_ROUNDS} rounds`);
  }

  async function advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new RangeError(`Failed to advance the fake: ${ms} is not a non-negative number`);
    const target = clock.now() + ms;
    await runUntilIdle();
    for (let at = nextDueAt(); at !== null && at <= target; at = nextDueAt()) {
      if (at > clock.now()) clock.set(at);
      await runUntilIdle();
    }
    if (target > clock.now()) clock.set(target);
    await runUntilIdle();
  }

  return { nextDueAt, runUntilIdle, advance };
}

/** The work every fake runs in the background, in this order: delayed actions, key expiry, the auto-driver, webhooks. */
export function fakeBackgroundWorks(
  context: Context,
  drivers: Pick<DriverSimulation, "nextDueAt" | "runDue">,
  webhooks: BackgroundWork,
): BackgroundWork[] {
  return [
    { name: "delayed actions", nextDueAt: () => nextActionDueAt(context), runDue: async () => settleActions(context) },
    {
      name: "idempotency key expiry",
      nextDueAt: () => nextKeyExpiry(context),
      runDue: async () => forgetExpiredKeys(context),
    },
    { name: "auto-driver", nextDueAt: drivers.nextDueAt, runDue: async () => drivers.runDue() },
    webhooks,
  ];
}
