import { describe, expect, it } from "vitest";
import { createIds, createRequestIds, randomRequestIds, seededRequestIds } from "./ids.js";

const draw = (ids: ReturnType<typeof createIds>) => [ids.uuid(), ids.token(), ids.uuid(), ids.secret(), ids.uuid()];

describe("createIds", () => {
  it("gives the same ids, tokens and secrets for the same seed, and goes on from a saved position", () => {
    const a = createIds(7);
    expect(draw(createIds(7))).toEqual(draw(a));
    expect(draw(createIds(8))).not.toEqual(draw(createIds(7)));
    const b = createIds(7);
    b.uuid();
    expect(createIds(b.position).uuid()).toBe(b.uuid());
  });

  it("with entropy, draws tokens and secrets from it and keeps every uuid the seed gives", () => {
    let word = 0;
    const entropy = (words: number) => Uint32Array.from({ length: words }, () => ++word);
    const [u1, token, u2, secret, u3] = draw(createIds(7, entropy));
    const seeded = draw(createIds(7));
    expect([u1, u2, u3]).toEqual([seeded[0], seeded[2], seeded[4]]);
    expect(token).toBe("dpt_0000000100000002000000030000000400000005");
    expect(secret).toBe("whsec_000000060000000700000008000000090000000a0000000b");
    expect(createIds(0, entropy).entropy).toBe(entropy);
    expect(createIds(7).entropy).toBeUndefined();
  });

  it("takes request ids from their own stream, advancing the seeded sequence as much as a seeded id of 3 words", () => {
    const withRequest = createIds(7);
    const withEvent = createIds(7);
    const ownIds = createRequestIds(99);
    const own = createIds(7, undefined, ownIds);
    expect(own.requestIds).toBe(ownIds);
    expect(own.requestId()).toBe(createRequestIds(99)());
    withRequest.requestId();
    withEvent.eventId();
    expect(withRequest.uuid()).toBe(withEvent.uuid());
    const plain = createIds(7);
    plain.eventId();
    expect(own.uuid()).toBe(plain.uuid());
    // A generator re-created at a position goes on with the seed's stream unless given the one in use.
    expect(createIds(7).requestId()).toBe(seededRequestIds(7)());
    expect(seededRequestIds(7)()).not.toBe(seededRequestIds(8)());
  });
});

describe("createRequestIds", () => {
  it("never repeats an id within a stream, and the same start and salt give the same ids", () => {
    const next = createRequestIds(0xffff_fff0);
    const seen = new Set<string>();
    for (let i = 0; i < 300_000; i++) seen.add(next());
    expect(seen.size).toBe(300_000);
    const again = createRequestIds(0xffff_fff0);
    expect(again()).toMatch(/^req_[0-9a-f]{24}$/);
    expect(createRequestIds(5, [1, 2, 3])()).toBe(createRequestIds(5, [1, 2, 3])());
  });

  it("salts every word, so two starts drawn at random overlap in no id", () => {
    const plain = createRequestIds(5)();
    const salted = createRequestIds(5, [0xff, 0, 0x10])();
    expect(salted.slice(4, 12)).not.toBe(plain.slice(4, 12));
    expect(salted.slice(12, 20)).toBe(plain.slice(12, 20));
    expect(salted.slice(20)).not.toBe(plain.slice(20));
    const words = [5, 0xff, 0, 0x10];
    expect(randomRequestIds((n) => Uint32Array.from(words.slice(0, n)))()).toBe(salted);
  });
});
