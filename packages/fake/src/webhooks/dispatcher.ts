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
import type { Clock } from "../domain/clock.js";
import type { Context } from "../domain/context.js";
import {
  type AttemptOutcome,
  type AttemptPlan,
  fanOutEvents,
  prepareAttempt,
  recordAttempt,
} from "../domain/webhooks.js";
import type { OwnUrls } from "../http/own-urls.js";
import { systemClock } from "../system-clock.js";
import { createDeliveryQueue, type QueuedAttempt } from "./delivery-queue.js";

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
  /**
   * The clock of each attempt's `x-dispatch-timestamp` header, and so of its signature: `"fake"`, the fake's clock;
   * `"wall"`, the host's real time (`Date.now()`); or a {@link Clock} of your own. Default: the host decides. In
   * process (MSW, `fake.fetch`, `fake.webhooks.listen`) it is the fake's clock, so a test is deterministic and verifies
   * with `now: fake.clock.now()`; a server started by `startServer` or `dispatch-fake serve` signs with the wall
   * clock, because its receivers check the header against their own clock (300 s) even after the fake's clock was
   * moved ahead. Only the header follows it: events' `createdAt`, the retry schedule and the delivery log's times
   * stay on the fake's clock.
   */
  timestampClock?: "fake" | "wall" | Clock;
  /**
   * Allow subscriptions and deliveries to link-local and unspecified addresses (`169.254.169.254`, `fe80::…`,
   * `0.0.0.0`, `::`), refused by default (400 naming `url`; an attempt whose host resolves to one fails without
   * connecting): through a fake, a page or process that may create subscriptions must not reach a cloud's metadata
   * service. Default false.
   */
  allowLinkLocal?: boolean;
}

/** The contract's answer timeout of one attempt. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Attempts in flight to one receiver (the origin of a subscription's URL) at most: a receiver sees a few
 * connections at a time, as from a real sender, and one slow receiver holds only its own slots. Each
 * subscription has at most one attempt in flight, so its events arrive in emission order (retries aside).
 */
export const WEBHOOK_MAX_IN_FLIGHT_PER_RECEIVER = 16;

/** Attempts in flight in all at most: the rest wait in the delivery log, so file handles and memory stay bounded. */
export const WEBHOOK_MAX_IN_FLIGHT = 64;

/** The dispatcher of one fake: its background work, plus the in-process listeners. */
export interface WebhookDispatcher {
  readonly name: string;
  /** The earliest instant an attempt is due (attempts in flight excluded), or null. */
  nextDueAt(): number | null;
  /**
   * Make every attempt due now and record their outcomes: through the pool (one per subscription,
   * {@link WEBHOOK_MAX_IN_FLIGHT_PER_RECEIVER} per receiver, {@link WEBHOOK_MAX_IN_FLIGHT} in all), the rest queued
   * in order and started as attempts end. Resolves once no attempt is in flight.
   */
  runDue(): Promise<void>;
  /** Deliver to `handler` instead of over HTTP whenever a subscription's URL is `url`; returns the unlisten. */
  listen(url: string, handler: WebhookHandler): () => void;
  /** Stop delivering `url` in-process (deliveries to it go over HTTP again). */
  unlisten(url: string): void;
  /** Call `listener` after each recorded attempt (a long drain), until the returned function is called. */
  onProgress(listener: () => void): () => void;
  /** Abort the attempts in flight (reset, restore): their outcomes are never recorded. */
  abortInFlight(): void;
  /**
   * A host's clock for the `x-dispatch-timestamp` header, used unless `webhooks.timestampClock` chose one (the
   * standalone server passes the wall clock); returns the function that takes it back.
   */
  useHostTimestampClock(clock: Clock): () => void;
}

/** The attempts in flight of one pool (a reset or restore starts a new one), and who waits for it to empty. */
interface Pool {
  inFlight: Map<string, AbortController>;
  perReceiver: Map<string, number>;
  /** The subscriptions with an attempt in flight (one each at most). */
  subscriptions: Set<string>;
  idle: { resolve: () => void; reject: (error: unknown) => void }[];
  /** What went wrong while recording an outcome, rethrown to the waiters. */
  failure?: { error: unknown } | undefined;
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

/** What refuses an attempt whose host resolves to the fake itself (or, by default, to a link-local address). */
type OwnRefusal = Pick<OwnUrls, "resolvedRefusal">;

/**
 * What an attempt over HTTP that got no answer says in the delivery log: the same words whether the port was
 * closed, filtered or the name did not resolve, so the log is no port scanner (`docs/security.md`).
 */
const COULD_NOT_CONNECT = "could not connect";

/** What a throw says (an in-process listener's, a URL that is not http(s)). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

/** `webhooks.timeoutMs`, checked: how long an attempt waits for its answer. */
function checkedTimeout(options: WebhookOptions): number {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new RangeError(`Failed to create the fake: webhooks.timeoutMs=${timeoutMs} is not a positive number`);
  }
  return timeoutMs;
}

/**
 * The clock of the attempts' `x-dispatch-timestamp`: `webhooks.timestampClock` (checked), else the host's choice
 * (startServer: the wall clock), else the fake's clock.
 */
function createTimestamps(options: WebhookOptions): {
  of(plan: AttemptPlan): number;
  useHost(clock: Clock): () => void;
} {
  const chosenClock = options.timestampClock;
  if (
    chosenClock !== undefined &&
    chosenClock !== "fake" &&
    chosenClock !== "wall" &&
    typeof (chosenClock as Partial<Clock> | null)?.now !== "function"
  ) {
    throw new TypeError(
      'Failed to create the fake: webhooks.timestampClock must be "fake", "wall" or a clock with a now() method',
    );
  }
  let hostClock: Clock | undefined;
  return {
    /** The attempt's `x-dispatch-timestamp`, in whole seconds. */
    of(plan) {
      const clock =
        chosenClock === "wall" ? systemClock : chosenClock === "fake" ? undefined : (chosenClock ?? hostClock);
      // The fake's clock reads the attempt's own instant (plan.at): the header and the delivery log agree exactly.
      return Math.floor((clock ? clock.now() : plan.at) / 1000);
    },
    useHost(clock) {
      hostClock = clock;
      return () => {
        if (hostClock === clock) hostClock = undefined;
      };
    },
  };
}

/** Settle the waiters of a pool once nothing is in flight: rejected with its failure, if one happened. */
function settle(settled: Pool): void {
  const waiters = settled.idle.splice(0);
  const failure = settled.failure;
  settled.failure = undefined;
  for (const waiter of waiters) {
    if (failure) waiter.reject(failure.error);
    else waiter.resolve();
  }
}

/** One attempt: signed, sent to a listener or over fetch, within the timeout (real time). */
async function sendAttempt(
  plan: AttemptPlan,
  controller: AbortController,
  {
    timeoutMs,
    listeners,
    timestamp,
    own,
  }: {
    timeoutMs: number;
    listeners: ReadonlyMap<string, WebhookHandler>;
    timestamp: (plan: AttemptPlan) => number;
    own: OwnRefusal | undefined;
  },
): Promise<AttemptOutcome> {
  let timedOut = false;
  // Real time on purpose: the receiver answers in real time, whatever the fake's clock says.
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  (timer as { unref?: () => void }).unref?.();
  let listener: WebhookHandler | undefined;
  // Whether the attempt went to the network: what fails from then on reads the same (COULD_NOT_CONNECT).
  let sent = false;
  try {
    listener = listeners.get(listenerKey(plan.url, "deliver webhook"));
    const { rawBody, headers } = await signWebhookForTest(plan.envelope, plan.secret, timestamp(plan));
    // Redirects are not followed: a 3xx is a failed attempt.
    const init: RequestInit = {
      method: "POST",
      headers,
      body: rawBody,
      redirect: "manual",
      signal: controller.signal,
    };
    let response: Response;
    const handler = listener;
    if (handler) {
      const request = new Request(plan.url, init);
      const answer = await untilAborted(
        Promise.resolve().then(() => handler(request)),
        controller.signal,
      );
      if (!(answer instanceof Response)) throw new TypeError("the listener did not return a Response");
      response = answer;
    } else {
      // Checked again at each attempt: the host may resolve elsewhere now (DNS rebinding), or a server may serve
      // the fake on the URL's port since the subscription was made.
      const refused = await own?.resolvedRefusal(plan.url);
      if (refused !== undefined) {
        return { result: "connection_error", status: null, error: `refused: the URL ${refused}` };
      }
      // Looked up at call time, so MSW (or any fetch installed later) sees the delivery. Raced with the signal
      // too: a fetch that ignores it (a mock) still times out. The URL and init, not a Request: fetch would
      // build its own copy of one (half of an attempt's cost is Request objects).
      sent = true;
      response = await untilAborted(globalThis.fetch(plan.url, init), controller.signal);
    }
    // The answer's body is ignored.
    response.body?.cancel().catch(() => undefined);
    return { result: response.ok ? "succeeded" : "rejected", status: response.status, error: null };
  } catch (error) {
    if (timedOut) return { result: "timeout", status: null, error: `no answer within ${timeoutMs} ms` };
    const message = listener ? `the listener threw: ${describe(error)}` : sent ? COULD_NOT_CONNECT : describe(error);
    return { result: "connection_error", status: null, error: message };
  } finally {
    clearTimeout(timer);
  }
}

function newPool(): Pool {
  return { inFlight: new Map(), perReceiver: new Map(), subscriptions: new Set(), idle: [] };
}

/** The earlier of the first queued attempt and the first event not yet fanned out (due at its emission). */
function firstDueAt(ctx: Context, queued: number | null): number | null {
  const { events, webhooks } = ctx.state;
  const unseen = events[webhooks.fannedOut]?.createdAt ?? null;
  return unseen === null ? queued : queued === null ? unseen : Math.min(unseen, queued);
}

/** Create the dispatcher of a fake's context; `own` refuses an attempt whose host resolves to the fake itself. */
export function createWebhookDispatcher(
  ctx: Context,
  options: WebhookOptions = {},
  own?: OwnRefusal,
): WebhookDispatcher {
  const timeoutMs = checkedTimeout(options);
  const timestamps = createTimestamps(options);
  const listeners = new Map<string, WebhookHandler>();
  const progress = new Set<() => void>();
  const queue = createDeliveryQueue(ctx);
  // The attempts in flight, by delivery id, with their receiver's count. A reset or restore aborts them all and starts
  // a new pool before it replaces the state, so every attempt in the pool belongs to the current state; an outcome
  // for a state that is gone is dropped (`attempt`), and a restored delivery is due again.
  let pool = newPool();

  /** Start what the pool has room for, oldest due delivery first; settle the waiters once nothing is in flight. */
  function pump(): void {
    const current = pool;
    const accepts = (next: QueuedAttempt) =>
      !current.subscriptions.has(next.subscription) &&
      (current.perReceiver.get(next.receiver) ?? 0) < WEBHOOK_MAX_IN_FLIGHT_PER_RECEIVER;
    try {
      while (current.inFlight.size < WEBHOOK_MAX_IN_FLIGHT) {
        const next = queue.take(accepts);
        if (next === undefined) break;
        const plan = prepareAttempt(ctx, next.deliveryId);
        if (plan) attempt(plan, next, current);
      }
    } catch (error) {
      current.failure ??= { error };
    }
    if (current.inFlight.size === 0) settle(current);
  }

  function attempt(plan: AttemptPlan, { receiver, subscription }: QueuedAttempt, current: Pool): void {
    const state = ctx.state;
    const controller = new AbortController();
    current.inFlight.set(plan.deliveryId, controller);
    current.perReceiver.set(receiver, (current.perReceiver.get(receiver) ?? 0) + 1);
    current.subscriptions.add(subscription);
    sendAttempt(plan, controller, { timeoutMs, listeners, timestamp: timestamps.of, own })
      .then((outcome) => {
        if (ctx.state !== state) return;
        const delivery = recordAttempt(ctx, plan, outcome);
        if (delivery) queue.requeue(delivery);
        for (const listener of progress) listener();
      })
      .catch((error: unknown) => {
        current.failure ??= { error };
      })
      .finally(() => {
        if (current !== pool) return;
        current.inFlight.delete(plan.deliveryId);
        current.subscriptions.delete(subscription);
        const left = (current.perReceiver.get(receiver) ?? 1) - 1;
        if (left > 0) current.perReceiver.set(receiver, left);
        else current.perReceiver.delete(receiver);
        pump();
      });
  }

  return {
    name: "webhook deliveries",
    nextDueAt: () => firstDueAt(ctx, queue.nextDueAt()),
    runDue() {
      fanOutEvents(ctx);
      const current = pool;
      // Overlapping runs (the standalone server kicks one after each request) share the one pool and its end.
      const idle = new Promise<void>((resolve, reject) => current.idle.push({ resolve, reject }));
      pump();
      return idle;
    },
    onProgress(listener) {
      progress.add(listener);
      return () => progress.delete(listener);
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
    useHostTimestampClock: timestamps.useHost,
    abortInFlight() {
      const aborted = pool;
      pool = newPool();
      for (const controller of aborted.inFlight.values()) controller.abort(new Error("the fake was reset or restored"));
      settle(aborted);
    },
  };
}
