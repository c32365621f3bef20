/**
 * Seeded identifiers: the same seed and the same calls give the same uuids, tokens and event ids. Tokens and
 * webhook secrets can instead come from an unpredictable source the host injects (the standalone server does:
 * anyone who knows its seed could otherwise compute them); they still advance the seeded sequence by as much,
 * so every uuid stays the same for the same seed either way.
 *
 * Request ids come from a stream of their own ({@link RequestIds}), which a reset or a restore does not rewind:
 * one fake never answers two requests with the same id. They too advance the seeded sequence by as much as a
 * seeded one would, so the uuids of records do not depend on where request ids come from.
 */

/** splitmix32's output function of a 32-bit state. */
function mix(state: number): number {
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** splitmix32's step: the state advances by the golden ratio. */
const step = (state: number) => (state + 0x9e3779b9) >>> 0;

/** A 32-bit seeded generator (splitmix32): fast, tiny and good enough for identifiers. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = step(state);
    return mix(state);
  };
}

/** Two hex digits of every byte: an id's words are written a byte at a time (no `toString(16)` and padding). */
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

const hex = (n: number, width: number) => {
  if (width !== 8) return n.toString(16).padStart(width, "0");
  return (
    (BYTE_HEX[n >>> 24] as string) +
    (BYTE_HEX[(n >>> 16) & 0xff] as string) +
    (BYTE_HEX[(n >>> 8) & 0xff] as string) +
    (BYTE_HEX[n & 0xff] as string)
  );
};

/** The fake's id generator. */
export interface Ids {
  /** An RFC 9562 version-4 UUID (random bits from the seeded generator). */
  uuid(): string;
  /** A request id `req_<24 hex>`. */
  requestId(): string;
  /** An opaque API token `dpt_<40 hex>`. */
  token(): string;
  /** A secret `whsec_<48 hex>`. */
  secret(): string;
  /** An event id `evt_<24 hex>`. */
  eventId(): string;
  /** The generator's position: `createIds(ids.position)` goes on with the same ids from there. */
  readonly position: number;
  /** Where tokens and secrets come from when not from the seed (pass it on when re-creating the ids). */
  readonly entropy: Entropy | undefined;
  /** Where request ids come from (pass it on when re-creating the ids, so that they never repeat). */
  readonly requestIds: RequestIds;
}

/** A stream of request ids `req_<24 hex>`, each one different from every earlier one. */
export type RequestIds = () => string;

/** The seeded stream's start is the seed, moved away from where the uuids of the same seed start. */
const REQUEST_STREAM = 0x6a09e667;

/**
 * A stream of request ids: splitmix32 from `start` (its 32-bit state counts up, and its output function is a
 * bijection, so 2^32 / 3 ids in a row are all different), each word XORed with its `salt` word. The same start and
 * salt give the same ids; {@link randomRequestIds} draws both.
 */
export function createRequestIds(start: number, salt: ArrayLike<number> = [0, 0, 0]): RequestIds {
  let state = start >>> 0;
  const [s0 = 0, s1 = 0, s2 = 0] = Array.from(salt);
  const word = (s: number) => {
    state = step(state);
    return hex((mix(state) ^ s) >>> 0, 8);
  };
  return () => `req_${word(s0)}${word(s1)}${word(s2)}`;
}

/** The request ids of a seed: the same for every fake with that seed (tests stay reproducible). */
export const seededRequestIds = (seed: number): RequestIds => createRequestIds((seed ^ REQUEST_STREAM) >>> 0);

/**
 * Request ids from a start and salt drawn from `entropy` (e.g. `crypto.getRandomValues`): what a server uses, so that
 * its ids differ from any other run's, after a restart too (about 2^-96 for two given ids to collide).
 */
export function randomRequestIds(entropy: Entropy): RequestIds {
  const [start = 0, ...salt] = entropy(4);
  return createRequestIds(start, salt);
}

/** An unpredictable source of 32-bit words (e.g. `crypto.getRandomValues`), for tokens and secrets. */
export type Entropy = (words: number) => Uint32Array;

/**
 * Create the seeded id generator of one fake instance at `position`: a new fake's generator starts at its seed
 * (`createIds(seed)`), a restored one at the position it was saved at (`createIds(ids.position)`). With `entropy`,
 * tokens and secrets are drawn from it instead of the sequence. Request ids come from `requestIds` (by default the
 * stream of a fake seeded with `position`, {@link seededRequestIds}); pass the same stream to every generator of one
 * fake.
 */
export function createIds(
  position: number,
  entropy?: Entropy,
  requestIds: RequestIds = seededRequestIds(position),
): Ids {
  let state = position >>> 0;
  const next = () => {
    state = step(state);
    return mix(state);
  };
  const hexWords = (words: number) => {
    let s = "";
    for (let i = 0; i < words; i++) s += hex(next(), 8);
    return s;
  };
  // A secret advances the seeded sequence as a seeded one would, so the uuids that follow do not depend on it.
  const secretWords = (words: number) => {
    if (!entropy) return hexWords(words);
    for (let i = 0; i < words; i++) next();
    let s = "";
    for (const word of entropy(words)) s += hex(word, 8);
    return s;
  };
  return {
    uuid() {
      const a = next();
      const b = next();
      const c = next();
      const d = next();
      const timeHi = ((b & 0x0fff) | 0x4000) >>> 0;
      const clockSeq = (((c >>> 16) & 0x3fff) | 0x8000) >>> 0;
      return `${hex(a, 8)}-${hex(b >>> 16, 4)}-${hex(timeHi, 4)}-${hex(clockSeq, 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`;
    },
    requestId() {
      // As many seeded words as a seeded request id takes: the uuids that follow stay those of the same calls.
      for (let i = 0; i < 3; i++) next();
      return requestIds();
    },
    token: () => `dpt_${secretWords(5)}`,
    secret: () => `whsec_${secretWords(6)}`,
    eventId: () => `evt_${hexWords(3)}`,
    get position() {
      return state;
    },
    entropy,
    requestIds,
  };
}
