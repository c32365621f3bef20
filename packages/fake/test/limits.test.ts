/**
 * Request limits: the `maxLength` of every free string and the `maxItems` of every list in openapi.yaml. At the
 * limit a request is accepted and its strings are stored as sent; one over, the fake answers 400
 * VALIDATION_FAILED naming the field and the whole state is unchanged. The contract rejects and accepts the same
 * bodies, so a validating proxy in front of the service agrees with it. Lengths count code points, so every
 * free string here starts with a character outside the BMP (two UTF-16 units, one code point).
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
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

// Scheduling runs stay pending, so a run at the limits is accepted without planning 1,000 orders.
const server = useFakeServer({ actions: { hold: ["schedule"] } });
const validator = createContractValidator();

/** A string of `length` code points (`length + 1` UTF-16 units). */
const chars = (length: number) => `🚚${"a".repeat(length - 1)}`;

/** A valid email address of exactly `length` characters. */
function emailOf(length: number): string {
  const local = "a".repeat(64);
  let domain = "de";
  while (local.length + 1 + domain.length < length) {
    const room = length - local.length - 1 - domain.length - 1;
    domain = `${"b".repeat(Math.min(63, room))}.${domain}`;
  }
  return `${local}@${domain}`;
}

/** A well-formed uuid that names nothing. */
const uuidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

async function send(method: string, path: string, body: unknown) {
  const { fake } = server;
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Every free string of an order at `limit(max)` characters. */
function orderStrings(limit: (max: number) => number) {
  return {
    name: chars(limit(255)),
    customerOrderNumber: chars(limit(255)),
    locations: [{ address: chars(limit(1000)), latitude: 52.52, longitude: 13.405 }],
    tags: [chars(limit(100))],
    phone: chars(limit(50)),
    email: emailOf(limit(254)),
    instructions: chars(limit(2000)),
    customFields: { gateCode: chars(limit(1000)), [chars(limit(100))]: 3 },
    packages: [{ barcode: chars(limit(255)), description: chars(limit(255)), quantity: 1 }],
  };
}

/** Every free string of a route at `limit(max)` characters. */
function routeStrings(limit: (max: number) => number) {
  return {
    name: chars(limit(255)),
    startLocation: { address: chars(limit(1000)), latitude: 52.5, longitude: 13.4 },
    endLocation: { address: chars(limit(1000)), latitude: 52.5, longitude: 13.4 },
    tags: [chars(limit(100))],
    driver: { name: chars(limit(255)), phone: chars(limit(50)), email: emailOf(limit(254)) },
  };
}

const atLimit = (max: number) => max;

interface World {
  ws: string;
  wsId: number;
  unscheduled: string;
  /** Orders on a published route, not completed. */
  published: string[];
}

async function world(): Promise<World> {
  const { fake } = server;
  const workspace = workspaceOf(fake);
  const orders = await createOrders(fake, 3);
  const route = await createRoute(fake);
  assign(fake, route, orders.slice(1));
  await publish(fake, [route]);
  return { ws: workspace.uuid, wsId: workspace.workspaceId, unscheduled: orders[0] ?? "", published: orders.slice(1) };
}

interface Case {
  name: string;
  method: "post" | "put" | "delete";
  /** The contract's path template, and the request's path in a world. */
  template: string;
  path: (w: World) => string;
  body: (w: World) => unknown;
  /** The only detail: its path, and its message when known. */
  detail: string;
  message?: string;
}

const over = (name: string, max: number) => ({ [name]: chars(max + 1) });
const tooLong = (max: number) => `must be at most ${max} characters`;
const ordersPath = (w: World) => `/v2/orders?workspaceUuid=${w.ws}`;
const pair = (bad: Record<string, unknown>) => [orderInput(0), orderInput(1, bad)];
const routesBody = (w: World, bad: Record<string, unknown>) => ({
  workspaceUuid: w.ws,
  routes: [routeInput(0), routeInput(1, bad)],
});
const location = (address: string) => ({ address, latitude: 52.5, longitude: 13.4 });
const driver = (extra: Record<string, unknown>) => ({ driver: { name: "Sam", ...extra } });

const stringCases: Case[] = [
  ...(
    [
      ["name", 255],
      ["customerOrderNumber", 255],
      ["phone", 50],
      ["instructions", 2000],
    ] as const
  ).map(
    ([field, max]): Case => ({
      name: `an order's ${field}`,
      method: "post",
      template: "/v2/orders",
      path: ordersPath,
      body: () => pair(over(field, max)),
      detail: `[1].${field}`,
      message: tooLong(max),
    }),
  ),
  {
    name: "an order's address",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => pair({ locations: [{ address: chars(1001) }] }),
    detail: "[1].locations[0].address",
    message: tooLong(1000),
  },
  {
    name: "an order's tag",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => pair({ tags: ["fridge", chars(101)] }),
    detail: "[1].tags[1]",
    message: tooLong(100),
  },
  {
    name: "an order's email",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => pair({ email: emailOf(255) }),
    detail: "[1].email",
    message: tooLong(254),
  },
  {
    name: "a custom field value",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => pair({ customFields: { gateCode: chars(1001) } }),
    detail: "[1].customFields.gateCode",
    message: tooLong(1000),
  },
  {
    name: "a custom field name",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => pair({ customFields: { [chars(101)]: 1 } }),
    detail: `[1].customFields.${chars(101)}`,
    message: "a custom field name must be at most 100 characters",
  },
  {
    name: "a package's barcode",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => pair({ packages: [{ barcode: chars(256), quantity: 1 }] }),
    detail: "[1].packages[0].barcode",
    message: tooLong(255),
  },
  {
    name: "a package's description",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => pair({ packages: [{ description: chars(256), quantity: 1 }] }),
    detail: "[1].packages[0].description",
    message: tooLong(255),
  },
  {
    name: "the name of a single order (object body)",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => orderInput(0, over("name", 255)),
    detail: "name",
    message: tooLong(255),
  },
  {
    name: "a v1 order's instructions",
    method: "post",
    template: "/v1/orders",
    path: (w) => `/v1/orders?workspaceId=${w.wsId}`,
    body: () => [orderInput(0, over("instructions", 2000))],
    detail: "[0].instructions",
    message: tooLong(2000),
  },
  {
    name: "an updated order's address",
    method: "put",
    template: "/v2/orders/{orderUuid}",
    path: (w) => `/v2/orders/${w.unscheduled}`,
    body: () => orderInput(0, { locations: [location(chars(1001))] }),
    detail: "locations[0].address",
    message: tooLong(1000),
  },
  {
    name: "a v1 updated order's name",
    method: "put",
    template: "/v1/orders/{orderUuid}",
    path: (w) => `/v1/orders/${w.unscheduled}`,
    body: () => orderInput(0, over("name", 255)),
    detail: "name",
    message: tooLong(255),
  },
  {
    name: "a route's name",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => routesBody(w, over("name", 255)),
    detail: "routes[1].name",
    message: tooLong(255),
  },
  {
    name: "a route's start address",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => routesBody(w, { startLocation: location(chars(1001)) }),
    detail: "routes[1].startLocation.address",
    message: tooLong(1000),
  },
  {
    name: "a route's end address",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => routesBody(w, { endLocation: { address: chars(1001) } }),
    detail: "routes[1].endLocation.address",
    message: tooLong(1000),
  },
  {
    name: "a route's tag",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => routesBody(w, { tags: [chars(101)] }),
    detail: "routes[1].tags[0]",
    message: tooLong(100),
  },
  {
    name: "a driver's name",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => routesBody(w, { driver: { name: chars(256) } }),
    detail: "routes[1].driver.name",
    message: tooLong(255),
  },
  {
    name: "a driver's phone",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => routesBody(w, driver({ phone: chars(51) })),
    detail: "routes[1].driver.phone",
    message: tooLong(50),
  },
  {
    name: "a driver's email",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => routesBody(w, driver({ email: emailOf(255) })),
    detail: "routes[1].driver.email",
    message: tooLong(254),
  },
  {
    name: "a v1 route's driver name",
    method: "post",
    template: "/v1/routes",
    path: (w) => `/v1/routes?workspaceId=${w.wsId}`,
    body: () => [routeInput(0, { driver: { name: chars(256) } })],
    detail: "[0].driver.name",
    message: tooLong(255),
  },
  {
    name: "completion notes",
    method: "post",
    template: "/v2/orders/{orderUuid}/complete",
    path: (w) => `/v2/orders/${w.published[0]}/complete`,
    body: () => ({ status: "delivered", notes: chars(2001) }),
    detail: "notes",
    message: tooLong(2000),
  },
  {
    name: "a missed reason (alias path)",
    method: "post",
    template: "/v2/orders/{orderUuid}/completion",
    path: (w) => `/v2/orders/${w.published[0]}/completion`,
    body: () => ({ status: "missed", missedReason: chars(1001) }),
    detail: "missedReason",
    message: tooLong(1000),
  },
  {
    name: "a signature",
    method: "post",
    template: "/v2/orders/{orderUuid}/complete",
    path: (w) => `/v2/orders/${w.published[0]}/complete`,
    body: () => ({ status: "delivered", signature: "A".repeat(1_000_001) }),
    detail: "signature",
    message: tooLong(1_000_000),
  },
  {
    name: "a bulk-delete id",
    method: "delete",
    template: "/v2/orders",
    path: () => "/v2/orders",
    body: (w) => [w.unscheduled, chars(256)],
    detail: "[1]",
    message: tooLong(255),
  },
  {
    name: "a what-if order's name",
    method: "post",
    template: "/v2/schedules",
    path: () => "/v2/schedules",
    body: (w) => ({
      workspaceUuid: w.ws,
      date: DATE,
      whatIf: { orders: [orderInput(0, over("name", 255))], routes: [routeInput(0)] },
    }),
    detail: "whatIf.orders[0].name",
    message: tooLong(255),
  },
  {
    name: "a what-if route's driver name",
    method: "post",
    template: "/v2/schedules",
    path: () => "/v2/schedules",
    body: (w) => ({
      workspaceUuid: w.ws,
      date: DATE,
      whatIf: { orders: [orderInput(0)], routes: [routeInput(0, { driver: { name: chars(256) } })] },
    }),
    detail: "whatIf.routes[0].driver.name",
    message: tooLong(255),
  },
];

const many = <T>(n: number, item: (i: number) => T) => Array.from({ length: n }, (_, i) => item(i));

const countCases: Case[] = [
  {
    name: "1,001 orders",
    method: "post",
    template: "/v2/orders",
    path: ordersPath,
    body: () => many(1001, (i) => orderInput(i % 10)),
    detail: "body",
    message: "send at most 1000 orders per request",
  },
  {
    name: "1,001 v1 orders",
    method: "post",
    template: "/v1/orders",
    path: (w) => `/v1/orders?workspaceId=${w.wsId}`,
    body: () => many(1001, (i) => orderInput(i % 10)),
    detail: "body",
    message: "send at most 1000 orders per request",
  },
  {
    name: "501 routes",
    method: "post",
    template: "/v2/routes",
    path: () => "/v2/routes",
    body: (w) => ({ workspaceUuid: w.ws, routes: many(501, (i) => routeInput(i)) }),
    detail: "routes",
    message: "send at most 500 routes per request",
  },
  {
    name: "501 v1 routes",
    method: "post",
    template: "/v1/routes",
    path: (w) => `/v1/routes?workspaceId=${w.wsId}`,
    body: () => many(501, (i) => routeInput(i)),
    detail: "body",
    message: "send at most 500 routes per request",
  },
  {
    name: "501 bulk-delete ids",
    method: "delete",
    template: "/v2/orders",
    path: () => "/v2/orders",
    body: () => many(501, uuidOf),
    detail: "body",
    message: "send at most 500 order uuids per request",
  },
  {
    name: "501 routes to publish",
    method: "post",
    template: "/v2/routes/publish",
    path: () => "/v2/routes/publish",
    body: (w) => ({ workspaceUuid: w.ws, date: DATE, routeUuids: many(501, uuidOf) }),
    detail: "routeUuids",
  },
  {
    name: "1,001 orders to schedule",
    method: "post",
    template: "/v2/schedules",
    path: () => "/v2/schedules",
    body: (w) => ({ workspaceUuid: w.ws, date: DATE, orders: many(1001, uuidOf), routes: [uuidOf(0)] }),
    detail: "orders",
  },
  {
    name: "501 routes to schedule on",
    method: "post",
    template: "/v2/schedules",
    path: () => "/v2/schedules",
    body: (w) => ({ workspaceUuid: w.ws, date: DATE, orders: [uuidOf(0)], routes: many(501, uuidOf) }),
    detail: "routes",
  },
  {
    name: "1,001 what-if orders",
    method: "post",
    template: "/v2/schedules",
    path: () => "/v2/schedules",
    body: (w) => ({
      workspaceUuid: w.ws,
      date: DATE,
      whatIf: { orders: many(1001, (i) => orderInput(i % 10)), routes: [routeInput(0)] },
    }),
    detail: "whatIf.orders",
  },
  {
    name: "501 what-if routes",
    method: "post",
    template: "/v2/schedules",
    path: () => "/v2/schedules",
    body: (w) => ({
      workspaceUuid: w.ws,
      date: DATE,
      whatIf: { orders: [orderInput(0)], routes: many(501, (i) => routeInput(i)) },
    }),
    detail: "whatIf.routes",
  },
];

describe("one over a limit: 400 naming the field, nothing stored, and the contract refuses the body too", () => {
  it.each([...stringCases, ...countCases])(
    "$name → $detail",
    async ({ method, template, path, body, detail, message }) => {
      const w = await world();
      const sent = body(w);
      expect(validator.checkRequest(method, template, sent)).not.toEqual([]);
      const before = server.fake.inspect();
      const res = await send(method.toUpperCase(), path(w), sent);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.details).toHaveLength(1);
      expect(res.body.details[0].path).toBe(detail);
      if (message !== undefined) expect(res.body.details[0].message).toBe(message);
      expect(res.body.message).toContain(`: ${detail}: `);
      expect(server.fake.inspect()).toEqual(before);
    },
  );
});

describe("at the limits: accepted, strings stored as sent, and the contract accepts the body", () => {
  it("builds its strings at exactly the limits", () => {
    expect([...chars(255)]).toHaveLength(255);
    expect(chars(255)).toHaveLength(256);
    expect(emailOf(254)).toHaveLength(254);
    expect(emailOf(255)).toHaveLength(255);
  });

  it("1,000 orders (the first with every string at its limit) and 500 routes, then a run over all of them", async () => {
    const w = await world();
    const strings = orderStrings(atLimit);
    const orders = [orderInput(0, strings), ...many(999, (i) => orderInput(i % 10))];
    expect(validator.checkRequest("post", "/v2/orders", orders)).toEqual([]);
    const created = await send("POST", ordersPath(w), orders);
    expect(created.status).toBe(201);
    expect(created.body.data).toHaveLength(1000);
    expect(created.body.data[0]).toMatchObject(strings);

    const routeBody = { workspaceUuid: w.ws, routes: [routeInput(0, routeStrings(atLimit)), ...many(499, routeInput)] };
    expect(validator.checkRequest("post", "/v2/routes", routeBody)).toEqual([]);
    const routes = await send("POST", "/v2/routes", routeBody);
    expect(routes.status).toBe(201);
    expect(routes.body.data).toHaveLength(500);
    expect(routes.body.data[0]).toMatchObject(routeStrings(atLimit));

    const run = {
      workspaceUuid: w.ws,
      date: DATE,
      orders: created.body.data.map((o: { uuid: string }) => o.uuid),
      routes: routes.body.data.map((r: { uuid: string }) => r.uuid),
    };
    expect(validator.checkRequest("post", "/v2/schedules", run)).toEqual([]);
    const accepted = await send("POST", "/v2/schedules", run);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ actionName: "schedule", status: "pending" });
  });

  it("a single order, a v1 order, updates and v1 routes with every string at its limit", async () => {
    const w = await world();
    const strings = orderStrings(atLimit);
    const single = await send("POST", ordersPath(w), orderInput(0, strings));
    expect(single.status).toBe(201);
    expect(single.body.data[0]).toMatchObject(strings);

    const { packages: _p, ...v1Strings } = strings;
    expect(validator.checkRequest("post", "/v1/orders", [orderInput(0, v1Strings)])).toEqual([]);
    const v1 = await send("POST", `/v1/orders?workspaceId=${w.wsId}`, [orderInput(0, v1Strings)]);
    expect(v1.status).toBe(201);
    expect(v1.body.data[0]).toMatchObject(v1Strings);

    expect(validator.checkRequest("put", "/v2/orders/{orderUuid}", orderInput(0, strings))).toEqual([]);
    const updated = await send("PUT", `/v2/orders/${w.unscheduled}`, orderInput(0, strings));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject(strings);
    const updatedV1 = await send("PUT", `/v1/orders/${w.unscheduled}`, orderInput(0, v1Strings));
    expect(updatedV1.status).toBe(200);
    expect(updatedV1.body).toMatchObject(v1Strings);

    const v1Routes = [routeInput(0, routeStrings(atLimit))];
    expect(validator.checkRequest("post", "/v1/routes", v1Routes)).toEqual([]);
    const routes = await send("POST", `/v1/routes?workspaceId=${w.wsId}`, v1Routes);
    expect(routes.status).toBe(201);
    expect(routes.body.data[0]).toMatchObject(routeStrings(atLimit));
  });

  it("completions: delivered with notes and a signature, missed with a reason, at their limits", async () => {
    const w = await world();
    const delivered = { status: "delivered", notes: chars(2000), signature: "A".repeat(1_000_000) };
    expect(validator.checkRequest("post", "/v2/orders/{orderUuid}/complete", delivered)).toEqual([]);
    const first = await send("POST", `/v2/orders/${w.published[0]}/complete`, delivered);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: "delivered",
      deliveryNotes: chars(2000),
      signatureUrl: `https://track.dispatch.example.com/o/${w.published[0]}/signature.png`,
    });

    const missed = { status: "missed", missedReason: chars(1000), notes: chars(2000) };
    expect(validator.checkRequest("post", "/v2/orders/{orderUuid}/completion", missed)).toEqual([]);
    const second = await send("POST", `/v2/orders/${w.published[1]}/completion`, missed);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      status: "missed",
      deliveryMissedReason: chars(1000),
      deliveryNotes: chars(2000),
    });
  });

  it("a bulk delete of 500 ids, one of them 255 characters long (not an order: failed not_found)", async () => {
    const w = await world();
    const ids = [w.unscheduled, chars(255), ...many(498, (i) => uuidOf(i + 1))];
    expect(validator.checkRequest("delete", "/v2/orders", ids)).toEqual([]);
    const res = await send("DELETE", "/v2/orders", ids);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toEqual([{ uuid: w.unscheduled }]);
    expect(res.body.failed).toHaveLength(499);
    expect(res.body.failed[0]).toEqual({ uuid: chars(255), reason: "not_found" });
  });

  it("a what-if run of 1,000 orders on 500 routes, the first of each with every string at its limit", async () => {
    const w = await world();
    const run = {
      workspaceUuid: w.ws,
      date: DATE,
      whatIf: {
        orders: [orderInput(0, orderStrings(atLimit)), ...many(999, (i) => orderInput(i % 10))],
        routes: [routeInput(0, routeStrings(atLimit)), ...many(499, routeInput)],
      },
    };
    expect(validator.checkRequest("post", "/v2/schedules", run)).toEqual([]);
    const res = await send("POST", "/v2/schedules", run);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ actionName: "schedule", status: "pending" });
  });
});
