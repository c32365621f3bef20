/**
 * The state file of the standalone server (`dispatch-fake serve --state f.json`): one JSON document with a
 * format name and version, the options the state depends on (seed, seeded token), the clock's position and the
 * fake's data (`state-json.ts`). Reading refuses, with a one-line reason, anything that is not such a file of
 * this version. See docs/decisions/0010-state-file.md.
 */

import { type FakeDataJson, parseFakeData, StateFormatError } from "@dispatchkit/fake/node";
import { z } from "zod";

/** The `format` of every state file. */
export const STATE_FILE_FORMAT = "dispatch-fake-state";

/** The one version this code reads and writes; a change of the file's shape that old code cannot read bumps it. */
export const STATE_FILE_VERSION = 1;

/**
 * Where the clock was when the file was saved. `frozen`: a clock that only moves when told to (`--now`), resumed
 * at `now`. `real`: real time `aheadMs` ahead (how far it was advanced), resumed at real time plus `aheadMs`, and
 * never earlier than `now`.
 */
interface StateFileClock {
  mode: "frozen" | "real";
  /** The fake's clock at the save (ISO-8601). */
  now: string;
  /** How far the fake's clock ran ahead of real time (0 for a frozen clock). */
  aheadMs: number;
}

/** One state file, as written and as read back. */
export interface StateFile {
  format: typeof STATE_FILE_FORMAT;
  version: typeof STATE_FILE_VERSION;
  /** When it was written (ISO-8601, real time). */
  savedAt: string;
  /** The seed the fake was created with (`fake.reset()` starts again from it). */
  seed: number;
  /** The seeded organization's token. */
  token: string;
  clock: StateFileClock;
  fake: FakeDataJson;
}

const envelope = z.strictObject({
  format: z.literal(STATE_FILE_FORMAT),
  version: z.literal(STATE_FILE_VERSION),
  savedAt: z.iso.datetime(),
  seed: z.int(),
  token: z.string().min(1),
  clock: z.strictObject({
    mode: z.enum(["frozen", "real"]),
    now: z.iso.datetime(),
    aheadMs: z.number().min(0),
  }),
  fake: z.unknown(),
});

/** The text of a state file: JSON, two-space indented so a person can read and diff it. */
export function formatStateFile(file: StateFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A short, quoted view of a value for an error message. */
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/**
 * Read a state file's text, or throw a {@link StateFormatError} whose message says why in one line: empty, not
 * JSON (cut short or corrupt), not a state file, another version, or the field path of what is wrong.
 */
export function parseStateFile(text: string): StateFile {
  if (text.trim() === "") throw new StateFormatError("the file is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StateFormatError(`not valid JSON, the file is cut short or corrupt (${reason})`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new StateFormatError(`not a state file: the JSON is ${Array.isArray(value) ? "an array" : shown(value)}`);
  }
  const record = value as Record<string, unknown>;
  if (record.format !== STATE_FILE_FORMAT) {
    throw new StateFormatError(
      `not a state file: format is ${shown(record.format)}, expected ${JSON.stringify(STATE_FILE_FORMAT)}`,
    );
  }
  if (record.version !== STATE_FILE_VERSION) {
    throw new StateFormatError(
      `version ${shown(record.version)} is not supported (this dispatch-fake reads version ${STATE_FILE_VERSION})`,
    );
  }
  const result = envelope.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    const path = first?.path.map(String).join(".") || "(top level)";
    const what =
      first?.code === "unrecognized_keys" ? `unknown field ${JSON.stringify(first.keys[0])}` : first?.message;
    throw new StateFormatError(`${path}: ${what ?? "invalid"}`);
  }
  return { ...result.data, fake: parseFakeData(result.data.fake) };
}
