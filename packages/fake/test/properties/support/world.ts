/**
 * A small world for generated requests: two organizations, each with orders in every state (unscheduled,
 * scheduled on a planned route, on a published route, delivered, missed), routes (planned, published,
 * locked), finished schedule and publish actions, and a webhook subscription. Built through `fake.fetch`,
 * so the world is what a client could have made.
 */
import { createFake, type Fake } from "@dispatchkit/fake";
import { expect } from "vitest";
import { inspectWithout } from "../../support/inspect.js";

/** The test date (the fake's clock starts at 2026-11-23T08:00Z). */
export const DATE = "2026-11-23";

/** A webhook receiver URL answered in-process. */
const RECEIVER = "https://hooks.example.com/dispatch";

/** An answer: status, headers and the parsed JSON body (undefined when empty). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in tests
  body: any;
}

/** One request as generated: method, path with query, headers and a raw body. */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Send a raw request through a fetch-like function. */
export async function sendRaw(
  fetcher: (request: Request) => Promise<Response>,
  baseUrl: string,
  r: RawRequest,
): Promise<Answer> {
  const request = new Request(`${baseUrl}${r.path}`, {
    method: r.method,
    headers: r.headers,
    ...(r.body !== undefined ? { body: r.body } : {}),
  });
  const res = await fetcher(request);
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/**
 * What every error answer must be: a code, and for VALIDATION_FAILED details that name a field path each and say
 * what is wrong in a sentence of ours, never zod's default wording.
 */
export function expectErrorBody(answer: Answer, label: string): void {
  expect(typeof answer.body?.code, label).toBe("string");
  if (answer.body.code !== "VALIDATION_FAILED") return;
  expect(answer.body.details?.length ?? 0, label).toBeGreaterThan(0);
  for (const d of answer.body.details) {
    expect(d.path.length, label).toBeGreaterThan(0);
    expect(d.message, label).not.toMatch(/^(Invalid|Too (small|big)|Unrecognized)/);
  }
}

/** Call the API of `fake` with `token` and a JSON body. */
function call(fake: Fake, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  return sendRaw((r) => fake.fetch(r), fake.baseUrl, {
    method,
    path,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** What one organization holds. */
export interface OrgWorld {
  organizationId: string;
  token: string;
  ws: string;
  wsId: number;
  orders: { unscheduled: string[]; planned: string[]; published: string[]; delivered: string; missed: string };
  routes: { planned: string; published: string; locked: string };
  actions: { schedule: string; publish: string; whatIf: string };
  webhook: string;
}

/** Every uuid of an organization, any kind. */
export function uuidsOf(w: OrgWorld): string[] {
  return [
    w.ws,
    ...w.orders.unscheduled,
    ...w.orders.planned,
    ...w.orders.published,
    w.orders.delivered,
    w.orders.missed,
    ...Object.values(w.routes),
    ...Object.values(w.actions),
    w.webhook,
  ];
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

async function ok(answer: Promise<Answer>, status: number): Promise<Answer> {
  const a = await answer;
  expect(a.status, JSON.stringify(a.body)).toBe(status);
  return a;
}

async function organization(fake: Fake, token: string, ws: string, wsId: number): Promise<OrgWorld> {
  const orders: string[] = (
    await ok(call(fake, token, "POST", `/v2/orders?workspaceUuid=${ws}`, [0, 1, 2, 3, 4, 5, 6].map(order)), 201)
  ).body.data.map((o: { uuid: string }) => o.uuid);
  const routes: string[] = (
    await ok(call(fake, token, "POST", "/v2/routes", { workspaceUuid: ws, routes: [0, 1, 2].map(route) }), 201)
  ).body.data.map((r: { uuid: string }) => r.uuid);
  const [planned = "", published = "", locked = ""] = routes;
  const [o0 = "", o1 = "", o2 = "", o3 = "", o4 = "", o5 = "", o6 = ""] = orders;
  fake.control.assignOrders(planned, [o0, o1]);
  fake.control.assignOrders(published, [o2, o3, o4]);
  const publish = await ok(
    call(fake, token, "POST", "/v2/routes/publish", { workspaceUuid: ws, date: DATE, routeUuids: [published] }),
    202,
  );
  await ok(call(fake, token, "GET", `/v2/routes/actions/${publish.body.actionUuid}`), 200);
  await ok(call(fake, token, "POST", `/v2/orders/${o3}/complete`, { status: "delivered" }), 200);
  await ok(
    call(fake, token, "POST", `/v2/orders/${o4}/complete`, { status: "missed", missedReason: "Nobody home" }),
    200,
  );
  await ok(call(fake, token, "PATCH", `/v2/routes/${locked}`, { locked: true }), 200);
  const whatIf = await ok(
    call(fake, token, "POST", "/v2/schedules", {
      workspaceUuid: ws,
      date: DATE,
      whatIf: { orders: [order(9)], routes: [route(9)] },
    }),
    202,
  );
  const schedule = await ok(
    call(fake, token, "POST", "/v2/schedules", { workspaceUuid: ws, date: DATE, orders: [o5], routes: [planned] }),
    202,
  );
  await fake.runUntilIdle();
  const webhook = await ok(
    call(fake, token, "POST", "/v2/webhooks", { url: RECEIVER, events: ["order.status_updated", "route.published"] }),
    201,
  );
  const organizationId = fake.inspect().tokens.find((t) => t.token === token)?.organizationId ?? "";
  return {
    organizationId,
    token,
    ws,
    wsId,
    orders: { unscheduled: [o5, o6], planned: [o0, o1], published: [o2], delivered: o3, missed: o4 },
    routes: { planned, published, locked },
    actions: { schedule: schedule.body.actionUuid, publish: publish.body.actionUuid, whatIf: whatIf.body.actionUuid },
    webhook: webhook.body.uuid,
  };
}

/** A fake with two organizations, A (the seeded one) and B. */
export interface World {
  fake: Fake;
  /** What the fake logged as unexpected errors (answered 500). */
  logged: string[];
  a: OrgWorld;
  b: OrgWorld;
}

/** Build the world (deterministic: same seed, same ids). */
export async function buildWorld(): Promise<World> {
  const logged: string[] = [];
  const fake = createFake({
    now: "2026-11-23T08:00:00Z",
    log: (message, error) => logged.push(`${message} ${String(error)}`),
  });
  fake.webhooks.listen(RECEIVER, () => new Response(null, { status: 204 }));
  const seeded = fake.workspaces[0];
  if (!seeded) throw new Error("the fake has no workspace");
  const a = await organization(fake, fake.token, seeded.uuid, seeded.workspaceId);
  const other = fake.control.createOrganization({ name: "Other Org" });
  const ws = other.workspaces[0];
  if (!ws) throw new Error("the other organization has no workspace");
  const b = await organization(fake, other.token, ws.uuid, ws.workspaceId);
  return { fake, logged, a, b };
}

/**
 * The fake's whole state as plain data, for "changes nothing" comparisons. `keys: false` leaves out the kept
 * answers of idempotency keys (a request sent with a key keeps its 404 or 409, which the contract wants).
 */
export function stateOf(fake: Fake, keys = true): unknown {
  return keys ? fake.inspect() : inspectWithout(fake, "idempotencyKeys");
}
