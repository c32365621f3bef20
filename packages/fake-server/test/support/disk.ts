/** Disks for the state file's tests: fresh folders removed after the file, and a disk that fills up. */
import * as fs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { SaveFs } from "../../src/state-file/atomic-file.js";

/** A maker of fresh temporary folders named `prefix…`, all removed after the test file. */
export function freshDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

/** node:fs whose writes stop after `room` bytes, as a disk that fills up: short writes, then ENOSPC. */
export function diskWithRoom(room: number): SaveFs {
  let left = room;
  return {
    ...fs,
    writeSync: ((fd: number, buffer: Uint8Array, offset?: number | null, length?: number | null) => {
      const from = offset ?? 0;
      const wanted = length ?? buffer.length - from;
      if (left === 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      const taken = Math.min(left, wanted, 4096);
      left -= taken;
      return fs.writeSync(fd, buffer, from, taken);
    }) as SaveFs["writeSync"],
  };
}
