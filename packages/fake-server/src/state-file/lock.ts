/**
 * The state file's lock: one server at a time writes a state file (`<file>.lock` holds its process id; a lock left
 * behind by a process that is gone is taken over). See docs/decisions/0010-state-file.md.
 */
import * as nodeFs from "node:fs";

/** The message of a file-system error, without the stack. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
