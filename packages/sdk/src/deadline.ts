/**
 * Time limits and pauses: the one deadline implementation (a call's `timeoutMs`, in `createClient` or in a transport
 * used on its own, and `waitForAction`'s), and the sleeps that stop when a signal aborts.
 */
import type { Sleep } from "./client-options.js";
import { TimeoutError } from "./errors.js";

/** A time limit on an operation, linked to the caller's signal (see {@link withDeadline}). */
export interface Deadline {
  /** Aborts with the timeout error when the time is up, or with the caller's reason when the caller's signal does. */
  readonly signal: AbortSignal;
  /** When the time is up (epoch ms). */
  readonly at: number;
  /**
   * `promise`, or a rejection with the abort reason as soon as the deadline passes or the caller aborts, whichever
   * comes first: the operation settles at its limit even when the work under it ignores the signal.
   */
  within<T>(promise: Promise<T>): Promise<T>;
  /** Stop the timer and unhook the caller's signal: call it when the operation ends, however it ends. */
  dispose(): void;
}

/**
 * One signal for a whole operation: it aborts with `timeoutError()` after `timeoutMs`, or with the reason of
 * `signal` (the caller's) when that aborts first, also when it already has. `onAbort` hears the reason too, without
 * an event listener of its own (they are costly on a hot path).
 */
export function withDeadline(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  timeoutError: () => TimeoutError,
  onAbort?: (reason: unknown) => void,
): Deadline {
  const controller = new AbortController();
  // Made on the first `within` only: most deadlines never race anything (waitForAction's), and nothing may reject
  // unobserved.
  let expired: Promise<never> | undefined;
  let expire: ((reason: unknown) => void) | undefined;
  const abort = (reason: unknown) => {
    controller.abort(reason);
    expire?.(reason);
    onAbort?.(reason);
  };
  const onCallerAbort = () => abort(signal?.reason);
  const timer = setTimeout(() => abort(timeoutError()), timeoutMs);
  if (signal?.aborted) abort(signal.reason);
  else signal?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    at: Date.now() + timeoutMs,
    within<T>(promise: Promise<T>): Promise<T> {
      if (controller.signal.aborted) {
        promise.catch(() => {});
        return Promise.reject(controller.signal.reason);
      }
      expired ??= new Promise<never>((_, reject) => {
        expire = reject;
      });
      return Promise.race([promise, expired]);
    },
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** The error of a call that ran out of time: `what` names it (`GET https://…/v2/orders`). */
export function timeLimitError(what: string, timeoutMs: number): TimeoutError {
  return new TimeoutError(`Failed to ${what}: no answer within ${timeoutMs} ms (timeoutMs)`, timeoutMs);
}

/** A promise that rejects with the signal's reason as soon as it aborts (the underlying work may go on). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Default sleep: a timer that stops at once when `signal` aborts. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Run an injected sleep, but stop as soon as `signal` aborts even if the sleep ignores it. */
export function abortableSleep(sleep: Sleep, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    sleep(ms, signal).then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
