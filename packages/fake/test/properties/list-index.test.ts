/**
 * The list indexes (src/domain/list-index.ts) answer exactly what filtering every stored record answers: after random
 * sequences of order creates, updates (a new delivery date), route creates, schedule runs, publishes, completions
 * (delivered and missed), deletes (one and many), snapshots and restores, resets and state-file round trips, every
 * list of orders (by workspace, date, status, date and status), of routes (by workspace, date) and of scheduling runs
 * answers, page by page, the records the old filter-everything lists answered, in the same order; and the pages
 * read through the API validate against openapi.yaml.
 *
 * It reaches the runtime (`runtimeOf`) because it tests a mechanism of it: the indexes against the stored records
 * they are derived from, and the domain's list commands directly.
 */
import { createFake, type Fake } from "@dispatchkit/fake";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createContractValidator } from "../../../../test/support/openapi-validator.js";
import { listActions } from "../../src/domain/actions.js";
import type { Context } from "../../src/domain/context.js";
import type { ListView } from "../../src/domain/list-index.js";
import { listOrders } from "../../src/domain/orders.js";
import type { OrderStatus, Principal } from "../../src/domain/records.js";
import { listRoutes } from "../../src/domain/routes.js";
import { exportFakeData, importFakeData, parseFakeData } from "../../src/host/state-json.js";
import { runtimeOf } from "../../src/runtime.js";
import { RUNS, SEED } from "./support/requests.js";

const validator = createContractValidator();
const DATES = ["2026-11-23", "2026-11-24", "2026-11-25"] as const;
const STATUSES: readonly OrderStatus[] = ["not_scheduled", "scheduled", "delivered", "missed"];

function newFake(): Fake {
  return createFake({
    now: "2026-11-23T06:00:00Z",
    organization: {
      workspaces: [
        { name: "North", timezone: "Europe/Berlin" },
        { name: "South", timezone: "Europe/Berlin" },
      ],
    },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

async function call(fake: Fake, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fake.fetch(path, {
    method,
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  expect(
    validator.check(method, response.url || `${fake.baseUrl}${path}`, response.status, response.headers, text),
  ).toEqual([]);
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const orderInput = (i: number, date: string) => ({
  name: `Customer ${i}`,
  deliveryDate: date,
  locations: [
    { address: `Street ${i}, Berlin`, latitude: 52.5 + (i % 17) * 0.003, longitude: 13.38 + (i % 11) * 0.004 },
  ],
});
const routeInput = (i: number, date: string) => ({
  name: `Van ${i}`,
  date,
  startTime: "08:00",
  endTime: "18:00",
  startLocation: { address: "Depot, Berlin", latitude: 52.52, longitude: 13.405 },
});

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("create" as const),
      ws: fc.nat(1),
      date: fc.nat(2),
      n: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("route" as const), ws: fc.nat(1), date: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("update" as const), pick: fc.nat(), date: fc.nat(2) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("schedule" as const),
      ws: fc.nat(1),
      date: fc.nat(2),
      publish: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("publish" as const), ws: fc.nat(1), date: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("complete" as const), pick: fc.nat(), missed: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("delete" as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("snapshot" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("restore" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reset" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("stateFile" as const) }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Every page of a view, read through its slices, joined. */
function pages<T>(view: ListView<T>, perPage: number): T[] {
  const out: T[] = [];
  for (let start = 0; start < view.length; start += perPage) out.push(...view.slice(start, start + perPage));
  return out;
}

/** The lists the indexes answer, compared with the filter over every record (the code the indexes replaced). */
function checkDomainLists(ctx: Context, principal: Principal, perPage: number): void {
  const { state } = ctx;
  for (const workspace of [...state.workspaces.values()].filter((w) => w.organizationId === principal.organizationId)) {
    const filters: { date?: string; status?: OrderStatus }[] = [{}];
    for (const date of DATES) filters.push({ date });
    for (const status of STATUSES) filters.push({ status });
    for (const date of DATES) for (const status of STATUSES) filters.push({ date, status });
    for (const filter of filters) {
      const expected = [...state.orders.values()].filter(
        (o) =>
          o.workspaceUuid === workspace.uuid &&
          (filter.date === undefined || o.deliveryDate === filter.date) &&
          (filter.status === undefined || o.status === filter.status),
      );
      const view = listOrders(ctx, principal, workspace, filter);
      expect(view.length, JSON.stringify(filter)).toBe(expected.length);
      expect(pages(view, perPage).map((o) => o.uuid)).toEqual(expected.map((o) => o.uuid));
      expect(view.slice(expected.length, expected.length + perPage)).toEqual([]);
    }
    for (const date of [undefined, ...DATES]) {
      const expected = [...state.routes.values()].filter(
        (r) => r.workspaceUuid === workspace.uuid && (date === undefined || r.date === date),
      );
      const view = listRoutes(ctx, principal, workspace, date);
      expect(view.length).toBe(expected.length);
      expect(pages(view, perPage).map((r) => r.uuid)).toEqual(expected.map((r) => r.uuid));
    }
  }
  const runs = listActions(ctx, principal, "schedule");
  const expectedRuns = [...state.actions.values()]
    .filter((a) => a.organizationId === principal.organizationId && a.kind === "schedule")
    .reverse();
  expect(runs.length).toBe(expectedRuns.length);
  expect(pages(runs, perPage).map((a) => a.uuid)).toEqual(expectedRuns.map((a) => a.uuid));
}

/** A few lists read through the API, page by page (validated), against the stored records. */
async function checkApiLists(fake: Fake, perPage: number): Promise<void> {
  const { state } = runtimeOf(fake).context;
  const ws = fake.workspaces[0]?.uuid ?? "";
  for (const [query, keep] of [
    ["", () => true],
    [`&date=${DATES[1]}`, (o: { deliveryDate: string }) => o.deliveryDate === DATES[1]],
    ["&status=scheduled", (o: { status: string }) => o.status === "scheduled"],
  ] as const) {
    const expected = [...state.orders.values()]
      .filter((o) => o.workspaceUuid === ws && keep(o as never))
      .map((o) => o.uuid);
    const read: string[] = [];
    let path: string | null = `/v2/orders?workspaceUuid=${ws}${query}&perPage=${perPage}`;
    while (path !== null) {
      const answer = await call(fake, "GET", path);
      expect(answer.status).toBe(200);
      expect(answer.body.metadata.totalItems).toBe(expected.length);
      read.push(...answer.body.data.map((o: Json) => o.uuid));
      path = answer.body.metadata.nextPage;
    }
    expect(read).toEqual(expected);
  }
}

async function run(fake: Fake, steps: readonly Step[], perPage: number): Promise<void> {
  let snapshot: ReturnType<Fake["snapshot"]> | undefined;
  let n = 0;
  const principal = () => ({ organizationId: fake.organization.id, token: fake.token });
  const wsUuid = (i: number) => fake.workspaces[i]?.uuid ?? "";
  const orderUuids = () => [...runtimeOf(fake).context.state.orders.keys()];
  const pick = (i: number) => {
    const uuids = orderUuids();
    return uuids.length === 0 ? undefined : uuids[i % uuids.length];
  };
  for (const s of steps) {
    switch (s.op) {
      case "create": {
        const inputs = Array.from({ length: s.n }, () => orderInput(n++, DATES[s.date] as string));
        await call(fake, "POST", `/v2/orders?workspaceUuid=${wsUuid(s.ws)}`, inputs);
        break;
      }
      case "route":
        await call(fake, "POST", "/v2/routes", {
          workspaceUuid: wsUuid(s.ws),
          routes: [routeInput(n++, DATES[s.date] as string)],
        });
        break;
      case "update": {
        const uuid = pick(s.pick);
        if (uuid) await call(fake, "PUT", `/v2/orders/${uuid}`, orderInput(n++, DATES[s.date] as string));
        break;
      }
      case "schedule": {
        // A route and orders of that day first, so the run has work; then maybe the publish of the day.
        const workspaceUuid = wsUuid(s.ws);
        const date = DATES[s.date] as string;
        await call(fake, "POST", "/v2/routes", { workspaceUuid, routes: [routeInput(n++, date)] });
        await call(fake, "POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, [
          orderInput(n++, date),
          orderInput(n++, date),
        ]);
        await call(fake, "POST", "/v2/schedules", { workspaceUuid, date });
        if (s.publish) await call(fake, "POST", "/v2/routes/publish", { workspaceUuid, date });
        break;
      }
      case "publish":
        await call(fake, "POST", "/v2/routes/publish", { workspaceUuid: wsUuid(s.ws), date: DATES[s.date] });
        break;
      case "complete": {
        const uuid = pick(s.pick);
        const body = s.missed ? { status: "missed", missedReason: "nobody home" } : { status: "delivered" };
        if (uuid) await call(fake, "POST", `/v2/orders/${uuid}/complete`, body);
        break;
      }
      case "delete": {
        const uuids = [...new Set(s.picks.map(pick).filter((u) => u !== undefined))];
        if (uuids.length === 1) await call(fake, "DELETE", `/v2/orders/${uuids[0]}`);
        else if (uuids.length > 1) await call(fake, "DELETE", "/v2/orders", uuids);
        break;
      }
      case "snapshot":
        snapshot = fake.snapshot();
        break;
      case "restore":
        if (snapshot) fake.restore(snapshot);
        break;
      case "reset":
        fake.reset();
        break;
      case "stateFile":
        importFakeData(fake, parseFakeData(JSON.parse(JSON.stringify(exportFakeData(fake)))));
        break;
    }
    checkDomainLists(runtimeOf(fake).context, principal(), perPage);
  }
  await checkApiLists(fake, perPage);
}

describe("list indexes (property)", () => {
  it("answer what filtering every record answers, after any sequence of changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 5 }),
        (steps, perPage) => run(newFake(), steps, perPage),
      ),
      { numRuns: Math.max(30, RUNS * 3), seed: SEED },
    );
  }, 120_000);
});
