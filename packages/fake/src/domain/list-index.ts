/**
 * The indexes of the lists: what lets a page of a list cost what it returns, not what the store holds.
 *
 * The records stay the one source of truth (plain data in the state's Maps, cloned by snapshots, saved in the state
 * file); an index is derived from them and never saved. It is rebuilt from the records whenever the fake's state
 * object (or the indexed Map) is replaced: reset, snapshot restore, a state file or fixtures loaded into a new state.
 * Between two rebuilds, the domain tells the index of every record it creates, changes (a field a list filters by:
 * workspace, delivery date, status) or deletes, through {@link ListIndexes}.
 *
 * Each index keeps, per key (a workspace, a workspace and date, ...), the records' creation numbers in creation order
 * (the order of the state's Map, which is the order of the API's lists): a count is O(1) and a page O(page), after a
 * lazy compaction when records left or joined the key in its middle since the last read.
 */
import type { ActionRecord, OrderRecord, RouteRecord } from "./records.js";

/** What a list gives to pagination: its length, and a slice of it in the list's order. */
export interface ListView<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/** The creation numbers of one key's records, ascending, with the changes not yet merged. */
class Bucket {
  private seqs: number[] = [];
  /** Numbers still in `seqs` whose record left the key. */
  private readonly removed = new Set<number>();
  /** Numbers that joined the key below the last of `seqs` (to merge in order). */
  private readonly added = new Set<number>();

  get size(): number {
    return this.seqs.length - this.removed.size + this.added.size;
  }

  add(seq: number): void {
    if (this.removed.delete(seq)) return;
    const last = this.seqs[this.seqs.length - 1];
    if (last === undefined || seq > last) this.seqs.push(seq);
    else this.added.add(seq);
  }

  remove(seq: number): void {
    if (this.added.delete(seq)) return;
    this.removed.add(seq);
  }

  /** Numbers `start` to `end` (exclusive) of the key, in creation order. */
  slice(start: number, end: number): number[] {
    this.compact();
    return this.seqs.slice(start, end);
  }

  private compact(): void {
    if (this.removed.size > 0) {
      const removed = this.removed;
      this.seqs = this.seqs.filter((seq) => !removed.has(seq));
      removed.clear();
    }
    if (this.added.size > 0) {
      const added = [...this.added].sort((a, b) => a - b);
      this.added.clear();
      const merged: number[] = new Array(this.seqs.length + added.length);
      let i = 0;
      let j = 0;
      let k = 0;
      const seqs = this.seqs;
      while (i < seqs.length && j < added.length) {
        merged[k++] = (seqs[i] as number) < (added[j] as number) ? (seqs[i++] as number) : (added[j++] as number);
      }
      while (i < seqs.length) merged[k++] = seqs[i++] as number;
      while (j < added.length) merged[k++] = added[j++] as number;
      this.seqs = merged;
    }
  }
}

/** Where an indexed record is: its creation number and the keys it is listed under. */
interface Entry {
  seq: number;
  keys: readonly string[];
}

/**
 * An index over one Map of records (by uuid, in creation order): the records of each key, in creation order.
 * `keysOf` names the keys a record is listed under.
 */
class RecordIndex<R extends { uuid: string }> {
  private indexed: ReadonlyMap<string, R> | undefined;
  private entries = new Map<string, Entry>();
  private uuids = new Map<number, string>();
  private buckets = new Map<string, Bucket>();
  private nextSeq = 0;

  constructor(private readonly keysOf: (record: R) => readonly string[]) {}

  /** Rebuild from the records when they are not the ones indexed (a new state) or when a record came or went unseen. */
  private sync(records: ReadonlyMap<string, R>): void {
    if (this.indexed !== records || this.entries.size !== records.size) {
      this.indexed = records;
      this.entries = new Map();
      this.uuids = new Map();
      this.buckets = new Map();
      this.nextSeq = 0;
      for (const record of records.values()) this.place(record);
    }
  }

  /**
   * This index built for `records` in steps of `every` records, aside: what it indexes now stays as it is (reads go on
   * meanwhile) until the returned function installs the new one. `records` must not change until then.
   */
  *prepare(records: ReadonlyMap<string, R>, every: number): Generator<void, () => void, void> {
    const built = new RecordIndex(this.keysOf);
    built.indexed = records;
    let count = 0;
    for (const record of records.values()) {
      built.place(record);
      if (++count % every === 0) yield;
    }
    return () => {
      this.indexed = built.indexed;
      this.entries = built.entries;
      this.uuids = built.uuids;
      this.buckets = built.buckets;
      this.nextSeq = built.nextSeq;
    };
  }

  private bucket(key: string): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new Bucket();
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private place(record: R): void {
    const seq = this.nextSeq++;
    const keys = this.keysOf(record);
    this.entries.set(record.uuid, { seq, keys });
    this.uuids.set(seq, record.uuid);
    for (const key of keys) this.bucket(key).add(seq);
  }

  /** A record of `records` was created or changed (call after it is in the Map with its new fields). */
  touch(records: ReadonlyMap<string, R>, record: R): void {
    if (this.indexed !== records) return; // the next read rebuilds from the records
    const entry = this.entries.get(record.uuid);
    if (!entry) {
      this.place(record);
      return;
    }
    const keys = this.keysOf(record);
    if (keys.length === entry.keys.length && keys.every((key, i) => key === entry.keys[i])) return;
    for (const key of entry.keys) if (!keys.includes(key)) this.buckets.get(key)?.remove(entry.seq);
    for (const key of keys) if (!entry.keys.includes(key)) this.bucket(key).add(entry.seq);
    entry.keys = keys;
  }

  /** A record was deleted from `records` (call after it left the Map). */
  remove(records: ReadonlyMap<string, R>, uuid: string): void {
    if (this.indexed !== records) return;
    const entry = this.entries.get(uuid);
    if (!entry) return;
    this.entries.delete(uuid);
    this.uuids.delete(entry.seq);
    for (const key of entry.keys) this.buckets.get(key)?.remove(entry.seq);
  }

  /** The records of a key, in creation order (`newestFirst`: reversed). */
  list(
    records: ReadonlyMap<string, R>,
    key: string,
    { newestFirst = false }: { newestFirst?: boolean } = {},
  ): ListView<R> {
    this.sync(records);
    const bucket = this.buckets.get(key);
    const length = bucket?.size ?? 0;
    const recordsAt = (seqs: number[]) =>
      seqs.map((seq) => records.get(this.uuids.get(seq) as string) as R).filter((r) => r !== undefined);
    return {
      length,
      slice: (start, end) => {
        if (!bucket) return [];
        const from = Math.max(0, Math.min(length, start));
        const to = Math.max(from, Math.min(length, end));
        if (!newestFirst) return recordsAt(bucket.slice(from, to));
        return recordsAt(bucket.slice(length - to, length - from)).reverse();
      },
    };
  }
}

const key = (...parts: string[]) => parts.join("\n");

/** The keys an order is listed under (`GET /v2/orders`: by workspace, date and status). */
const orderKeys = (o: OrderRecord): string[] => [
  key(o.workspaceUuid),
  key(o.workspaceUuid, "date", o.deliveryDate),
  key(o.workspaceUuid, "status", o.status),
  key(o.workspaceUuid, "date", o.deliveryDate, "status", o.status),
];

/** The keys a route is listed under (`GET /v2/routes`, `GET /v1/routes`: by workspace and date). */
const routeKeys = (r: RouteRecord): string[] => [key(r.workspaceUuid), key(r.workspaceUuid, "date", r.date)];

/** The keys an action is listed under (`GET /v2/schedules`: by organization and kind). */
const actionKeys = (a: ActionRecord): string[] => [key(a.organizationId, a.kind)];

/** The key of a list of orders. */
export function orderListKey(
  workspaceUuid: string,
  filter: { date?: string | undefined; status?: string | undefined },
) {
  const parts = [workspaceUuid];
  if (filter.date !== undefined) parts.push("date", filter.date);
  if (filter.status !== undefined) parts.push("status", filter.status);
  return key(...parts);
}

/** The key of a list of routes. */
export const routeListKey = (workspaceUuid: string, date?: string) =>
  date === undefined ? key(workspaceUuid) : key(workspaceUuid, "date", date);

/** The key of a list of actions. */
export const actionListKey = (organizationId: string, kind: string) => key(organizationId, kind);

/** The indexes of one fake (held by its context, `Context.lists`), over the state's orders, routes and actions. */
export interface ListIndexes {
  readonly orders: RecordIndex<OrderRecord>;
  readonly routes: RecordIndex<RouteRecord>;
  readonly actions: RecordIndex<ActionRecord>;
}

/** Create the (empty) indexes of a fake; they build themselves from the state on first read. */
export function createListIndexes(): ListIndexes {
  return {
    orders: new RecordIndex(orderKeys),
    routes: new RecordIndex(routeKeys),
    actions: new RecordIndex(actionKeys),
  };
}

/** Tell the order index that orders were created or changed (workspace, delivery date or status). */
export function ordersChanged(
  ctx: { readonly lists: ListIndexes; readonly state: { readonly orders: ReadonlyMap<string, OrderRecord> } },
  ...orders: OrderRecord[]
): void {
  for (const order of orders) ctx.lists.orders.touch(ctx.state.orders, order);
}
