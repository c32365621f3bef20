/**
 * The webhook dispatcher: the half of delivery that does I/O, kept outside the domain. The domain says which
 * attempts are due; the dispatcher signs each one with the SDK's own signer (so the SDK's `verifyWebhook`
 * accepts it), sends it to an in-process listener or over `fetch`, and reports how it ended back to the domain,
 * which schedules the retry. It is the fake's background work for webhooks: `fake.advance(ms)` and
 * `fake.runUntilIdle()` drive it on the fake's clock.
 *
 * @see `docs/api-contract.md` section 6
 */
import { signWebhookForTest } from "@dispatchkit/sdk";
import type { Context } from "../domain/context.js";
import {
  type AttemptOutcome,
  type AttemptPlan,
  dueDeliveries,
  fanOutEvents,
  nextDeliveryDueAt,
  prepareAttempt,
  recordAttempt,
} from "../domain/webhooks.js";

/**
 * An in-process webhook receiver: your app's handler, taking the delivery as a `Request` and answering a
 * `Response` (2xx acknowledges it; anything else, a throw or no answer in time is retried).
 */
export type WebhookHandler = (request: Request) => Response | Promise<Response>;

/** Webhook options of `createFake({ webhooks })`. */
export interface WebhookOptions {
  /**
   * How long an attempt waits for a status, in real milliseconds, before it counts as a timeout (default
   * 10,000, the contract's). Lower it to test a slow receiver without waiting.
   */
  timeoutMs?: number;
}

/** The contract's answer timeout of one attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The dispatcher of one fake: its background work, plus the in-process listeners. */
export interface WebhookDispatcher {
  readonly name: string;
  /** The earliest instant an attempt is due (attempts in flight excluded), or null. */
  nextDueAt(): number | null;
  /** Make every attempt due now, concurrently, and record their outcomes. */
  runDue(): Promise<void>;
  /** Deliver to `handler` instead of over HTTP whenever a subscription's URL is `url`; returns the unlisten. */
  listen(url: string, handler: WebhookHandler): () => void;
  /** Stop delivering `url` in-process (deliveries to it go over HTTP again). */
  unlisten(url: string): void;
  /** Abort the attempts in flight (reset, restore): their outcomes are never recorded. */
  abortInFlight(): void;
}

/** A listener's key: the URL as `new URL()` writes it, so `https://A.example/x` and `https://a.example/x` meet. */
function listenerKey(url: string, action: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`Failed to ${action}: ${JSON.stringify(url)} is not an absolute URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new TypeError(`Failed to ${action}: ${JSON.stringify(url)} is not an http(s) URL`);
  }
  return parsed.href;
}

/** Rejects with the signal's reason once it aborts, so a receiver that never answers still times out. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/** What a failed send says, with the cause a `fetch failed` hides (ECONNREFUSED, …). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

/** Create the dispatcher of a fake's context. */
export function createWebhookDispatcher(ctx: Context, options: WebhookOptions = {}): WebhookDispatcher {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new RangeError(`Failed to create the fake: webhooks.timeoutMs=${timeoutMs} is not a positive number`);
  }
  const listeners = new Map<string, WebhookHandler>();
  // Attempts in flight, by delivery id. A reset or restore aborts them all before it replaces the state, so every
  // entry belongs to the current state; an outcome for a state that is gone is dropped (`attempt`), and a
  // restored delivery is then simply due again.
  const inFlight = new Map<string, AbortController>();
  const busy = (deliveryId: string) => inFlight.has(deliveryId);

  async function send(plan: AttemptPlan, controller: AbortController): Promise<AttemptOutcome> {
    let timedOut = false;
    // Real time on purpose: the receiver answers in real time, whatever the fake's clock says.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    (timer as { unref?: () => void }).unref?.();
    let listener: WebhookHandler | undefined;
    try {
      listener = listeners.get(listenerKey(plan.url, "deliver webhook"));
      const { rawBody, headers } = await signWebhookForTest(plan.envelope, plan.secret, Math.floor(plan.at / 1000));
      // Redirects are not followed: a 3xx is a failed attempt.
      const request = new Request(plan.url, {
        method: "POST",
        headers,
        body: rawBody,
        redirect: "manual",
        signal: controller.signal,
      });
      let response: Response;
      const handler = listener;
      if (handler) {
        const answer = await untilAborted(
          Promise.resolve().then(() => handler(request)),
          controller.signal,
        );
        if (!(answer instanceof Response)) throw new TypeError("the listener did not return a Response");
        response = answer;
      } else {
        // Looked up at call time, so MSW (or any fetch installed later) sees the delivery. Raced with the signal
        // too: a fetch that ignores it (a mock) still times out.
        response = await untilAborted(globalThis.fetch(request), controller.signal);
      }
      // The answer's body is ignored.
      response.body?.cancel().catch(() => undefined);
      return { result: response.ok ? "succeeded" : "rejected", status: response.status, error: null };
    } catch (error) {
      if (timedOut) return { result: "timeout", status: null, error: `no answer within ${timeoutMs} ms` };
      const prefix = listener ? "the listener threw: " : "";
      return { result: "connection_error", status: null, error: `${prefix}${describe(error)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async function attempt(plan: AttemptPlan): Promise<void> {
    const state = ctx.state;
    const controller = new AbortController();
    inFlight.set(plan.deliveryId, controller);
    try {
      const outcome = await send(plan, controller);
      if (ctx.state === state) recordAttempt(ctx, plan, outcome);
    } finally {
      // Unless a reset or restore made way for a new attempt of the same delivery, which is in flight now.
      if (inFlight.get(plan.deliveryId) === controller) inFlight.delete(plan.deliveryId);
    }
  }

  return {
    name: "webhook deliveries",
    nextDueAt: () => nextDeliveryDueAt(ctx, busy),
    async runDue() {
      fanOutEvents(ctx);
      const plans = dueDeliveries(ctx, busy).flatMap((delivery) => prepareAttempt(ctx, delivery.id) ?? []);
      // Started in emission order, awaited together: one slow receiver does not hold up the others.
      await Promise.all(plans.map(attempt));
    },
    listen(url, handler) {
      const key = listenerKey(url, "listen for webhooks");
      listeners.set(key, handler);
      return () => {
        if (listeners.get(key) === handler) listeners.delete(key);
      };
    },
    unlisten(url) {
      listeners.delete(listenerKey(url, "stop listening for webhooks"));
    },
    abortInFlight() {
      for (const controller of inFlight.values()) controller.abort(new Error("the fake was reset or restored"));
      inFlight.clear();
    },
  };
}
