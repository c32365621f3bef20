import { describe, expect, it } from "vitest";
import { createIds } from "./ids.js";

const draw = (ids: ReturnType<typeof createIds>) => [ids.uuid(), ids.token(), ids.uuid(), ids.secret(), ids.uuid()];

describe("createIds", () => {
  it("gives the same ids, tokens and secrets for the same seed, and goes on from a saved position", () => {
    const a = createIds(7);
    expect(draw(createIds(7))).toEqual(draw(a));
    expect(draw(createIds(8))).not.toEqual(draw(createIds(7)));
    const b = createIds(7);
    b.uuid();
    expect(createIds(7, b.position).uuid()).toBe(b.uuid());
  });

  it("with entropy, draws tokens and secrets from it and keeps every uuid the seed gives", () => {
    let word = 0;
    const entropy = (words: number) => Uint32Array.from({ length: words }, () => ++word);
    const [u1, token, u2, secret, u3] = draw(createIds(7, undefined, entropy));
    const seeded = draw(createIds(7));
    expect([u1, u2, u3]).toEqual([seeded[0], seeded[2], seeded[4]]);
    expect(token).toBe("dpt_0000000100000002000000030000000400000005");
    expect(secret).toBe("whsec_000000060000000700000008000000090000000a0000000b");
    expect(createIds(7, 0, entropy).entropy).toBe(entropy);
    expect(createIds(7).entropy).toBeUndefined();
  });
});
