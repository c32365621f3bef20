/**
 * The standalone server's state file on disk (`dispatch-fake serve --state f.json`): read it at start, write it
 * atomically (a temporary file beside it, fsync, rename) a moment after the last change and when the server stops.
 * See docs/decisions/0010-state-file.md.
 */
import { createHash, randomBytes } from "node:crypto";
import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";
import type { Fake } from "../fake-api.js";
import { runtimeOf } from "../runtime.js";
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

/**
 * Longest stretch a save works on the main thread before it lets requests in (a slice of its capture, the encoding
 * of a part of its text): what a request waits at most for a save.
 */
export const SAVE_SLICE_MS = 8;

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

/** A temporary file's name of its own beside `path` (hidden, this process's, random). */
const temporaryName = (path: string) =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);

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
  const temporary = temporaryName(path);
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

/** The file-system calls of a save off the main thread (node's thread pool): node:fs's, or a test's stand-in. */
export interface AsyncSaveFs {
  open(path: string, flags: string, mode?: number): Promise<number>;
  write(fd: number, buffer: Uint8Array, offset: number, length: number): Promise<number>;
  fsync(fd: number): Promise<void>;
  close(fd: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: boolean }): Promise<void>;
}

/** node:fs's calls as {@link AsyncSaveFs}: each runs in node's thread pool, so the event loop goes on meanwhile. */
export const asyncFs: AsyncSaveFs = {
  open: promisify(nodeFs.open) as AsyncSaveFs["open"],
  write: (fd, buffer, offset, length) =>
    new Promise((resolve, reject) =>
      nodeFs.write(fd, buffer, offset, length, null, (error, written) => (error ? reject(error) : resolve(written))),
    ),
  fsync: promisify(nodeFs.fsync),
  close: promisify(nodeFs.close),
  rename: promisify(nodeFs.rename),
  rm: promisify(nodeFs.rm) as AsyncSaveFs["rm"],
};

/**
 * {@link writeFileAtomically} off the main thread: the same temporary file of its own (exclusive, mode 0600, never
 * a symlink), every byte written, fsynced, renamed over `path`, the directory fsynced; on any failure the temporary
 * file is removed and the old file kept. The writes, the fsync and the rename run in node's thread pool while the
 * server answers requests; the text comes in pieces (strings are encoded one at a time, as they are written).
 */
export async function writeFileAtomicallyAsync(
  path: string,
  pieces: readonly (string | Uint8Array)[],
  fs: AsyncSaveFs = asyncFs,
): Promise<void> {
  const temporary = temporaryName(path);
  let fd: number | undefined;
  try {
    fd = await fs.open(temporary, "wx", 0o600);
    for (const piece of pieces) {
      const bytes = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
      // A write may take fewer bytes than asked (a disk filling up): go on until every byte is written, or it fails.
      for (let written = 0; written < bytes.length; ) {
        const taken = await fs.write(fd, bytes, written, bytes.length - written);
        if (taken <= 0) throw new Error(`ENOSPC: no space left on device, write '${temporary}'`);
        written += taken;
      }
    }
    await fs.fsync(fd);
    await fs.close(fd);
    fd = undefined;
    await fs.rename(temporary, path);
  } catch (error) {
    if (fd !== undefined) await fs.close(fd).catch(() => undefined);
    // Not ours to remove when it fails: the write's own error is what the user needs.
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  try {
    const dir = await fs.open(dirname(path), "r");
    try {
      await fs.fsync(dir);
    } finally {
      await fs.close(dir);
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

/**
 * What the state file of `fake` says now: a deep copy, or with `copy: false` its live records, to be written out
 * before the state can change (the saver holds changes back while it writes them into text, {@link createChangeGate}).
 */
export function captureStateFile(fake: Fake, options: StateFileOptions, { copy = true } = {}): StateFile {
  const { now, aheadMs } = options.frozen ? { now: fake.clock.now(), aheadMs: 0 } : aheadOfRealTime(fake);
  return {
    format: STATE_FILE_FORMAT,
    version: STATE_FILE_VERSION,
    savedAt: new Date().toISOString(),
    seed: options.seed,
    token: fake.token,
    clock: { mode: options.frozen ? "frozen" : "real", now: new Date(now).toISOString(), aheadMs },
    fake: exportFakeData(fake, { copy }),
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

/**
 * Whether a read could change `fake`'s state now: a pending action that a poll ends (`afterPolls`) or that a read
 * settles once its time has come (`afterMs`). Held actions only end when released, which is not a read.
 */
export function readsMayChange(fake: Fake): boolean {
  const { state, actions } = runtimeOf(fake).context;
  for (const uuid of actions.works.keys()) {
    const action = state.actions.get(uuid);
    if (action?.status === "pending" && !action.held && (action.dueAt !== null || action.afterPolls !== null)) {
      return true;
    }
  }
  return false;
}

/** One piece of a state file's text; `volatile` when it does not count as a change (see {@link createStateSaver}). */
export interface TextPiece {
  text: string;
  volatile: boolean;
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
      const run = JSON.stringify(value.slice(i, end), null, 2) as string;
      yield { text: `${open}${indent}${indented(run.slice(2, -2), indent)}`, volatile: false };
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
 * The text of {@link formatStateFile} (the same bytes), piece by piece, so a large state is written out in slices
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

/**
 * Keeps the state's changes and a save's capture apart: while a save writes the live records into text (in slices,
 * between which requests are answered), work that may change the state waits, and the capture starts once the
 * changes already under way have ended. Reads go on throughout.
 */
export interface ChangeGate {
  /**
   * Run `work`, which may change the state (a request), once no capture is waiting or running; a capture waits for
   * it to end.
   */
  change<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Run `step`, a change that is not waited for (a plan coming back, the start of a background run), once no capture
   * is running: at once when none is. It never waits for a capture that waits for the changes under way, which may
   * themselves wait for it (a release answered once its run's plan came back).
   */
  between(step: () => void): Promise<void>;
  /** Run `capture` once the changes under way have ended, holding new ones back until it resolves. */
  capture<T>(capture: () => Promise<T>): Promise<T>;
  /** Whether reads must wait too: set for a capture when a read could change the state (an action due on a poll). */
  readsWait: boolean;
}

/** A {@link ChangeGate}. */
export function createChangeGate(): ChangeGate {
  let changing = 0;
  /** The latest capture asked for (waiting for changes to end, or running), until it ends. */
  let asked: Promise<unknown> | undefined;
  /** The capture running now, until it ends. */
  let running: Promise<unknown> | undefined;
  const drained: (() => void)[] = [];
  const gate: ChangeGate = {
    readsWait: false,
    async change(work) {
      while (asked) await asked.catch(() => undefined);
      changing += 1;
      try {
        return await work();
      } finally {
        changing -= 1;
        if (changing === 0) for (const wake of drained.splice(0)) wake();
      }
    },
    async between(step) {
      while (running) await running.catch(() => undefined);
      step();
    },
    capture(capture) {
      const previous = asked ?? Promise.resolve();
      const whole = previous
        .catch(() => undefined)
        .then(async () => {
          while (changing > 0) await new Promise<void>((wake) => drained.push(wake));
          const body = capture();
          running = body;
          try {
            return await body;
          } finally {
            running = undefined;
            gate.readsWait = false;
          }
        });
      const tracked = whole.finally(() => {
        if (asked === tracked) asked = undefined;
      });
      asked = tracked;
      return tracked as Promise<never>;
    },
  };
  return gate;
}

/** Saves a fake's state file when it changed. */
export interface StateSaver {
  /** Something may have changed: save {@link SAVE_DEBOUNCE_MS} after the last call. */
  changed(): void;
  /** Save now if anything changed since the last save; false when the write failed (already reported). */
  flush(): Promise<boolean>;
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

/** Let the event loop answer what waits (requests, I/O) before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The digest of what counts as a change: every piece of a state file's text but the volatile ones. */
function digestOf(pieces: Iterable<TextPiece>): string {
  const hash = createHash("sha1");
  for (const piece of pieces) if (!piece.volatile) hash.update(piece.text);
  return hash.digest("hex");
}

/**
 * Save `capture()` to `path` a moment after changes. A save whose data (and clock) equals the last one written is
 * skipped, so reads never rewrite the file. A failed write is reported with `report` and leaves the previous file
 * in place; the next change (or the stop) tries again.
 *
 * A save never holds the main thread for long: `capture()` gives the live records (no copy), which are written into
 * text in slices of about {@link SAVE_SLICE_MS} through `gate` (changes wait meanwhile, reads are answered between
 * slices), and the text is written, fsynced and renamed in node's thread pool. Saves run one at a time; changes
 * made during a save are saved by the next one.
 */
export function createStateSaver(options: {
  path: string;
  capture: () => StateFile;
  report: (message: string) => void;
  debounceMs?: number;
  /** What the file holds now (just loaded or created): saves start once the state differs from it. */
  written?: StateFile;
  /** How a save is written (default {@link writeFileAtomicallyAsync}). */
  write?: (path: string, pieces: readonly Uint8Array[]) => Promise<void> | void;
  /** What keeps changes out of a capture (default: a gate of its own, which nothing else waits on). */
  gate?: ChangeGate;
  /** Whether a read could change the state now (an action that ends on a poll): then reads wait for a capture too. */
  readsMayChange?: () => boolean;
  /** Longest slice of a capture, in ms (default {@link SAVE_SLICE_MS}). */
  sliceMs?: number;
}): StateSaver {
  const sliceMs = options.sliceMs ?? SAVE_SLICE_MS;
  const debounceMs = options.debounceMs ?? SAVE_DEBOUNCE_MS;
  const gate = options.gate ?? createChangeGate();
  const write = options.write ?? ((path, pieces) => writeFileAtomicallyAsync(path, pieces));
  let lastDigest = options.written ? digestOf(stateFileText(options.written)) : undefined;
  let lastError: string | null = null;
  let savedAt: string | null = options.written?.savedAt ?? null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Real time of the first change not yet saved. */
  let pendingSince: number | undefined;
  /** The save in progress: the next one starts after it. */
  let saving: Promise<boolean> = Promise.resolve(true);

  /** Write the live state into text, slice by slice, with changes held back. */
  function captureText(): Promise<{ file: StateFile; pieces: Buffer[]; digest: string }> {
    return gate.capture(async () => {
      gate.readsWait = options.readsMayChange?.() ?? false;
      const file = options.capture();
      const hash = createHash("sha1");
      const pieces: Buffer[] = [];
      let sliceStart = performance.now();
      for (const piece of stateFileText(file)) {
        // Encoded once, here: the digest and the write use the same bytes.
        const bytes = Buffer.from(piece.text, "utf8");
        pieces.push(bytes);
        if (!piece.volatile) hash.update(bytes);
        if (performance.now() - sliceStart >= sliceMs) {
          await nextTurn();
          sliceStart = performance.now();
        }
      }
      return { file, pieces, digest: hash.digest("hex") };
    });
  }

  async function save(): Promise<boolean> {
    const { file, pieces, digest } = await captureText();
    if (digest === lastDigest) return true;
    try {
      await write(options.path, pieces);
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
    lastDigest = digest;
    if (lastError !== null) options.report(`saved the state file ${options.path} again`);
    lastError = null;
    savedAt = file.savedAt;
    return true;
  }

  function flush(): Promise<boolean> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingSince = undefined;
    saving = saving.then(save, save);
    return saving;
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
