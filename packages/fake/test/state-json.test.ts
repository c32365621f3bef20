// Reaches the fake's runtime on purpose: it tests the state file's encoding of the internal State (every record and the id sequence round-trip exactly), which only the runtime holds.
// The state codec of the state file: a fake's data as JSON and back gives the same state, and the fake goes on
// exactly as the original would (held actions end the same, new ids follow the same sequence).
import { createFake, type Fake } from "@dispatchkit/fake";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import {
  encodeState,
  exportFakeData,
  importFakeData,
  parseFakeData,
  StateFormatError,
} from "../src/host/state-json.js";
import { runtimeOf } from "../src/runtime.js";

const validator = createContractValidator();
const NOW = "2026-11-23T08:00:00Z";
const DATE = "2026-11-23";
const NEXT = "2026-11-24";
const HOOK = "https://hooks.example.test/dispatch";

/** A fake whose webhook receiver answers 500, so deliveries stay pending with retries. */
function newFake(): Fake {
  const fake = createFake({ now: NOW });
  fake.webhooks.listen(HOOK, () => new Response(null, { status: 500 }));
  return fake;
}

/** Call the fake's API, checking the answer against openapi.yaml; returns the status and the parsed body. */
async function call(fake: Fake, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fake.fetch(path, {
    method,
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json", ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  expect(
    validator.check(method, response.url || `${fake.baseUrl}${path}`, response.status, response.headers, text),
  ).toEqual([]);
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const order = (i: number) => ({
  name: `Customer ${i}`,
  deliveryDate: DATE,
  locations: [{ address: `Street ${i}, Berlin`, latitude: 52.52 + i * 0.002, longitude: 13.405 + i * 0.002 }],
});
const route = (i: number) => ({
  name: `Route ${i}`,
  date: DATE,
  startTime: "09:00",
  endTime: "17:00",
  startLocation: { address: "Depot, Berlin", latitude: 52.5, longitude: 13.4 },
});

/** The uuids of a created list (`{ data: [{ uuid }] }`). */
const uuidsOf = (body: Record<string, unknown> | undefined) =>
  ((body?.data ?? []) as { uuid: string }[]).map((item) => item.uuid);

/** Through JSON text and back, as the state file does (which also carries the clock: `target` follows `fake`'s). */
function roundTrip(fake: Fake, target: Fake) {
  target.clock.set(fake.clock.now());
  return parseFakeData(JSON.parse(JSON.stringify(exportFakeData(fake))));
}

/** Build up a bit of everything: orders, routes, a committed run, a publish, completions, webhooks, held actions. */
async function buildUp(fake: Fake) {
  const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
  const post = async (inputs: unknown[]) => {
    const created = await call(fake, "POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, inputs, {
      "idempotency-key": `orders-${inputs.length}`,
    });
    return uuidsOf(created.body);
  };
  const orders = await post([0, 1, 2, 3, 4, 5].map(order));
  await call(fake, "POST", "/v2/routes", { workspaceUuid, routes: [route(0), route(1)] });
  await call(fake, "POST", "/v2/webhooks", { url: HOOK, events: ["route.published", "order.status_updated"] });
  const schedule = await call(fake, "POST", "/v2/schedules", { workspaceUuid, date: DATE });
  await call(fake, "GET", `/v2/schedules/actions/${schedule.body?.actionUuid}`);
  const used = [...runtimeOf(fake).context.state.routes.values()]
    .filter((r) => r.orderUuids.length > 0)
    .map((r) => r.uuid);
  await call(fake, "POST", "/v2/routes/publish", { workspaceUuid, date: DATE, routeUuids: used });
  fake.driver.complete(orders[0] ?? "", { status: "delivered", at: "2026-11-23T09:30:00Z" });
  await fake.runUntilIdle();
  // The next day: a planned route with two orders on it.
  const next = await post([order(6), order(7)].map((o) => ({ ...o, deliveryDate: NEXT })));
  await call(fake, "POST", "/v2/routes", { workspaceUuid, routes: [{ ...route(2), date: NEXT }] });
  await call(fake, "POST", "/v2/schedules", { workspaceUuid, date: NEXT });
  // Held (and poll-counted) actions of every kind, each with the work it will do when released.
  fake.actions.hold(true);
  fake.actions.policy("delete", { afterPolls: 2 });
  await call(fake, "POST", "/v2/schedules", { workspaceUuid, date: NEXT });
  await call(fake, "POST", "/v2/routes/publish", { workspaceUuid, date: NEXT });
  const updated = await call(fake, "PUT", `/v2/orders/${next[0]}`, { ...order(9), deliveryDate: NEXT });
  const deleted = await call(fake, "DELETE", "/v2/orders", [next[1]]);
  return { orders, answers: [updated.status, deleted.status] };
}

describe("the state codec", () => {
  it("round-trips everything a user built up, and the restored fake goes on as the original", async () => {
    const source = newFake();
    const built = await buildUp(source);
    expect(built.answers).toEqual([202, 202]);
    const state = runtimeOf(source).context.state;
    expect(fakeCounts(source)).toEqual({ orders: 8, routes: 3, actions: 7, pending: 4, events: 3, deliveries: 2 });

    const target = newFake();
    importFakeData(target, roundTrip(source, target));
    expect(runtimeOf(target).context.state).toEqual(state);
    expect(encodeState(runtimeOf(target).context.state)).toEqual(encodeState(state));
    expect(runtimeOf(target).context.ids.position).toBe(runtimeOf(source).context.ids.position);
    expect(target.actions.policies()).toEqual(source.actions.policies());

    // Held work survives: releasing ends every action the same way, and what happens next matches.
    const released = (fake: Fake) => fake.actions.release().map((a) => [a.kind, a.status, a.reason, a.summary]);
    expect(released(target)).toEqual(released(source));
    expect(released(source).length).toBe(0);
    expect(runtimeOf(target).context.state.works.size).toBe(0);
    await source.advance(3_600_000);
    await target.advance(3_600_000);
    expect(runtimeOf(target).context.state).toEqual(runtimeOf(source).context.state);
    // New ids continue the sequence: no collision with the restored ones.
    const before = new Set(runtimeOf(target).context.state.orders.keys());
    const a = await call(source, "POST", `/v2/orders?workspaceUuid=${source.workspaces[0]?.uuid}`, [order(20)]);
    const b = await call(target, "POST", `/v2/orders?workspaceUuid=${target.workspaces[0]?.uuid}`, [order(20)]);
    expect(b.body).toEqual(a.body);
    const added = uuidsOf(b.body)[0] ?? "";
    expect(before.has(added)).toBe(false);
    expect(runtimeOf(target).context.state.orders.size).toBe(9);
  });

  it("keeps the released outcome of every kind: schedule, publish, update and delete actions end finished", async () => {
    const source = newFake();
    await buildUp(source);
    const target = newFake();
    importFakeData(target, roundTrip(source, target));
    const ended = target.actions.release();
    expect(ended.map((a) => [a.kind, a.status])).toEqual([
      ["schedule", "finished"],
      ["publish", "finished"],
      ["update", "finished"],
      ["delete", "finished"],
    ]);
  });

  it("keeps a publish waiting behind a held run: after a load it still waits, and publishes the plan once released", async () => {
    const source = newFake();
    const workspaceUuid = source.workspaces[0]?.uuid ?? "";
    await call(source, "POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, [order(0), order(1)]);
    const routes = uuidsOf((await call(source, "POST", "/v2/routes", { workspaceUuid, routes: [route(0)] })).body);
    source.actions.hold(["schedule"]);
    const run = (await call(source, "POST", "/v2/schedules", { workspaceUuid, date: DATE })).body?.actionUuid;
    const publish = (await call(source, "POST", "/v2/routes/publish", { workspaceUuid, date: DATE })).body?.actionUuid;
    expect(source.actions.pending().map((a) => a.uuid)).toEqual([run, publish]);
    const target = newFake();
    importFakeData(target, roundTrip(source, target));
    await target.runUntilIdle();
    expect(target.actions.pending().map((a) => a.uuid)).toEqual([run, publish]);
    target.actions.release(String(run));
    const polled = await call(target, "GET", `/v2/routes/actions/${publish}`);
    expect(polled.body).toMatchObject({
      status: "finished",
      actionSummary: { routes: [{ uuid: routes[0], status: "finished" }] },
    });
  });

  it("keeps a custom field named __proto__ across a save and a load (a key like any other)", async () => {
    const fake = newFake();
    const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
    const created = await fake.fetch(`/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      // Written as text: an object literal's __proto__ would set its prototype instead of a key.
      body: '[{"deliveryDate":"2026-11-23","locations":[{"address":"A","latitude":52.5,"longitude":13.4}],"customFields":{"__proto__":"x","a":"b"}}]',
    });
    const uuid = ((await created.json()) as { data: { uuid: string }[] }).data[0]?.uuid ?? "";
    const target = newFake();
    importFakeData(target, roundTrip(fake, target));
    const read = await target.fetch(`/v2/orders/${uuid}`, { headers: { authorization: `Bearer ${target.token}` } });
    const { customFields } = (await read.json()) as { customFields: Record<string, unknown> };
    expect(Object.keys(customFields).sort()).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(customFields, "__proto__")?.value).toBe("x");
  });

  it("refuses data that is not a saved fake, naming the field path", () => {
    const source = newFake();
    const good = JSON.parse(JSON.stringify(exportFakeData(source)));
    // Each case: where to break the data (the last key is set to the value, or deleted), and the message.
    const cases: [(string | number)[], unknown, string][] = [
      [["state", "orders"], undefined, "fake.state.orders: must be an array, got nothing"],
      [
        ["state", "workspaces", 0, 1, "workspaceId"],
        "1001",
        "fake.state.workspaces[0][1].workspaceId: must be a number, got a string",
      ],
      [["idsPosition"], -1, "fake.idsPosition: must be at least 0"],
      [["state", "extra"], 1, 'fake.state: unknown field "extra"'],
      [["actionOptions", "hold"], "yes", "fake.actionOptions.hold: does not match any accepted form, got a string"],
    ];
    for (const [path, value, message] of cases) {
      const data = structuredClone(good);
      let target = data as Record<string | number, unknown>;
      for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
      const last = path[path.length - 1] ?? "";
      if (value === undefined) delete target[last];
      else target[last] = value;
      expect(() => parseFakeData(data)).toThrow(new StateFormatError(message));
    }
  });

  it("refuses a pending delivery whose subscription or event the data lacks, naming the field path", async () => {
    const source = newFake();
    await buildUp(source);
    const good = JSON.parse(JSON.stringify(exportFakeData(source)));
    type Entry = [string, { status: string; subscriptionUuid: string; eventId: string }];
    const deliveries: Entry[] = good.state.webhooks.deliveries;
    const i = deliveries.findIndex(([, d]) => d.status === "pending");
    expect(i).toBeGreaterThanOrEqual(0);
    const pending = deliveries[i]?.[1];
    const at = `fake.state.webhooks.deliveries[${i}][1]`;

    const noSubscription = structuredClone(good);
    noSubscription.state.webhooks.subscriptions = [];
    expect(() => parseFakeData(noSubscription)).toThrow(
      new StateFormatError(
        `${at}.subscriptionUuid: a pending delivery names subscription "${pending?.subscriptionUuid}", which webhooks.subscriptions does not hold (and ${deliveries.filter(([, d]) => d.status === "pending").length - 1} more)`,
      ),
    );
    const noEvent = structuredClone(good);
    noEvent.state.events = noEvent.state.events.filter((e: { id: string }) => e.id !== pending?.eventId);
    expect(() => parseFakeData(noEvent)).toThrow(
      new StateFormatError(
        `${at}.eventId: a pending delivery names event "${pending?.eventId}", which events does not hold`,
      ),
    );
    // A delivery that ended may outlive its subscription (the log keeps it): that data is fine.
    const ended = structuredClone(good);
    ended.state.webhooks.deliveries = deliveries.filter(([, d]) => d.status !== "pending");
    ended.state.webhooks.subscriptions = [];
    expect(() => parseFakeData(ended)).not.toThrow();
  });

  it("round-trips the state after any sequence of operations (property)", async () => {
    const operation = fc.oneof(
      fc.record({ op: fc.constant("orders" as const), n: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ op: fc.constant("route" as const) }),
      fc.record({ op: fc.constant("schedule" as const) }),
      fc.record({ op: fc.constant("publish" as const) }),
      fc.record({ op: fc.constant("hold" as const), on: fc.boolean() }),
      fc.record({ op: fc.constant("webhook" as const) }),
      fc.record({ op: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 7_200_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 8 }), async (ops) => {
        const fake = newFake();
        const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
        let i = 0;
        for (const step of ops) {
          if (step.op === "orders") {
            const inputs = Array.from({ length: step.n }, () => order(i++));
            await call(fake, "POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, inputs);
          } else if (step.op === "route")
            await call(fake, "POST", "/v2/routes", { workspaceUuid, routes: [route(i++)] });
          else if (step.op === "schedule") await call(fake, "POST", "/v2/schedules", { workspaceUuid, date: DATE });
          else if (step.op === "publish") await call(fake, "POST", "/v2/routes/publish", { workspaceUuid, date: DATE });
          else if (step.op === "hold") fake.actions.hold(step.on);
          else if (step.op === "webhook")
            await call(fake, "POST", "/v2/webhooks", { url: HOOK, events: ["route.published"] });
          else await fake.advance(step.ms);
        }
        const target = newFake();
        importFakeData(target, roundTrip(fake, target));
        expect(runtimeOf(target).context.state).toEqual(runtimeOf(fake).context.state);
        expect(runtimeOf(target).context.ids.position).toBe(runtimeOf(fake).context.ids.position);
        expect(target.actions.release()).toEqual(fake.actions.release());
        expect(runtimeOf(target).context.state).toEqual(runtimeOf(fake).context.state);
      }),
      { numRuns: 25 },
    );
  });
});

function fakeCounts(fake: Fake) {
  const state = runtimeOf(fake).context.state;
  return {
    orders: state.orders.size,
    routes: state.routes.size,
    actions: state.actions.size,
    pending: fake.actions.pending().length,
    events: state.events.length,
    deliveries: state.webhooks.deliveries.size,
  };
}
