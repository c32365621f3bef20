/**
 * The standalone server's state file on disk (`dispatch-fake serve --state f.json`): read it at start, write it
 * atomically (a temporary file beside it, fsync, rename) a moment after the last change and when the server stops.
 * See docs/decisions/0010-state-file.md.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { Fake } from "../fake-api.js";
import {
  formatStateFile,
  parseStateFile,
  STATE_FILE_FORMAT,
  STATE_FILE_VERSION,
  type StateFile,
} from "./state-file-format.js";
import { exportFakeData, importFakeData } from "./state-json.js";

/**
 * How long after the last request or background run the state is saved: long enough that a burst of requests
 * (a client creating 500 orders one by one) makes one write, short enough that a crash loses under a second.
 */
export const SAVE_DEBOUNCE_MS = 300;

/** Longest a change waits to be saved while requests keep coming closer together than the debounce. */
export const SAVE_MAX_WAIT_MS = 2_000;

/** The message of a file-system error, without the stack: `EACCES: permission denied, open '…'`. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The state file at `path`, or undefined when there is none. Throws with a one-line message when it cannot be used. */
export function readStateFile(path: string): StateFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(reasonOf(error));
  }
  return parseStateFile(text);
}

/**
 * Replace the file at `path` with `text` so that a crash at any moment leaves either the old file or the new one,
 * never a part: write `<path>.tmp` in the same directory, fsync it, rename it over `path`, fsync the directory.
 */
export function writeFileAtomically(path: string, text: string): void {
  const temporary = `${path}.tmp`;
  try {
    const fd = openSync(temporary, "w", 0o644);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Not ours to remove (a directory of that name): the write's own error is what the user needs.
    }
    throw error;
  }
  // The rename is durable once the directory is synced; some systems cannot open a directory, and then the
  // rename is as durable as they make it.
  try {
    const dir = openSync(dirname(path), "r");
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {}
}

/** How the standalone server's fake was created: what a state file records beside the data. */
export interface StateFileOptions {
  seed: number;
  /** Whether the clock is frozen (`--now`) rather than real time. */
  frozen: boolean;
}

/** The clock's distance ahead of real time, read within one millisecond of real time so it is exact. */
function aheadOfRealTime(fake: Fake): { now: number; aheadMs: number } {
  for (;;) {
    const wall = Date.now();
    const now = fake.clock.now();
    if (Date.now() === wall) return { now, aheadMs: Math.max(0, now - wall) };
  }
}

/** What the state file of `fake` says now. */
export function captureStateFile(fake: Fake, options: StateFileOptions): StateFile {
  const { now, aheadMs } = options.frozen ? { now: fake.clock.now(), aheadMs: 0 } : aheadOfRealTime(fake);
  return {
    format: STATE_FILE_FORMAT,
    version: STATE_FILE_VERSION,
    savedAt: new Date().toISOString(),
    seed: options.seed,
    token: fake.token,
    clock: { mode: options.frozen ? "frozen" : "real", now: new Date(now).toISOString(), aheadMs },
    fake: exportFakeData(fake),
  };
}

/**
 * Put a fake created with the file's seed, token and (frozen) clock into the file's state. A real-time clock
 * resumes `aheadMs` ahead of real time, and never before the instant it was saved at.
 */
export function applyStateFile(fake: Fake, file: StateFile): void {
  importFakeData(fake, file.fake);
  if (file.clock.mode === "real") {
    fake.clock.advance(file.clock.aheadMs);
    const saved = Date.parse(file.clock.now);
    if (fake.clock.now() < saved) fake.clock.set(saved);
  }
}

/** Saves a fake's state file when it changed. */
export interface StateSaver {
  /** Something may have changed: save {@link SAVE_DEBOUNCE_MS} after the last call. */
  changed(): void;
  /** Save now if anything changed since the last save; false when the write failed (already reported). */
  flush(): boolean;
  /** Cancel a pending save (call {@link StateSaver.flush} first to keep it). */
  stop(): void;
}

/**
 * Save `capture()` to `path` a moment after changes. A save whose data (and clock) equals the last one written is
 * skipped, so reads never rewrite the file. A failed write is reported with `report` and leaves the previous file
 * in place; the next change (or the stop) tries again.
 */
export function createStateSaver(options: {
  path: string;
  capture: () => StateFile;
  report: (message: string) => void;
  debounceMs?: number;
  /** What the file holds now (just loaded or created): saves start once the state differs from it. */
  written?: StateFile;
}): StateSaver {
  const debounceMs = options.debounceMs ?? SAVE_DEBOUNCE_MS;
  // What must be kept: not the wall-clock parts (savedAt, a real clock's now), which change every time, nor the id
  // generator's position alone, which every request moves (its request id). A save that is due anyway writes the
  // current position, and after a restart new ids still follow every id the saved state holds.
  const keyOf = ({ fake: { idsPosition: _, ...data }, ...file }: StateFile) =>
    JSON.stringify([
      file.seed,
      file.token,
      file.clock.mode,
      file.clock.mode === "frozen" ? file.clock.now : file.clock.aheadMs,
      data,
    ]);
  let lastKey = options.written ? keyOf(options.written) : undefined;
  let failing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Real time of the first change not yet saved. */
  let pendingSince: number | undefined;

  function flush(): boolean {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingSince = undefined;
    const file = options.capture();
    const key = keyOf(file);
    if (key === lastKey) return true;
    try {
      writeFileAtomically(options.path, formatStateFile(file));
    } catch (error) {
      failing = true;
      options.report(
        `Failed to save the state file ${options.path}: ${reasonOf(error)} (the previous file is kept; the next change tries again)`,
      );
      return false;
    }
    lastKey = key;
    if (failing) options.report(`saved the state file ${options.path} again`);
    failing = false;
    return true;
  }

  return {
    changed() {
      const now = Date.now();
      pendingSince ??= now;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, Math.max(0, Math.min(debounceMs, pendingSince + SAVE_MAX_WAIT_MS - now)));
      // A pending save never keeps the process alive: the signal handlers flush before exiting.
      timer.unref?.();
    },
    flush,
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pendingSince = undefined;
    },
  };
}
