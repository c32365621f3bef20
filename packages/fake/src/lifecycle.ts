/**
 * A fake's life: the seeded organization, `fake.reset()` (back to a new fake's state, fixtures loaded again), and
 * `fake.snapshot()` / `fake.restore()`.
 */
import type { Fixtures } from "./control/fixtures.js";
import { type FakeSnapshot, restoreSnapshot, snapshotData, takeSnapshot } from "./control/snapshots.js";
import { type Context, createActionRuntime, createState, type WorkRunners } from "./domain/context.js";
import { createOrganization, issueToken } from "./domain/organizations.js";
import type { FakeOptions } from "./fake-api.js";
import type { FakeSettings } from "./fake-settings.js";

type Seeded = ReturnType<typeof createOrganization>;

/** What a reset and a restore reach beyond the context. */
export interface LifecycleParts {
  readonly runners: WorkRunners;
  /** Webhook attempts in flight are dropped before the state changes under them. */
  abortInFlight(): void;
  /** Forget what is not state (rate-limit windows, faults, the journal, the auto-driver, kept snapshots). */
  readonly clear: readonly (() => void)[];
  loadFixtures(fixtures: Fixtures): void;
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
  const seedOrganization = () => {
    const created = createOrganization(context, {
      name: options.organization?.name ?? "Demo Organization",
      workspaces: options.organization?.workspaces ?? [{ name: "Main", timezone: "Europe/Berlin" }],
    });
    issueToken(context, created.organization.id, { token: settings.token });
    return created;
  };
  let seeded = seedOrganization();
  // A copy: the caller's object may change after createFake, and a reset loads the fixtures again.
  const fixtures = options.fixtures === undefined ? undefined : structuredClone(options.fixtures);
  const loadFixtures = () => {
    if (fixtures) parts().loadFixtures(fixtures);
  };
  return {
    seeded: () => seeded,
    organization: () => seeded.organization,
    reset() {
      const { runners, abortInFlight, clear } = parts();
      abortInFlight();
      context.ids = settings.newIds();
      context.state = createState();
      context.actions = createActionRuntime(runners, options.actions);
      for (const forget of clear) forget();
      seeded = seedOrganization();
      loadFixtures();
    },
    snapshot: () => takeSnapshot(context),
    restore(snapshot) {
      // A foreign object is refused before anything is aborted.
      const data = snapshotData(snapshot);
      parts().abortInFlight();
      restoreSnapshot(context, data);
    },
    loadFixtures,
  };
}
