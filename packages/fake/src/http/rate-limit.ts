/**
 * An optional per-token rate limit on the fake's clock: a fixed window of `perSeconds` seconds that opens at a
 * token's first request and admits `requests` requests; the next one answers 429 `RATE_LIMITED` with
 * `Retry-After` = the whole seconds until the window closes (at least 1).
 * @see `docs/api-contract.md` section 1 (`RATE_LIMITED`)
 */
import type { Clock } from "../domain/clock.js";

/** `createFake({ rateLimit })`: at most `requests` requests per token in every `perSeconds` seconds. */
export interface RateLimitOptions {
  requests: number;
  perSeconds: number;
}

/** The limiter of one fake. */
export interface RateLimiter {
  /** Count a request of `token`: undefined when admitted, else the seconds to wait (`Retry-After`). */
  take(token: string): number | undefined;
  /** Forget every window (what `fake.reset()` does). */
  reset(): void;
}

/** Build a limiter that reads time only from `clock`. */
export function createRateLimiter(clock: Clock, options: RateLimitOptions): RateLimiter {
  const { requests, perSeconds } = options;
  if (!Number.isInteger(requests) || requests < 1 || !Number.isFinite(perSeconds) || perSeconds <= 0) {
    throw new TypeError(
      `Failed to create the rate limit: requests must be a positive integer and perSeconds a positive number, got ${JSON.stringify(options)}`,
    );
  }
  const windowMs = perSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(token) {
      const now = clock.now();
      const current = windows.get(token);
      if (!current || now >= current.start + windowMs || now < current.start) {
        windows.set(token, { start: now, count: 1 });
        return undefined;
      }
      if (current.count < requests) {
        current.count += 1;
        return undefined;
      }
      return Math.max(1, Math.ceil((current.start + windowMs - now) / 1000));
    },
    reset() {
      windows.clear();
    },
  };
}
