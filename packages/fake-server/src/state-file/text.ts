/**
 * The text of a state file, piece by piece: the same bytes as `formatStateFile` (JSON, two-space indented), made in
 * slices so that a large state is written out while the server goes on answering, and its collections in runs of
 * records that can be stringified on another thread (the state file's worker).
 */
import type { StateFile } from "./format.js";

/**
 * One piece of a state file's text: a text, `volatile` when it does not count as a change (the save instant, a real
 * clock's now, the id generator's position), or a run of a collection's items, stringified by {@link pieceText}
 * where it is written (the state file's worker thread), after `open` and at `indent`.
 */
export type TextPiece =
  | { text: string; volatile: boolean }
  | { run: unknown[]; open: string; indent: string; volatile?: undefined };

/** The text of a piece: a run stringified in one call, `[\n  a,\n  b\n]` less its brackets, indented. */
export function pieceText(piece: TextPiece): string {
  if ("text" in piece) return piece.text;
  const run = JSON.stringify(piece.run, null, 2) as string;
  return `${piece.open}${piece.indent}${indented(run.slice(2, -2), piece.indent)}`;
}

/** How many items of a collection are stringified at once: a few hundred kilobytes of text, a few milliseconds. */
const BATCH_ITEMS = 256;

/** What JSON.stringify leaves out of an object, and writes as null in an array. */
const isSkipped = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

/**
 * Whether a value is written part by part rather than stringified whole: the file's containers down to the state's
 * collections (`fake.state.orders`, `fake.state.webhooks.deliveries`), not their items (one `[key, record]` each).
 */
const isWrittenInParts = (value: unknown, depth: number) =>
  value !== null &&
  typeof value === "object" &&
  typeof (value as { toJSON?: unknown }).toJSON !== "function" &&
  (depth <= 3 || (depth === 4 && Array.isArray(value) && value.length > 2));

/** Every line but the first of `text` indented by `indent` more. */
const indented = (text: string, indent: string) =>
  indent !== "" && text.includes("\n") ? text.replaceAll("\n", `\n${indent}`) : text;

/** `value` stringified as JSON.stringify(…, null, 2) does at this depth (a string's own line feeds are escaped). */
const stringified = (value: unknown, indent: string) => indented(JSON.stringify(value, null, 2) as string, indent);

function* piecesOf(
  value: unknown,
  depth: number,
  indent: string,
  volatileKey: (depth: number, key: string) => boolean,
): Generator<TextPiece> {
  if (!isWrittenInParts(value, depth)) {
    yield { text: stringified(value, indent), volatile: false };
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield { text: "[]", volatile: false };
      return;
    }
    for (let i = 0; i < value.length; ) {
      const open = i === 0 ? "[\n" : ",\n";
      if (isWrittenInParts(value[i], depth + 1)) {
        yield { text: `${open}${inner}`, volatile: false };
        yield* piecesOf(value[i], depth + 1, inner, volatileKey);
        i += 1;
        continue;
      }
      // A run of items stringified whole, in one call: `[\n  a,\n  b\n]` less its brackets is the run at one level
      // in, which is where the items sit once every line is indented by this depth.
      let end = i + 1;
      while (end < value.length && end - i < BATCH_ITEMS && !isWrittenInParts(value[end], depth + 1)) end += 1;
      yield { run: value.slice(i, end), open, indent };
      i = end;
    }
    yield { text: `\n${indent}]`, volatile: false };
    return;
  }
  const entries = Object.entries(value as object).filter(([, item]) => !isSkipped(item));
  if (entries.length === 0) {
    yield { text: "{}", volatile: false };
    return;
  }
  for (let i = 0; i < entries.length; i++) {
    const [key, item] = entries[i] as [string, unknown];
    const head = `${i === 0 ? "{" : ","}\n${inner}${JSON.stringify(key)}: `;
    if (volatileKey(depth, key)) {
      yield { text: head, volatile: false };
      yield { text: stringified(item, inner), volatile: true };
    } else if (isWrittenInParts(item, depth + 1)) {
      yield { text: head, volatile: false };
      yield* piecesOf(item, depth + 1, inner, volatileKey);
    } else {
      yield { text: `${head}${stringified(item, inner)}`, volatile: false };
    }
  }
  yield { text: `\n${indent}}`, volatile: false };
}

/**
 * The text of `formatStateFile` (the same bytes), piece by piece, so a large state is written out in slices
 * between which the server answers requests. The pieces that change at every save without the state changing are
 * marked volatile: when it was saved, a real clock's instant, and the id generator's position, which every request
 * moves (its request id).
 */
export function* stateFileText(file: StateFile): Generator<TextPiece> {
  const real = file.clock.mode === "real";
  const volatileKey = (depth: number, key: string) =>
    depth === 0 ? key === "savedAt" : depth === 1 && (key === "idsPosition" || (real && key === "now"));
  yield* piecesOf(file, 0, "", volatileKey);
  yield { text: "\n", volatile: false };
}
