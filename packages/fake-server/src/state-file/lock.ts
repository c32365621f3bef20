/**
 * The state file's lock: one server at a time writes a state file. The lock is a listening Unix domain socket named
 * after the file's real path, which the operating system lets go of when its process ends, however it ends (SIGKILL
 * included): on Linux in the abstract namespace (no file at all), elsewhere a socket file in the temporary folder, which
 * a process that is gone leaves behind but no longer answers on (taken over). The holder answers a connection with its
 * process id, for the message of a server refused. See docs/decisions/0010-state-file.md.
 */
import { createHash } from "node:crypto";
import * as nodeFs from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

/** A claim on a state file: one server at a time writes it. */
export interface StateLock {
  /** Give the file up (closes the socket; safe to call twice, and from an `exit` handler). */
  release(): void;
}

/** Where the lock of a state file lives. */
export interface LockOptions {
  /** Use Linux's abstract socket namespace. Default: on Linux. */
  abstract?: boolean;
  /** The folder of the socket file where there is no abstract namespace. Default the temporary folder. */
  socketDir?: string;
  now?: () => Date;
}

/** The socket address of the lock of the state file whose real path is `realPath`. */
export function lockAddress(realPath: string, options: LockOptions = {}): string {
  const digest = createHash("sha256").update(realPath).digest("hex");
  if (options.abstract ?? process.platform === "linux") return `\0dispatch-fake-${digest}`;
  // A socket path is at most 104 bytes on macOS: a short name in a short folder.
  return join(options.socketDir ?? tmpdir(), `dispatch-fake-${digest.slice(0, 32)}.sock`);
}

/** What the holder of a lock says of itself, or undefined when nobody answers there (a socket file left behind). */
function askHolder(address: string): Promise<{ pid?: unknown; since?: unknown } | undefined> {
  return new Promise((resolve) => {
    let text = "";
    const socket = connect(address);
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on("data", (data) => {
      text += data.toString("utf8");
    });
    socket.on("error", () => resolve(undefined));
    socket.on("close", (hadError) => {
      if (hadError) return;
      try {
        resolve(JSON.parse(text) as { pid?: unknown; since?: unknown });
      } catch {
        resolve({});
      }
    });
  });
}

/** Listen on `address`, or the error (EADDRINUSE: another process listens there). */
function listenOn(server: Server, address: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error);
    server.once("error", onError);
    server.listen(address, () => {
      server.off("error", onError);
      resolve(undefined);
    });
  });
}

/**
 * Claim the state file whose real path is `realPath` (the caller resolves symlinks: two names of one file are one
 * lock) for this process. A lock held by a running process throws a one-line message naming it, so two servers never
 * write one file; a socket file whose process is gone is taken over.
 */
export async function lockStateFile(realPath: string, options: LockOptions = {}): Promise<StateLock> {
  const address = lockAddress(realPath, options);
  const since = (options.now ?? (() => new Date()))().toISOString();
  const holder = JSON.stringify({ pid: process.pid, since });
  const server = createServer((socket) => {
    socket.unref();
    socket.on("error", () => undefined);
    socket.end(holder);
  });
  for (let attempt = 0; ; attempt++) {
    const error = await listenOn(server, address);
    if (!error) break;
    if (error.code !== "EADDRINUSE") throw new Error(`failed to take its lock (${address}): ${error.message}`);
    const other = await askHolder(address);
    if (other !== undefined) {
      throw new Error(
        `it is held by another dispatch-fake (pid ${String(other.pid)}, since ${String(other.since)}): stop that server or use another file`,
      );
    }
    if (address.startsWith("\0") || attempt > 0) {
      throw new Error(`failed to take its lock (${address}): the address is in use and nobody answers there`);
    }
    // A socket file left by a process that is gone (nobody answers): take it over.
    nodeFs.rmSync(address, { force: true });
  }
  // The lock never keeps the process alive.
  server.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      server.close();
      // The socket file (no abstract namespace) goes too; close() removes it only later, and not in an exit handler.
      if (!address.startsWith("\0")) nodeFs.rmSync(address, { force: true });
    },
  };
}

/**
 * The real path of the state file at `path`: its folder's real path and its name, a symlink at the name followed to
 * its target (a dangling one too: the first save creates the target). The lock, the load and the saves use it, so a
 * symlink stays a symlink and two names of one file are one file.
 */
export function realStatePath(path: string): string {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    let link: string | undefined;
    try {
      if (nodeFs.lstatSync(current).isSymbolicLink()) link = nodeFs.readlinkSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (link === undefined) return join(nodeFs.realpathSync(dirname(current)), basename(current));
    current = resolve(dirname(current), link);
  }
  throw new Error(`${path}: too many levels of symbolic links`);
}
