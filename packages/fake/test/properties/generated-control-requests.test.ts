// Reaches the fake's runtime on purpose: it sends generated requests to the runtime's router with { control: true }, the one pipeline the hosts use.
/**
 * Generated requests for every operation of the fake's control API (packages/fake/control-openapi.yaml), valid
 * and broken, answered by the fake's router with its control endpoints (what the standalone server serves). For every
 * answer: no 5xx and nothing logged; it validates against control-openapi.yaml; an error carries a code and,
 * for VALIDATION_FAILED, details with a field path; a body the document rejects answers 400; and a refused
 * request leaves the state, the faults, the action policies and the clock as they were.
 */

import type { FakeSnapshot } from "@dispatchkit/fake";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createControlValidator, loadControlSpec } from "../../../../test/support/openapi-validator.js";
import { runtimeOf } from "../../src/runtime.js";
import { type Generated, operationsOf, RUNS, requestsFor, SEED, TIMEOUT } from "./support/requests.js";
import { buildWorld, expectErrorBody, sendRaw, stateOf, type World } from "./support/world.js";

const spec = loadControlSpec();
const validator = createControlValidator();
const operations = operationsOf(spec);

let world: World;
let snapshot: FakeSnapshot;
const tally = new Map<number, number>();

beforeAll(async () => {
  world = await buildWorld();
  snapshot = world.fake.snapshot();
});

afterAll(() => {
  if (!process.env.FUZZ_REPORT) return;
  const total = [...tally.values()].reduce((x, y) => x + y, 0);
  console.info(
    `generated control requests: ${total}, by status ${JSON.stringify(Object.fromEntries([...tally].sort()))}`,
  );
});

/** Everything a control request may change. */
function everything(w: World): unknown {
  const { fake } = w;
  return { state: stateOf(fake), faults: fake.faults.list(), policies: fake.actions.policies(), now: fake.clock.now() };
}

/** Put the world back as it was built: state, faults, policies, driver. */
function fresh(w: World): void {
  const { fake } = w;
  fake.driver.stop();
  fake.faults.clear();
  for (const kind of ["schedule", "publish", "update", "delete"] as const) fake.actions.policy(kind, "immediate");
  fake.restore(snapshot);
  w.logged.length = 0;
}

async function check(g: Generated): Promise<void> {
  const { fake, logged } = world;
  fresh(world);
  const before = everything(world);
  const { router } = runtimeOf(fake);
  const answer = await sendRaw((r) => router.handle(r, { control: true }), fake.baseUrl, g.request);
  tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
  const label = `${g.request.method} ${g.request.path.slice(0, 120)} ${g.request.body?.slice(0, 200) ?? ""} (broken: ${g.broken}) → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, label).toBeLessThan(500);
  expect(logged, label).toEqual([]);
  expect(
    validator.check(g.request.method, `${fake.baseUrl}${g.request.path}`, answer.status, answer.headers, answer.text),
    label,
  ).toEqual([]);
  if (answer.status >= 400) {
    expectErrorBody(answer, label);
    expect(everything(world), `${label}: a refused request changed the fake`).toEqual(before);
  }
  if (g.expected) {
    expect(g.expected.statuses, label).toContain(answer.status);
    expect(g.expected.codes, label).toContain(answer.body?.code);
  }
}

describe("generated requests for every operation of control-openapi.yaml", () => {
  it("covers every control operation", () => {
    expect(operations).toHaveLength(29);
  });

  for (const op of operations) {
    it(
      `${op.id}: ${op.method} ${op.template}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestsFor(spec, op, world, validator, { control: true, expiredToken: "" }), check),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      TIMEOUT,
    );
  }
});
