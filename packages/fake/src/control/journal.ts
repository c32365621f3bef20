/**
 * The request journal: every call of the API the pipeline answered (control calls are not journaled), with its
 * operation, bodies and status, so a test can assert what its code sent (`fake.journal.list({ operationId })`).
 */

import { type Answer, answerBytes } from "../http/answer.js";
import type { OperationId } from "../http/contract-operations.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "../http/json-nesting.js";
import type { ApiCall } from "../http/router.js";

/** The request journal: every call of the API the fake answered, oldest first. */
export interface FakeJournal {
  /** The journaled calls, all or those of one operation. */
  list(filter?: JournalFilter): readonly JournalEntry[];
  /** Forget every entry. */
  clear(): void;
}

/** One answered call of the API. */
export interface JournalEntry {
  /** The answer's `x-request-id` (also kept for a network error, which the caller never sees). */
  requestId: string;
  /** The contract operation the method and path name; null when they name none (answered 404). */
  operationId: OperationId | null;
  /** Upper-case method. */
  method: string;
  /** Path relative to the base URL, without the query. */
  path: string;
  /** The query string without `?` (empty when none). */
  query: string;
  /** The answer's status; 0 for an injected network error. */
  status: number;
  /**
   * The request body: its JSON, its text when it is not JSON (or nests deeper than 64 levels), null when empty or
   * when it was over 64 KiB (then only its size is kept).
   */
  requestBody: unknown;
  /** The request body's size in bytes (0 when empty). */
  requestBodyBytes: number;
  /** The response body, read the same way. */
  responseBody: unknown;
  /** The response body's size in bytes (0 when empty or for a network error). */
  responseBodyBytes: number;
  /** When the call arrived, on the fake's clock (epoch ms). */
  at: number;
  /** The id of the injected fault that answered the call, or null. */
  fault: string | null;
}

/** Which entries `fake.journal.list(filter)` returns. */
export interface JournalFilter {
  /** Only the calls of this operation. */
  operationId?: OperationId;
}

/** The journal of one fake. */
export interface Journal {
  /** The journaled calls, oldest first. */
  list(filter?: JournalFilter): readonly JournalEntry[];
  /** Forget every entry. */
  clear(): void;
  /**
   * The pipeline's hook: journal one answered call (at once for a GET or HEAD, which has no body; after reading the
   * body otherwise). Absent for a journal that keeps nothing (limit 0), so the pipeline need not copy every request
   * for it.
   */
  record?: (call: ApiCall, answer: Answer) => Promise<void> | undefined;
}

/** Most entries a journal keeps by default; the oldest go first. */
const DEFAULT_JOURNAL_LIMIT = 1000;

/** Most bytes of bodies a journal keeps by default (all entries together); the oldest entries go first. */
const DEFAULT_JOURNAL_BYTES = 8 * 1024 * 1024;

/** A body larger than this is not kept (nor parsed): its entry keeps its size and a null body. */
const MAX_JOURNAL_BODY_BYTES = 64 * 1024;

/** A JSON body that nests deeper than this is shown as its text: reading it back never overflows the stack. */
const MAX_JOURNAL_BODY_DEPTH = MAX_JSON_NESTING;

/** What an entry counts beside its bodies (its other fields), so a flood of empty calls is bounded too. */
const ENTRY_OVERHEAD_BYTES = 256;

/** Options of a journal (`createFake({ journal })`). */
export interface JournalOptions {
  /** Most entries kept (default {@link DEFAULT_JOURNAL_LIMIT}; 0 keeps none). */
  limit?: number;
  /** Most bytes of bodies kept in all (default {@link DEFAULT_JOURNAL_BYTES}). */
  maxBytes?: number;
}

const UTF8 = new TextDecoder();

/** A kept body as an entry shows it: its JSON when it parses, else its text; null when none was kept. */
function readKept(data: Uint8Array | null): unknown {
  if (data === null) return null;
  const text = UTF8.decode(data);
  if (nestsDeeperThan(text, MAX_JOURNAL_BODY_DEPTH)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A length of the arena that marks "not there": a body not kept (null), or a text kept as a string instead. */
const NONE = -1;

/** Slots a journal starts with (then doubled up to its limit), and the bytes of its first arena (doubled as needed). */
const FIRST_SLOTS = 64;
const FIRST_ARENA_BYTES = 64 * 1024;

/** Copy an ASCII text into `arena` at `at`; false (with some bytes written, which stay unused) when it is not ASCII. */
function putAscii(text: string, arena: Uint8Array, at: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return false;
    arena[at + i] = c;
  }
  return true;
}

/**
 * The journal's records, with nothing of their own for the collector: a ring of slots in typed arrays (numbers) and
 * arrays reused in place (the method, operation and fault, which are constants), and the texts (request id, path,
 * query) and bodies copied as bytes into one arena. A record lives as long as a thousand calls, so an object per call
 * (or a view into node's buffer pool) would be moved to the old generation and marked there; here a call writes
 * numbers and bytes into memory allocated once. Entries are built from a slot when the journal is read, once.
 *
 * The arena is written from its start to its end in call order; when the next record does not fit, the kept records'
 * bytes are moved to its start (one copy, about once per arena's worth of calls), and it doubles when they fill more
 * than half of it.
 */
class Ring {
  /** Slots in use: `count` of them from `first`, oldest first, modulo `cap`. */
  #cap = 0;
  #first = 0;
  #count = 0;
  #start = new Uint32Array(0);
  #idLen = new Int32Array(0);
  #pathLen = new Int32Array(0);
  #searchLen = new Int32Array(0);
  #requestLen = new Int32Array(0);
  #requestBytes = new Float64Array(0);
  #responseLen = new Int32Array(0);
  #responseBytes = new Float64Array(0);
  #status = new Int32Array(0);
  #at = new Float64Array(0);
  #weight = new Float64Array(0);
  #method: string[] = [];
  #operationId: (OperationId | null)[] = [];
  #fault: (string | null)[] = [];
  /** The request id, path and query of a call whose texts are not all ASCII (kept as strings), else undefined. */
  #texts: (readonly [string, string, string] | undefined)[] = [];
  /** The entry built from a slot, once read. */
  #entries: (JournalEntry | undefined)[] = [];
  #arena = new Uint8Array(0);
  /** Where the next record's bytes go. */
  #head = 0;
  /** The weight of the kept records. */
  total = 0;

  get count(): number {
    return this.#count;
  }

  clear(): void {
    this.#first = 0;
    this.#count = 0;
    this.#head = 0;
    this.total = 0;
    this.#entries.fill(undefined);
    this.#texts.fill(undefined);
    if (this.#arena.length > FIRST_ARENA_BYTES) this.#arena = new Uint8Array(FIRST_ARENA_BYTES);
  }

  /** Forget the oldest record. */
  dropOldest(): void {
    const slot = this.#first;
    this.total -= this.#weight[slot] as number;
    this.#entries[slot] = undefined;
    this.#texts[slot] = undefined;
    this.#first = (slot + 1) % this.#cap;
    this.#count--;
    if (this.#count === 0) {
      this.#first = 0;
      this.#head = 0;
    }
  }

  /** Keep one call (the caller made room under its bounds first). */
  push(
    call: ApiCall,
    status: number,
    fault: string | null,
    request: Uint8Array | null,
    requestBytes: number,
    response: Uint8Array | null,
    responseBytes: number,
    weight: number,
    limit: number,
  ): void {
    if (this.#count === this.#cap) this.#growSlots(limit);
    const slot = (this.#first + this.#count) % this.#cap;
    const { requestId, path } = call;
    const search = call.request.search;
    const requestLen = request === null ? NONE : request.length;
    const responseLen = response === null ? NONE : response.length;
    const span =
      requestId.length +
      path.length +
      search.length +
      (request === null ? 0 : request.length) +
      (response === null ? 0 : response.length);
    const at = this.#reserve(span);
    const arena = this.#arena;
    const ascii =
      putAscii(requestId, arena, at) &&
      putAscii(path, arena, at + requestId.length) &&
      putAscii(search, arena, at + requestId.length + path.length);
    if (ascii) {
      this.#idLen[slot] = requestId.length;
      this.#pathLen[slot] = path.length;
      this.#searchLen[slot] = search.length;
      if (this.#texts[slot] !== undefined) this.#texts[slot] = undefined;
    } else {
      // Their bytes' room stays unused: the texts are kept as they are (a lone surrogate would not survive UTF-8).
      this.#idLen[slot] = NONE;
      this.#texts[slot] = [requestId, path, search];
    }
    let to = at + requestId.length + path.length + search.length;
    if (request !== null) {
      arena.set(request, to);
      to += request.length;
    }
    if (response !== null) arena.set(response, to);
    this.#start[slot] = at;
    this.#requestLen[slot] = requestLen;
    this.#requestBytes[slot] = requestBytes;
    this.#responseLen[slot] = responseLen;
    this.#responseBytes[slot] = responseBytes;
    this.#status[slot] = status;
    this.#at[slot] = call.receivedAt;
    this.#weight[slot] = weight;
    this.#method[slot] = call.method;
    // The router names calls from the contract's operations only.
    this.#operationId[slot] = call.operationId as OperationId | null;
    this.#fault[slot] = fault;
    if (this.#entries[slot] !== undefined) this.#entries[slot] = undefined;
    this.#count++;
    this.total += weight;
  }

  /** The kept records as entries, oldest first (those of one operation when it is given). */
  list(operationId: OperationId | undefined): JournalEntry[] {
    const entries: JournalEntry[] = [];
    for (let i = 0; i < this.#count; i++) {
      const slot = (this.#first + i) % this.#cap;
      if (operationId !== undefined && this.#operationId[slot] !== operationId) continue;
      let entry = this.#entries[slot];
      if (entry === undefined) {
        entry = this.#entry(slot);
        this.#entries[slot] = entry;
      }
      entries.push(entry);
    }
    return entries;
  }

  #entry(slot: number): JournalEntry {
    const arena = this.#arena;
    let at = this.#start[slot] as number;
    const bytes = (length: number) => {
      const data = arena.subarray(at, at + length);
      at += length;
      return data;
    };
    let texts = this.#texts[slot];
    if (texts === undefined) {
      texts = [
        UTF8.decode(bytes(this.#idLen[slot] as number)),
        UTF8.decode(bytes(this.#pathLen[slot] as number)),
        UTF8.decode(bytes(this.#searchLen[slot] as number)),
      ];
    } else {
      at += texts[0].length + texts[1].length + texts[2].length;
    }
    const requestLen = this.#requestLen[slot] as number;
    const responseLen = this.#responseLen[slot] as number;
    const requestBody = readKept(requestLen === NONE ? null : bytes(requestLen));
    const responseBody = readKept(responseLen === NONE ? null : bytes(responseLen));
    return {
      requestId: texts[0],
      operationId: this.#operationId[slot] as OperationId | null,
      method: this.#method[slot] as string,
      path: texts[1],
      query: texts[2].slice(1),
      status: this.#status[slot] as number,
      requestBody,
      requestBodyBytes: this.#requestBytes[slot] as number,
      responseBody,
      responseBodyBytes: this.#responseBytes[slot] as number,
      at: this.#at[slot] as number,
      fault: this.#fault[slot] as string | null,
    };
  }

  /** Where `span` bytes go: at the head, after moving the kept bytes to the arena's start (or a larger one) if need be. */
  #reserve(span: number): number {
    if (this.#head + span > this.#arena.length) {
      // The kept records' bytes lie in call order from the oldest's start to the head: move them to the start.
      const from = this.#count === 0 ? this.#head : (this.#start[this.#first] as number);
      const kept = this.#head - from;
      let arena = this.#arena;
      if ((kept + span) * 2 > arena.length) {
        let size = Math.max(arena.length, FIRST_ARENA_BYTES);
        while ((kept + span) * 2 > size) size *= 2;
        arena = new Uint8Array(size);
        arena.set(this.#arena.subarray(from, this.#head));
        this.#arena = arena;
      } else if (from > 0) {
        arena.copyWithin(0, from, this.#head);
      }
      for (let i = 0; i < this.#count; i++) {
        const slot = (this.#first + i) % this.#cap;
        this.#start[slot] = (this.#start[slot] as number) - from;
      }
      this.#head = kept;
    }
    const at = this.#head;
    this.#head += span;
    return at;
  }

  /** Twice the slots (at most `limit`), the kept ones first in call order. */
  #growSlots(limit: number): void {
    let cap = Math.max(this.#cap * 2, FIRST_SLOTS);
    // No more than the limit needs (a limit that is not a whole number keeps its floor, plus the call being kept).
    if (cap > limit) cap = Math.max(Math.ceil(limit), this.#cap + 1);
    const order = Array.from({ length: this.#count }, (_, i) => (this.#first + i) % this.#cap);
    const typed = <T extends Uint32Array | Int32Array | Float64Array>(from: T, to: T): T => {
      order.forEach((slot, i) => {
        to[i] = from[slot] as number;
      });
      return to;
    };
    const plain = <T>(from: T[]): T[] => {
      const to = new Array<T>(cap).fill(undefined as T);
      order.forEach((slot, i) => {
        to[i] = from[slot] as T;
      });
      return to;
    };
    this.#start = typed(this.#start, new Uint32Array(cap));
    this.#idLen = typed(this.#idLen, new Int32Array(cap));
    this.#pathLen = typed(this.#pathLen, new Int32Array(cap));
    this.#searchLen = typed(this.#searchLen, new Int32Array(cap));
    this.#requestLen = typed(this.#requestLen, new Int32Array(cap));
    this.#requestBytes = typed(this.#requestBytes, new Float64Array(cap));
    this.#responseLen = typed(this.#responseLen, new Int32Array(cap));
    this.#responseBytes = typed(this.#responseBytes, new Float64Array(cap));
    this.#status = typed(this.#status, new Int32Array(cap));
    this.#at = typed(this.#at, new Float64Array(cap));
    this.#weight = typed(this.#weight, new Float64Array(cap));
    this.#method = plain(this.#method);
    this.#operationId = plain(this.#operationId);
    this.#fault = plain(this.#fault);
    this.#texts = plain(this.#texts);
    this.#entries = plain(this.#entries);
    this.#cap = cap;
    this.#first = 0;
  }
}

/**
 * Build a journal that keeps the newest calls, at most `limit` of them and `maxBytes` of bodies in all (the oldest go
 * first).
 */
export function createJournal(options: JournalOptions): Journal {
  const limit = options.limit ?? DEFAULT_JOURNAL_LIMIT;
  const maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_BYTES;
  const ring = new Ring();
  const journal: Journal = {
    list(filter = {}) {
      return ring.list(filter.operationId);
    },
    clear() {
      ring.clear();
    },
  };
  if (limit <= 0) return journal;
  const keep = (call: ApiCall, answer: Answer, request: Uint8Array | null, requestBytes: number): undefined => {
    let response: Uint8Array | null = null;
    let responseBytes = 0;
    if (!answer.networkError && answer.body !== null && answer.body !== "") {
      const data = answerBytes(answer);
      responseBytes = data.length;
      if (responseBytes <= MAX_JOURNAL_BODY_BYTES) response = data;
    }
    const weight =
      ENTRY_OVERHEAD_BYTES + (request === null ? 0 : requestBytes) + (response === null ? 0 : responseBytes);
    // The oldest go first: beyond the limit, and beyond the bytes while another call than this one is kept.
    while (ring.count + 1 > limit || (ring.total + weight > maxBytes && ring.count >= 1)) ring.dropOldest();
    // The bodies are copied into the ring's arena: neither node's pooled buffers nor the answer are kept.
    ring.push(
      call,
      answer.networkError ? 0 : answer.status,
      answer.fault ?? null,
      request,
      requestBytes,
      response,
      responseBytes,
      weight,
      limit,
    );
    return undefined;
  };
  // The hosts never read the body of a GET or HEAD (it has none): nothing to wait for.
  journal.record = (call, answer) =>
    call.method === "GET" || call.method === "HEAD"
      ? keep(call, answer, null, 0)
      : call.request.bytes().then(
          (bytes) =>
            keep(
              call,
              answer,
              bytes.length === 0 || bytes.length > MAX_JOURNAL_BODY_BYTES ? null : bytes,
              bytes.length,
            ),
          () => keep(call, answer, null, 0),
        );
  return journal;
}
