/**
 * Drives a fake's background work in real time, for the standalone server: nobody there calls `fake.advance()`,
 * so the server kicks the driver after each request, and the driver runs what is due (`fake.runUntilIdle()`) and
 * sets a timer for the next due instant (a webhook retry, a delayed action). Its timers are unref'd, so they
 * never keep the process alive, and `stop()` clears them.
 */
import type { Fake, Logger } from "@dispatchkit/fake";
import { hostOf } from "@dispatchkit/fake/node";
import type { ChangeGate } from "../state-file/state-file.js";

/** The real-time driver of one fake. */
export interface RealTimeDriver {
  /** Run what is due soon (on the next turn of the event loop), then follow the next due instant. */
  kick(): void;
  /** Stop: clear the timer; runs in progress finish, but nothing new starts. */
  stop(): void;
}

/** Longest delay `setTimeout` keeps (a larger one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Pause after a run that failed, so background work that keeps throwing does not spin. */
const PAUSE_AFTER_ERROR_MS = 1000;

/**
 * Start driving `fake`'s background work; problems are reported to `log`, and `afterRun` follows every run that had
 * something due (a run kicked after a request usually has nothing to do). A run starts only while `changes` has no
 * state file capture in progress.
 */
export function startRealTimeDriver(
  fake: Fake,
  log: Logger,
  afterRun?: () => void,
  changes?: ChangeGate,
): RealTimeDriver {
  const host = hostOf(fake);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether `timer` runs at once (a kick): kicks meanwhile need no timer of their own (one per request, else). */
  let runsAtOnce = false;
  // A run can last long (a queue of webhook attempts draining): what it records along the way is saved meanwhile.
  const unsubscribe = host.onProgress(() => afterRun?.());

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, Math.min(MAX_TIMER_MS, Math.max(0, delayMs)));
    timer.unref?.();
    runsAtOnce = delayMs <= 0;
  }

  // Runs may overlap (a kick while a slow receiver is awaited): an attempt in flight is never started twice, so
  // a second run only picks up what became due meanwhile.
  async function run(): Promise<void> {
    timer = undefined;
    runsAtOnce = false;
    if (stopped) return;
    let due = false;
    let ran: Promise<void> = Promise.resolve();
    // Started (its first, synchronous part) when no state file capture runs.
    const start = () => {
      if (stopped) return;
      const first = host.nextDueAt();
      due = first !== null && first <= fake.clock.now();
      ran = fake.runUntilIdle();
    };
    try {
      if (changes) await changes.between(start);
      else start();
      if (stopped) return;
      await ran;
    } catch (error) {
      log("Failed to run the fake's background work", error);
      schedule(PAUSE_AFTER_ERROR_MS);
      return;
    } finally {
      if (due) afterRun?.();
    }
    const next = host.nextDueAt();
    // On a frozen clock a future instant never comes by itself: the timer then only re-checks now and then.
    if (next !== null) schedule(next - fake.clock.now());
  }

  return {
    kick: () => {
      if (!(runsAtOnce && timer !== undefined)) schedule(0);
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
