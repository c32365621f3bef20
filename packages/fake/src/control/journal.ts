/**
 * The request journal: every call of the API the pipeline answered (control calls are not journaled), with its
 * operation, bodies and status, so a test can assert what its code sent (`fake.journal.list({ operationId })`).
 */

import type { Answer } from "../http/answer.js";
import type { OperationId } from "../http/contract-operations.js";
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
   * The pipeline's hook: journal one answered call. Absent for a journal that keeps nothing (limit 0), so the
   * pipeline need not copy every request for it.
   */
  record?: (call: ApiCall, answer: Answer) => Promise<void>;
}

/** Most entries a journal keeps by default; the oldest go first. */
export const DEFAULT_JOURNAL_LIMIT = 1000;

/** Most bytes of bodies a journal keeps by default (all entries together); the oldest entries go first. */
export const DEFAULT_JOURNAL_BYTES = 8 * 1024 * 1024;

/** A body larger than this is not kept (nor parsed): its entry keeps its size and a null body. */
export const MAX_JOURNAL_BODY_BYTES = 64 * 1024;

/** A JSON body that nests deeper than this is kept as its text: reading it back never overflows the stack. */
export const MAX_JOURNAL_BODY_DEPTH = 64;

/** What an entry counts beside its bodies (its other fields), so a flood of empty calls is bounded too. */
const ENTRY_OVERHEAD_BYTES = 256;

/** Options of a journal (`createFake({ journal })`). */
export interface JournalOptions {
  /** Most entries kept (default {@link DEFAULT_JOURNAL_LIMIT}; 0 keeps none). */
  limit?: number;
  /** Most bytes of bodies kept in all (default {@link DEFAULT_JOURNAL_BYTES}). */
  maxBytes?: number;
}

/** How deep the arrays and objects of a JSON text nest (brackets inside strings are not counted). */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** A body as the journal keeps it: its text (parsed only when an entry is read), with its size. */
interface KeptBody {
  /** The text, or null when empty, unreadable or over {@link MAX_JOURNAL_BODY_BYTES}. */
  text: string | null;
  bytes: number;
}

const NOTHING: KeptBody = { text: null, bytes: 0 };
const NOT_ASCII = /[\u0080-\uffff]/;

/** The UTF-8 size of a text, without encoding it. */
function utf8Length(text: string): number {
  if (!NOT_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The request's body as kept: the bytes the pipeline already read (never read again, never copied whole). */
async function requestBodyOf(request: ApiCall["request"]): Promise<KeptBody> {
  let bytes: Uint8Array;
  try {
    bytes = await request.bytes();
  } catch {
    return NOTHING;
  }
  if (bytes.length === 0 || bytes.length > MAX_JOURNAL_BODY_BYTES) return { text: null, bytes: bytes.length };
  return { text: new TextDecoder().decode(bytes), bytes: bytes.length };
}

/** The answer's body as kept: the very text that was sent. */
function answerBodyOf(answer: Answer): KeptBody {
  if (answer.networkError || answer.body === null || answer.body === "") return NOTHING;
  const bytes = utf8Length(answer.body);
  // The same text as a decoder would give it (which drops a byte order mark).
  const text = answer.body.charCodeAt(0) === 0xfeff ? answer.body.slice(1) : answer.body;
  return { text: bytes > MAX_JOURNAL_BODY_BYTES ? null : text, bytes };
}

/** A kept body as an entry shows it: its JSON when it parses, else its text; null when none was kept. */
function readKept(kept: KeptBody): unknown {
  const { text } = kept;
  if (text === null) return null;
  if (nesting(text) > MAX_JOURNAL_BODY_DEPTH) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The bytes an entry counts against the journal's bound: the bodies it keeps, and its other fields. */
function weightOf(request: KeptBody, response: KeptBody): number {
  const kept = (b: KeptBody) => (b.text === null ? 0 : b.bytes);
  return ENTRY_OVERHEAD_BYTES + kept(request) + kept(response);
}

/**
 * An entry whose bodies are parsed when first read (own enumerable getters, so `JSON.stringify`, spreading and
 * deep equality see plain fields): recording a call costs no parse, and the journal holds texts, not object trees.
 */
function entryOf(
  fields: Omit<JournalEntry, "requestBody" | "responseBody">,
  request: KeptBody,
  response: KeptBody,
): JournalEntry {
  let requestBody: { value: unknown } | undefined;
  let responseBody: { value: unknown } | undefined;
  return {
    requestId: fields.requestId,
    operationId: fields.operationId,
    method: fields.method,
    path: fields.path,
    query: fields.query,
    status: fields.status,
    get requestBody() {
      requestBody ??= { value: readKept(request) };
      return requestBody.value;
    },
    requestBodyBytes: fields.requestBodyBytes,
    get responseBody() {
      responseBody ??= { value: readKept(response) };
      return responseBody.value;
    },
    responseBodyBytes: fields.responseBodyBytes,
    at: fields.at,
    fault: fields.fault,
  };
}

/**
 * Build a journal that keeps the newest calls, at most `limit` of them and `maxBytes` of bodies in all (the oldest go
 * first).
 */
export function createJournal(options: JournalOptions): Journal {
  const limit = options.limit ?? DEFAULT_JOURNAL_LIMIT;
  const maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_BYTES;
  let entries: JournalEntry[] = [];
  let weights: number[] = [];
  let total = 0;
  const journal: Journal = {
    list(filter = {}) {
      const { operationId } = filter;
      return operationId === undefined ? [...entries] : entries.filter((e) => e.operationId === operationId);
    },
    clear() {
      entries = [];
      weights = [];
      total = 0;
    },
  };
  if (limit <= 0) return journal;
  journal.record = async (call, answer) => {
    const requestBody = await requestBodyOf(call.request);
    const responseBody = answerBodyOf(answer);
    const entry = entryOf(
      {
        requestId: call.requestId,
        // The router names calls from the contract's operations only.
        operationId: call.operationId as OperationId | null,
        method: call.method,
        path: call.path,
        query: call.request.search.slice(1),
        status: answer.networkError ? 0 : answer.status,
        requestBodyBytes: requestBody.bytes,
        responseBodyBytes: responseBody.bytes,
        at: call.receivedAt,
        fault: answer.fault ?? null,
      },
      requestBody,
      responseBody,
    );
    const weight = weightOf(requestBody, responseBody);
    entries.push(entry);
    weights.push(weight);
    total += weight;
    let drop = 0;
    while (entries.length - drop > limit || (total > maxBytes && entries.length - drop > 1)) {
      total -= weights[drop] ?? 0;
      drop++;
    }
    if (drop > 0) {
      entries = entries.slice(drop);
      weights = weights.slice(drop);
    }
  };
  return journal;
}
