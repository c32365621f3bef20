/**
 * Long operations in steps (issue 31; docs/decisions/0018-staged-operations.md): a copy of the whole state
 * (control/state-copy.ts), a fixtures load of 50,000 orders, a rebuild of the list indexes. Each is a generator that yields after every {@link STEP_ITEMS}
 * items it handled, by count (never by time: the domain stays deterministic), and returns its result. In process it
 * runs whole ({@link runSteps}); a host runs the same steps with pauses between them (`control/staged.ts`), so it
 * answers other requests meanwhile.
 */
import type { State } from "./context.js";
import type { ListIndexes } from "./list-index.js";

/** An operation in steps: yields between steps, returns its result. */
export type Steps<T> = Generator<void, T, void>;

/**
 * Items (records, orders of a fixtures document, list entries) one step handles: a few milliseconds of work for the
 * heaviest kind (an order of a fixtures document checked and created), so a host that pauses between steps is never
 * held long.
 */
export const STEP_ITEMS = 250;

/** Run `steps` to their end at once (in process, and where nothing else waits). */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** A counter that says when a step is full: `tick()` is true after every {@link STEP_ITEMS}-th call. */
export function stepCounter(size = STEP_ITEMS): { tick(): boolean } {
  let count = 0;
  return {
    tick: () => {
      count += 1;
      if (count < size) return false;
      count = 0;
      return true;
    },
  };
}

/** `items` mapped in order, a step every {@link STEP_ITEMS} items. */
export function* mapInSteps<T, U>(items: readonly T[], map: (item: T, index: number) => U): Steps<U[]> {
  const out: U[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    out[i] = map(items[i] as T, i);
    if ((i + 1) % STEP_ITEMS === 0) yield;
  }
  return out;
}

/**
 * The list indexes of `lists` built for `state` in steps, without touching what they index now (reads go on
 * meanwhile); returns the function that installs them, to call when `state` becomes the fake's (after that, the first
 * read finds them built instead of rebuilding them in one piece). `state` must not change until then.
 */
export function* prepareIndexes(lists: ListIndexes, state: State): Steps<() => void> {
  const orders = yield* lists.orders.prepare(state.orders, STEP_ITEMS);
  const routes = yield* lists.routes.prepare(state.routes, STEP_ITEMS);
  const actions = yield* lists.actions.prepare(state.actions, STEP_ITEMS);
  return () => {
    orders();
    routes();
    actions();
  };
}
