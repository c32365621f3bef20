import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha256.js";

const viaWebCrypto = async (bytes: Uint8Array) =>
  Array.from(new Uint8Array(await webcrypto.subtle.digest("SHA-256", bytes)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");

describe("sha256Hex", () => {
  it("gives the published digests of the empty text and of abc", () => {
    expect(sha256Hex(new Uint8Array())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex(new TextEncoder().encode("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("agrees with WebCrypto at every padding boundary and on text that is not ASCII", async () => {
    const random = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7919 + n * 31) & 0xff);
    const inputs = [
      ...[1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 65_536].map(random),
      new TextEncoder().encode('{"name":"Zoë 🚚","address":"Straße 1"}'),
    ];
    for (const bytes of inputs) expect(sha256Hex(bytes)).toBe(await viaWebCrypto(bytes));
  });
});
