/**
 * The control operations that build a whole state (docs/decisions/0018-staged-operations.md): a fixtures load
 * (`POST /_fake/fixtures`), a snapshot (`POST /_fake/snapshots`), a restore and a reset. Over HTTP each runs in steps
 * ({@link Steps}, by count) with the host's pauses between them, so that a server answers other requests meanwhile:
 * the new state is built aside (a copy of the state, the fixtures created in it, the list indexes over it), and put in
 * place at once at the end. Reads meanwhile see the state as it was, never a half-loaded one; a load refused (a bad
 * order at position 40,000) changes nothing. The host holds other changes back while one runs (the standalone server
 * does, `FakeHost.runsAlone`); one of these started while another runs is refused with 409.
 */
import type { Context } from "../domain/context.js";
import { DomainError } from "../domain/errors.js";
import { createIds } from "../domain/ids.js";
import { createListIndexes } from "../domain/list-index.js";
import { prepareIndexes, type Steps } from "../domain/steps.js";
import { JsonText } from "../http/answer.js";
import { stringifyInSteps } from "../http/json-in-steps.js";
import type { OwnUrls } from "../http/own-urls.js";
import { jsonBodyInSteps } from "./body.js";
import { checkFixturesInSteps, createFixturesInSteps } from "./fixtures.js";
import type { FakeSnapshot } from "./snapshots.js";
import { cloneState } from "./state-copy.js";

/**
 * What a host does between two steps: nothing (undefined: the next step runs at once), or a promise that resolves
 * when the next step may run. The standalone server lets the event loop answer what waits after about 8 ms of steps.
 */
export type Pace = () => Promise<void> | undefined;

/** The staged operations of one fake, as the control endpoints run them. */
export interface StagedOperations {
  /** Load a fixtures document from its body text; resolves with the answer's body (201), already as JSON text. */
  loadFixtures(text: string): Promise<JsonText>;
  snapshot(): Promise<FakeSnapshot>;
  restore(snapshot: FakeSnapshot): Promise<void>;
  reset(): Promise<void>;
  /** Whether one of them runs now (reads that would change the state, a fan-out of events, wait for its end). */
  busy(): boolean;
  /** Pause with `pace` between steps until the returned function is called (default: no pause, run whole). */
  usePace(pace: Pace): () => void;
}

/** A reset, a snapshot and a restore in steps (`Lifecycle.inSteps`). */
export interface LifecycleSteps {
  reset(): Steps<() => void>;
  snapshot(): Steps<FakeSnapshot>;
  restore(snapshot: FakeSnapshot): Steps<() => void>;
}

/**
 * A fixtures load in steps: the body parsed, the fixtures checked against the state as it is, then created in a copy of
 * it; returns the function that puts the copy in place (and gives the answer's body).
 */
function* loadFixturesInSteps(ctx: Context, text: string, own: OwnUrls): Steps<() => JsonText> {
  // The fixtures' ids follow from where the fake's are now: the reads answered meanwhile move the fake's (request
  // ids) and create nothing, so the fixtures get the same ids whether or not other clients read during the load.
  const ids = createIds(ctx.ids.position, ctx.ids.entropy, ctx.ids.requestIds);
  const value = yield* jsonBodyInSteps(text);
  const checked = yield* checkFixturesInSteps(ctx, value, own);
  // The same clock and services, those ids, and the copy's own indexes, which creation tells of nothing (they are
  // built below).
  const aside: Context = { ...ctx, ids, state: yield* cloneState(ctx.state), lists: createListIndexes() };
  const loaded = yield* createFixturesInSteps(aside, checked);
  const installIndexes = yield* prepareIndexes(ctx.lists, aside.state);
  const body = yield* stringifyInSteps(loaded);
  return () => {
    // An attempt of a webhook in flight now records its outcome in the state it began in (the dispatcher drops it):
    // its delivery is due again in this one (deliveries are at least once).
    ctx.state = aside.state;
    ctx.ids = aside.ids;
    installIndexes();
    return new JsonText(body);
  };
}

/** The staged operations over `ctx` (see the module's comment). */
export function createStagedOperations(ctx: Context, own: OwnUrls, life: LifecycleSteps): StagedOperations {
  let pace: Pace | undefined;
  /** What runs now, for the 409 of another. */
  let running: string | undefined;

  /** Run `steps` with the pauses, then what they return, which puts their result in place, at once. */
  async function run<T>(action: string, steps: Steps<() => T>): Promise<T> {
    if (running !== undefined) {
      throw new DomainError(
        "CONFLICT",
        `Failed to ${action}: the fake is busy with another operation (${running}); retry once it has ended`,
      );
    }
    running = action;
    try {
      for (;;) {
        const next = steps.next();
        if (next.done) return next.value();
        const wait = pace?.();
        if (wait) await wait;
      }
    } finally {
      running = undefined;
    }
  }

  return {
    loadFixtures: (text) => run("load fixtures", loadFixturesInSteps(ctx, text, own)),
    snapshot: () =>
      run(
        "take a snapshot",
        (function* () {
          const snapshot = yield* life.snapshot();
          return () => snapshot;
        })(),
      ),
    restore: (snapshot) => run("restore a snapshot", life.restore(snapshot)),
    reset: () => run("reset the fake", life.reset()),
    busy: () => running !== undefined,
    usePace(given) {
      pace = given;
      return () => {
        if (pace === given) pace = undefined;
      };
    },
  };
}
