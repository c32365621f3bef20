/**
 * The one clock of a fake instance. Everything time-dependent in the domain (timestamps, token expiry, actions,
 * webhook retries) reads it, so a test can freeze or advance time.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** A clock that only moves when told to: deterministic runs, and time travel for tests. */
export interface ManualClock extends Clock {
  /** Move time forward by `ms` milliseconds (never backwards). */
  advance(ms: number): void;
  /** Jump to an instant; it must not be earlier than the current one. */
  set(instant: number): void;
}

/** Create a {@link ManualClock} starting at `start` (epoch milliseconds). */
export function createManualClock(start: number): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`Failed to advance the clock: ${ms} is not a non-negative number`);
      current += ms;
    },
    set(instant) {
      if (!(instant >= current)) {
        throw new RangeError(`Failed to set the clock: ${new Date(instant).toISOString()} is before the current time`);
      }
      current = instant;
    },
  };
}

/** ISO-8601 UTC string of an epoch-millisecond instant. */
export function isoString(ms: number): string {
  let text = isoStrings.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (isoStrings.size >= MAX_ISO_STRINGS) isoStrings.clear();
    isoStrings.set(ms, text);
  }
  return text;
}

/**
 * The instants formatted lately: every answer formats its records' instants again (`createdAt`, `updatedAt`…), and
 * `toISOString` costs a microsecond each. A memo of a pure function, shared harmlessly by every fake; bounded.
 */
const isoStrings = new Map<number, string>();
const MAX_ISO_STRINGS = 4096;

/**
 * A clock that follows `base` plus an offset that {@link ManualClock.advance} and {@link ManualClock.set} move
 * forward: real time that a test can still jump ahead (token expiry, held actions, webhook retries).
 */
export function createOffsetClock(base: Clock): ManualClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`Failed to advance the clock: ${ms} is not a non-negative number`);
      offset += ms;
    },
    set(instant) {
      const current = base.now() + offset;
      if (!(instant >= current)) {
        throw new RangeError(`Failed to set the clock: ${new Date(instant).toISOString()} is before the current time`);
      }
      offset += instant - current;
    },
  };
}
