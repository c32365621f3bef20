/**
 * The whole flow of the service, in v2 and in v1: orders, routes, a scheduling run with its polling and solution,
 * publishing, completion (delivered and missed), read back. `docs/api-contract.md` sections 2 to 5, 7 and 8.
 */
import type { Scenario } from "./scenario.js";
import type { Session } from "./session.js";

/** The run of every order on the route: its status, solution, and place in the list of runs. */
async function scheduleAndRead(s: Session, uuids: string[], routeUuid: string): Promise<void> {
  const run = await s.schedule(uuids, [routeUuid]);
  s.expectValue(
    "GET /v2/schedules/actions/{actionUuid}: ended run",
    [run.status, run.actionSummary],
    ["finished", { routesUsed: 1, ordersScheduled: 3, ordersUnscheduled: 0, committed: true }],
  );
  const status = await s.client.request("GET", `/v2/schedules/${run.actionUuid}`);
  s.expectStatus(status, 200);
  s.expectEqual(status, "the same action at /v2/schedules/{actionUuid}", status.body, run);
  const solution = await s.client.request("GET", `/v2/schedules/${run.actionUuid}/solution`);
  s.expectStatus(solution, 200);
  s.expectEqual(
    solution,
    "routes of the solution",
    solution.body.routes.map((r: { routeUuid: string }) => r.routeUuid),
    [routeUuid],
  );
  const planned = solution.body.routes[0].stops.map((stop: { orderUuid: string }) => stop.orderUuid).sort();
  s.expectEqual(solution, "orders on the route", planned, [...uuids].sort());
  const runs = await s.client.request("GET", "/v2/schedules?perPage=100");
  s.expectStatus(runs, 200);
  s.expectThat(
    runs,
    "the run in GET /v2/schedules (newest first)",
    runs.body.data.some((a: { actionUuid: string }) => a.actionUuid === run.actionUuid),
    runs.body.data.slice(0, 3),
  );
}

/** A scheduled order and its route's timeline. */
async function checkScheduled(s: Session, firstUuid: string, routeUuid: string): Promise<void> {
  const scheduled = await s.client.request("GET", `/v2/orders/${firstUuid}`);
  s.expectStatus(scheduled, 200);
  s.expectEqual(
    scheduled,
    "status and routeUuid",
    [scheduled.body.status, scheduled.body.routeUuid],
    ["scheduled", routeUuid],
  );
  const timeline = await s.client.request("GET", `/v2/routes/${routeUuid}/timeline`);
  s.expectStatus(timeline, 200);
  const types = timeline.body.data.map((stop: { type: string }) => stop.type);
  s.expectEqual(timeline, "stop types", types, [
    "start_location",
    "delivering_stop",
    "delivering_stop",
    "delivering_stop",
  ]);
  s.expectEqual(
    timeline,
    "sequences",
    timeline.body.data.map((stop: { sequence: number }) => stop.sequence),
    [0, 1, 2, 3],
  );
}

/** Publish the route and read it back. */
async function publishAndRead(s: Session, routeUuid: string): Promise<void> {
  const published = await s.publish([routeUuid]);
  s.expectValue(
    "GET /v2/routes/actions/{actionUuid}: ended publish",
    [published.status, published.actionSummary],
    ["finished", { routes: [{ uuid: routeUuid, status: "finished" }] }],
  );
  const readRoute = await s.client.request("GET", `/v2/routes/${routeUuid}`);
  s.expectStatus(readRoute, 200);
  s.expectEqual(
    readRoute,
    "status and ordersCount",
    [readRoute.body.status, readRoute.body.ordersCount],
    ["published", 3],
  );
  s.expectThat(
    readRoute,
    "publishedAt set",
    typeof readRoute.body.publishedAt === "string",
    readRoute.body.publishedAt,
  );
}

/** Complete one order delivered (`/complete`) and one missed (`/completion`). */
async function completeBoth(s: Session, firstUuid: string, missedUuid: string): Promise<void> {
  const delivered = await s.client.request("POST", `/v2/orders/${firstUuid}/complete`, {
    json: { status: "delivered", completedAt: `${s.date}T09:30:00Z`, notes: "left at the door" },
  });
  s.expectStatus(delivered, 200);
  s.expectEqual(
    delivered,
    "completion fields",
    [delivered.body.status, delivered.body.deliveryTime, delivered.body.deliveryNotes],
    ["delivered", `${s.date}T09:30:00.000Z`, "left at the door"],
  );
  const missed = await s.client.request("POST", `/v2/orders/${missedUuid}/completion`, {
    json: { status: "missed", missedReason: "nobody home" },
  });
  s.expectStatus(missed, 200);
  s.expectEqual(
    missed,
    "status and missed reason",
    [missed.body.status, missed.body.deliveryMissedReason],
    ["missed", "nobody home"],
  );
}

/** The completed order and the live timeline read back. */
async function readBackCompleted(s: Session, firstUuid: string, pendingUuid: string, routeUuid: string): Promise<void> {
  const readBack = await s.client.request("GET", `/v2/orders/${firstUuid}`);
  s.expectStatus(readBack, 200);
  s.expectEqual(
    readBack,
    "the completed order read back",
    [readBack.body.status, readBack.body.routeUuid, readBack.body.deliveryTime],
    ["delivered", routeUuid, `${s.date}T09:30:00.000Z`],
  );
  const live = await s.client.request("GET", `/v2/routes/${routeUuid}/timeline`);
  s.expectStatus(live, 200);
  const stopOf = (uuid: string) =>
    live.body.data.find((stop: { orders: { uuid: string }[] }) => stop.orders.some((o) => o.uuid === uuid));
  const completedStop = stopOf(firstUuid);
  s.expectThat(
    live,
    "the delivered order's stop with its actual departure",
    typeof completedStop?.actualDepartureTime === "string",
    completedStop,
  );
  s.expectEqual(live, "the stop's order status", completedStop.orders[0].status, "delivered");
  s.expectThat(
    live,
    "planned times fixed at publish",
    typeof completedStop.plannedArrivalTime === "string",
    completedStop,
  );
  const pending = stopOf(pendingUuid);
  s.expectEqual(live, "the pending stop's actual arrival", pending.actualArrivalTime, null);
}

/** The flow scenarios. */
export const flowScenarios: Scenario[] = [
  {
    name: "flow v2: create, schedule, publish, complete delivered and missed, read back",
    section: "3, 4, 5, 7",
    async run(s) {
      const orders = await s.createOrders([s.order({ load: 2 }), s.order(), s.order({ priority: "high" })]);
      const first = orders[0];
      s.expectValue(
        "POST /v2/orders: statuses",
        orders.map((o) => [o.status, o.routeUuid]),
        [
          ["not_scheduled", null],
          ["not_scheduled", null],
          ["not_scheduled", null],
        ],
      );
      s.expectValue(
        "POST /v2/orders: defaults of the first order",
        [first.duration, first.load, first.tags],
        [300, 2, []],
      );
      const [route] = await s.createRoutes([s.route({ capacity: 10 })]);
      s.expectValue(
        "POST /v2/routes: new route",
        [route.status, route.locked, route.ordersCount, route.timeline.uri],
        ["planned", false, 0, `/v2/routes/${route.uuid}/timeline`],
      );
      const uuids = orders.map((o) => o.uuid);
      await scheduleAndRead(s, uuids, route.uuid);
      await checkScheduled(s, first.uuid, route.uuid);
      await publishAndRead(s, route.uuid);
      await completeBoth(s, first.uuid, orders[1].uuid);
      await readBackCompleted(s, first.uuid, orders[2].uuid, route.uuid);
    },
  },
  {
    name: "flow v1: orders and routes by workspaceId, read through v1 and v2, completed order read back in v1",
    section: "2, 8",
    async run(s) {
      const workspaces = await s.client.request("GET", "/workspaces");
      s.expectStatus(workspaces, 200);
      const v2 = await s.client.request("GET", "/v2/workspaces");
      s.expectEqual(workspaces, "the same page as GET /v2/workspaces", workspaces.body, v2.body);
      const id = s.workspace.workspaceId;
      const created = await s.client.request("POST", `/v1/orders?workspaceId=${id}`, { json: [s.order()] });
      s.expectStatus(created, 201);
      const order = created.body.data[0];
      s.createdOrders.add(order.uuid);
      s.expectEqual(
        created,
        "v1 order",
        [order.workspaceId, "trackingLink" in order, "packages" in order],
        [id, false, false],
      );
      const v1Read = await s.client.request("GET", `/v1/orders/${order.uuid}`);
      s.expectStatus(v1Read, 200);
      s.expectEqual(v1Read, "the order", v1Read.body, order);
      const v2Read = await s.client.request("GET", `/v2/orders/${order.uuid}`);
      s.expectStatus(v2Read, 200);
      s.expectEqual(
        v2Read,
        "workspaceUuid and name",
        [v2Read.body.workspaceUuid, v2Read.body.name],
        [s.workspace.uuid, order.name],
      );
      s.expectThat(
        v2Read,
        "a trackingLink string",
        typeof v2Read.body.trackingLink === "string",
        v2Read.body.trackingLink,
      );

      const routes = await s.client.request("POST", `/v1/routes?workspaceId=${id}`, { json: [s.route()] });
      s.expectStatus(routes, 201);
      const route = routes.body.data[0];
      s.createdRoutes.add(route.uuid);
      s.expectEqual(
        routes,
        "v1 route",
        [route.workspaceId, route.status, route.timeline.uri],
        [id, "planned", `/v2/routes/${route.uuid}/timeline`],
      );
      const listed = await s.client.request("GET", `/v1/routes?workspaceId=${id}&date=${s.date}&perPage=500`);
      s.expectStatus(listed, 200);
      s.expectThat(
        listed,
        "the v1 route listed for its date",
        listed.body.data.some((r: { uuid: string }) => r.uuid === route.uuid),
        listed.body.metadata,
      );

      const run = await s.schedule([order.uuid], [route.uuid]);
      s.expectValue("the schedule action", run.status, "finished");
      const update = await s.client.request("PUT", `/v1/orders/${order.uuid}`, { json: s.order() });
      s.expectError(update, 400, "VALIDATION_FAILED", "status");
      const published = await s.publish([route.uuid]);
      s.expectValue("the publish action", published.status, "finished");
      const complete = await s.client.request("POST", `/v2/orders/${order.uuid}/complete`, {
        json: { status: "delivered" },
      });
      s.expectStatus(complete, 200);
      const back = await s.client.request("GET", `/v1/orders/${order.uuid}`);
      s.expectStatus(back, 200);
      s.expectEqual(
        back,
        "status and routeUuid in v1",
        [back.body.status, back.body.routeUuid],
        ["delivered", route.uuid],
      );
    },
  },
  {
    name: "what-if run: a plan with committed false, nothing stored",
    section: "5",
    async run(s) {
      const before = await s.client.request(
        "GET",
        `/v2/routes?workspaceUuid=${s.workspace.uuid}&date=${s.day(1)}&perPage=500`,
      );
      s.expectStatus(before, 200);
      const accepted = await s.client.request("POST", "/v2/schedules", {
        json: {
          workspaceUuid: s.workspace.uuid,
          date: s.day(1),
          whatIf: {
            orders: [s.order({ deliveryDate: s.day(1) }), s.order({ deliveryDate: s.day(1) })],
            routes: [s.route({ date: s.day(1) })],
          },
        },
      });
      const run = await s.awaitAction(accepted, "/v2/schedules/actions", "schedule");
      s.expectValue(
        "the what-if action",
        [run.status, run.actionSummary?.committed, run.actionSummary?.ordersScheduled],
        ["finished", false, 2],
      );
      const solution = await s.client.request("GET", `/v2/schedules/${run.actionUuid}/solution`);
      s.expectStatus(solution, 200);
      s.expectEqual(solution, "committed", solution.body.committed, false);
      const after = await s.client.request(
        "GET",
        `/v2/routes?workspaceUuid=${s.workspace.uuid}&date=${s.day(1)}&perPage=500`,
      );
      s.expectEqual(
        after,
        "routes of the date after a what-if run",
        after.body.metadata.totalItems,
        before.body.metadata.totalItems,
      );
    },
  },
  {
    name: "update: an unscheduled order answers 200, a scheduling change of a scheduled one a 202 update action",
    section: "3, 7",
    async run(s) {
      const [order, other] = await s.createOrders([s.order(), s.order()]);
      const input = s.order({ name: `${order.name} renamed`, packages: [{ barcode: "PKG-1", quantity: 2 }] });
      const plain = await s.client.request("PUT", `/v2/orders/${order.uuid}`, { json: input });
      s.expectStatus(plain, 200);
      s.expectEqual(
        plain,
        "name and packages",
        [plain.body.name, plain.body.packages],
        [input.name, [{ barcode: "PKG-1", description: null, quantity: 2 }]],
      );
      const [route] = await s.createRoutes([s.route()]);
      const run = await s.schedule([other.uuid], [route.uuid]);
      s.expectValue("the schedule action", run.status, "finished");
      const moved = await s.client.request("PUT", `/v2/orders/${other.uuid}`, { json: s.order({ duration: 600 }) });
      const update = await s.awaitAction(moved, "/v2/orders/actions", "update");
      s.expectValue(
        "the update action",
        [update.status, update.actionSummary?.orders?.[0]?.uuid, update.actionSummary?.orders?.[0]?.routeUuid],
        ["finished", other.uuid, route.uuid],
      );
      const wrongKind = await s.client.request("GET", `/v2/schedules/actions/${update.actionUuid}`);
      s.expectError(wrongKind, 404, "NOT_FOUND");
    },
  },
  {
    name: "delete: unscheduled 200, scheduled 202 delete action, published 409 CONFLICT, bulk with reasons",
    section: "3, 4",
    async run(s) {
      const [loose, onRoute, bulk] = await s.createOrders([s.order(), s.order(), s.order()]);
      const one = await s.client.request("DELETE", `/v2/orders/${loose.uuid}`);
      s.expectStatus(one, 200);
      s.expectEqual(one, "the answer", one.body, { deleted: [{ uuid: loose.uuid }], failed: [] });
      const gone = await s.client.request("GET", `/v2/orders/${loose.uuid}`);
      s.expectError(gone, 404, "NOT_FOUND");
      const goneV1 = await s.client.request("GET", `/v1/orders/${loose.uuid}`);
      s.expectError(goneV1, 404, "NOT_FOUND");

      const [route] = await s.createRoutes([s.route()]);
      const run = await s.schedule([onRoute.uuid], [route.uuid]);
      s.expectValue("the schedule action", run.status, "finished");
      const accepted = await s.client.request("DELETE", `/v2/orders/${onRoute.uuid}`);
      const deletion = await s.awaitAction(accepted, "/v2/orders/actions", "delete");
      s.expectValue(
        "the delete action",
        [deletion.status, deletion.actionSummary],
        ["finished", { deleted: [{ uuid: onRoute.uuid }], failed: [] }],
      );

      const { orders } = await s.publishedRoute(1);
      const published = orders[0].uuid;
      const refused = await s.client.request("DELETE", `/v2/orders/${published}`);
      s.expectError(refused, 409, "CONFLICT", "orderUuid");
      s.expectEqual(refused, "the detail's message", refused.body.details[0].message, "order_published");
      const unknown = crypto.randomUUID();
      const many = await s.client.request("DELETE", "/v2/orders", {
        json: [bulk.uuid, published, unknown, "not-a-uuid", bulk.uuid],
      });
      s.expectStatus(many, 200);
      s.expectEqual(many, "the answer", many.body, {
        deleted: [{ uuid: bulk.uuid }],
        failed: [
          { uuid: published, reason: "order_published" },
          { uuid: unknown, reason: "not_found" },
          { uuid: "not-a-uuid", reason: "not_found" },
        ],
      });
      const listed = await s.client.request(
        "GET",
        `/v2/orders?workspaceUuid=${s.workspace.uuid}&date=${s.date}&perPage=500&status=not_scheduled`,
      );
      s.expectStatus(listed, 200);
      s.expectThat(
        listed,
        "deleted orders not listed",
        !listed.body.data.some((o: { uuid: string }) => [loose.uuid, bulk.uuid].includes(o.uuid)),
        listed.body.metadata,
      );
    },
  },
  {
    name: "complete: ORDER_NOT_PUBLISHED before publishing, ORDER_COMPLETED after, no change to a completed order",
    section: "1, 3",
    async run(s) {
      const [unpublished] = await s.createOrders([s.order()]);
      const early = await s.client.request("POST", `/v2/orders/${unpublished.uuid}/complete`, {
        json: { status: "delivered" },
      });
      s.expectError(early, 409, "ORDER_NOT_PUBLISHED");
      const { orders } = await s.publishedRoute(1);
      const uuid = orders[0].uuid;
      const done = await s.client.request("POST", `/v2/orders/${uuid}/complete`, {
        json: { status: "missed", missedReason: "closed" },
      });
      s.expectStatus(done, 200);
      const again = await s.client.request("POST", `/v2/orders/${uuid}/complete`, { json: { status: "delivered" } });
      s.expectError(again, 409, "ORDER_COMPLETED");
      const update = await s.client.request("PUT", `/v2/orders/${uuid}`, { json: s.order() });
      s.expectError(update, 409, "ORDER_COMPLETED");
      const read = await s.client.request("GET", `/v2/orders/${uuid}`);
      s.expectEqual(
        read,
        "the order after refused changes",
        [read.body.status, read.body.deliveryMissedReason],
        ["missed", "closed"],
      );
      const bulk = await s.client.request("DELETE", "/v2/orders", { json: [uuid] });
      s.expectEqual(bulk, "bulk delete of a completed order", bulk.body, {
        deleted: [],
        failed: [{ uuid, reason: "order_completed" }],
      });
    },
  },
  {
    name: "schedule: a locked route refuses a specific run (409 CONFLICT), an unknown order 404 at its path",
    section: "4, 5",
    async run(s) {
      const date = s.day(2);
      const [order] = await s.createOrders([s.order({ deliveryDate: date })]);
      const [route] = await s.createRoutes([s.route({ date })]);
      const lock = await s.client.request("PATCH", `/v2/routes/${route.uuid}`, { json: { locked: true } });
      s.expectStatus(lock, 200);
      s.expectEqual(lock, "locked", lock.body.locked, true);
      const refused = await s.client.request("POST", "/v2/schedules", {
        json: { workspaceUuid: s.workspace.uuid, date, orders: [order.uuid], routes: [route.uuid] },
      });
      s.expectError(refused, 409, "CONFLICT");
      const unknown = await s.client.request("POST", "/v2/schedules", {
        json: {
          workspaceUuid: s.workspace.uuid,
          date,
          orders: [order.uuid, crypto.randomUUID()],
          routes: [route.uuid],
        },
      });
      s.expectError(unknown, 404, "NOT_FOUND", "orders[1]");
      const solutionOfNothing = await s.client.request("GET", `/v2/schedules/${crypto.randomUUID()}/solution`);
      s.expectError(solutionOfNothing, 404, "NOT_FOUND");
    },
  },
  {
    name: "nothing to do: a run with nothing to plan fails (solution 409 ACTION_NOT_FINISHED), a publish of an empty route skips it",
    section: "5, 7",
    async run(s) {
      const date = s.day(3);
      const [route] = await s.createRoutes([s.route({ date })]);
      const accepted = await s.client.request("POST", "/v2/schedules", {
        json: { workspaceUuid: s.workspace.uuid, date },
      });
      const run = await s.awaitAction(accepted, "/v2/schedules/actions", "schedule");
      s.expectValue("a schedule-all run on a date without orders", [run.status, run.reason], ["failed", "no_orders"]);
      const solution = await s.client.request("GET", `/v2/schedules/${run.actionUuid}/solution`);
      s.expectError(solution, 409, "ACTION_NOT_FINISHED");
      const publish = await s.client.request("POST", "/v2/routes/publish", {
        json: { workspaceUuid: s.workspace.uuid, date, routeUuids: [route.uuid] },
      });
      // A route without orders is skipped, not failed: the action finishes and the route stays unpublished.
      const skipped = await s.awaitAction(publish, "/v2/routes/actions", "publish");
      s.expectValue(
        "a publish of a route without orders",
        [skipped.status, skipped.reason, skipped.actionSummary],
        ["finished", undefined, { routes: [{ uuid: route.uuid, status: "skipped", error: "route has no orders" }] }],
      );
      const read = await s.client.request("GET", `/v2/routes/${route.uuid}`);
      s.expectStatus(read, 200);
      s.expectEqual(read, "a skipped route's status", read.body.status, "planned");
    },
  },
];
