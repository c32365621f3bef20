/**
 * Model-based test: random sequences of create, update, schedule (all, specific, what-if), publish, lock,
 * complete (delivered and missed), delete one and many, webhook subscriptions, clock advances and driver steps,
 * run against the fake (through `fake.fetch`) and against a small reference model of the rules of
 * docs/api-contract.md (sections 3 to 6): which orders exist, which are completed (and how they read then),
 * which routes are locked or published, and what status each request must get from those facts.
 *
 * After every command: no order lost or duplicated, deleted orders answer 404 and are never listed, completed
 * orders read exactly as when they were completed, locked and published routes keep their stops through
 * schedule-all, lists and fetches and counts agree, totals and durations are not negative, every answer
 * validates against openapi.yaml. After every committed run: its plan is feasible (time windows, capacity,
 * tags, shift), checked here from the orders and routes as read, not by the fake's code. At the end: every
 * event is delivered at least once, and every delivery of one event id carries the same event.
 */
import { createFake, type Fake } from "@dispatchkit/fake";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../../test/support/openapi-validator.js";
import { RUNS, SEED } from "./support/requests.js";
import { type Answer, sendRaw } from "./support/world.js";

const validator = createContractValidator();
const DATE = "2026-11-23";
const NEXT = "2026-11-24";
const RECEIVER = "https://hooks.example.com/model";
/** Sequences: fewer than the request properties, each is long. */
const SEQUENCES = Math.max(4, Math.round(RUNS / 2));

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

/** The fake side: the fake, its token and workspace, what the webhook receiver got, answers that broke the contract. */
interface Real {
  fake: Fake;
  ws: string;
  problems: string[];
  /** Every delivery the receiver got: event id → the event body (the first one). */
  received: Map<string, string>;
  failing: boolean;
  commands: number;
  call(method: string, path: string, body?: unknown): Promise<Answer>;
}

/** The reference model: facts the rules are decided from. */
interface Model {
  /** Live orders: their uuid → null, or the order as read when it was completed. */
  live: Map<string, Json | null>;
  deleted: Set<string>;
  routes: Map<string, { locked: boolean; published: boolean; date: string }>;
  /** Completions whose `order.status_updated` event must be delivered: order uuid → status. */
  events: Map<string, string>;
  /** Publications whose `route.published` event must be delivered: route uuid → how many times. */
  publications: Map<string, number>;
  /** The route of each live order as last read (the optimizer decides it; the model only reads it). */
  routeOf: Map<string, string | null>;
  /** The delivery date of each order, as last sent. */
  dateOf: Map<string, string>;
}

const tally = { sequences: 0, commands: 0, completed: 0, deleted: 0, published: 0, delivered: 0 };

function newReal(): Real {
  const fake = createFake({ now: "2026-11-23T06:00:00Z" });
  const ws = fake.workspaces[0]?.uuid ?? "";
  const real: Real = {
    fake,
    ws,
    problems: [],
    received: new Map(),
    failing: false,
    commands: 0,
    async call(method, path, body) {
      const headers: Record<string, string> = { authorization: `Bearer ${fake.token}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      const answer = await sendRaw((r) => fake.fetch(r), fake.baseUrl, {
        method,
        path,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      real.problems.push(
        ...validator.check(method, `${fake.baseUrl}${path}`, answer.status, answer.headers, answer.text),
      );
      if (answer.status >= 500) real.problems.push(`${method} ${path} → ${answer.status} ${answer.text}`);
      return answer;
    },
  };
  fake.webhooks.listen(RECEIVER, async (request) => {
    const text = await request.text();
    const id = request.headers.get("x-dispatch-event-id") ?? "";
    const event = JSON.parse(text);
    if (event.id !== id) real.problems.push(`delivery header id ${id} is not the body's id ${event.id}`);
    real.problems.push(...validator.checkEvent(event));
    const first = real.received.get(id);
    if (first !== undefined && first !== text) real.problems.push(`event ${id} delivered with another body`);
    if (real.failing) return new Response("down", { status: 503 });
    if (first === undefined) real.received.set(id, text);
    return new Response(null, { status: 204 });
  });
  return real;
}

const hhmm = (iso: string) => iso.slice(11, 16);

/** Read everything and check the invariants that hold after any command. */
async function verify(m: Model, r: Real): Promise<Map<string, Json>> {
  const list = await r.call("GET", `/v2/orders?workspaceUuid=${r.ws}&perPage=500`);
  expect(list.status).toBe(200);
  const uuids: string[] = list.body.data.map((o: Json) => o.uuid);
  expect(new Set(uuids).size, "an order is listed twice").toBe(uuids.length);
  expect([...uuids].sort(), "the listed orders are not the live ones").toEqual([...m.live.keys()].sort());
  expect(list.body.metadata.totalItems).toBe(uuids.length);
  const orders = new Map<string, Json>(list.body.data.map((o: Json) => [o.uuid, o]));
  for (const uuid of m.deleted)
    expect((await r.call("GET", `/v2/orders/${uuid}`)).status, "a deleted order came back").toBe(404);
  for (const [uuid, frozen] of m.live) {
    const one = await r.call("GET", `/v2/orders/${uuid}`);
    expect(one.body, "the fetch and the list disagree").toEqual(orders.get(uuid));
    if (frozen) expect(one.body, "a completed order changed").toEqual(frozen);
    expect(one.body.status === "not_scheduled", "status and routeUuid disagree").toBe(one.body.routeUuid === null);
    m.routeOf.set(uuid, one.body.routeUuid);
  }
  const routes = await r.call("GET", `/v2/routes?workspaceUuid=${r.ws}&perPage=500`);
  expect([...routes.body.data.map((x: Json) => x.uuid)].sort()).toEqual([...m.routes.keys()].sort());
  for (const route of routes.body.data) {
    const model = m.routes.get(route.uuid);
    expect(route.locked).toBe(model?.locked);
    if (model?.published) expect(route.status, "a published route went back").toBe("published");
    if (route.status === "published" && model) model.published = true;
    expect(route.ordersCount).toBe([...orders.values()].filter((o) => o.routeUuid === route.uuid).length);
    expect(route.distanceInKilometers).toBeGreaterThanOrEqual(0);
    expect(route.workingTimeInSeconds, `route ${route.uuid}: working time`).toBeGreaterThanOrEqual(0);
    expect((await r.call("GET", `/v2/routes/${route.uuid}`)).body).toEqual(route);
    // Estimated arrivals never decrease along the sequence (docs/api-contract.md section 4, timeline).
    const stops = (await r.call("GET", `/v2/routes/${route.uuid}/timeline?perPage=500`)).body.data;
    const arrivals = stops
      .map((x: Json) => x.estimatedArrivalTime)
      .filter((x: string | null) => x !== null)
      .map(Date.parse);
    for (let i = 1; i < arrivals.length; i++) {
      expect(
        arrivals[i],
        `route ${route.uuid}: estimated arrival ${i} before the one before it`,
      ).toBeGreaterThanOrEqual(arrivals[i - 1]);
    }
  }
  expect(r.problems, "answers that break openapi.yaml (or 5xx)").toEqual([]);
  return orders;
}

/** The order uuids of a route's timeline, in sequence. */
async function stopsOf(r: Real, route: string): Promise<string[]> {
  const t = await r.call("GET", `/v2/routes/${route}/timeline?perPage=500`);
  return t.body.data.flatMap((s: Json) => s.orders.map((o: Json) => o.uuid));
}

/**
 * A committed plan is feasible, checked from the orders and routes as read: every stop serves an order of the
 * route's date whose tags the route has, service starts inside one of its windows and lasts its duration, the
 * route's load fits its capacity, and the stops lie inside the shift. It also agrees with the routes' timelines.
 */
async function checkPlan(r: Real, actionUuid: string, orders: Map<string, Json>): Promise<void> {
  const solution = await r.call("GET", `/v2/schedules/${actionUuid}/solution`);
  if (solution.status === 409) return; // a run with nothing to do failed (no_routes / no_orders)
  expect(solution.status).toBe(200);
  for (const planned of solution.body.routes) {
    const route = (await r.call("GET", `/v2/routes/${planned.routeUuid}`)).body;
    let load = 0;
    for (const stop of planned.stops) {
      const order = orders.get(stop.orderUuid);
      const where = `order ${stop.orderUuid} on route ${route.uuid}`;
      expect(order?.uuid, `${where}: an order the model holds`).toBe(stop.orderUuid);
      expect(order.deliveryDate, `${where}: date`).toBe(route.date);
      for (const tag of order.tags) expect(route.tags, `${where}: tags`).toContain(tag);
      const start = hhmm(stop.arrivalTime);
      if (order.timeWindows.length > 0) {
        const inside = order.timeWindows.some((w: Json) => w.startTime <= start && start <= w.endTime);
        expect(inside, `${where}: service at ${start} outside ${JSON.stringify(order.timeWindows)}`).toBe(true);
      }
      expect(Date.parse(stop.departureTime) - Date.parse(stop.arrivalTime), `${where}: duration`).toBe(
        order.duration * 1000,
      );
      expect(start >= route.startTime, `${where}: before the shift`).toBe(true);
      expect(hhmm(stop.departureTime) <= route.endTime, `${where}: after the shift`).toBe(true);
      expect(stop.load).toBe(order.load);
      load += order.load;
    }
    if (route.capacity !== null) expect(load, `route ${route.uuid}: capacity`).toBeLessThanOrEqual(route.capacity);
    expect(planned.workingTimeInSeconds).toBeGreaterThanOrEqual(0);
    expect(await stopsOf(r, planned.routeUuid), "the solution and the timeline disagree").toEqual(
      planned.stops.map((s: Json) => s.orderUuid),
    );
  }
}

/** What a delete of one order must answer, from the facts (docs/api-contract.md section 3). */
function deleteClass(
  m: Model,
  uuid: string,
): "not_found" | "order_completed" | "order_published" | "order_locked" | "scheduled" | "unscheduled" {
  if (!m.live.has(uuid)) return "not_found";
  if (m.live.get(uuid)) return "order_completed";
  const route = m.routeOf.get(uuid);
  if (!route) return "unscheduled";
  const facts = m.routes.get(route);
  if (facts?.published) return "order_published";
  if (facts?.locked) return "order_locked";
  return "scheduled";
}

async function freeze(m: Model, r: Real, uuid: string, status: string): Promise<void> {
  const read = await r.call("GET", `/v2/orders/${uuid}`);
  m.live.set(uuid, read.body);
  m.events.set(uuid, status);
}

/** After a driver step: whatever the fake completed on its own becomes a completed order of the model. */
async function syncCompletions(m: Model, r: Real): Promise<void> {
  for (const [uuid, frozen] of m.live) {
    if (frozen) continue;
    const read = await r.call("GET", `/v2/orders/${uuid}`);
    if (read.body.status === "delivered" || read.body.status === "missed") await freeze(m, r, uuid, read.body.status);
  }
}

const pickOf = <T>(xs: readonly T[], i: number): T | undefined => (xs.length === 0 ? undefined : xs[i % xs.length]);
const allIds = (m: Model) => [...m.live.keys(), ...m.deleted];

type Cmd = fc.AsyncCommand<Model, Real>;

function command(name: string, run: (m: Model, r: Real) => Promise<void>): Cmd {
  return {
    check: () => true,
    async run(m, r) {
      r.commands++;
      await run(m, r);
      await verify(m, r);
    },
    toString: () => name,
  };
}

const windows = fc.constantFrom(
  [],
  [{ startTime: "08:00", endTime: "12:00" }],
  [{ startTime: "12:00", endTime: "16:00" }],
  [
    { startTime: "09:00", endTime: "10:00" },
    { startTime: "14:00", endTime: "15:00" },
  ],
);
const orderSpec = fc.record({
  date: fc.constantFrom(DATE, DATE, DATE, NEXT),
  windows,
  load: fc.integer({ min: 1, max: 3 }),
  fridge: fc.boolean(),
  at: fc.integer({ min: 0, max: 40 }),
  duration: fc.constantFrom(120, 300, 900),
});
type OrderSpec = typeof orderSpec extends fc.Arbitrary<infer T> ? T : never;
const orderBody = (s: OrderSpec, name = "Customer") => ({
  name,
  deliveryDate: s.date,
  locations: [{ address: `Street ${s.at}`, latitude: 52.45 + s.at * 0.004, longitude: 13.3 + (s.at % 7) * 0.01 }],
  timeWindows: s.windows,
  load: s.load,
  duration: s.duration,
  tags: s.fridge && s.at % 3 === 0 ? ["fridge"] : [],
});

const all: fc.Arbitrary<Cmd>[] = [
  fc.array(orderSpec, { minLength: 1, maxLength: 4 }).map((specs) =>
    command(`create ${specs.length} orders`, async (m, r) => {
      const a = await r.call(
        "POST",
        `/v2/orders?workspaceUuid=${r.ws}`,
        specs.map((s) => orderBody(s)),
      );
      expect(a.status).toBe(201);
      for (const o of a.body.data) {
        expect(m.live.has(o.uuid) || m.deleted.has(o.uuid), "a new order got a used uuid").toBe(false);
        m.live.set(o.uuid, null);
        m.dateOf.set(o.uuid, o.deliveryDate);
      }
    }),
  ),
  fc
    .record({
      date: fc.constantFrom(DATE, DATE, NEXT),
      shift: fc.constantFrom(["08:00", "17:00"], ["09:00", "13:00"], ["11:00", "19:00"]),
      capacity: fc.constantFrom(null, 4, 8),
      fridge: fc.boolean(),
    })
    .map((s) =>
      command(`create a route ${JSON.stringify(s)}`, async (m, r) => {
        const a = await r.call("POST", "/v2/routes", {
          workspaceUuid: r.ws,
          routes: [
            {
              name: "Route",
              date: s.date,
              startTime: s.shift[0],
              endTime: s.shift[1],
              startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
              capacity: s.capacity,
              tags: s.fridge ? ["fridge"] : [],
            },
          ],
        });
        expect(a.status).toBe(201);
        m.routes.set(a.body.data[0].uuid, { locked: false, published: false, date: s.date });
      }),
    ),
  fc.tuple(fc.nat(), orderSpec).map(([i, s]) =>
    command(`update order #${i}`, async (m, r) => {
      const uuid = pickOf(allIds(m), i);
      if (!uuid) return;
      const a = await r.call("PUT", `/v2/orders/${uuid}`, orderBody(s, "Updated"));
      if (!m.live.has(uuid)) expect(a.status).toBe(404);
      else if (m.live.get(uuid)) expect([a.status, a.body.code]).toEqual([409, "ORDER_COMPLETED"]);
      else {
        expect([200, 202]).toContain(a.status);
        m.dateOf.set(uuid, s.date);
        if (a.status === 202) expect((await r.call("GET", `/v2/orders/actions/${a.body.actionUuid}`)).status).toBe(200);
      }
    }),
  ),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, locked]) =>
    command(`lock route #${i} ${locked}`, async (m, r) => {
      const uuid = pickOf([...m.routes.keys()], i);
      if (!uuid) return;
      const a = await r.call("PATCH", `/v2/routes/${uuid}`, { locked });
      expect(a.status).toBe(200);
      const facts = m.routes.get(uuid);
      if (facts) facts.locked = locked;
    }),
  ),
  fc.tuple(fc.constantFrom(DATE, DATE, NEXT), fc.boolean(), fc.boolean()).map(([date, minimizeRoutes, balance]) =>
    command(`schedule all ${date}`, async (m, r) => {
      const kept = [...m.routes].filter(([, f]) => f.locked || f.published);
      const before = await Promise.all(kept.map(([uuid]) => stopsOf(r, uuid)));
      const a = await r.call("POST", "/v2/schedules", {
        workspaceUuid: r.ws,
        date,
        options: { minimizeRoutes, balance },
      });
      expect(a.status).toBe(202);
      const poll = await r.call("GET", `/v2/schedules/actions/${a.body.actionUuid}`);
      expect(["finished", "failed"]).toContain(poll.body.status);
      const after = await Promise.all(kept.map(([uuid]) => stopsOf(r, uuid)));
      expect(after, "schedule-all touched a locked or published route").toEqual(before);
      await checkPlan(r, a.body.actionUuid, await verify(m, r));
    }),
  ),
  fc
    .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { minLength: 1, maxLength: 2 }))
    .map(([oi, ri]) =>
      command(`schedule specific ${oi} on ${ri}`, async (m, r) => {
        const orders = [...new Set(oi.map((i) => pickOf([...m.live.keys()], i)).filter((x): x is string => !!x))];
        const routes = [...new Set(ri.map((i) => pickOf([...m.routes.keys()], i)).filter((x): x is string => !!x))];
        if (orders.length === 0 || routes.length === 0) return;
        const a = await r.call("POST", "/v2/schedules", { workspaceUuid: r.ws, date: DATE, orders, routes });
        const blocked = (uuid: string) => {
          const f = m.routes.get(uuid);
          return !!f && (f.locked || f.published);
        };
        const wrongDate =
          routes.some((u) => m.routes.get(u)?.date !== DATE) || orders.some((u) => m.dateOf.get(u) !== DATE);
        if (a.status === 202) {
          expect(
            routes.some(blocked) || orders.some((u) => blocked(m.routeOf.get(u) ?? "")),
            "scheduled onto a locked or published route",
          ).toBe(false);
          expect(
            orders.some((u) => m.live.get(u)),
            "a completed order was scheduled",
          ).toBe(false);
          await r.call("GET", `/v2/schedules/actions/${a.body.actionUuid}`);
          await checkPlan(r, a.body.actionUuid, await verify(m, r));
        } else {
          expect([400, 409]).toContain(a.status);
          if (a.status === 409 && !wrongDate) {
            const conflict = routes.some(blocked) || orders.some((u) => blocked(m.routeOf.get(u) ?? ""));
            const completed = orders.some((u) => m.live.get(u));
            expect(conflict || completed, `409 ${a.body.code} without a reason`).toBe(true);
          }
        }
      }),
    ),
  fc.array(orderSpec, { minLength: 1, maxLength: 3 }).map((specs) =>
    command("what-if", async (_m, r) => {
      const before = await r.call("GET", `/v2/orders?workspaceUuid=${r.ws}&perPage=500`);
      const routesBefore = await r.call("GET", `/v2/routes?workspaceUuid=${r.ws}&perPage=500`);
      const a = await r.call("POST", "/v2/schedules", {
        workspaceUuid: r.ws,
        date: DATE,
        whatIf: {
          orders: specs.map((s) => ({ ...orderBody(s), deliveryDate: DATE })),
          routes: [
            {
              name: "W",
              date: DATE,
              startTime: "08:00",
              endTime: "18:00",
              startLocation: { address: "D", latitude: 52.5, longitude: 13.4 },
            },
          ],
        },
      });
      expect(a.status).toBe(202);
      await r.call("GET", `/v2/schedules/actions/${a.body.actionUuid}`);
      expect(
        (await r.call("GET", `/v2/orders?workspaceUuid=${r.ws}&perPage=500`)).body,
        "what-if changed the orders",
      ).toEqual(before.body);
      expect(
        (await r.call("GET", `/v2/routes?workspaceUuid=${r.ws}&perPage=500`)).body,
        "what-if changed the routes",
      ).toEqual(routesBefore.body);
    }),
  ),
  fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), { nil: undefined }).map((ri) =>
    command(`publish ${ri ?? "all"}`, async (m, r) => {
      const routeUuids = ri
        ? [...new Set(ri.map((i) => pickOf([...m.routes.keys()], i)).filter((x): x is string => !!x))]
        : undefined;
      if (routeUuids && routeUuids.length === 0) return;
      const a = await r.call("POST", "/v2/routes/publish", {
        workspaceUuid: r.ws,
        date: DATE,
        ...(routeUuids ? { routeUuids } : {}),
      });
      expect(a.status).toBe(202);
      const poll = await r.call("GET", `/v2/routes/actions/${a.body.actionUuid}`);
      expect(["finished", "failed"]).toContain(poll.body.status);
      for (const entry of poll.body.actionSummary?.routes ?? []) {
        const facts = m.routes.get(entry.uuid);
        if (entry.status === "finished" && facts) {
          facts.published = true;
          m.publications.set(entry.uuid, (m.publications.get(entry.uuid) ?? 0) + 1);
        }
      }
    }),
  ),
  fc.tuple(fc.nat(), fc.boolean(), fc.boolean()).map(([i, delivered, onPublished]) =>
    command(
      `complete order #${i} ${delivered ? "delivered" : "missed"}${onPublished ? " of a published route" : ""}`,
      async (m, r) => {
        const published = [...m.live.keys()].filter((u) => m.routes.get(m.routeOf.get(u) ?? "")?.published);
        const uuid = pickOf(onPublished && published.length > 0 ? published : allIds(m), i);
        if (!uuid) return;
        const body = delivered ? { status: "delivered" } : { status: "missed", missedReason: "Nobody home" };
        const a = await r.call("POST", `/v2/orders/${uuid}/complete`, body);
        const route = m.routeOf.get(uuid);
        if (!m.live.has(uuid)) expect(a.status).toBe(404);
        else if (m.live.get(uuid)) expect([a.status, a.body.code]).toEqual([409, "ORDER_COMPLETED"]);
        else if (!route || !m.routes.get(route)?.published)
          expect([a.status, a.body.code]).toEqual([409, "ORDER_NOT_PUBLISHED"]);
        else {
          expect(a.status).toBe(200);
          await freeze(m, r, uuid, body.status);
        }
      },
    ),
  ),
  fc.nat().map((i) =>
    command(`delete order #${i}`, async (m, r) => {
      const uuid = pickOf(allIds(m), i);
      if (!uuid) return;
      const kind = deleteClass(m, uuid);
      const a = await r.call("DELETE", `/v2/orders/${uuid}`);
      const expected = {
        not_found: 404,
        order_completed: 409,
        order_published: 409,
        order_locked: 409,
        scheduled: 202,
        unscheduled: 200,
      }[kind];
      expect(a.status, `delete of a ${kind} order`).toBe(expected);
      if (kind === "scheduled")
        expect((await r.call("GET", `/v2/orders/actions/${a.body.actionUuid}`)).body.status).toBe("finished");
      if (kind === "scheduled" || kind === "unscheduled") {
        m.live.delete(uuid);
        m.deleted.add(uuid);
      }
    }),
  ),
  fc.array(fc.nat(), { minLength: 1, maxLength: 4 }).map((is) =>
    command(`delete orders ${is}`, async (m, r) => {
      const uuids = is.map((i) => pickOf(allIds(m), i)).filter((x): x is string => !!x);
      const body = [...uuids, "not-a-uuid"];
      const classes = new Map([...new Set(body)].map((u) => [u, deleteClass(m, u)]));
      const a = await r.call("DELETE", "/v2/orders", body);
      const anyScheduled = [...classes.values()].includes("scheduled");
      expect(a.status).toBe(anyScheduled ? 202 : 200);
      if (a.status === 200) {
        expect(a.body.deleted.map((d: Json) => d.uuid).sort()).toEqual(
          [...classes]
            .filter(([, c]) => c === "unscheduled")
            .map(([u]) => u)
            .sort(),
        );
        for (const f of a.body.failed) expect(f.reason).toBe(classes.get(f.uuid));
      } else {
        const poll = await r.call("GET", `/v2/orders/actions/${a.body.actionUuid}`);
        expect(poll.body.status).toBe("finished");
      }
      for (const [u, c] of classes) {
        if (c === "scheduled" || c === "unscheduled") {
          m.live.delete(u);
          m.deleted.add(u);
        }
      }
    }),
  ),
  fc.subarray(["route.published", "route.eta_updated", "order.status_updated"], { minLength: 1 }).map((events) =>
    command(`subscribe ${events}`, async (_m, r) => {
      const a = await r.call("POST", "/v2/webhooks", { url: RECEIVER, events });
      expect(a.status).toBe(201);
    }),
  ),
  fc.integer({ min: 1, max: 4 * 3600 }).map((s) =>
    command(`advance ${s} s`, async (_m, r) => {
      await r.fake.advance(s * 1000);
    }),
  ),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, delivered]) =>
    command(`driver completes the next stop of route #${i}`, async (m, r) => {
      const route = pickOf(
        [...m.routes].filter(([, f]) => f.published).map(([u]) => u),
        i,
      );
      if (!route) return;
      try {
        r.fake.driver.completeNext(
          route,
          delivered ? { status: "delivered" } : { status: "missed", missedReason: "Closed" },
        );
      } catch (error) {
        // A route with no stop left to complete: the driver has nothing to do.
        expect(String(error)).toMatch(/Failed to/);
      }
      await syncCompletions(m, r);
    }),
  ),
  fc.boolean().map((failing) =>
    command(`receiver ${failing ? "fails" : "answers"}`, async (_m, r) => {
      r.failing = failing;
    }),
  ),
];

/** Scheduling, publishing and completing weigh more: they are where the rules meet. */
const commands = [...all, all[4], all[4], all[7], all[7], all[8], all[8], all[13]] as fc.Arbitrary<Cmd>[];

/** Commands every sequence starts with: six orders, two routes of the test date. */
const starters: Cmd[] = [
  ...fc.sample(commands[0] as fc.Arbitrary<Cmd>, { numRuns: 2, seed: 1 }),
  ...fc.sample(commands[1] as fc.Arbitrary<Cmd>, { numRuns: 2, seed: 2 }),
];

afterAll(() => {
  if (process.env.FUZZ_REPORT) console.info(`model: ${JSON.stringify(tally)}`);
});

describe("random sequences against a reference model", () => {
  it(
    "keeps every invariant, and delivers every event at least once with a stable id",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "medium" }), async (cmds) => {
          const real = newReal();
          const model: Model = {
            live: new Map(),
            deleted: new Set(),
            routes: new Map(),
            events: new Map(),
            publications: new Map(),
            routeOf: new Map(),
            dateOf: new Map(),
          };
          const sub = await real.call("POST", "/v2/webhooks", {
            url: RECEIVER,
            events: ["route.published", "route.eta_updated", "order.status_updated"],
          });
          expect(sub.status).toBe(201);
          // A start with something to schedule: the first commands then have orders and routes to act on.
          for (const start of starters) await start.run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          tally.sequences++;
          tally.commands += real.commands;
          tally.completed += model.events.size;
          tally.deleted += model.deleted.size;
          tally.published += [...model.routes.values()].filter((f) => f.published).length;
          // Every completion's event reaches the receiver once it answers again and the retries are due.
          real.failing = false;
          await real.fake.advance(24 * 3600 * 1000);
          const delivered = [...real.received.values()].map((t) => JSON.parse(t));
          tally.delivered += delivered.length;
          for (const [uuid, status] of model.events) {
            const found = delivered.some(
              (e) => e.type === "order.status_updated" && e.data.order.uuid === uuid && e.data.order.status === status,
            );
            expect(found, `no order.status_updated delivered for ${uuid}`).toBe(true);
          }
          for (const [uuid, times] of model.publications) {
            const found = delivered.filter((e) => e.type === "route.published" && e.data.route.uuid === uuid).length;
            expect(found, `route.published delivered for ${uuid}`).toBe(times);
          }
          expect(real.problems).toEqual([]);
        }),
        { numRuns: SEQUENCES, seed: SEED, endOnFailure: true },
      );
    },
    Math.max(30_000, SEQUENCES * 1500),
  );
});
