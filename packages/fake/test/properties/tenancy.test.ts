/**
 * Tenancy, generated: requests of organization A for every operation of openapi.yaml in which some of A's ids
 * (path, query, body, nested lists) are swapped for organization B's ids of the same kind. B's ids must be
 * indistinguishable from ids that do not exist: the answer equals (status, code, body up to the id itself and
 * the request id) the answer to the same request with fresh unknown ids in their place. B's part of the state
 * is unchanged, and no answer to A names anything of B that A did not send.
 */

import type { FakeSnapshot } from "@dispatchkit/fake";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractValidator, loadSpec } from "../../../../test/support/openapi-validator.js";
import { type Generated, operationsOf, RUNS, requestsFor, SEED, TIMEOUT } from "./support/requests.js";
import { type Answer, buildWorld, type RawRequest, sendRaw, uuidsOf, type World } from "./support/world.js";

const spec = loadSpec();
const validator = createContractValidator();
const operations = operationsOf(spec);

let world: World;
let snapshot: FakeSnapshot;
let swaps = 0;
let requests = 0;

beforeAll(async () => {
  world = await buildWorld();
  snapshot = world.fake.snapshot();
});

afterAll(() => {
  if (process.env.FUZZ_REPORT) console.info(`tenancy: ${requests} requests, ${swaps} with B's ids in them`);
});

/** The records of one organization, everywhere in the state (a structural dump). */
function partOf(organizationId: string): unknown {
  const own = (v: unknown) => {
    const record = v as { organizationId?: unknown; id?: unknown } | null;
    return record?.organizationId === organizationId || record?.id === organizationId;
  };
  const keep = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter(own);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keep(v)]));
    }
    return null;
  };
  return keep(world.fake.inspect());
}

/** Swap every occurrence of `from[i]` for `to[i]` in the path and the body. */
function swap(r: RawRequest, from: readonly string[], to: readonly string[]): RawRequest {
  const apply = (s: string) => from.reduce((acc, f, i) => acc.split(f).join(to[i] ?? f), s);
  return { ...r, path: apply(r.path), ...(r.body !== undefined ? { body: apply(r.body) } : {}) };
}

async function send(r: RawRequest): Promise<Answer> {
  world.fake.restore(snapshot);
  world.logged.length = 0;
  requests++;
  return sendRaw((q) => world.fake.fetch(q), world.fake.baseUrl, r);
}

/** An answer with the ids the request named (and the request id) blanked, for comparing two answers. */
function normalized(answer: Answer, ids: readonly string[], numbers: readonly number[]): unknown {
  let text = ids.reduce((acc, id) => acc.split(id).join("<id>"), answer.text);
  for (const n of numbers) text = text.replace(new RegExp(`(?<![0-9])${n}(?![0-9])`, "g"), "<id>");
  text = text.replace(/req_[0-9a-f]+/g, "<request>");
  return { status: answer.status, text };
}

async function check(g: Generated, mask: number, unknown: string[]): Promise<void> {
  const { a, b } = world;
  const aIds = uuidsOf(a);
  const bIds = uuidsOf(b);
  // Which of A's ids become B's: a bit of `mask` per id (all of them when the mask picks none that occur).
  const chosen = aIds.map((_, i) => (mask >> i) % 2 === 1);
  let from = aIds.filter((_, i) => chosen[i]);
  let to = bIds.filter((_, i) => chosen[i]);
  const occurs = (r: RawRequest, id: string) => r.path.includes(id) || (r.body ?? "").includes(id);
  if (!from.some((id) => occurs(g.request, id))) {
    from = aIds;
    to = bIds;
  }
  let foreign = swap(g.request, from, to);
  let stranger = swap(g.request, from, unknown.slice(0, from.length));
  // The v1 workspace is a number in the query.
  if (g.request.path.includes(`workspaceId=${a.wsId}`)) {
    foreign = { ...foreign, path: foreign.path.replace(`workspaceId=${a.wsId}`, `workspaceId=${b.wsId}`) };
    stranger = { ...stranger, path: stranger.path.replace(`workspaceId=${a.wsId}`, "workspaceId=999999") };
  }
  const sent = [...bIds, ...unknown].filter((id) => occurs(foreign, id) || occurs(stranger, id));
  const named = foreign.path !== g.request.path || foreign.body !== g.request.body;
  if (named) swaps++;

  world.fake.restore(snapshot);
  const bBefore = partOf(b.organizationId);
  const answer = await send(foreign);
  const label = `${foreign.method} ${foreign.path} ${foreign.body?.slice(0, 300) ?? ""} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, label).toBeLessThan(500);
  expect(world.logged, label).toEqual([]);
  expect(
    validator.check(foreign.method, `${world.fake.baseUrl}${foreign.path}`, answer.status, answer.headers, answer.text),
    label,
  ).toEqual([]);
  expect(partOf(b.organizationId), `${label}: B's state changed`).toEqual(bBefore);
  const leaked = [...bIds, b.token].filter((id) => answer.text.includes(id) && !occurs(foreign, id));
  expect(leaked, `${label}: names B's data`).toEqual([]);
  if (!named) return;
  const baseline = await send(stranger);
  const numbers = foreign.path.includes(`workspaceId=${b.wsId}`) ? [b.wsId, 999999] : [];
  expect(normalized(answer, sent, numbers), `${label}: B's ids are told apart from unknown ids`).toEqual(
    normalized(baseline, sent, numbers),
  );
}

describe("no token reaches another organization's data", () => {
  for (const op of operations) {
    it(
      `${op.id}: ${op.method} ${op.template}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(
            requestsFor(spec, op, world, validator, { control: false, expiredToken: "", validOnly: true }),
            fc.nat(),
            fc.array(fc.uuid({ version: 4 }), { minLength: 20, maxLength: 20 }),
            check,
          ),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      TIMEOUT,
    );
  }
});
