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

/**
 * A body as the journal keeps it: its UTF-8 bytes (decoded and parsed only when an entry is read), with its size.
 * Bytes, not a string: the answer's are the very bytes the standalone server writes (encoded once, in Node into its
 * pool of small buffers: `answerBytes`), and the collector moves a small view for each kept answer, not its text.
 */
interface KeptBody {
  /** The bytes, or null when empty, unreadable or over {@link MAX_JOURNAL_BODY_BYTES}. */
  data: Uint8Array | null;
  bytes: number;
}

const NOTHING: KeptBody = { data: null, bytes: 0 };
const UTF8 = new TextDecoder();

/** The request's body as kept: a copy of the bytes the pipeline already read (never read again). */
async function requestBodyOf(request: ApiCall["request"]): Promise<KeptBody> {
  let bytes: Uint8Array;
  try {
    bytes = await request.bytes();
  } catch {
    return NOTHING;
  }
  if (bytes.length === 0 || bytes.length > MAX_JOURNAL_BODY_BYTES) return { data: null, bytes: bytes.length };
  // A copy of its own: node's small buffers share a larger pooled one, which the journal must not keep alive.
  return { data: bytes.slice(), bytes: bytes.length };
}

/** The answer's body as kept: the bytes of the text that was sent. */
function answerBodyOf(answer: Answer): KeptBody {
  if (answer.networkError || answer.body === null || answer.body === "") return NOTHING;
  const data = answerBytes(answer);
  return { data: data.length > MAX_JOURNAL_BODY_BYTES ? null : data, bytes: data.length };
}

/** A kept body as an entry shows it: its JSON when it parses, else its text; null when none was kept. */
function readKept(data: KeptBody["data"]): unknown {
  if (data === null) return null;
  const text = UTF8.decode(data);
  if (nestsDeeperThan(text, MAX_JOURNAL_BODY_DEPTH)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One journaled call as the journal holds it: one object of plain fields and the bytes that were sent, so recording
 * a call parses nothing and the journal holds bytes, not object trees. It becomes a {@link JournalEntry} (its
 * bodies parsed) the first time the journal is read, once.
 */
class Record {
  readonly requestId: string;
  readonly operationId: OperationId | null;
  readonly method: string;
  readonly path: string;
  /** The query with its `?` (the entry drops it). */
  readonly search: string;
  readonly at: number;
  /** What this call counts against the journal's bound: the bodies it keeps, and its other fields. */
  readonly weight: number;
  // The bodies' fields, not the bodies: two objects fewer for every call the collector moves while it is kept.
  readonly #requestData: KeptBody["data"];
  readonly #requestBytes: number;
  readonly #responseData: KeptBody["data"];
  readonly #responseBytes: number;
  #entry: JournalEntry | undefined;

  constructor(
    call: ApiCall,
    readonly status: number,
    readonly fault: string | null,
    request: KeptBody,
    response: KeptBody,
  ) {
    // Fields copied, not the call: it holds the request (node's, or a fetch Request), which must not outlive it.
    this.requestId = call.requestId;
    // The router names calls from the contract's operations only.
    this.operationId = call.operationId as OperationId | null;
    this.method = call.method;
    this.path = call.path;
    this.search = call.request.search;
    this.at = call.receivedAt;
    this.#requestData = request.data;
    this.#requestBytes = request.bytes;
    this.#responseData = response.data;
    this.#responseBytes = response.bytes;
    this.weight =
      ENTRY_OVERHEAD_BYTES +
      (request.data === null ? 0 : request.bytes) +
      (response.data === null ? 0 : response.bytes);
  }

  entry(): JournalEntry {
    this.#entry ??= {
      requestId: this.requestId,
      operationId: this.operationId,
      method: this.method,
      path: this.path,
      query: this.search.slice(1),
      status: this.status,
      requestBody: readKept(this.#requestData),
      requestBodyBytes: this.#requestBytes,
      responseBody: readKept(this.#responseData),
      responseBodyBytes: this.#responseBytes,
      at: this.at,
      fault: this.fault,
    };
    return this.#entry;
  }
}

/**
 * Build a journal that keeps the newest calls, at most `limit` of them and `maxBytes` of bodies in all (the oldest go
 * first).
 */
export function createJournal(options: JournalOptions): Journal {
  const limit = options.limit ?? DEFAULT_JOURNAL_LIMIT;
  const maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_BYTES;
  // The kept records are `records[first..]`: the oldest are dropped by moving `first`, and the array is compacted
  // only now and then, so a full journal costs no copy per call.
  let records: (Record | undefined)[] = [];
  let first = 0;
  let total = 0;
  const kept = () => (first === 0 ? records : records.slice(first)) as Record[];
  const journal: Journal = {
    list(filter = {}) {
      const { operationId } = filter;
      const chosen = operationId === undefined ? kept() : kept().filter((r) => r.operationId === operationId);
      return chosen.map((r) => r.entry());
    },
    clear() {
      records = [];
      first = 0;
      total = 0;
    },
  };
  if (limit <= 0) return journal;
  const keep = (call: ApiCall, answer: Answer, requestBody: KeptBody): undefined => {
    const responseBody = answerBodyOf(answer);
    const record = new Record(
      call,
      answer.networkError ? 0 : answer.status,
      answer.fault ?? null,
      requestBody,
      responseBody,
    );
    records.push(record);
    total += record.weight;
    while (records.length - first > limit || (total > maxBytes && records.length - first > 1)) {
      total -= records[first]?.weight ?? 0;
      records[first] = undefined;
      first++;
    }
    if (first > 64 && first * 2 > records.length) {
      records = records.slice(first);
      first = 0;
    }
    return undefined;
  };
  // The hosts never read the body of a GET or HEAD (it has none): nothing to wait for.
  journal.record = (call, answer) =>
    call.method === "GET" || call.method === "HEAD"
      ? keep(call, answer, NOTHING)
      : requestBodyOf(call.request).then((body) => keep(call, answer, body));
  return journal;
}
