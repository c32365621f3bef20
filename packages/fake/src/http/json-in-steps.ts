/**
 * `JSON.parse` of a large body in steps (a 5 MiB fixtures document of 50,000 orders costs `JSON.parse` a few hundred
 * milliseconds in one piece): the text is scanned in runs of characters, then the arrays that are members of its
 * top-level object are parsed a run of items at a time, and put into the rest of the document parsed without them.
 * The value is the one `JSON.parse` gives; a text that is not valid JSON throws `JSON.parse`'s own error (the text is
 * then parsed whole, to say where), and one that nests deeper than {@link MAX_JSON_NESTING} is said to.
 */
import { STEP_ITEMS, type Steps } from "../domain/steps.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "./json-nesting.js";

/** Characters scanned per step: well under a millisecond. */
const SCAN_CHARS = 256 * 1024;

/** A member array of the top-level object: its key, its brackets' positions, and the commas between its items. */
interface ArraySpan {
  key: string;
  open: number;
  close: number;
  commas: number[];
}

/** What the scan found: the top-level object's member arrays, or that the text nests too deep. */
type Scan = { tooDeep: true } | { tooDeep: false; arrays: ArraySpan[]; keys: string[] };

/** Scan `text` (a top-level object) in steps: its depth, and where its members' arrays and their items are. */
function* scan(text: string): Steps<Scan> {
  const arrays: ArraySpan[] = [];
  const keys: string[] = [];
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  /** At depth 1, whether the next string is a member's key. */
  let expectKey = false;
  let key = "";
  let current: ArraySpan | undefined;
  for (let i = 0; i < text.length; i++) {
    if (i % SCAN_CHARS === SCAN_CHARS - 1) yield;
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) {
        inString = false;
        if (depth === 1 && expectKey) {
          key = text.slice(stringStart, i + 1);
          keys.push(key);
          expectKey = false;
        }
      }
    } else if (c === 0x22) {
      inString = true;
      stringStart = i;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_NESTING) return { tooDeep: true };
      if (depth === 1) expectKey = true;
      else if (depth === 2 && c === 0x5b) current = { key, open: i, close: -1, commas: [] };
    } else if (c === 0x5d || c === 0x7d) {
      if (depth === 2 && current) {
        current.close = i;
        arrays.push(current);
        current = undefined;
      }
      depth--;
    } else if (c === 0x2c) {
      if (depth === 1) expectKey = true;
      else if (depth === 2) current?.commas.push(i);
    }
  }
  return { tooDeep: false, arrays, keys };
}

/** The items of `span` parsed, a run of {@link STEP_ITEMS} per step (a run that is not valid JSON throws). */
function* itemsOf(text: string, span: ArraySpan): Steps<unknown[]> {
  const items: unknown[] = [];
  const starts = [span.open + 1, ...span.commas.map((comma) => comma + 1)];
  const ends = [...span.commas, span.close];
  for (let first = 0; first < starts.length; first += STEP_ITEMS) {
    const last = Math.min(starts.length, first + STEP_ITEMS) - 1;
    const run = JSON.parse(`[${text.slice(starts[first], ends[last])}]`) as unknown[];
    // A run of one blank item (after a trailing comma) parses as no item: not JSON either.
    if (run.length !== last - first + 1) throw new SyntaxError("an item is missing");
    for (const item of run) items.push(item);
    if (last < starts.length - 1) yield;
  }
  return items;
}

/**
 * `JSON.parse(text)` in steps, or `{ tooDeep: true }` for a text that nests deeper than {@link MAX_JSON_NESTING}.
 * Throws `JSON.parse`'s error for a text that is not JSON.
 */
export function* parseJsonInSteps(text: string): Steps<{ value: unknown } | { tooDeep: true }> {
  const start = text.search(/\S/);
  if (start < 0 || text.charCodeAt(start) !== 0x7b) return parseWhole(text);
  const found = yield* scan(text);
  if (found.tooDeep) return found;
  const big = found.arrays.filter((span) => span.commas.length >= STEP_ITEMS);
  const names = found.keys.map((key) => JSON.parse(key) as string);
  // A key given twice: JSON.parse keeps the last one; parsed whole, so that this stays its business.
  if (big.length === 0 || new Set(names).size !== names.length) return { value: JSON.parse(text) as unknown };
  try {
    let skeleton = "";
    let from = 0;
    for (const span of big) {
      skeleton += text.slice(from, span.open + 1);
      from = span.close;
    }
    skeleton += text.slice(from);
    const value = JSON.parse(skeleton) as Record<string, unknown>;
    for (const span of big) {
      const items = yield* itemsOf(text, span);
      // An own property whatever its name (`__proto__` too), as JSON.parse makes it.
      Object.defineProperty(value, JSON.parse(span.key) as string, {
        value: items,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { value };
  } catch {
    // Not valid JSON: parsed whole, so that the error says where, as JSON.parse says it.
    return { value: JSON.parse(text) as unknown };
  }
}

/** A text that is not an object at its top: its depth checked and parsed at once (it holds no member arrays). */
function parseWhole(text: string): { value: unknown } | { tooDeep: true } {
  return nestsDeeperThan(text) ? { tooDeep: true } : { value: JSON.parse(text) as unknown };
}

/**
 * `JSON.stringify(value)` of an object in steps: the same text, its member arrays stringified a run of
 * {@link STEP_ITEMS} items per step (the answer of a fixtures load lists 50,000 orders).
 */
export function* stringifyInSteps(value: object): Steps<string> {
  const members: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    const head = `${JSON.stringify(key)}:`;
    if (!Array.isArray(item) || item.length <= STEP_ITEMS) {
      members.push(`${head}${JSON.stringify(item)}`);
      continue;
    }
    const runs: string[] = [];
    for (let i = 0; i < item.length; i += STEP_ITEMS) {
      runs.push((JSON.stringify(item.slice(i, i + STEP_ITEMS)) as string).slice(1, -1));
      yield;
    }
    members.push(`${head}[${runs.join(",")}]`);
  }
  return `{${members.join(",")}}`;
}
