/**
 * The queue of webhook attempts: an index over the delivery log's pending deliveries, which stay the one source of
 * truth (so snapshots and the state file keep the queue). The dispatcher asks it for the next attempt the pool may
 * start, oldest delivery first, per subscription in order; it never scans the whole log.
 *
 * The index is derived and rebuilt whenever the fake's state object is replaced (reset, restore, a state file);
 * deliveries added since (fan-out, redelivery) are picked up by number, and a delivery that changed behind its
 * back (cancelled by a deleted subscription) is dropped when it reaches the head.
 */
import type { Context, State } from "../domain/context.js";
import type { WebhookDeliveryRecord } from "../domain/records.js";

/** One pending attempt in the index. */
export interface QueuedAttempt {
  deliveryId: string;
  /** The delivery's number (`whd_<n>`): older deliveries go first. */
  seq: number;
  /** When it is due (epoch ms on the fake's clock). */
  at: number;
  /** The receiver: the origin of the delivery's URL (the pool's unit). */
  receiver: string;
  /** The delivery's subscription: its attempts start in order, one at a time. */
  subscription: string;
}

/** A binary min-heap. */
class Heap<T> {
  private readonly items: T[] = [];
  constructor(private readonly before: (a: T, b: T) => boolean) {}
  get size(): number {
    return this.items.length;
  }
  peek(): T | undefined {
    return this.items[0];
  }
  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i] as T, items[parent] as T)) break;
      [items[i], items[parent]] = [items[parent] as T, items[i] as T];
      i = parent;
    }
  }
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && this.before(items[left] as T, items[least] as T)) least = left;
      if (right < items.length && this.before(items[right] as T, items[least] as T)) least = right;
      if (least === i) break;
      [items[i], items[least]] = [items[least] as T, items[i] as T];
      i = least;
    }
    return top;
  }
}

/** The receiver of a URL: its origin (`http://127.0.0.1:9000`), or the URL itself when it does not parse. */
function receiverOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The queue of one fake's pending attempts (see the module's comment). */
export interface DeliveryQueue {
  /** The earliest instant an attempt waits for (epoch ms; at most now when one is due), or null when none. */
  nextDueAt(): number | null;
  /**
   * The oldest due attempt the pool `accepts` (its receiver has room, its subscription none in flight), taken off
   * the queue; undefined when none. Each subscription's attempts come out in the order of their deliveries.
   * It goes back on the queue only through {@link DeliveryQueue.requeue} (after its outcome is recorded).
   */
  take(accepts: (next: QueuedAttempt) => boolean): QueuedAttempt | undefined;
  /** Queue a delivery's next attempt again after an outcome was recorded (a retry); ended ones are ignored. */
  requeue(delivery: WebhookDeliveryRecord): void;
}

const bySeq = (a: QueuedAttempt, b: QueuedAttempt) => a.seq < b.seq;
const byDue = (a: QueuedAttempt, b: QueuedAttempt) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** Create the queue over a fake's context. */
export function createDeliveryQueue(ctx: Context): DeliveryQueue {
  let indexed: State | undefined;
  /** Deliveries numbered up to this one are in the index. */
  let synced = 0;
  /** Pending attempts not yet due, by due time. */
  let waiting = new Heap<QueuedAttempt>(byDue);
  /** Due attempts per subscription, oldest delivery first. */
  let ready = new Map<string, Heap<QueuedAttempt>>();

  /** Whether an entry still describes its delivery's next attempt (not cancelled, ended or rescheduled since). */
  const current = (entry: QueuedAttempt) => {
    const delivery = ctx.state.webhooks.deliveries.get(entry.deliveryId);
    return delivery?.status === "pending" && delivery.nextAttemptAt === entry.at;
  };

  function add(delivery: WebhookDeliveryRecord): void {
    if (delivery.status !== "pending" || delivery.nextAttemptAt === null) return;
    const seq = Number(/^whd_(\d+)$/.exec(delivery.id)?.[1] ?? 0);
    waiting.push({
      deliveryId: delivery.id,
      seq,
      at: delivery.nextAttemptAt,
      receiver: receiverOf(delivery.url),
      subscription: delivery.subscriptionUuid,
    });
  }

  /** Bring the index up to the state: rebuilt for a new state object, new deliveries added by number. */
  function sync(): void {
    const { webhooks } = ctx.state;
    if (indexed !== ctx.state) {
      indexed = ctx.state;
      waiting = new Heap(byDue);
      ready = new Map();
      for (const delivery of webhooks.deliveries.values()) add(delivery);
      synced = webhooks.lastDelivery;
    }
    for (; synced < webhooks.lastDelivery; ) {
      synced += 1;
      const delivery = webhooks.deliveries.get(`whd_${synced}`);
      if (delivery) add(delivery);
    }
    // Move what is due to its subscription's queue; drop what changed meanwhile.
    const now = ctx.clock.now();
    for (let top = waiting.peek(); top !== undefined && (top.at <= now || !current(top)); top = waiting.peek()) {
      waiting.pop();
      if (!current(top)) continue;
      let queue = ready.get(top.subscription);
      if (!queue) {
        queue = new Heap(bySeq);
        ready.set(top.subscription, queue);
      }
      queue.push(top);
    }
  }

  /** The head of a subscription's queue, after dropping entries that changed meanwhile. */
  function head(queue: Heap<QueuedAttempt>): QueuedAttempt | undefined {
    let top = queue.peek();
    while (top !== undefined && !current(top)) {
      queue.pop();
      top = queue.peek();
    }
    return top;
  }

  return {
    nextDueAt() {
      sync();
      for (const [subscription, queue] of ready) {
        if (head(queue) !== undefined) return Math.min(ctx.clock.now(), queue.peek()?.at ?? Number.POSITIVE_INFINITY);
        ready.delete(subscription);
      }
      return waiting.peek()?.at ?? null;
    },
    take(accepts) {
      sync();
      let best: Heap<QueuedAttempt> | undefined;
      let bestSeq = Number.POSITIVE_INFINITY;
      for (const [subscription, queue] of ready) {
        const top = head(queue);
        if (top === undefined) {
          ready.delete(subscription);
          continue;
        }
        if (top.seq < bestSeq && accepts(top)) {
          best = queue;
          bestSeq = top.seq;
        }
      }
      return best?.pop();
    },
    requeue(delivery) {
      if (indexed === ctx.state) add(delivery);
    },
  };
}
