import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createFake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { seedDemoData } from "../src/demo.js";
import { writeFileAtomically } from "../src/state-file/atomic-file.js";
import { formatStateFile, type StateFile } from "../src/state-file/format.js";
import {
  captureStateFile,
  createChangeGate,
  createStateSaver,
  createWorkerWriter,
  digestOf,
  type StateFileWriter,
} from "../src/state-file/state-file.js";
import { pieceText, stateFileText } from "../src/state-file/text.js";
import { diskWithRoom, freshDirs } from "./support/disk.js";

const freshDir = freshDirs("dispatch-fake-saves-");

const joined = (file: StateFile) => [...stateFileText(file)].map(pieceText).join("");

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
      const volatile = [...stateFileText(file)].filter((piece) => piece.volatile === true).map(pieceText);
      expect(volatile).toEqual([
        JSON.stringify(file.savedAt),
        ...(frozen ? [] : [JSON.stringify(file.clock.now)]),
        String(file.fake.idsPosition),
      ]);
    }
  });
});

describe("writeFileAtomically of a save's pieces", () => {
  it("writes every piece through short writes, with mode 0600, and keeps the old file when the disk fills up", () => {
    const dir = freshDir();
    const path = join(dir, "state.json");
    const pieces = Array.from({ length: 300 }, (_, i) => Buffer.from(`${"é".repeat(500)}${i}\n`, "utf8"));
    writeFileAtomically(path, pieces, diskWithRoom(10_000_000));
    expect(readFileSync(path, "utf8")).toBe(Buffer.concat(pieces).toString("utf8"));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(() => writeFileAtomically(path, [Buffer.alloc(200_000, 120)], diskWithRoom(163_840))).toThrow(/ENOSPC/);
    expect(readFileSync(path, "utf8")).toBe(Buffer.concat(pieces).toString("utf8"));
    expect(readdirSync(dir)).toEqual(["state.json"]);
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
  it.each([
    ["in this thread", undefined],
    ["on the worker thread", createWorkerWriter],
  ])(
    "answers what waits between the slices of its capture, holds changes until the capture ends, and writes the same file (%s)",
    async (_where, writer?: (path: string, last: string | undefined) => StateFileWriter) => {
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
        ...(writer ? { writer } : {}),
      });
      const post = async (name: string) => {
        const answer = await fake.fetch(`/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, {
          method: "POST",
          headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
          body: JSON.stringify([
            { deliveryDate: "2026-11-24", name, locations: [{ address: "X", latitude: 52.5, longitude: 13.4 }] },
          ]),
        });
        expect(answer.status).toBe(201);
      };
      // A first save (a worker thread starts meanwhile), then a change for the save under test to write.
      expect(await saver.flush()).toBe(true);
      await post("Made before the save");
      const events: string[] = [];
      const saved = saver.flush().then((ok) => events.push(`saved ${ok}`));
      // A read between two slices of the capture, and a change made then, which waits for the capture to end.
      const changed = new Promise<void>((done) =>
        setImmediate(() => {
          events.push("read answered");
          done(
            gate.change(async () => {
              events.push("change runs");
              await post("Made during the capture");
            }),
          );
        }),
      );
      await Promise.all([saved, changed]);
      expect(events.indexOf("read answered")).toBeLessThan(events.indexOf("change runs"));
      expect(events.indexOf("change runs")).toBeLessThan(events.indexOf("saved true"));
      // The change waited for the capture: the file holds the state before it, and the next save writes it.
      expect(readFileSync(path, "utf8")).toContain("Made before the save");
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
    },
  );
});

describe("createWorkerWriter", () => {
  it("writes on the worker thread, skips a save equal to the last, and reports a failed write keeping the old file", async () => {
    const fake = createFake({ seed: 6, now: "2026-11-23T08:00:00Z" });
    const file = captureStateFile(fake, { seed: 6, frozen: true });
    const dir = freshDir();
    const path = join(dir, "state.json");
    const writer = createWorkerWriter(path, undefined);
    const save = (target: StateFileWriter) => {
      const job = target.save();
      for (const piece of stateFileText(file)) job.add(piece);
      return job.end();
    };
    expect(await save(writer)).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(formatStateFile(file));
    expect(await save(writer)).toBe(false);
    await writer.close();
    // Started knowing what the file holds: nothing to write.
    const again = createWorkerWriter(path, digestOf(stateFileText(file)));
    expect(await save(again)).toBe(false);
    await again.close();
    // A folder that does not exist: the write fails with its reason, and nothing is left behind.
    const nowhere = createWorkerWriter(join(dir, "missing", "state.json"), undefined);
    await expect(save(nowhere)).rejects.toThrow(/ENOENT/);
    await nowhere.close();
    writeFileSync(join(dir, "other"), "x");
    expect(readdirSync(dir).sort()).toEqual(["other", "state.json"]);
  });
});
