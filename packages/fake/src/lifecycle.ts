/**
 * A fake's life: the seeded organization, `fake.reset()` (back to a new fake's state, fixtures loaded again), and
 * `fake.snapshot()` / `fake.restore()`.
 */
import { checkFixturesInSteps, createFixturesInSteps, type Fixtures } from "./control/fixtures.js";
import {
  type FakeSnapshot,
  restoreSnapshot,
  restoreSnapshotInSteps,
  snapshotData,
  takeSnapshot,
  takeSnapshotInSteps,
} from "./control/snapshots.js";
import { type Context, createActionRuntime, createState, type WorkRunners } from "./domain/context.js";
import { createListIndexes } from "./domain/list-index.js";
import { createOrganization, issueToken } from "./domain/organizations.js";
import { prepareIndexes, runSteps, type Steps } from "./domain/steps.js";
import type { FakeOptions } from "./fake-api.js";
import type { FakeSettings } from "./fake-settings.js";
import type { OwnUrls } from "./http/own-urls.js";

type Seeded = ReturnType<typeof createOrganization>;

/** What a reset and a restore reach beyond the context. */
export interface LifecycleParts {
  readonly runners: WorkRunners;
  /** Webhook attempts in flight are dropped before the state changes under them. */
  abortInFlight(): void;
  /** Forget what is not state (rate-limit windows, faults, the journal, the auto-driver, kept snapshots). */
  readonly clear: readonly (() => void)[];
  loadFixtures(fixtures: Fixtures): void;
  /** The fake's own addresses (the fixtures' webhooks may not target them). */
  readonly own: OwnUrls;
}

/** Reset, snapshot and restore of one fake. */
export interface Lifecycle {
  /** The seeded organization and its workspaces (a reset seeds them again). */
  seeded(): Seeded;
  /** The seeded organization now. */
  organization(): Seeded["organization"];
  reset(): void;
  snapshot(): FakeSnapshot;
  restore(snapshot: FakeSnapshot): void;
  /**
   * The same three in steps (`control/staged.ts`): the new state is built aside while reads of the state as it is
   * go on, and the function a reset or restore returns puts it in place at once.
   */
  inSteps: {
    reset(): Steps<() => void>;
    snapshot(): Steps<FakeSnapshot>;
    restore(snapshot: FakeSnapshot): Steps<() => void>;
  };
  /** Load the options' fixtures, after the seeded organization (an invalid document throws). */
  loadFixtures(): void;
}

/** Seeds the organization now. `parts()` is read at each reset (the parts are built after the seeding). */
export function createLifecycle(
  context: Context,
  settings: FakeSettings,
  options: FakeOptions,
  parts: () => LifecycleParts,
): Lifecycle {
  const seedOrganization = (ctx: Context) => {
    const created = createOrganization(ctx, {
      name: options.organization?.name ?? "Demo Organization",
      workspaces: options.organization?.workspaces ?? [{ name: "Main", timezone: "Europe/Berlin" }],
    });
    issueToken(ctx, created.organization.id, { token: settings.token });
    return created;
  };
  let seeded = seedOrganization(context);
  // A copy: the caller's object may change after createFake, and a reset loads the fixtures again.
  const fixtures = options.fixtures === undefined ? undefined : structuredClone(options.fixtures);
  const loadFixtures = () => {
    if (fixtures) parts().loadFixtures(fixtures);
  };
  /** A new fake's state built aside (seeded, the fixtures loaded), then put in place by the function returned. */
  function* resetInSteps(): Steps<() => void> {
    const { runners, own } = parts();
    const fresh: Context = {
      ...context,
      ids: settings.newIds(),
      state: createState(),
      actions: createActionRuntime(runners, options.actions),
      lists: createListIndexes(),
    };
    const seededNow = seedOrganization(fresh);
    if (fixtures) yield* createFixturesInSteps(fresh, yield* checkFixturesInSteps(fresh, fixtures, own));
    const installIndexes = yield* prepareIndexes(context.lists, fresh.state);
    return () => {
      const { abortInFlight, clear } = parts();
      abortInFlight();
      context.ids = fresh.ids;
      context.state = fresh.state;
      context.actions = fresh.actions;
      installIndexes();
      for (const forget of clear) forget();
      seeded = seededNow;
    };
  }
  return {
    seeded: () => seeded,
    organization: () => seeded.organization,
    reset: () => runSteps(resetInSteps())(),
    snapshot: () => takeSnapshot(context),
    restore(snapshot) {
      // A foreign object is refused before anything is aborted.
      const data = snapshotData(snapshot);
      parts().abortInFlight();
      restoreSnapshot(context, data);
    },
    inSteps: {
      reset: resetInSteps,
      snapshot: () => takeSnapshotInSteps(context),
      *restore(snapshot) {
        // A foreign object is refused before anything is copied.
        const put = yield* restoreSnapshotInSteps(context, snapshotData(snapshot));
        return () => {
          parts().abortInFlight();
          put();
        };
      },
    },
    loadFixtures,
  };
}
