/**
 * The state file's save path off the main thread: the text is written out piece by piece (the same bytes as the
 * whole file at once), the write, fsync and rename run in node's thread pool and keep the old file on any failure,
 * and a save lets requests in between its slices while changes wait for its capture.
 */
import * as fs from "node:fs";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFake } from "@dispatchkit/fake";
import { afterAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../src/standalone/demo.js";
import {
  type AsyncSaveFs,
  asyncFs,
  captureStateFile,
  createChangeGate,
  createStateSaver,
  stateFileText,
  writeFileAtomicallyAsync,
} from "../src/standalone/state-file.js";
import { formatStateFile, type StateFile } from "../src/standalone/state-file-format.js";

const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "dispatch-fake-saves-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const joined = (file: StateFile) => [...stateFileText(file)].map((piece) => piece.text).join("");

/** The thread-pool calls of a disk that fills up: short writes of at most 4 KiB, then ENOSPC after `room` bytes. */
function asyncDiskWithRoom(room: number): AsyncSaveFs {
  let left = room;
  return {
    ...asyncFs,
    async write(fd, buffer, offset, length) {
      if (left === 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      const taken = Math.min(left, length, 4096);
      left -= taken;
      return asyncFs.write(fd, buffer, offset, taken);
    },
  };
}

describe("stateFileText", () => {
  it("gives exactly the bytes of formatStateFile, with only the save instant, a real clock's now and the ids' position volatile", async () => {
    const fake = createFake({ seed: 3 });
    await seedDemoData(fake);
    const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
    // Values JSON.stringify treats apart: line feeds and quotes in strings, a key named __proto__, empty containers.
    const created = await fake.fetch(`/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: JSON.stringify([
        {
          deliveryDate: "2026-11-24",
          name: 'Line\nfeed "quoted" \u00e9\u{1f69a}',
          customFields: JSON.parse('{"__proto__":"kept","empty":""}'),
          locations: [{ address: "A\nB", latitude: 52.5, longitude: 13.4 }],
        },
      ]),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    for (const frozen of [false, true]) {
      const file = captureStateFile(fake, { seed: 3, frozen }, { copy: false });
      expect(joined(file)).toBe(formatStateFile(file));
      const volatile = [...stateFileText(file)].filter((piece) => piece.volatile).map((piece) => piece.text);
      expect(volatile).toEqual([
        JSON.stringify(file.savedAt),
        ...(frozen ? [] : [JSON.stringify(file.clock.now)]),
        String(file.fake.idsPosition),
      ]);
    }
  });
});

describe("writeFileAtomicallyAsync", () => {
  it("writes every piece through short writes, with mode 0600, and leaves no temporary file", async () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    const pieces = Array.from({ length: 3000 }, (_, i) => `${"é".repeat(500)}${i}\n`);
    await writeFileAtomicallyAsync(path, pieces, asyncDiskWithRoom(10_000_000));
    expect(readFileSync(path, "utf8")).toBe(pieces.join(""));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("keeps the old file whole when the disk fills up mid-save, and removes its temporary file", async () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    writeFileSync(path, '{"good":true}');
    await expect(writeFileAtomicallyAsync(path, ["x".repeat(200_000)], asyncDiskWithRoom(163_840))).rejects.toThrow(
      /ENOSPC/,
    );
    expect(readFileSync(path, "utf8")).toBe('{"good":true}');
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("refuses a write that makes no progress, and a rename that fails, keeping the old file", async () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    writeFileSync(path, "old");
    await expect(writeFileAtomicallyAsync(path, ["new"], { ...asyncFs, write: async () => 0 })).rejects.toThrow(
      /ENOSPC/,
    );
    const noRename: AsyncSaveFs = {
      ...asyncFs,
      rename: async () => {
        throw Object.assign(new Error("EACCES: permission denied, rename"), { code: "EACCES" });
      },
    };
    await expect(writeFileAtomicallyAsync(path, ["new"], noRename)).rejects.toThrow(/EACCES/);
    expect(readFileSync(path, "utf8")).toBe("old");
    expect(readdirSync(dir)).toEqual(["state.json"]);
    // Never through an existing name: the exclusive create fails, and the file it named is untouched.
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious");
    const taken: AsyncSaveFs = {
      ...asyncFs,
      open: (p, flags, mode) => asyncFs.open(p.endsWith(".tmp") ? victim : p, flags, mode),
    };
    await expect(writeFileAtomicallyAsync(path, ["again"], taken)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(victim, "utf8")).toBe("precious");
    expect(fs.readFileSync(path, "utf8")).toBe("old");
  });
});

describe("createChangeGate", () => {
  it("holds a change while a capture runs, starts a capture once the changes under way have ended, and runs a step between", async () => {
    const gate = createChangeGate();
    const order: string[] = [];
    let endChange = () => {};
    const change = gate.change(async () => {
      order.push("change 1 starts");
      await new Promise<void>((resolve) => {
        endChange = resolve;
      });
      order.push("change 1 ends");
    });
    let endCapture = () => {};
    const capture = gate.capture(async () => {
      order.push("capture starts");
      await new Promise<void>((resolve) => {
        endCapture = resolve;
      });
      order.push("capture ends");
    });
    const second = gate.change(async () => {
      order.push("change 2");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(["change 1 starts"]);
    // A step does not wait for a capture that still waits for the changes under way (one may wait for the step).
    await gate.between(() => order.push("step while the capture waits"));
    endChange();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order.at(-1)).toBe("capture starts");
    // While the capture runs, a step waits for its end.
    const step = gate.between(() => order.push("step after the capture"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order.at(-1)).toBe("capture starts");
    endCapture();
    await Promise.all([change, capture, second, step]);
    expect(order.slice(0, 5)).toEqual([
      "change 1 starts",
      "step while the capture waits",
      "change 1 ends",
      "capture starts",
      "capture ends",
    ]);
    expect(order.slice(5).sort()).toEqual(["change 2", "step after the capture"]);
  });
});

describe("createStateSaver with a large state", () => {
  it("answers what waits between the slices of its capture, holds changes until the capture ends, and writes the same file", async () => {
    const fake = createFake({ seed: 5, now: "2026-11-23T08:00:00Z", log: () => {} });
    await seedDemoData(fake, { orders: 1000, routes: 10 });
    const dir = freshDir();
    const path = join(dir, "state.json");
    const gate = createChangeGate();
    const options = { seed: 5, frozen: true };
    const saver = createStateSaver({
      path,
      capture: () => captureStateFile(fake, options, { copy: false }),
      report: (message) => {
        throw new Error(message);
      },
      gate,
      // A slice at every check, so the test does not depend on the machine's speed.
      sliceMs: 0,
    });
    const events: string[] = [];
    const saved = saver.flush().then((ok) => events.push(`saved ${ok}`));
    // A read between two slices of the capture, and a change made then, which waits for the capture to end.
    const changed = new Promise<void>((done) =>
      setImmediate(() => {
        events.push("read answered");
        done(
          gate.change(async () => {
            events.push("change runs");
            const answer = await fake.fetch(`/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, {
              method: "POST",
              headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
              body: JSON.stringify([
                {
                  deliveryDate: "2026-11-24",
                  name: "Made during the capture",
                  locations: [{ address: "X", latitude: 52.5, longitude: 13.4 }],
                },
              ]),
            });
            expect(answer.status).toBe(201);
          }),
        );
      }),
    );
    await Promise.all([saved, changed]);
    expect(events.indexOf("read answered")).toBeLessThan(events.indexOf("change runs"));
    expect(events.indexOf("change runs")).toBeLessThan(events.indexOf("saved true"));
    // The change waited for the capture: the file holds the state before it, and the next save writes it.
    expect(readFileSync(path, "utf8")).not.toContain("Made during the capture");
    expect(await saver.flush()).toBe(true);
    const written = readFileSync(path, "utf8");
    expect(written).toContain("Made during the capture");
    const expected = captureStateFile(fake, options);
    expect(written).toBe(formatStateFile({ ...expected, savedAt: JSON.parse(written).savedAt }));
    // Nothing changed since: the next save writes nothing.
    const before = statSync(path).mtimeMs;
    expect(await saver.flush()).toBe(true);
    expect(statSync(path).mtimeMs).toBe(before);
  });
});
