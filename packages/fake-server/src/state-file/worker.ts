/**
 * The standalone server's state file worker thread (`dispatch-fake serve --state`): takes a save's pieces as the
 * server captures them (texts, and runs of records it stringifies here), digests what counts as a change, and unless
 * the digest is the last save's, writes the file atomically (exclusive temporary file of mode 0600, fsync, rename).
 * The server's thread only copies the records over. Built beside the server as `state-file-worker.js` and `.cjs`.
 */
import { createHash, type Hash } from "node:crypto";
import { parentPort } from "node:worker_threads";
import { writeFileAtomically } from "./atomic-file.js";
import { pieceText, type TextPiece } from "./text.js";

/** A piece of save `id`, or its end: write it to `path` unless its digest is `lastDigest`. */
export type StateFileMessage =
  | { kind: "piece"; id: number; piece: TextPiece }
  | { kind: "end"; id: number; path: string; lastDigest: string | undefined };

/** How save `id` ended: its digest and whether it was written, or why it failed. */
export type StateFileReply = { id: number; digest: string; written: boolean } | { id: number; error: string };

const saves = new Map<number, { pieces: Buffer[]; hash: Hash }>();

parentPort?.on("message", (message: StateFileMessage) => {
  let save = saves.get(message.id);
  if (!save) {
    save = { pieces: [], hash: createHash("sha1") };
    saves.set(message.id, save);
  }
  if (message.kind === "piece") {
    const bytes = Buffer.from(pieceText(message.piece), "utf8");
    save.pieces.push(bytes);
    if (message.piece.volatile !== true) save.hash.update(bytes);
    return;
  }
  saves.delete(message.id);
  const digest = save.hash.digest("hex");
  let reply: StateFileReply = { id: message.id, digest, written: false };
  if (digest !== message.lastDigest) {
    try {
      writeFileAtomically(message.path, save.pieces);
      reply = { id: message.id, digest, written: true };
    } catch (error) {
      reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    }
  }
  parentPort?.postMessage(reply);
});
