/**
 * The standalone server's state file on disk (`dispatch-fake serve --state f.json`): read it at start, write it
 * atomically (a temporary file beside it, fsync, rename) a moment after the last change and when the server stops.
 * See docs/decisions/0010-state-file.md.
 */
import { createHash } from "node:crypto";
import * as nodeFs from "node:fs";
import type { Worker } from "node:worker_threads";
import type { Fake } from "@dispatchkit/fake";
import { hostOf } from "@dispatchkit/fake/node";
import { startWorker } from "../workers/worker-script.js";
import { writeFileAtomically } from "./atomic-file.js";
import { parseStateFile, STATE_FILE_FORMAT, STATE_FILE_VERSION, type StateFile } from "./format.js";
import { pieceText, stateFileText, type TextPiece } from "./text.js";
import type { StateFileMessage, StateFileReply } from "./worker.js";

/**
 * How long after the last request or background run the state is saved: long enough that a burst of requests
 * (a client creating 500 orders one by one) makes one write, short enough that a crash loses under a second.
 */
export const SAVE_DEBOUNCE_MS = 300;

/** Longest a change waits to be saved while requests keep coming closer together than the debounce. */
const SAVE_MAX_WAIT_MS = 2_000;

/**
 * Longest stretch a save works on the main thread before it lets requests in (a slice of its capture, the encoding
 * of a part of its text): what a request waits at most for a save.
 */
const SAVE_SLICE_MS = 8;

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
    fake: hostOf(fake).exportData({ copy }),
  };
}

/**
 * Put a fake created with the file's seed, token and (frozen) clock into the file's state. A real-time clock
 * resumes `aheadMs` ahead of real time, and never before the instant it was saved at.
 */
export function applyStateFile(fake: Fake, file: StateFile): void {
  hostOf(fake).importData(file.fake);
  if (file.clock.mode === "real") {
    fake.clock.advance(file.clock.aheadMs);
    const saved = Date.parse(file.clock.now);
    if (fake.clock.now() < saved) fake.clock.set(saved);
  }
}

/** Whether a read could change `fake`'s state now (see `FakeHost.readsMayChange`). */
export function readsMayChange(fake: Fake): boolean {
  return hostOf(fake).readsMayChange();
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
interface StateFileStatus {
  path: string;
  /** When the file was last written (ISO), null before the first write. */
  savedAt: string | null;
  /** Why the last save failed, or null. */
  error: string | null;
}

/** Let the event loop answer what waits (requests, I/O) before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Where a save's pieces go. Its digest (every piece but the volatile ones) decides whether it is written: a save
 * equal to the last one written is not.
 */
export interface StateFileWriter {
  /** Resolves once the writer can take pieces at once (its worker thread started). */
  ready(): Promise<void>;
  /** One save: its pieces in order, then `end()`, which resolves true once written, false when skipped as unchanged. */
  save(): { add(piece: TextPiece): void; end(): Promise<boolean> };
  /** Let go of what the writer holds (its worker thread). */
  close(): Promise<void>;
}

/** The digest of what counts as a change: every piece of a state file's text but the volatile ones. */
export function digestOf(pieces: Iterable<TextPiece>): string {
  const hash = createHash("sha1");
  for (const piece of pieces) if (piece.volatile !== true) hash.update(pieceText(piece));
  return hash.digest("hex");
}

/**
 * A writer in this thread: the pieces stringified and encoded as they come, written with `write` (default
 * {@link writeFileAtomically}) at the end. `lastDigest` is the digest of what the file holds now.
 */
function createThreadWriter(
  path: string,
  lastDigest: string | undefined,
  write: (path: string, pieces: readonly Uint8Array[]) => void | Promise<void> = writeFileAtomically,
): StateFileWriter {
  let last = lastDigest;
  return {
    ready: async () => {},
    save() {
      const hash = createHash("sha1");
      const pieces: Buffer[] = [];
      return {
        add(piece) {
          const bytes = Buffer.from(pieceText(piece), "utf8");
          pieces.push(bytes);
          if (piece.volatile !== true) hash.update(bytes);
        },
        async end() {
          const digest = hash.digest("hex");
          if (digest === last) return false;
          await write(path, pieces);
          last = digest;
          return true;
        },
      };
    },
    close: async () => {},
  };
}

/**
 * A writer on a worker thread (`state-file-worker.ts`): the server's thread only copies each piece over (a run of
 * records as a structured clone); the worker stringifies, digests and writes. The worker is held (ref'd) while a save
 * is under way, so a last save at shutdown completes before the process exits.
 */
export function createWorkerWriter(path: string, lastDigest: string | undefined): StateFileWriter {
  let worker: Promise<Worker> | undefined;
  /** The worker once started: pieces are posted to it at once, so each slice pays for its own copies. */
  let started: Worker | undefined;
  /** What was sent before the worker started, in order. */
  let queued: StateFileMessage[] = [];
  let nextId = 1;
  let last = lastDigest;
  const waiting = new Map<number, { resolve: (written: boolean) => void; reject: (error: Error) => void }>();
  const gone = (reason: string) => {
    worker = undefined;
    started = undefined;
    queued = [];
    for (const job of waiting.values()) job.reject(new Error(reason));
    waiting.clear();
  };
  const start = () => {
    worker ??= startWorker("state-file-worker").then((thread) => {
      thread.on("message", (reply: StateFileReply) => {
        const job = waiting.get(reply.id);
        if (!job) return;
        waiting.delete(reply.id);
        if (waiting.size === 0) thread.unref();
        if ("error" in reply) job.reject(new Error(reply.error));
        else {
          if (reply.written) last = reply.digest;
          job.resolve(reply.written);
        }
      });
      thread.on("error", (error) => gone(`the state file worker failed (${error.message})`));
      thread.on("exit", (code) => gone(`the state file worker exited with code ${code}`));
      for (const message of queued.splice(0)) post(thread, message);
      started = thread;
      return thread;
    });
    worker.catch((error: unknown) => gone(error instanceof Error ? error.message : String(error)));
    return worker;
  };
  function post(thread: Worker, message: StateFileMessage): void {
    if (message.kind === "end") {
      // Held while a save is under way: a last save at shutdown completes before the process exits.
      thread.ref();
      thread.postMessage({ ...message, lastDigest: last });
    } else thread.postMessage(message);
  }
  const send = (message: StateFileMessage) => {
    if (started) post(started, message);
    else {
      queued.push(message);
      void start();
    }
  };
  return {
    ready: async () => {
      await start();
    },
    save() {
      const id = nextId++;
      return {
        add: (piece) => send({ kind: "piece", id, piece }),
        end: () =>
          new Promise<boolean>((resolve, reject) => {
            waiting.set(id, { resolve, reject });
            send({ kind: "end", id, path, lastDigest: last });
          }),
      };
    },
    async close() {
      const running = worker;
      gone("the state file worker was closed");
      if (running) await (await running.catch(() => undefined))?.terminate();
    },
  };
}

/** Options of {@link createStateSaver}. */
export interface StateSaverOptions {
  path: string;
  capture: () => StateFile;
  report: (message: string) => void;
  debounceMs?: number;
  /** What the file holds now (just loaded or created): saves start once the state differs from it. */
  written?: StateFile;
  /** Where the pieces go (default: this thread, {@link createThreadWriter} with `write`). */
  writer?: (path: string, lastDigest: string | undefined) => StateFileWriter;
  /** How a save is written by the default writer (default {@link writeFileAtomically}). */
  write?: (path: string, pieces: readonly Uint8Array[]) => Promise<void> | void;
  /** What keeps changes out of a capture (default: a gate of its own, which nothing else waits on). */
  gate?: ChangeGate;
  /** Whether a read could change the state now (an action that ends on a poll): then reads wait for a capture too. */
  readsMayChange?: () => boolean;
  /** Longest slice of a capture, in ms (default {@link SAVE_SLICE_MS}). */
  sliceMs?: number;
}

/**
 * Hand the live state to `writer`, slice by slice (about `sliceMs` each), with changes held back by `gate`; resolves
 * with the file and the promise of its write.
 */
function captureInSlices(
  gate: ChangeGate,
  writer: StateFileWriter,
  options: Pick<StateSaverOptions, "capture" | "readsMayChange">,
  sliceMs: number,
): Promise<{ file: StateFile; written: Promise<boolean> }> {
  return gate.capture(async () => {
    gate.readsWait = options.readsMayChange?.() ?? false;
    const file = options.capture();
    const job = writer.save();
    let sliceStart = performance.now();
    for (const piece of stateFileText(file)) {
      job.add(piece);
      if (performance.now() - sliceStart >= sliceMs) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    return { file, written: job.end() };
  });
}

/**
 * Save `capture()` to `path` a moment after changes. A save whose data (and clock) equals the last one written is
 * skipped, so reads never rewrite the file. A failed write is reported with `report` and leaves the previous file
 * in place; the next change (or the stop) tries again.
 *
 * A save never holds the server's thread for long: `capture()` gives the live records (no copy), which are handed to
 * `writer` piece by piece in slices of about {@link SAVE_SLICE_MS} through `gate` (changes wait meanwhile, reads are
 * answered between slices). With {@link createWorkerWriter} the pieces are stringified, digested and written on a
 * worker thread. Saves run one at a time; changes made during a save are saved by the next one.
 */
export function createStateSaver(options: StateSaverOptions): StateSaver {
  const sliceMs = options.sliceMs ?? SAVE_SLICE_MS;
  const debounceMs = options.debounceMs ?? SAVE_DEBOUNCE_MS;
  const gate = options.gate ?? createChangeGate();
  const lastDigest = options.written ? digestOf(stateFileText(options.written)) : undefined;
  const writer = options.writer
    ? options.writer(options.path, lastDigest)
    : createThreadWriter(options.path, lastDigest, options.write);
  let lastError: string | null = null;
  let savedAt: string | null = options.written?.savedAt ?? null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Real time of the first change not yet saved. */
  let pendingSince: number | undefined;
  /** The capture in progress: the next one starts after it. */
  let capturing: Promise<unknown> = Promise.resolve();

  /** How a save ended: reported once when it failed, the status updated when it was written. */
  async function settle(file: StateFile, written: Promise<boolean>): Promise<boolean> {
    try {
      if (!(await written)) return true;
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
    if (lastError !== null) options.report(`saved the state file ${options.path} again`);
    lastError = null;
    savedAt = file.savedAt;
    return true;
  }

  /**
   * Save now: the capture starts once the previous one has ended (the writer writes saves in order, so the next
   * capture need not wait for the previous write); resolves once this save is written or skipped.
   */
  function flush(): Promise<boolean> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingSince = undefined;
    const captured = capturing.then(async () => {
      // Before the capture, not during it (changes wait then): a worker that has to start first would take the first
      // save's pieces all at once when it is up. A worker that cannot start fails the save at its end.
      await writer.ready().catch(() => undefined);
      return captureInSlices(gate, writer, options, sliceMs);
    });
    capturing = captured.catch(() => undefined);
    return captured.then(({ file, written }) => settle(file, written));
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
