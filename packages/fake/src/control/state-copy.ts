/**
 * A deep copy of the fake's state in steps (`control/staged.ts`: a snapshot, and the copy a fixtures load is made in),
 * runs of records structured-cloned one step at a time.
 */
import type { State } from "../domain/context.js";
import { STEP_ITEMS, type Steps } from "../domain/steps.js";

/** A deep copy of `map`, a run of {@link STEP_ITEMS} entries structured-cloned per step. */
function* cloneMap<V>(map: ReadonlyMap<string, V>): Steps<Map<string, V>> {
  const copy = new Map<string, V>();
  let run: [string, V][] = [];
  const flush = () => {
    for (const [key, value] of structuredClone(run)) copy.set(key, value);
    run = [];
  };
  for (const entry of map) {
    run.push(entry);
    if (run.length === STEP_ITEMS) {
      flush();
      yield;
    }
  }
  flush();
  return copy;
}

/** A deep copy of `list`, a run of {@link STEP_ITEMS} items structured-cloned per step. */
function* cloneList<T>(list: readonly T[]): Steps<T[]> {
  const copy: T[] = [];
  for (let i = 0; i < list.length; i += STEP_ITEMS) {
    copy.push(...structuredClone(list.slice(i, i + STEP_ITEMS)));
    if (i + STEP_ITEMS < list.length) yield;
  }
  return copy;
}

/**
 * A deep copy of `state`, in steps: what `structuredClone(state)` gives, except that two records never share an
 * object (they do not in the fake's state: a state file, read back, shares nothing either). `state` must not change
 * until the copy ends (the host holds changes back meanwhile).
 */
export function* cloneState(state: State): Steps<State> {
  return {
    organizations: yield* cloneMap(state.organizations),
    tokens: yield* cloneMap(state.tokens),
    workspaces: yield* cloneMap(state.workspaces),
    nextWorkspaceId: state.nextWorkspaceId,
    orders: yield* cloneMap(state.orders),
    orderNumbers: yield* cloneMap(state.orderNumbers),
    routes: yield* cloneMap(state.routes),
    actions: yield* cloneMap(state.actions),
    events: yield* cloneList(state.events),
    notifications: yield* cloneList(state.notifications),
    scheduleRuns: yield* cloneMap(state.scheduleRuns),
    webhooks: {
      subscriptions: yield* cloneMap(state.webhooks.subscriptions),
      deliveries: yield* cloneMap(state.webhooks.deliveries),
      fannedOut: state.webhooks.fannedOut,
      lastDelivery: state.webhooks.lastDelivery,
    },
    idempotencyKeys: yield* cloneMap(state.idempotencyKeys),
    works: yield* cloneMap(state.works),
  };
}
