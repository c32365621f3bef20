/**
 * One message style for validation errors (issue 23): every detail names the field by its path and says what is
 * wrong in a sentence of ours, never zod's default wording ("Invalid input: expected string, received number").
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { issueMessage, parseWith } from "../src/http/input.js";
import { orderInput, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

async function createOrderWith(field: Record<string, unknown>) {
  const { fake } = server;
  const res = await fake.fetch(`/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}`, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify([{ ...orderInput(0), ...field }]),
  });
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; details: { path: string; message: string }[] };
  expect(body.code).toBe("VALIDATION_FAILED");
  return body.details;
}

describe("validation messages through the API", () => {
  it("say what the field must be and what it got, with its path", async () => {
    expect(await createOrderWith({ name: 5 })).toEqual([
      { path: "[0].name", message: "must be a string, got a number" },
    ]);
    expect(await createOrderWith({ priority: "urgent" })).toEqual([
      { path: "[0].priority", message: 'must be one of "low", "normal", "high", got "urgent"' },
    ]);
    expect(await createOrderWith({ tags: "x" })).toEqual([
      { path: "[0].tags", message: "must be an array, got a string" },
    ]);
    expect(await createOrderWith({ duration: -1 })).toEqual([{ path: "[0].duration", message: "must be at least 0" }]);
    // A rule of the contract keeps its own sentence.
    expect(await createOrderWith({ locations: [] })).toEqual([
      { path: "[0].locations", message: "exactly one location is required" },
    ]);
  });
});

describe("text fields are Unicode text", () => {
  async function createOrderRaw(nameJson: string) {
    const { fake } = server;
    const body = `[{"deliveryDate":"2026-11-23","locations":[{"address":"A","latitude":52.5,"longitude":13.4}],"name":${nameJson}}]`;
    return fake.fetch(`/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body,
    });
  }

  it("refuse a NUL character and an unpaired surrogate, naming the field; a real pair (an emoji) is kept", async () => {
    const nul = await createOrderRaw('"a\\u0000b"');
    expect(nul.status).toBe(400);
    expect((await nul.json()).details).toEqual([
      { path: "[0].name", message: "must not contain a NUL character (U+0000)" },
    ]);
    for (const lone of ['"x\\ud800"', '"\\udc00y"', '"\\udc00\\ud800"']) {
      const answer = await createOrderRaw(lone);
      expect([lone, answer.status]).toEqual([lone, 400]);
      expect((await answer.json()).details).toEqual([
        { path: "[0].name", message: "must be valid Unicode: it contains an unpaired surrogate" },
      ]);
    }
    const pair = await createOrderRaw('"\\ud83d\\ude9a truck"');
    expect(pair.status).toBe(201);
    expect((await pair.json()).data[0].name).toBe("🚚 truck");
  });
});

describe("issueMessage", () => {
  const message = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error("expected a problem");
    return result.error.issues.map((issue) => issueMessage(issue, value));
  };

  it("words every kind of problem, with singular and plural bounds", () => {
    expect(message(z.int(), 1.5)).toEqual(["must be an integer, got a number"]);
    expect(message(z.string(), null)).toEqual(["must be a string, got null"]);
    expect(message(z.string(), undefined)).toEqual(["must be a string, got nothing"]);
    expect(message(z.number(), Number.NaN)).toEqual(["must be a number, got NaN"]);
    expect(message(z.string().min(1), "")).toEqual(["must be at least 1 character long"]);
    expect(message(z.string().max(3), "abcd")).toEqual(["must be at most 3 characters long"]);
    expect(message(z.array(z.string()).max(1), ["a", "b"])).toEqual(["must have at most 1 item"]);
    expect(message(z.array(z.string()).min(2), ["a"])).toEqual(["must have at least 2 items"]);
    expect(message(z.number().gt(0), 0)).toEqual(["must be greater than 0"]);
    expect(message(z.number().lt(10), 10)).toEqual(["must be less than 10"]);
    expect(message(z.number().max(10), 11)).toEqual(["must be at most 10"]);
    expect(message(z.number().multipleOf(5), 7)).toEqual(["must be a multiple of 5"]);
    expect(message(z.uuid(), "nope")).toEqual(["must be a UUID"]);
    expect(message(z.iso.datetime(), "tomorrow")).toEqual(["must be an ISO-8601 date-time"]);
    expect(message(z.email(), "x")).toEqual(["must be an email address"]);
    expect(message(z.string().regex(/^a+$/), "b")).toEqual(["must match /^a+$/"]);
    expect(message(z.literal("x"), "y")).toEqual(['must be "x", got "y"']);
    expect(message(z.union([z.string(), z.number()]), true)).toEqual([
      "does not match any accepted form, got a boolean",
    ]);
    // A message the schema set itself is kept.
    expect(
      message(
        z.string().refine((v) => v !== "", "must not be empty"),
        "",
      ),
    ).toEqual(["must not be empty"]);
    expect(message(z.string({ error: "needs a name" }), 1)).toEqual(["needs a name"]);
  });

  it("is what parseWith answers, naming the path", () => {
    expect(() => parseWith(z.strictObject({ at: z.number() }), { at: "now" }, "advance the clock")).toThrow(
      expect.objectContaining({ details: [{ path: "at", message: "must be a number, got a string" }] }),
    );
  });
});
