/**
 * The idempotency keys the transport makes for POST where `crypto.randomUUID` is missing (from
 * `getRandomValues`, with the UUID version and variant bits set).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ok, scripted, URL_ } from "./support/scripted-transport.js";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("idempotency keys from getRandomValues", () => {
  it.each([
    [0x00, "00000000-0000-4000-8000-000000000000"],
    [0xff, "ffffffff-ffff-4fff-bfff-ffffffffffff"],
    [0x5a, "5a5a5a5a-5a5a-4a5a-9a5a-5a5a5a5a5a5a"],
  ])("sets the version and variant bits on random bytes all %i", async (byte, key) => {
    Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true });
    vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation((array) => {
      new Uint8Array(array.buffer).fill(byte);
      return array;
    });
    try {
      const { send, seen } = scripted([ok]);
      await send(new Request(URL_, { method: "POST", body: "{}" }));
      expect(seen[0]?.headers.get("idempotency-key")).toBe(key);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
