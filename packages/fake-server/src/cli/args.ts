/**
 * The words of `dispatch-fake`'s command line split into options and arguments, by our own rules rather than
 * `node:util` parseArgs': a value may start with `-` (`--latency -5` is the value -5, refused by its check with a
 * message that names it), and an unknown option is answered with the closest known one.
 */

/** How an option is given: with a value (`--port 4010`), repeatable with a value, or alone (`--empty`). */
export type OptionKind = "value" | "list" | "flag";

/** What the words need to know of an option: how it is given, and a good value for the messages (`4010`). */
export interface OptionShape {
  kind: OptionKind;
  example: string;
}

/** What the words say: the options given (a list option's values in order), the other words, the problems. */
export interface Words {
  help: boolean;
  options: Map<string, string | string[] | true>;
  positionals: string[];
  problems: string[];
}

/**
 * The distance between two words in edits (insert, delete, replace a character, swap two neighbours): `prot` is 1
 * from `port`.
 */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const up = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * The known words a mistyped one most likely meant: those fewest edits away (at most 2, 1 for a word of 4 letters
 * or fewer), else those it begins (`rate` for `rate-limit`) or that begin it (`state` for `state-file`).
 */
export function closest(word: string, known: readonly string[]): string[] {
  const w = word.toLowerCase();
  const limit = w.length <= 4 ? 1 : 2;
  const scored = known.map((k) => ({ k, d: distance(w, k.toLowerCase()) })).filter(({ d }) => d <= limit);
  const best = Math.min(...scored.map(({ d }) => d));
  if (scored.length > 0) return scored.filter(({ d }) => d === best).map(({ k }) => k);
  const starts = (a: string, b: string) => a.toLowerCase().startsWith(b.toLowerCase());
  return known.filter((k) => starts(k, w) || (w.length >= 3 && starts(w, k)));
}

/** `; did you mean --port?` (or `--allow-origin or --allow-host`), or nothing when no known word is close. */
export function didYouMean(candidates: readonly string[], prefix = ""): string {
  if (candidates.length === 0 || candidates.length > 3) return "";
  return `; did you mean ${candidates.map((c) => `${prefix}${c}`).join(" or ")}?`;
}

/** A word as a message echoes it: quoted when it is empty or holds spaces or other invisible characters. */
export function echo(word: string): string {
  return /^[\x21-\x7e]+$/.test(word) ? word : JSON.stringify(word);
}

/** `--prot`: an option nobody defined, with the closest known ones. */
function unknownOption(word: string, shapes: ReadonlyMap<string, OptionShape>): { problem: string; near: string[] } {
  const names = [...shapes.keys(), "help"];
  // A short option (`-p`) is matched by its letters against the start of the long names.
  const near = word.startsWith("--")
    ? closest(word.slice(2), names)
    : names.filter((name) => name.startsWith(word.slice(1).toLowerCase()));
  return { problem: `unknown option ${echo(word)}${didYouMean(near, "--")}`, near };
}

/**
 * Split `argv` into options and other words. `--name value` and `--name=value` give a value, `--` ends the options;
 * a word that follows a value option is its value even when it starts with `-`, unless it is an option itself
 * (`--port --empty` is a `--port` without a value). Problems are collected, each one line, none thrown.
 */
export function splitWords(argv: readonly string[], shapes: ReadonlyMap<string, OptionShape>): Words {
  const words: Words = { help: false, options: new Map(), positionals: [], problems: [] };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === "--") {
      words.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (word === "--help" || word === "-h") {
      words.help = true;
      continue;
    }
    const isOption = word.startsWith("--") || (/^-[^\d.]/.test(word) && word.length > 1);
    if (!isOption) {
      words.positionals.push(word);
      continue;
    }
    const eq = word.indexOf("=");
    const name = word.startsWith("--") ? word.slice(2, eq < 0 ? undefined : eq) : "";
    const inline = eq < 0 ? undefined : word.slice(eq + 1);
    const kind = shapes.get(name)?.kind;
    const next = argv[i + 1];
    const nextIsValue = next !== undefined && !next.startsWith("--") && next !== "-h";
    if (kind === undefined) {
      const unknown = unknownOption(eq < 0 ? word : word.slice(0, eq), shapes);
      words.problems.push(unknown.problem);
      // `--prot 4011`: 4011 was meant as its value, not as an argument of its own.
      const meant = unknown.near.length === 1 ? shapes.get(unknown.near[0] as string)?.kind : "value";
      if (inline === undefined && nextIsValue && meant !== "flag") i++;
      continue;
    }
    if (kind === "flag") {
      if (inline !== undefined) {
        words.problems.push(`--${name} takes no value, got ${echo(word)} (write --${name} alone to turn it on)`);
      } else words.options.set(name, true);
      continue;
    }
    if (inline === undefined && !nextIsValue) {
      words.problems.push(`--${name} needs a value (for example --${name} ${shapes.get(name)?.example})`);
      continue;
    }
    const value = inline ?? (argv[++i] as string);
    const before = words.options.get(name);
    words.options.set(name, kind === "list" ? [...(Array.isArray(before) ? before : []), value] : value);
  }
  return words;
}
