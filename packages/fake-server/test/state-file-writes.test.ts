/**
 * Saving the standalone server's state file: a save is whole or nothing (a full disk, a short write, no permission
 * keep the old file), its temporary file is its own (created exclusively, mode 0600, never through a symlink), a
 * failure is reported once, and one server at a time holds a file.
 */
import * as fs from "node:fs";
import { readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { removeLeftTemporaries, type SaveFs, writeFileAtomically } from "../src/state-file/atomic-file.js";
import type { StateFile } from "../src/state-file/format.js";
import { lockAddress, lockStateFile, realStatePath } from "../src/state-file/lock.js";
import { createStateSaver } from "../src/state-file/state-file.js";
import { diskWithRoom, freshDirs } from "./support/disk.js";

const freshDir = freshDirs("dispatch-fake-save-");

describe("writeFileAtomically", () => {
  it("writes every byte through short writes, with mode 0600, and leaves no temporary file", () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    const text = `{"orders":"${"é".repeat(10_000)}"}`;
    writeFileAtomically(path, text, diskWithRoom(1_000_000));
    expect(readFileSync(path, "utf8")).toBe(text);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("keeps the old file whole when the disk fills up mid-save, and removes its temporary file", () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    writeFileSync(path, '{"good":true}');
    expect(() => writeFileAtomically(path, "x".repeat(200_000), diskWithRoom(163_840))).toThrow(/ENOSPC/);
    expect(readFileSync(path, "utf8")).toBe('{"good":true}');
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("refuses a write that makes no progress, keeping the old file", () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    writeFileSync(path, "old");
    const stuck: SaveFs = { ...fs, writeSync: (() => 0) as SaveFs["writeSync"] };
    expect(() => writeFileAtomically(path, "new", stuck)).toThrow(/ENOSPC/);
    expect(readFileSync(path, "utf8")).toBe("old");
  });

  it("never writes through a symlink planted where a temporary file could be", () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious");
    // The old fixed name, and names in the new pattern: none is followed.
    symlinkSync(victim, `${path}.tmp`);
    writeFileAtomically(path, "saved");
    expect(readFileSync(victim, "utf8")).toBe("precious");
    expect(readFileSync(path, "utf8")).toBe("saved");
    // A failed exclusive create (the name exists) is an error, and the old file stays.
    const taken: SaveFs = {
      ...fs,
      openSync: ((p: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode) =>
        String(p).endsWith(".tmp")
          ? fs.openSync(victim, flags, mode)
          : fs.openSync(p, flags, mode)) as SaveFs["openSync"],
    };
    expect(() => writeFileAtomically(path, "again", taken)).toThrow(/EEXIST/);
    expect(readFileSync(victim, "utf8")).toBe("precious");
    expect(readFileSync(path, "utf8")).toBe("saved");
  });
});

describe("createStateSaver", () => {
  const file = (n: number): StateFile =>
    ({
      format: "dispatch-fake-state",
      version: 1,
      savedAt: `2026-11-23T08:00:0${n}.000Z`,
      seed: 1,
      token: "t",
      clock: { mode: "frozen", now: "2026-11-23T08:00:00.000Z", aheadMs: 0 },
      fake: { idsPosition: 0, actionOptions: {}, pendingWork: [], state: { n } },
    }) as unknown as StateFile;

  it("reports a failing save once, keeps saying so in its status, and says when saves work again", async () => {
    const reports: string[] = [];
    let n = 0;
    let full = true;
    const saver = createStateSaver({
      path: "/state.json",
      capture: () => file(++n),
      report: (message) => reports.push(message),
      write: () => {
        if (full) throw new Error("ENOSPC: no space left on device");
      },
    });
    expect(await saver.flush()).toBe(false);
    expect(await saver.flush()).toBe(false);
    expect(await saver.flush()).toBe(false);
    expect(reports).toEqual([
      "Failed to save the state file /state.json: ENOSPC: no space left on device (the previous file is kept; the next change tries again)",
    ]);
    expect(saver.status()).toEqual({ path: "/state.json", savedAt: null, error: "ENOSPC: no space left on device" });
    full = false;
    expect(await saver.flush()).toBe(true);
    expect(reports.at(-1)).toBe("saved the state file /state.json again");
    expect(saver.status()).toEqual({ path: "/state.json", savedAt: "2026-11-23T08:00:04.000Z", error: null });
  });
});

describe("lockStateFile", () => {
  const at = () => new Date("2026-11-23T08:00:00Z");

  it("lets one holder at a time, naming it; a lock file naming a live pid does not block; no file is made (abstract socket)", async () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    // A lock file of an older version naming a process that runs (our parent) blocks nothing.
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.ppid, since: "2026-11-23T07:00:00.000Z" }));
    const lock = await lockStateFile(path, { abstract: true, now: at });
    await expect(lockStateFile(path, { abstract: true })).rejects.toThrow(
      `it is held by another dispatch-fake (pid ${process.pid}, since 2026-11-23T08:00:00.000Z): stop that server or use another file`,
    );
    expect(readdirSync(dir)).toEqual(["state.json.lock"]);
    lock.release();
    lock.release();
    const again = await lockStateFile(path, { abstract: true });
    again.release();
  });

  it("without an abstract namespace: a socket file, taken over when nobody answers on it, removed on release", async () => {
    const dir = freshDir();
    const sockets = freshDir();
    const path = join(dir, "state.json");
    const address = lockAddress(path, { abstract: false, socketDir: sockets });
    // Left behind by a process that is gone: nobody answers there.
    writeFileSync(address, "");
    const lock = await lockStateFile(path, { abstract: false, socketDir: sockets, now: at });
    await expect(lockStateFile(path, { abstract: false, socketDir: sockets })).rejects.toThrow(
      `it is held by another dispatch-fake (pid ${process.pid}, since 2026-11-23T08:00:00.000Z)`,
    );
    lock.release();
    expect(readdirSync(sockets)).toEqual([]);
  });

  it("the lock is the real path's: a symlink to the file, or to its folder, is the same file", async () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    writeFileSync(path, "{}");
    symlinkSync(path, join(dir, "alias.json"));
    symlinkSync(dir, join(dir, "folder-alias"));
    expect(realStatePath(join(dir, "alias.json"))).toBe(realStatePath(path));
    expect(realStatePath(join(dir, "folder-alias", "alias.json"))).toBe(realStatePath(path));
    // A dangling symlink is followed to where its target will be.
    symlinkSync(join(dir, "later.json"), join(dir, "dangling.json"));
    expect(realStatePath(join(dir, "dangling.json"))).toBe(realStatePath(join(dir, "later.json")));
  });
});

describe("removeLeftTemporaries", () => {
  it("removes only the temporary files of this state file's saves", () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    const names = [
      ".state.json.4242.0123456789ab.tmp",
      ".state.json.7.ffffffffffff.tmp",
      ".state.json.4242.0123456789ab.tmp.keep",
      ".stateXjson.4242.0123456789ab.tmp",
      ".other.json.4242.0123456789ab.tmp",
      "state.json",
    ];
    for (const name of names) writeFileSync(join(dir, name), "x");
    expect(removeLeftTemporaries(path).sort()).toEqual([
      ".state.json.4242.0123456789ab.tmp",
      ".state.json.7.ffffffffffff.tmp",
    ]);
    expect(readdirSync(dir).sort()).toEqual(names.slice(2).sort());
  });
});
