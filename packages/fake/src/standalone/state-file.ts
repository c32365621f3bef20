/**
 * The standalone server's state file on disk (`dispatch-fake serve --state f.json`): read it at start, write it
 * atomically (a temporary file beside it, fsync, rename) a moment after the last change and when the server stops.
 * See docs/decisions/0010-state-file.md.
 */
import { randomBytes } from "node:crypto";
import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";
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
    text = nodeFs.readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(reasonOf(error));
  }
  return parseStateFile(text);
}

/** The file-system calls a save makes: node:fs, or a test's stand-in that fails where a full disk would. */
export type SaveFs = Pick<
  typeof nodeFs,
  "openSync" | "writeSync" | "fsyncSync" | "closeSync" | "renameSync" | "rmSync"
>;

/**
 * Replace the file at `path` with `text` so that a crash or a failure at any moment leaves either the old file or
 * the new one, never a part: write every byte to a temporary file of its own in the same directory (created here,
 * never an existing file nor a symlink, mode 0600: the file holds tokens and webhook secrets), fsync it, rename it
 * over `path`, fsync the directory. On any failure (a full disk, no permission) the temporary file is removed and
 * the old file is left as it was.
 */
export function writeFileAtomically(path: string, text: string, fs: SaveFs = nodeFs): void {
  const bytes = Buffer.from(text, "utf8");
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  let fd: number | undefined;
  try {
    // "wx": O_CREAT | O_EXCL, which fails on any existing name, a dangling symlink included.
    fd = fs.openSync(temporary, "wx", 0o600);
    // A write may take fewer bytes than asked (a disk filling up): go on until every byte is written, or it fails.
    for (let written = 0; written < bytes.length; ) {
      const taken = fs.writeSync(fd, bytes, written, bytes.length - written);
      if (taken <= 0) throw new Error(`ENOSPC: no space left on device, write '${temporary}'`);
      written += taken;
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {}
    }
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Not ours to remove: the write's own error is what the user needs.
    }
    throw error;
  }
  // The rename is durable once the directory is synced; some systems cannot open a directory, and then the
  // rename is as durable as they make it.
  try {
    const dir = fs.openSync(dirname(path), "r");
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  } catch {}
}

/** A claim on a state file: one server at a time writes it. */
export interface StateLock {
  /** Give the file up (removes the lock file; safe to call twice). */
  release(): void;
}

/** Whether a process of that id runs (one we may not signal runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claim the state file at `path` for this process: `<path>.lock` is created exclusively and names the holder. A lock
 * whose holder no longer runs (a server killed with SIGKILL) is taken over; one whose holder runs throws a one-line
 * message naming it, so two servers never write one file.
 */
export function lockStateFile(path: string, now: () => Date = () => new Date()): StateLock {
  const lockPath = `${path}.lock`;
  const holder = JSON.stringify({ pid: process.pid, since: now().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = nodeFs.openSync(lockPath, "wx", 0o600);
      try {
        nodeFs.writeSync(fd, holder);
      } finally {
        nodeFs.closeSync(fd);
      }
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          nodeFs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw new Error(reasonOf(error));
    }
    let other: { pid?: unknown; since?: unknown } = {};
    try {
      other = JSON.parse(nodeFs.readFileSync(lockPath, "utf8")) as typeof other;
    } catch {}
    if (typeof other.pid === "number" && other.pid !== process.pid && isRunning(other.pid)) {
      throw new Error(
        `it is held by another dispatch-fake (pid ${other.pid}, since ${String(other.since)}; ${lockPath}): stop that server or use another file`,
      );
    }
    // Left behind by a server that is gone: take it over.
    nodeFs.rmSync(lockPath, { force: true });
  }
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
  /** The file, when it was last written, and why the last save failed (null once a save succeeds). */
  status(): StateFileStatus;
}

/** How the state file fares: what `GET /` and the health of the server report. */
export interface StateFileStatus {
  path: string;
  /** When the file was last written (ISO), null before the first write. */
  savedAt: string | null;
  /** Why the last save failed, or null. */
  error: string | null;
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
  /** How a save is written (default {@link writeFileAtomically}). */
  write?: (path: string, text: string) => void;
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
  let lastError: string | null = null;
  let savedAt: string | null = options.written?.savedAt ?? null;
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
      (options.write ?? writeFileAtomically)(options.path, formatStateFile(file));
    } catch (error) {
      // Said once, not at every change while the disk stays full; the status says it until a save succeeds.
      if (lastError === null) {
        options.report(
          `Failed to save the state file ${options.path}: ${reasonOf(error)} (the previous file is kept; the next change tries again)`,
        );
      }
      lastError = reasonOf(error);
      return false;
    }
    lastKey = key;
    if (lastError !== null) options.report(`saved the state file ${options.path} again`);
    lastError = null;
    savedAt = file.savedAt;
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
    status: () => ({ path: options.path, savedAt, error: lastError }),
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pendingSince = undefined;
    },
  };
}
