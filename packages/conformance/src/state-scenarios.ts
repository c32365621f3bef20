/**
 * State rules of publishing, scheduling, routes, completion bodies and idempotency keys that the flow does not
 * reach: `docs/api-contract.md` sections 1, 3, 4, 5 and 7.
 */
import type { Scenario } from "./scenario.js";

/** The state scenarios. */
export const stateScenarios: Scenario[] = [
  {
    name: "publish: unknown route, another date and a date without routes fail the action with per-route errors",
    section: "4, 7",
    async run(s) {
      const date = s.day(1);
      const { route } = await s.publishedRoute(1);
      const unknown = crypto.randomUUID();
      const accepted = await s.client.request("POST", "/v2/routes/publish", {
        json: { workspaceUuid: s.workspace.uuid, date, routeUuids: [unknown, route.uuid, unknown] },
      });
      const failed = await s.awaitAction(accepted, "/v2/routes/actions", "publish");
      s.expectValue(
        "a publish of an unknown route and a route of another date",
        [failed.status, failed.reason, failed.actionSummary],
        [
          "failed",
          "route_failed",
          {
            routes: [
              { uuid: unknown, status: "failed", error: "route doesn't exist" },
              { uuid: route.uuid, status: "failed", error: `route is on ${s.date}, not ${date}` },
            ],
          },
        ],
      );
      s.expectThat(accepted, "finishedAt on the ended action", typeof failed.finishedAt === "string", failed);
      const empty = await s.client.request("POST", "/v2/routes/publish", {
        json: { workspaceUuid: s.workspace.uuid, date: s.day(11) },
      });
      const none = await s.awaitAction(empty, "/v2/routes/actions", "publish");
      s.expectValue(
        "a publish of a date without routes",
        [none.status, none.reason, none.actionSummary],
        ["failed", "no_routes", { routes: [] }],
      );
      const republished = await s.publish([route.uuid]);
      s.expectValue("a republish", republished.status, "finished");
    },
  },
  {
    name: "schedule all: plans the date's unscheduled orders on unlocked routes, leaves a locked route alone",
    section: "4, 5",
    async run(s) {
      const date = s.day(9);
      const [first, second] = await s.createOrders([s.order({ deliveryDate: date }), s.order({ deliveryDate: date })]);
      const [open, locked] = await s.createRoutes([s.route({ date }), s.route({ date })]);
      const lock = await s.client.request("PATCH", `/v2/routes/${locked.uuid}`, { json: { locked: true } });
      s.expectStatus(lock, 200);
      const accepted = await s.client.request("POST", "/v2/schedules", {
        json: { workspaceUuid: s.workspace.uuid, date },
      });
      const run = await s.awaitAction(accepted, "/v2/schedules/actions", "schedule");
      s.expectValue(
        "the schedule-all run",
        [run.status, run.actionSummary?.ordersScheduled, run.actionSummary?.committed],
        ["finished", 2, true],
      );
      for (const order of [first, second]) {
        const read = await s.client.request("GET", `/v2/orders/${order.uuid}`);
        s.expectEqual(read, "status and route", [read.body.status, read.body.routeUuid], ["scheduled", open.uuid]);
      }
      const lockedRead = await s.client.request("GET", `/v2/routes/${locked.uuid}`);
      s.expectEqual(lockedRead, "the locked route's ordersCount", lockedRead.body.ordersCount, 0);
      const emptyTimeline = await s.client.request("GET", `/v2/routes/${locked.uuid}/timeline`);
      s.expectEqual(
        emptyTimeline,
        "the empty route's timeline",
        emptyTimeline.body.data.map((stop: { type: string }) => stop.type),
        ["start_location"],
      );
      const wrongDate = await s.client.request("POST", "/v2/schedules", {
        json: { workspaceUuid: s.workspace.uuid, date: s.day(10), orders: [first.uuid], routes: [open.uuid] },
      });
      s.expectError(wrongDate, 400, "VALIDATION_FAILED");
      const move = await s.client.request("PUT", `/v2/orders/${first.uuid}`, {
        json: s.order({ deliveryDate: s.day(10) }),
      });
      const moved = await s.awaitAction(move, "/v2/orders/actions", "update");
      s.expectValue("an update to another date", moved.actionSummary?.orders?.[0]?.routeUuid, null);
      const off = await s.client.request("GET", `/v2/orders/${first.uuid}`);
      s.expectEqual(
        off,
        "status and route after the date changed",
        [off.body.status, off.body.routeUuid, off.body.deliveryDate],
        ["not_scheduled", null, s.day(10)],
      );
    },
  },
  {
    name: "routes: shift start after its end, a strict lock body and a missing locked answer 400 at their paths",
    section: "1, 4",
    async run(s) {
      const shift = await s.client.request("POST", "/v2/routes", {
        json: { workspaceUuid: s.workspace.uuid, routes: [s.route({ startTime: "18:00", endTime: "08:00" })] },
      });
      s.expectError(shift, 400, "VALIDATION_FAILED");
      const [route] = await s.createRoutes([s.route()]);
      s.expectError(
        await s.client.request("PATCH", `/v2/routes/${route.uuid}`, { json: { locked: true, colour: "red" } }),
        400,
        "VALIDATION_FAILED",
        "colour",
      );
      s.expectError(
        await s.client.request("PATCH", `/v2/routes/${route.uuid}`, { json: {} }),
        400,
        "VALIDATION_FAILED",
        "locked",
      );
      const read = await s.client.request("GET", `/v2/routes/${route.uuid}`);
      s.expectEqual(read, "locked after refused changes", read.body.locked, false);
    },
  },
  {
    name: "completion bodies: missed without a reason, a reason with delivered, a signature with missed answer 400; a signature sets signatureUrl",
    section: "3, 10",
    async run(s) {
      const { orders } = await s.publishedRoute(2);
      const [first, second] = orders;
      const path = `/v2/orders/${first.uuid}/complete`;
      s.expectError(
        await s.client.request("POST", path, { json: { status: "missed" } }),
        400,
        "VALIDATION_FAILED",
        "missedReason",
      );
      s.expectError(
        await s.client.request("POST", path, { json: { status: "delivered", missedReason: "x" } }),
        400,
        "VALIDATION_FAILED",
        "missedReason",
      );
      s.expectError(
        await s.client.request("POST", path, {
          json: { status: "missed", missedReason: "x", signature: "iVBORw0KGgo=" },
        }),
        400,
        "VALIDATION_FAILED",
        "signature",
      );
      const unchanged = await s.client.request("GET", `/v2/orders/${first.uuid}`);
      s.expectEqual(unchanged, "status after refused completions", unchanged.body.status, "scheduled");
      const signed = await s.client.request("POST", path, { json: { status: "delivered", signature: "iVBORw0KGgo=" } });
      s.expectStatus(signed, 200);
      s.expectThat(signed, "a signatureUrl", typeof signed.body.signatureUrl === "string", signed.body.signatureUrl);
      const plain = await s.client.request("POST", `/v2/orders/${second.uuid}/complete`, {
        json: { status: "delivered" },
      });
      s.expectEqual(plain, "signatureUrl without a signature", plain.body.signatureUrl, null);
    },
  },
  {
    name: "idempotency: a kept error (404) is replayed, a refused body (400) is not kept, a completion is replayed",
    section: "1",
    async run(s) {
      const key = () => `${s.runId}-${crypto.randomUUID()}`;
      const missingWorkspace = `/v2/orders?workspaceUuid=${crypto.randomUUID()}`;
      const k1 = key();
      const body = s.order();
      const first = await s.client.request("POST", missingWorkspace, {
        json: body,
        headers: { "idempotency-key": k1 },
      });
      s.expectError(first, 404, "NOT_FOUND");
      const again = await s.client.request("POST", missingWorkspace, {
        json: body,
        headers: { "idempotency-key": k1 },
      });
      s.expectError(again, 404, "NOT_FOUND");
      s.expectEqual(
        again,
        "Idempotent-Replayed and x-request-id of the kept 404",
        [again.headers.get("idempotent-replayed"), again.headers.get("x-request-id")],
        ["true", first.headers.get("x-request-id")],
      );
      const k2 = key();
      const path = `/v2/orders?workspaceUuid=${s.workspace.uuid}`;
      const invalid = await s.client.request("POST", path, {
        json: [s.order({ colour: "red" })],
        headers: { "idempotency-key": k2 },
      });
      s.expectError(invalid, 400, "VALIDATION_FAILED", "[0].colour");
      const corrected = await s.client.request("POST", path, { json: [s.order()], headers: { "idempotency-key": k2 } });
      s.expectStatus(corrected, 201);
      s.createdOrders.add(corrected.body.data[0].uuid);
      s.expectEqual(corrected, "Idempotent-Replayed", corrected.headers.get("idempotent-replayed"), null);
      const { orders } = await s.publishedRoute(1);
      const k3 = key();
      const complete = `/v2/orders/${orders[0].uuid}/complete`;
      const done = await s.client.request("POST", complete, {
        json: { status: "delivered" },
        headers: { "idempotency-key": k3 },
      });
      s.expectStatus(done, 200);
      const replay = await s.client.request("POST", complete, {
        json: { status: "delivered" },
        headers: { "idempotency-key": k3 },
      });
      s.expectStatus(replay, 200);
      s.expectEqual(
        replay,
        "Idempotent-Replayed and body",
        [replay.headers.get("idempotent-replayed"), replay.text],
        ["true", done.text],
      );
    },
  },
];
