/**
 * Bad input changes nothing: every failing request below is answered with the right code and field path, and
 * the whole state (orders, routes, actions, events, notifications, order numbers, tokens) is deep-equal before
 * and after it.
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import {
  assign,
  createOrders,
  createRoute,
  DATE,
  orderInput,
  publish,
  routeInput,
  workspaceOf,
} from "./support/flow.js";

const server = useFakeServer();

interface World {
  ws: string;
  wsId: number;
  token: string;
  expired: string;
  /** Orders on an unpublished route. */
  scheduled: string[];
  /** An order on a published route, and one delivered there. */
  published: string;
  delivered: string;
  unscheduled: string;
  planned: string;
  live: string;
  foreignWs: string;
  foreignOrder: string;
  foreignRoute: string;
}

async function send(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token?: string,
) {
  const { fake } = server;
  const h: Record<string, string> = { authorization: `Bearer ${token ?? fake.token}` };
  if (body !== undefined) h["content-type"] = "application/json";
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: { ...h, ...headers },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function world(): Promise<World> {
  const { fake } = server;
  const ws = workspaceOf(fake);
  const orders = await createOrders(fake, 8);
  const planned = await createRoute(fake);
  const live = await createRoute(fake);
  assign(fake, planned, orders.slice(0, 3));
  assign(fake, live, orders.slice(3, 6));
  await publish(fake, [live]);
  const delivered = orders[3] ?? "";
  expect((await send("POST", `/v2/orders/${delivered}/complete`, { status: "delivered" })).status).toBe(200);
  const expired = fake.control.createToken();
  fake.control.expireToken(expired);
  const other = fake.control.createOrganization();
  const foreignWs = other.workspaces[0]?.uuid ?? "";
  const fo = await send("POST", `/v2/orders?workspaceUuid=${foreignWs}`, orderInput(0), {}, other.token);
  const fr = await send("POST", "/v2/routes", { workspaceUuid: foreignWs, routes: [routeInput(0)] }, {}, other.token);
  return {
    ws: ws.uuid,
    wsId: ws.workspaceId,
    token: fake.token,
    expired,
    scheduled: orders.slice(0, 3),
    published: orders[4] ?? "",
    delivered,
    unscheduled: orders[7] ?? "",
    planned,
    live,
    foreignWs,
    foreignOrder: fo.body.data[0].uuid,
    foreignRoute: fr.body.data[0].uuid,
  };
}

const order = (extra: Record<string, unknown> = {}) => orderInput(1, extra);
const batch = (n: number, bad: number, extra: Record<string, unknown>) =>
  Array.from({ length: n }, (_, i) => (i === bad ? order(extra) : order()));
const route = (extra: Record<string, unknown> = {}) => routeInput(1, extra);

interface Case {
  name: string;
  request: (
    w: World,
  ) => [method: string, path: string, body?: unknown, headers?: Record<string, string>, token?: string];
  status: number;
  code: string;
  /** The first detail's path (and named in the message) for VALIDATION_FAILED. */
  path?: string;
}

const cases: Case[] = [
  // order creation, all or nothing
  {
    name: "a bad order at [7] of 10",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, batch(10, 7, { locations: [] })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[7].locations",
  },
  {
    name: "end ≤ start in [9]",
    request: (w) => [
      "POST",
      `/v2/orders?workspaceUuid=${w.ws}`,
      batch(10, 9, { timeWindows: [{ startTime: "10:00", endTime: "10:00" }] }),
    ],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[9].timeWindows[0].endTime",
  },
  {
    name: "overlapping windows in [3]",
    request: (w) => [
      "POST",
      `/v2/orders?workspaceUuid=${w.ws}`,
      batch(5, 3, {
        timeWindows: [
          { startTime: "08:00", endTime: "10:00" },
          { startTime: "09:00", endTime: "11:00" },
        ],
      }),
    ],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[3].timeWindows[1]",
  },
  {
    name: "an unknown field in [2]",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, batch(4, 2, { colour: "red" })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[2].colour",
  },
  {
    name: "an unknown location field",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ locations: [{ address: "a", zip: "1" }] })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "locations[0].zip",
  },
  {
    name: "1,001 orders",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, batch(1001, -1, {})],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "body",
  },
  {
    name: "an empty batch",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, []],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "body",
  },
  {
    name: "2026-02-30",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ deliveryDate: "2026-02-30" })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "deliveryDate",
  },
  {
    name: "24:00",
    request: (w) => [
      "POST",
      `/v2/orders?workspaceUuid=${w.ws}`,
      order({ timeWindows: [{ startTime: "24:00", endTime: "23:00" }] }),
    ],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "timeWindows[0].startTime",
  },
  {
    name: "7:00",
    request: (w) => [
      "POST",
      `/v2/orders?workspaceUuid=${w.ws}`,
      order({ timeWindows: [{ startTime: "06:00", endTime: "7:00" }] }),
    ],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "timeWindows[0].endTime",
  },
  {
    name: "a negative load",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ load: -1 })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "load",
  },
  {
    name: "a duration over a day",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ duration: 86_401 })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "duration",
  },
  {
    name: "a fractional duration",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ duration: 1.5 })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "duration",
  },
  {
    name: "a bad email",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ email: "nope" })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "email",
  },
  {
    name: "a nested custom field",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ customFields: { a: { b: 1 } } })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "customFields.a",
  },
  {
    name: "latitude without longitude",
    request: (w) => [
      "POST",
      `/v2/orders?workspaceUuid=${w.ws}`,
      order({ locations: [{ address: "a", latitude: 52 }] }),
    ],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "locations[0].longitude",
  },
  {
    name: "null locations",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ locations: null })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "locations",
  },
  {
    name: "an array where an order goes",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, [order(), [1]]],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[1]",
  },
  {
    name: "a bad priority",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ priority: "urgent" })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "priority",
  },
  {
    name: "a package of 0",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order({ packages: [{ quantity: 0 }] })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "packages[0].quantity",
  },
  {
    name: "text/plain",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order(), { "content-type": "text/plain" }],
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  {
    name: "malformed JSON",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, "[{"],
    status: 400,
    code: "INVALID_JSON",
  },
  {
    name: "no workspaceUuid",
    request: () => ["POST", "/v2/orders", order()],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "workspaceUuid",
  },
  {
    name: "another organization's workspace",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.foreignWs}`, order()],
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "v1 with packages",
    request: (w) => ["POST", `/v1/orders?workspaceId=${w.wsId}`, [order(), order({ packages: [] })]],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[1].packages",
  },
  {
    name: "v1 with a bad workspaceId",
    request: () => ["POST", "/v1/orders?workspaceId=x", [order()]],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "workspaceId",
  },
  {
    name: "an expired token",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order(), {}, w.expired],
    status: 401,
    code: "TOKEN_EXPIRED",
  },
  {
    name: "an unknown token",
    request: (w) => ["POST", `/v2/orders?workspaceUuid=${w.ws}`, order(), {}, "nope"],
    status: 401,
    code: "UNAUTHORIZED",
  },
  // route creation
  {
    name: "a bad route at [1]",
    request: (w) => ["POST", "/v2/routes", { workspaceUuid: w.ws, routes: [route(), route({ startTime: "25:00" })] }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "routes[1].startTime",
  },
  {
    name: "a route ending before it starts",
    request: (w) => ["POST", "/v2/routes", { workspaceUuid: w.ws, routes: [route(), route({ endTime: "08:00" })] }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "routes[1].endTime",
  },
  {
    name: "501 routes",
    request: (w) => ["POST", "/v2/routes", { workspaceUuid: w.ws, routes: Array.from({ length: 501 }, () => route()) }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "routes",
  },
  {
    name: "an unknown route field",
    request: (w) => ["POST", "/v2/routes", { workspaceUuid: w.ws, routes: [route({ colour: "red" })] }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "routes[0].colour",
  },
  {
    name: "a negative capacity",
    request: (w) => ["POST", "/v2/routes", { workspaceUuid: w.ws, routes: [route({ capacity: -1 })] }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "routes[0].capacity",
  },
  {
    name: "a v1 route on 2026-02-30",
    request: (w) => ["POST", `/v1/routes?workspaceId=${w.wsId}`, [route(), route({ date: "2026-02-30" })]],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[1].date",
  },
  {
    name: "routes in a foreign workspace",
    request: (w) => ["POST", "/v2/routes", { workspaceUuid: w.foreignWs, routes: [route()] }],
    status: 404,
    code: "NOT_FOUND",
  },
  // update
  {
    name: "PUT a scheduled order with a bad window",
    request: (w) => [
      "PUT",
      `/v2/orders/${w.scheduled[0]}`,
      order({ load: 9, timeWindows: [{ startTime: "12:00", endTime: "11:00" }] }),
    ],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "timeWindows[0].endTime",
  },
  {
    name: "PUT with an unknown field",
    request: (w) => ["PUT", `/v2/orders/${w.unscheduled}`, order({ colour: "red" })],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "colour",
  },
  {
    name: "PUT a delivered order",
    request: (w) => ["PUT", `/v2/orders/${w.delivered}`, order()],
    status: 409,
    code: "ORDER_COMPLETED",
  },
  {
    name: "PUT v1 on a scheduled order",
    request: (w) => ["PUT", `/v1/orders/${w.scheduled[1]}`, order()],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "status",
  },
  {
    name: "PUT a foreign order",
    request: (w) => ["PUT", `/v2/orders/${w.foreignOrder}`, order()],
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "PUT without a body type",
    request: (w) => ["PUT", `/v2/orders/${w.unscheduled}`, order(), { "content-type": "" }],
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  // delete
  {
    name: "501 uuids",
    request: (w) => ["DELETE", "/v2/orders", Array.from({ length: 501 }, () => w.unscheduled)],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "body",
  },
  {
    name: "numbers in a bulk delete",
    request: (w) => ["DELETE", "/v2/orders", [w.unscheduled, 1]],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "[1]",
  },
  {
    name: "an object as a bulk delete",
    request: (w) => ["DELETE", "/v2/orders", { uuids: [w.unscheduled] }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "body",
  },
  {
    name: "a bulk delete of the undeletable",
    request: (w) => ["DELETE", "/v2/orders", [w.delivered, w.published, w.foreignOrder, "x"]],
    status: 200,
    code: "",
  },
  {
    name: "DELETE a delivered order",
    request: (w) => ["DELETE", `/v2/orders/${w.delivered}`],
    status: 409,
    code: "CONFLICT",
  },
  {
    name: "DELETE an order of a published route",
    request: (w) => ["DELETE", `/v2/orders/${w.published}`],
    status: 409,
    code: "CONFLICT",
  },
  {
    name: "DELETE a foreign order",
    request: (w) => ["DELETE", `/v2/orders/${w.foreignOrder}`],
    status: 404,
    code: "NOT_FOUND",
  },
  // completion
  {
    name: "complete an order of an unpublished route",
    request: (w) => ["POST", `/v2/orders/${w.scheduled[0]}/complete`, { status: "delivered" }],
    status: 409,
    code: "ORDER_NOT_PUBLISHED",
  },
  {
    name: "complete an unscheduled order",
    request: (w) => ["POST", `/v2/orders/${w.unscheduled}/completion`, { status: "delivered" }],
    status: 409,
    code: "ORDER_NOT_PUBLISHED",
  },
  {
    name: "complete twice",
    request: (w) => ["POST", `/v2/orders/${w.delivered}/complete`, { status: "missed", missedReason: "x" }],
    status: 409,
    code: "ORDER_COMPLETED",
  },
  {
    name: "missed without a reason",
    request: (w) => ["POST", `/v2/orders/${w.published}/complete`, { status: "missed" }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "missedReason",
  },
  {
    name: "a bad completedAt",
    request: (w) => ["POST", `/v2/orders/${w.published}/complete`, { status: "delivered", completedAt: "yesterday" }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "completedAt",
  },
  {
    name: "a bad completion status",
    request: (w) => ["POST", `/v2/orders/${w.published}/complete`, { status: "lost" }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "status",
  },
  {
    name: "complete a foreign order",
    request: (w) => ["POST", `/v2/orders/${w.foreignOrder}/complete`, { status: "delivered" }],
    status: 404,
    code: "NOT_FOUND",
  },
  // routes: lock, publish
  {
    name: "lock with a string",
    request: (w) => ["PATCH", `/v2/routes/${w.planned}`, { locked: "yes" }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "locked",
  },
  {
    name: "lock with an extra field",
    request: (w) => ["PATCH", `/v2/routes/${w.planned}`, { locked: true, name: "x" }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "name",
  },
  {
    name: "lock a foreign route",
    request: (w) => ["PATCH", `/v2/routes/${w.foreignRoute}`, { locked: true }],
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "publish a malformed uuid",
    request: (w) => ["POST", "/v2/routes/publish", { workspaceUuid: w.ws, date: DATE, routeUuids: ["x"] }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "routeUuids[0]",
  },
  {
    name: "publish on 2026-02-30",
    request: (w) => ["POST", "/v2/routes/publish", { workspaceUuid: w.ws, date: "2026-02-30" }],
    status: 400,
    code: "VALIDATION_FAILED",
    path: "date",
  },
  {
    name: "publish in a foreign workspace",
    request: (w) => ["POST", "/v2/routes/publish", { workspaceUuid: w.foreignWs, date: DATE }],
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "a foreign route's timeline",
    request: (w) => ["GET", `/v2/routes/${w.foreignRoute}/timeline`],
    status: 404,
    code: "NOT_FOUND",
  },
];

describe("bad input changes nothing", () => {
  it.each(cases)("$name → $status $code", async ({ request, status, code, path }) => {
    const w = await world();
    const before = server.fake.inspect();
    const [method, url, body, headers, token] = request(w);
    const res = await send(method, url, body, headers, token);
    expect(res.status).toBe(status);
    if (status >= 400) {
      expect(res.body).toMatchObject({ code, requestId: res.headers.get("x-request-id") });
      expect(res.body.message).toMatch(/^Failed to [a-z]+( [^:]+)?: \S/);
    }
    if (path !== undefined) {
      expect(res.body.details?.[0]?.path).toBe(path);
      expect(res.body.message).toContain(`: ${path}: `);
    }
    expect(server.fake.inspect()).toEqual(before);
  });

  it("(the snapshot sees a change: a good request does change the state)", async () => {
    const w = await world();
    const before = server.fake.inspect();
    const res = await send("PUT", `/v2/orders/${w.unscheduled}`, order({ name: "Renamed" }));
    expect(res.status).toBe(200);
    expect(server.fake.inspect()).not.toEqual(before);
  });
});
