/**
 * Where a JSON text stops being JSON, as a line and a column a person can go to, and why, in words of our own:
 * Node's own messages give a character position, or none, and change from one Node version to the next.
 */

/** Where and why a text is not JSON; `line` and `column` count from 1. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  problem: string;
}

class Stop {
  constructor(
    readonly at: number,
    readonly problem: string,
  ) {}
}

/** A character as a message names it. */
function named(ch: string | undefined): string {
  if (ch === undefined) return "the end of the file";
  if (ch === "\n" || ch === "\r") return "the end of the line";
  if (ch === "'") return '"\'" (JSON strings take double quotes)';
  if (ch === "/") return "'/' (JSON has no comments)";
  return ch < " " ? JSON.stringify(ch) : `'${ch}'`;
}

/** A reader of one JSON text that stops (throws {@link Stop}) at its first mistake. */
function reader(text: string) {
  let at = 0;
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at] as string)) at++;
  };
  const stop = (expected: string): never => {
    throw new Stop(at, `expected ${expected}, found ${named(text[at])}`);
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[at] !== ch) stop(`'${word}'`);
      at++;
    }
  };
  const string = () => {
    at++;
    for (;;) {
      const ch = text[at];
      if (ch === undefined || ch === "\n" || ch === "\r")
        throw new Stop(at, "a string is not closed before the end of its line");
      if (ch === '"') break;
      if (ch < " ") throw new Stop(at, "a control character inside a string (write it as \\t, \\n or \\u00XX)");
      if (ch === "\\") {
        at++;
        if (text[at] === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) at += 4;
        else if (!'"\\/bfnrt'.includes(text[at] ?? "x"))
          throw new Stop(at - 1, 'an escape JSON does not know (\\n, \\", \\\\, \\uXXXX…)');
      }
      at++;
    }
    at++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match || match[0] === "-") stop("a value");
    at += (match as RegExpExecArray)[0].length;
  };
  const list = (close: string, item: () => void, what: string) => {
    at++;
    space();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      space();
      if (text[at] === close)
        throw new Stop(at, `a comma before '${close}': JSON takes no comma after the last ${what}`);
      item();
      space();
      if (text[at] === ",") {
        at++;
        continue;
      }
      if (text[at] === close) {
        at++;
        return;
      }
      stop(`',' or '${close}' after ${what === "item" ? "an item" : "a property's value"}`);
    }
  };
  const value = (): void => {
    space();
    const ch = text[at];
    if (ch === "{") {
      list(
        "}",
        () => {
          if (text[at] !== '"') stop("a property name in double quotes");
          string();
          space();
          if (text[at] !== ":") stop("':' after a property name");
          at++;
          value();
        },
        "property",
      );
    } else if (ch === "[") list("]", value, "item");
    else if (ch === '"') string();
    else if (ch === "t") literal("true");
    else if (ch === "f") literal("false");
    else if (ch === "n") literal("null");
    else number();
  };
  return {
    document() {
      value();
      space();
      if (at < text.length) throw new Stop(at, `more after the JSON value: found ${named(text[at])}`);
    },
  };
}

/** The first problem of a text that is not JSON, or undefined when it is JSON after all. */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  try {
    reader(text).document();
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) return undefined;
    const before = text.slice(0, error.at);
    const line = before.split("\n").length;
    return { line, column: error.at - before.lastIndexOf("\n"), problem: error.problem };
  }
}
