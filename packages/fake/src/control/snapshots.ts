/**
 * Snapshots of a fake (`fake.snapshot()`, `fake.restore()`, `POST /_fake/snapshots`): a structured clone of the
 * state (over HTTP, a copy made in steps: control/staged.ts), pending work included (plain data in `State.works`), and the position of the id sequence. A snapshot object carries
 * its data itself under a `Symbol.for` key, so any copy of the package restores it; the clock is not part of it.
 */
import type { Context, State } from "../domain/context.js";
import { DomainError } from "../domain/errors.js";
import { createIds } from "../domain/ids.js";
import { prepareIndexes, type Steps } from "../domain/steps.js";
import { cloneState } from "./state-copy.js";

/** What `fake.snapshot()` returns: opaque, and only good for `fake.restore()`. */
export interface FakeSnapshot {
  /** The fake's clock when the snapshot was taken (epoch ms). */
  readonly takenAt: number;
}

/** What a snapshot holds. */
export interface SnapshotData {
  readonly state: State;
  readonly idsPosition: number;
}

const DATA = Symbol.for("@dispatchkit/fake.snapshot");

/** Copy everything `ctx` holds into a new, frozen snapshot taken at the clock's now. */
export function takeSnapshot(ctx: Context): FakeSnapshot {
  return sealed(ctx.clock.now(), { state: structuredClone(ctx.state), idsPosition: ctx.ids.position });
}

/** {@link takeSnapshot} in steps (`control/staged.ts`): `ctx`'s state must not change until it ends. */
export function* takeSnapshotInSteps(ctx: Context): Steps<FakeSnapshot> {
  const takenAt = ctx.clock.now();
  const idsPosition = ctx.ids.position;
  return sealed(takenAt, { state: yield* cloneState(ctx.state), idsPosition });
}

/** A frozen snapshot taken at `takenAt` holding `data`. */
function sealed(takenAt: number, data: SnapshotData): FakeSnapshot {
  const snapshot = { takenAt };
  Object.defineProperty(snapshot, DATA, { value: data, enumerable: false });
  return Object.freeze(snapshot);
}

/** What `snapshot` holds; throws for an object that is not a snapshot. */
export function snapshotData(snapshot: FakeSnapshot): SnapshotData {
  const data = (snapshot as { [DATA]?: SnapshotData })[DATA];
  if (data === undefined) throw new TypeError("Failed to restore the fake: not a snapshot made by fake.snapshot()");
  return data;
}

/** Put `ctx` back to a snapshot's data (copied: the snapshot can be restored again). */
export function restoreSnapshot(ctx: Context, data: SnapshotData): void {
  ctx.state = structuredClone(data.state);
  ctx.ids = createIds(data.idsPosition, ctx.ids.entropy, ctx.ids.requestIds);
}

/**
 * {@link restoreSnapshot} in steps: the copy of the snapshot's state and the list indexes over it are made aside
 * (reads of the state as it is go on meanwhile); returns the function that puts them in place at once.
 */
export function* restoreSnapshotInSteps(ctx: Context, data: SnapshotData): Steps<() => void> {
  const state = yield* cloneState(data.state);
  const installIndexes = yield* prepareIndexes(ctx.lists, state);
  return () => {
    ctx.state = state;
    ctx.ids = createIds(data.idsPosition, ctx.ids.entropy, ctx.ids.requestIds);
    installIndexes();
  };
}

/** Most snapshots the control API keeps at once (`POST /_fake/snapshots`); each is a whole copy of the state. */
const MAX_KEPT_SNAPSHOTS = 10;

/** One snapshot kept by the control API, by id. */
interface KeptSnapshot {
  readonly id: string;
  readonly snapshot: FakeSnapshot;
}

/**
 * The snapshots taken over HTTP, by id (`snap_1`, …), oldest first: at most {@link MAX_KEPT_SNAPSHOTS}, deletable,
 * and forgotten by a reset (ids then start again at `snap_1`, as on a new fake).
 */
export interface SnapshotStore {
  /**
   * Keep the snapshot `take` makes under a new id; a CONFLICT when the store is full, before `take` runs (a
   * snapshot copies the whole state: a refused one must not cost a copy).
   */
  keep(take: () => FakeSnapshot): KeptSnapshot;
  /** {@link SnapshotStore.keep} of a snapshot taken in steps: its place is held while `take` runs. */
  keepTaken(take: () => Promise<FakeSnapshot>): Promise<KeptSnapshot>;
  get(id: string): FakeSnapshot | undefined;
  /** Forget one; false when no snapshot has that id. */
  delete(id: string): boolean;
  list(): readonly KeptSnapshot[];
  clear(): void;
}

/** An empty store of at most `limit` snapshots. */
export function createSnapshotStore(limit = MAX_KEPT_SNAPSHOTS): SnapshotStore {
  const kept = new Map<string, FakeSnapshot>();
  let taken = 0;
  /** Snapshots being taken in steps: they count against the bound already. */
  let taking = 0;
  const checkRoom = () => {
    if (kept.size + taking >= limit) {
      throw new DomainError(
        "CONFLICT",
        `Failed to take a snapshot: ${limit} snapshots are kept already; delete one (DELETE /_fake/snapshots/{id}) or reset the fake`,
      );
    }
  };
  const add = (snapshot: FakeSnapshot) => {
    taken += 1;
    const id = `snap_${taken}`;
    kept.set(id, snapshot);
    return { id, snapshot };
  };
  return {
    keep(take) {
      checkRoom();
      return add(take());
    },
    async keepTaken(take) {
      checkRoom();
      taking += 1;
      try {
        const snapshot = await take();
        return add(snapshot);
      } finally {
        taking -= 1;
      }
    },
    get: (id) => kept.get(id),
    delete: (id) => kept.delete(id),
    list: () => [...kept].map(([id, snapshot]) => ({ id, snapshot })),
    clear() {
      kept.clear();
      taken = 0;
    },
  };
}
