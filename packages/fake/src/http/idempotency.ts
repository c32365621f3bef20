/**
 * Idempotency keys: a POST sent with an `Idempotency-Key` is carried out at most once per organization and key.
 * Within 24 hours (of the fake's clock) of its first answer, the same key with the same request replays that
 * answer without running the operation again; with a different request it answers 422 `IDEMPOTENCY_KEY_REUSED`;
 * while the first request is still being answered, 409 `IDEMPOTENCY_KEY_IN_USE`. At most
 * {@link IDEMPOTENCY_MAX_KEYS} keys and {@link IDEMPOTENCY_MAX_ANSWER_CHARS} characters of answers are kept, the
 * oldest forgotten first. The kept answers are plain data
 * in `State`, so `reset()`, `snapshot()` and `restore()` cover them.
 * @see `docs/api-contract.md` section 1 (Idempotency)
 */
import type { Context, State } from "../domain/context.js";
import { DomainError, validationFailed } from "../domain/errors.js";
import type { IdempotencyRecord, IdempotentRequest, Principal, StoredAnswer } from "../domain/records.js";
import type { Answer } from "./answer.js";
import type { IncomingRequest } from "./incoming-request.js";
import { nestsDeeperThan } from "./json-nesting.js";
import { SYNC_SHA256_MAX_BYTES, sha256Hex } from "./sha256.js";

/** How long a key's first answer is kept and replayed: 24 hours of the fake's clock from that answer. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Keys kept at most (every organization together): beyond, the oldest is forgotten first, so a client sending a new
 * key with every request cannot grow the fake's memory for 24 hours.
 */
export const IDEMPOTENCY_MAX_KEYS = 10_000;

/**
 * Characters of kept answer bodies at most (every key together, 32 Mi UTF-16 code units: 32 MiB of JSON text as
 * sent): beyond, the oldest keys are forgotten first. One answer larger than this is not kept at all.
 */
export const IDEMPOTENCY_MAX_ANSWER_CHARS = 32 * 1024 * 1024;

/** The request header that carries the key. */
export const KEY_HEADER = "idempotency-key";
/** The header that marks an answer as a replay. */
const REPLAYED_HEADER = "idempotent-replayed";
const MAX_KEY_LENGTH = 255;

/**
 * The keys whose first request is being answered, per state. Not part of `State`: a request under way is not data
 * a snapshot could bring back (a restored mark would refuse its key until it expired). Keyed by the state object,
 * so `reset()` and `restore()`, which replace it, start with none.
 */
const inFlight = new WeakMap<State, Set<string>>();

/** The characters of the kept answers, per map of keys (derived: counted again for a restored or loaded state). */
const keptChars = new WeakMap<Map<string, IdempotencyRecord>, number>();

/** The characters of a map's kept answers. */
function charsOf(keys: Map<string, IdempotencyRecord>): number {
  let chars = keptChars.get(keys);
  if (chars === undefined) {
    chars = 0;
    for (const record of keys.values()) chars += record.answer.body?.length ?? 0;
    keptChars.set(keys, chars);
  }
  return chars;
}

/**
 * Keep a key's answer within the bounds: the oldest keys are forgotten first until {@link IDEMPOTENCY_MAX_KEYS}
 * and {@link IDEMPOTENCY_MAX_ANSWER_CHARS} hold with it. An answer over the whole budget is not kept.
 */
function keep(keys: Map<string, IdempotencyRecord>, id: string, record: IdempotencyRecord): void {
  const size = record.answer.body?.length ?? 0;
  if (size > IDEMPOTENCY_MAX_ANSWER_CHARS) return;
  let chars = charsOf(keys);
  for (const [oldId, old] of keys) {
    if (keys.size < IDEMPOTENCY_MAX_KEYS && chars + size <= IDEMPOTENCY_MAX_ANSWER_CHARS) break;
    keys.delete(oldId);
    chars -= old.answer.body?.length ?? 0;
  }
  keys.set(id, record);
  keptChars.set(keys, chars + size);
}

/** What the idempotency layer needs of one request of the API. */
export interface IdempotentCall {
  request: IncomingRequest;
  /** The authenticated caller: keys belong to its organization. */
  principal: Principal;
  /** The path under the base URL, as matched. */
  path: string;
  query: URLSearchParams;
}

/**
 * Answer a POST that carries an `Idempotency-Key` at most once: replay the key's kept answer, refuse a key that is
 * busy or was used for another request, or run `answer` and keep what it answers. Any other request is answered by
 * `answer` alone.
 *
 * @param answer - runs the operation and returns its answer, failures already turned into error answers.
 */
export async function answerOnce(ctx: Context, call: IdempotentCall, answer: () => Promise<Answer>): Promise<Answer> {
  const header = call.request.header(KEY_HEADER);
  if (header === null || call.request.method.toUpperCase() !== "POST") return answer();
  const key = parseKey(header);
  const { organizationId } = call.principal;
  const id = `${organizationId}\n${key}`;
  // The answer is kept in the state the request started with: one that `reset()` or `restore()` replaced meanwhile
  // is not brought back to life by a late answer.
  const state = ctx.state;
  forgetExpiredKeys(ctx);
  const busy = inFlight.get(state) ?? new Set<string>();
  inFlight.set(state, busy);
  // Checked before the body is read: two requests with one key can never both run, whatever their bodies.
  if (busy.has(id)) {
    throw new DomainError(
      "IDEMPOTENCY_KEY_IN_USE",
      "Failed to use the Idempotency-Key: the first request with this key is still being answered; retry after 1 s",
    );
  }
  const kept = state.idempotencyKeys.get(id);
  if (kept) {
    const reason = difference(kept.request, await describe(call));
    if (reason) {
      throw new DomainError(
        "IDEMPOTENCY_KEY_REUSED",
        `Failed to use the Idempotency-Key: it was first used for ${reason}; send a new key for a new request`,
      );
    }
    return replay(kept.answer);
  }
  busy.add(id);
  try {
    const request = await describe(call);
    const response = await answer();
    if (!isKept(response.status)) return response;
    const stored: StoredAnswer = {
      status: response.status,
      // Sorted by name, as a fetch `Headers` lists them (what the state file has always kept).
      headers: Object.entries(response.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      body: response.body,
    };
    const record: IdempotencyRecord = { organizationId, key, request, answer: stored, storedAt: ctx.clock.now() };
    keep(state.idempotencyKeys, id, record);
    return { status: stored.status, headers: headersOf(stored), body: stored.body };
  } finally {
    busy.delete(id);
  }
}

/**
 * Whether an answer is kept for its key. Every answer of the operation is, errors included (a 409 is the outcome of
 * that request; a 500 may follow a partial change, so running it again is not safe), except 400, 413 and 415: the
 * request was refused as invalid before it changed anything, so the caller may fix it and send it again with the
 * same key.
 */
function isKept(status: number): boolean {
  return status !== 400 && status !== 413 && status !== 415;
}

/** When the oldest kept key is forgotten (epoch ms), or null when no key is kept. */
export function nextKeyExpiry(ctx: Context): number | null {
  for (const record of ctx.state.idempotencyKeys.values()) return record.storedAt + IDEMPOTENCY_KEY_LIFETIME_MS;
  return null;
}

/** Forget the keys whose 24 hours are over. */
export function forgetExpiredKeys(ctx: Context): void {
  const now = ctx.clock.now();
  for (const [id, record] of ctx.state.idempotencyKeys) {
    // Kept in the order they were stored, on a clock that never goes back: the first young one ends the sweep.
    if (now < record.storedAt + IDEMPOTENCY_KEY_LIFETIME_MS) return;
    const keys = ctx.state.idempotencyKeys;
    if (keptChars.has(keys)) keptChars.set(keys, charsOf(keys) - (record.answer.body?.length ?? 0));
    keys.delete(id);
  }
}

/** The key as sent: 1 to 255 printable ASCII characters, else 400 naming the header. */
function parseKey(value: string): string {
  const bad = /[^\x20-\x7E]/.exec(value);
  const problem =
    value.length === 0
      ? "must not be empty"
      : value.length > MAX_KEY_LENGTH
        ? `must be at most ${MAX_KEY_LENGTH} characters, got ${value.length}`
        : bad
          ? `must be printable ASCII (space to "~"), got ${JSON.stringify(bad[0])} at index ${bad.index}`
          : undefined;
  if (problem)
    throw validationFailed("read the Idempotency-Key header", [{ path: "Idempotency-Key", message: problem }]);
  return value;
}

const UTF8 = new TextDecoder();

/** What a later use of the key must repeat: method, path and sorted query, and the hash of the canonical body. */
async function describe(call: IdempotentCall): Promise<IdempotentRequest> {
  const query = new URLSearchParams(call.query);
  query.sort();
  const search = query.toString();
  // The body's bytes are read once and shared: the operation reads the same ones.
  const text = UTF8.decode(await call.request.bytes());
  let canonical = text;
  try {
    // Too deep to parse: the operation refuses it (400, not kept), and the raw text stands for it meanwhile.
    if (!nestsDeeperThan(text)) canonical = canonicalJson(JSON.parse(text));
  } catch {
    // Not JSON: the raw text, which no canonical JSON equals (that always parses).
  }
  return {
    method: call.request.method.toUpperCase(),
    target: search ? `${call.path}?${search}` : call.path,
    bodySha256: await sha256(canonical),
  };
}

/** How `now` differs from the key's first request (a phrase for the error message), or undefined when it does not. */
function difference(first: IdempotentRequest, now: IdempotentRequest): string | undefined {
  if (first.method !== now.method || first.target !== now.target) return `${first.method} ${first.target}`;
  if (first.bodySha256 !== now.bodySha256) return `${first.method} ${first.target} with another body`;
  return undefined;
}

/** The kept answer again, marked as a replay. */
function replay(answer: StoredAnswer): Answer {
  const headers = headersOf(answer);
  headers[REPLAYED_HEADER] = "true";
  return { status: answer.status, headers, body: answer.body };
}

/**
 * New headers with a kept answer's pairs, copied one by one (lower-case names, repeated ones joined as `Headers`
 * joins them): a header set on the answer never changes the kept one.
 */
function headersOf(answer: StoredAnswer): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of answer.headers) {
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  return headers;
}

/** JSON with object keys sorted and no whitespace: the same value always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    const members = Object.keys(object)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(object[name])}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Lowercase hex SHA-256 of a text's UTF-8 bytes: computed here for a request of a few kilobytes (sha256.ts), by
 * WebCrypto for a larger one (Node, browsers and edge runtimes alike).
 */
async function sha256(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= SYNC_SHA256_MAX_BYTES) return sha256Hex(bytes);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
