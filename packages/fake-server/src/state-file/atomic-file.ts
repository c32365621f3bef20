/**
 * Writing a file so that a crash or a failure at any moment leaves either the old file or the new one, never a part:
 * the state file's saves (state-file.ts, in the state file's worker thread) and its creation at start.
 * See docs/decisions/0010-state-file.md.
 */
import { randomBytes } from "node:crypto";
import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";

/** A temporary file's name of its own beside `path` (hidden, this process's, random). */
const temporaryName = (path: string) =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);

/** The names {@link temporaryName} gives beside a file named `name`, and nothing else. */
const temporaryPattern = (name: string) =>
  new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.[0-9]+\\.[0-9a-f]{12}\\.tmp$`);

/**
 * Remove the temporary files a save of the file at `path` left behind when its process was killed mid-save (only
 * names of {@link temporaryName}'s pattern for this file). Call it only while holding the file's lock: no other
 * process saves it then. Returns the names removed; one that cannot be removed is left (and not named).
 */
export function removeLeftTemporaries(
  path: string,
  fs: Pick<typeof nodeFs, "readdirSync" | "rmSync"> = nodeFs,
): string[] {
  const pattern = temporaryPattern(basename(path));
  const removed: string[] = [];
  for (const name of fs.readdirSync(dirname(path))) {
    if (!pattern.test(name)) continue;
    try {
      fs.rmSync(join(dirname(path), name), { force: true });
      removed.push(name);
    } catch {}
  }
  return removed;
}

/** The file-system calls a save makes: node:fs, or a test's stand-in that fails where a full disk would. */
export type SaveFs = Pick<
  typeof nodeFs,
  "openSync" | "writeSync" | "fsyncSync" | "closeSync" | "renameSync" | "rmSync"
>;

/**
 * Replace the file at `path` with `content` (a text, or its bytes in pieces) so that a crash or a failure at any moment leaves either the old file or
 * the new one, never a part: write every byte to a temporary file of its own in the same directory (created here,
 * never an existing file nor a symlink, mode 0600: the file holds tokens and webhook secrets), fsync it, rename it
 * over `path`, fsync the directory. On any failure (a full disk, no permission) the temporary file is removed and
 * the old file is left as it was.
 */
export function writeFileAtomically(path: string, content: string | readonly Uint8Array[], fs: SaveFs = nodeFs): void {
  const pieces = typeof content === "string" ? [Buffer.from(content, "utf8")] : content;
  const temporary = temporaryName(path);
  let fd: number | undefined;
  try {
    // "wx": O_CREAT | O_EXCL, which fails on any existing name, a dangling symlink included.
    fd = fs.openSync(temporary, "wx", 0o600);
    // A write may take fewer bytes than asked (a disk filling up): go on until every byte is written, or it fails.
    for (const bytes of pieces) {
      for (let written = 0; written < bytes.length; ) {
        const taken = fs.writeSync(fd, bytes, written, bytes.length - written);
        if (taken <= 0) throw new Error(`ENOSPC: no space left on device, write '${temporary}'`);
        written += taken;
      }
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
