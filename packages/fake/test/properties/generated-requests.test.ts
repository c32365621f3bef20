/**
 * Generated requests for every operation of openapi.yaml, valid and broken (one thing at a time), sent through
 * `fake.fetch` against a world of two organizations. For every answer: no 5xx and nothing logged; the answer
 * validates against openapi.yaml; an error carries a code of the contract and, for VALIDATION_FAILED, details
 * with a field path; a broken request gets the status, code and path the contract gives it; and a refused
 * request (any 4xx) leaves the whole state deep-equal to what it was.
 */

import type { FakeSnapshot } from "@dispatchkit/fake";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractValidator, loadSpec } from "../../../../test/support/openapi-validator.js";
import { type Generated, operationsOf, RUNS, requestsFor, SEED, TIMEOUT } from "./support/requests.js";
import { buildWorld, expectErrorBody, sendRaw, stateOf, type World } from "./support/world.js";

const spec = loadSpec();
const validator = createContractValidator();
const operations = operationsOf(spec).filter((op) => !op.template.startsWith("{$"));

let world: World;
let snapshot: FakeSnapshot;
let expired: string;
/** How many requests were sent, by status (printed once at the end with `FUZZ_REPORT=1`). */
const tally = new Map<number, number>();

afterAll(() => {
  if (!process.env.FUZZ_REPORT) return;
  const total = [...tally.values()].reduce((x, y) => x + y, 0);
  console.info(`generated requests: ${total}, by status ${JSON.stringify(Object.fromEntries([...tally].sort()))}`);
});

beforeAll(async () => {
  world = await buildWorld();
  expired = world.fake.control.createToken();
  world.fake.control.expireToken(expired);
  snapshot = world.fake.snapshot();
});

/** Send one generated request to a fresh copy of the world and check every property of its answer. */
async function check(g: Generated): Promise<void> {
  const { fake, logged } = world;
  fake.restore(snapshot);
  logged.length = 0;
  const before = stateOf(fake, !g.keyed);
  const answer = await sendRaw((r) => fake.fetch(r), fake.baseUrl, g.request);
  tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
  const label = `${g.request.method} ${g.request.path.slice(0, 120)} (broken: ${g.broken}) → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, label).toBeLessThan(500);
  expect(logged, label).toEqual([]);
  expect(
    validator.check(g.request.method, `${fake.baseUrl}${g.request.path}`, answer.status, answer.headers, answer.text),
    label,
  ).toEqual([]);
  if (answer.status >= 400) {
    expectErrorBody(answer, label);
    expect(stateOf(fake, !g.keyed), `${label}: a refused request changed the state`).toEqual(before);
  }
  if (answer.status === 201 && (g.request.path.startsWith("/v2/orders?") || g.request.path.startsWith("/v1/orders?"))) {
    storedAsSent(g.json, answer.body.data, label);
  }
  if (g.expected) {
    expect(g.expected.statuses, label).toContain(answer.status);
    expect(g.expected.codes, label).toContain(answer.body?.code);
    if (g.expected.path) {
      expect(
        (answer.body.details ?? []).map((d: { path: string }) => d.path),
        label,
      ).toContain(g.expected.path);
    }
  }
}

/** What an order was created with is what it reads: free strings, tags and custom fields as sent. */
function storedAsSent(sent: unknown, created: Record<string, unknown>[], label: string): void {
  const inputs = (Array.isArray(sent) ? sent : [sent]) as Record<string, unknown>[];
  expect(created.length, label).toBe(inputs.length);
  inputs.forEach((input, i) => {
    const order = created[i] as Record<string, unknown>;
    for (const field of ["name", "customerOrderNumber", "phone", "email", "instructions", "tags"]) {
      if (input[field] !== undefined && input[field] !== null)
        expect(order[field], `${label}: ${field}`).toEqual(input[field]);
    }
    const fields = input.customFields;
    if (fields && typeof fields === "object") {
      // Compared as entries: `__proto__` is an own key of both.
      const entries = (o: object) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1));
      expect(entries(order.customFields as object), `${label}: customFields`).toEqual(entries(fields));
    }
  });
}

describe("generated requests for every operation of openapi.yaml", () => {
  it("covers every operation of the document", () => {
    expect(operations.map((op) => op.id)).toHaveLength(31);
  });

  for (const op of operations) {
    it(
      `${op.id}: ${op.method} ${op.template}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestsFor(spec, op, world, validator, { control: false, expiredToken: expired }), check),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      TIMEOUT,
    );
  }
});
