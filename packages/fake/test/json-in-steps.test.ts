// JSON parsed and stringified in steps (http/json-in-steps.ts), what a fixtures load over HTTP runs between other
// requests: the same value as JSON.parse and the same text as JSON.stringify, JSON.parse's own error for a text that
// is not JSON, and many steps for a large text (a step is a run of items, never the whole list).
import { describe, expect, it } from "vitest";
import { runSteps, type Steps } from "../src/domain/steps.js";
import { parseJsonInSteps, stringifyInSteps } from "../src/http/json-in-steps.js";

/** The result of `steps` and how many times they yielded. */
function counted<T>(steps: Steps<T>): { value: T; steps: number } {
  let count = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { value: next.value, steps: count };
    count += 1;
  }
}

const orders = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key: `o${i}`,
    deliveryDate: "2026-12-01",
    locations: [{ address: `Street "${i}", [x] {y}\\ é`, latitude: 52.5 + i / 1e6, longitude: 13.4 }],
    tags: i % 2 ? ["a,b", "]"] : null,
  }));

describe("parseJsonInSteps", () => {
  it("gives JSON.parse's value for a large document, in many steps", () => {
    const text = JSON.stringify(
      { description: "d", organizations: [{ key: "o" }], orders: orders(2_000), webhooks: [] },
      null,
      1,
    );
    const { value, steps } = counted(parseJsonInSteps(text));
    expect(value).toEqual({ value: JSON.parse(text) });
    expect(steps).toBeGreaterThanOrEqual(7);
  });

  it("keeps the document's member order, a `__proto__` member as an own field, and any value at the top", () => {
    const text = `{"a":1,"__proto__":[${Array.from({ length: 600 }, (_, i) => i).join(",")}],"z":{"__proto__":2}}`;
    const parsed = runSteps(parseJsonInSteps(text)) as { value: Record<string, unknown> };
    expect(Object.keys(parsed.value)).toEqual(["a", "__proto__", "z"]);
    expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect(parsed.value).toEqual(JSON.parse(text));
    for (const other of ["[1,2,3]", '"text"', "12", "null", " { } ", `{"k":[${"1,".repeat(700)}1],"k":3}`]) {
      expect(runSteps(parseJsonInSteps(other))).toEqual({ value: JSON.parse(other) });
    }
  });

  it("throws JSON.parse's own error for a text that is not JSON, wherever the problem is", () => {
    const items = Array.from({ length: 1_000 }, (_, i) => `{"i":${i}}`);
    const broken = [
      `{"orders":[${items.slice(0, 700).join(",")},{"i":700,},${items.slice(701).join(",")}]}`,
      `{"orders":[${items.join(",")},]}`,
      `{"orders":[${items.join(",")}] "x":1}`,
      `{"orders":[${items.join(",")}]`,
      `{"orders":[${items.join(" ")}]}`,
    ];
    for (const text of broken) {
      let expected: unknown;
      try {
        JSON.parse(text);
      } catch (error) {
        expected = error;
      }
      expect(expected).toBeInstanceOf(SyntaxError);
      expect(() => runSteps(parseJsonInSteps(text))).toThrow((expected as Error).message);
    }
  });

  it("says a text nests too deep, at the top or inside an item of a large list", () => {
    const deep = `${"[".repeat(65)}${"]".repeat(65)}`;
    expect(runSteps(parseJsonInSteps(deep))).toEqual({ tooDeep: true });
    const items = Array.from({ length: 600 }, (_, i) => (i === 500 ? `${"[".repeat(63)}${"]".repeat(63)}` : "1"));
    expect(runSteps(parseJsonInSteps(`{"orders":[${items.join(",")}]}`))).toEqual({ tooDeep: true });
    items[500] = `${"[".repeat(62)}${"]".repeat(62)}`;
    expect(runSteps(parseJsonInSteps(`{"orders":[${items.join(",")}]}`))).toEqual({
      value: { orders: items.map((item) => JSON.parse(item)) },
    });
  });
});

describe("stringifyInSteps", () => {
  it("gives JSON.stringify's text, a large list in many steps", () => {
    const value = { organizations: [{ key: "o", name: undefined }], orders: orders(1_000), skipped: undefined, n: 1 };
    const { value: text, steps } = counted(stringifyInSteps(value));
    expect(text).toBe(JSON.stringify(value));
    expect(steps).toBe(4);
  });
});
