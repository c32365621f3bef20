/**
 * The real clock, kept outside `domain/` (which may only read the injected {@link Clock}).
 */
import type { Clock } from "./domain/clock.js";

/** Wall-clock time. */
export const systemClock: Clock = { now: () => Date.now() };
