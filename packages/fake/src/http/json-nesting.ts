/**
 * How deep a JSON text nests, found without parsing it: a body of a megabyte of `[[[…]]]` costs `JSON.parse` a
 * quarter of a second and a tree of half a million arrays, while no request of the contract nests deeper than a
 * handful of levels (a what-if order's location is six).
 */

/** The deepest nesting of arrays and objects the fake parses in a request body (and a journal entry shows). */
export const MAX_JSON_NESTING = 64;

/** Whether the arrays and objects of a JSON text nest deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The 400 INVALID_JSON message of a body that nests too deep. */
export const TOO_DEEP = `Failed to parse the request body as JSON: it nests arrays and objects deeper than ${MAX_JSON_NESTING} levels`;
