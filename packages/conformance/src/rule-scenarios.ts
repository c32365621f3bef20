/**
 * The error rules and the cross-cutting rules of the contract: authentication, ids that name nothing, validation
 * with field paths, content types, body limits, workspace parameters, pagination, idempotency keys and webhook
 * subscriptions. `docs/api-contract.md` sections 1 to 3 and 6. Two scenarios use the fake's `/_fake/` control
 * endpoints and skip when the server has none (an expired token, another organization).
 */
import { ScenarioFailure } from "./client.js";
import { type Scenario, ScenarioSkipped } from "./scenario.js";

/** The rule scenarios. */
export const ruleScenarios: Scenario[] = [
  {
    name: "auth: no token and an unknown token answer 401 UNAUTHORIZED, whatever the path or body; the scheme is case-insensitive",
    section: "1",
    async run(s) {
      const none = await s.client.request("GET", "/v2/workspaces", { token: null });
      s.expectError(none, 401, "UNAUTHORIZED");
      const unknown = await s.client.request("GET", `/v2/orders/${crypto.randomUUID()}`, {
        token: `conformance-${s.runId}`,
      });
      s.expectError(unknown, 401, "UNAUTHORIZED");
      const withBody = await s.client.request("POST", `/v2/orders?workspaceUuid=${s.workspace.uuid}`, {
        token: null,
        raw: "{not json",
      });
      s.expectError(withBody, 401, "UNAUTHORIZED");
      const unknownPath = await s.client.request("GET", "/v2/no-such-endpoint", { token: null });
      s.expectError(unknownPath, 401, "UNAUTHORIZED");
      // The scheme name is case-insensitive, and an unknown query parameter is ignored.
      const lower = await s.client.request("GET", "/v2/workspaces?colour=red", {
        token: null,
        headers: { authorization: `bearer ${s.token}` },
      });
      s.expectStatus(lower, 200);
    },
  },
  {
    name: "ids: unknown, malformed and escaped ids answer 404 NOT_FOUND, never 400 or 500",
    section: "1",
    async run(s) {
      const unknown = crypto.randomUUID();
      for (const path of [
        `/v2/orders/${unknown}`,
        "/v2/orders/not-a-uuid",
        "/v2/orders/%ZZ",
        `/v1/orders/${unknown}`,
        `/v2/routes/${unknown}`,
        `/v2/routes/${unknown}/timeline`,
        `/v2/orders/actions/${unknown}`,
        `/v2/routes/actions/${unknown}`,
        `/v2/schedules/actions/${unknown}`,
        `/v2/schedules/${unknown}`,
      ]) {
        s.expectError(await s.client.request("GET", path), 404, "NOT_FOUND");
      }
      s.expectError(await s.client.request("DELETE", `/v2/orders/${unknown}`), 404, "NOT_FOUND");
      const complete = await s.client.request("POST", `/v2/orders/${unknown}/complete`, {
        json: { status: "delivered" },
      });
      s.expectError(complete, 404, "NOT_FOUND");
      const update = await s.client.request("PUT", `/v2/orders/${unknown}`, { json: s.order() });
      s.expectError(update, 404, "NOT_FOUND");
    },
  },
  {
    name: "paths: an unknown path and a known path with a method it does not serve answer 404 (no 405)",
    section: "1",
    async run(s) {
      s.expectError(await s.client.request("GET", "/v2/no-such-endpoint"), 404, "NOT_FOUND");
      s.expectError(await s.client.request("PATCH", "/v2/workspaces", { json: {} }), 404, "NOT_FOUND");
    },
  },
  {
    name: "bodies: 415 without a JSON content type, 400 INVALID_JSON, a charset parameter and a +json type accepted",
    section: "1",
    async run(s) {
      const path = `/v2/orders?workspaceUuid=${s.workspace.uuid}`;
      const text = await s.client.request("POST", path, {
        raw: JSON.stringify(s.order()),
        headers: { "content-type": "text/plain" },
      });
      s.expectError(text, 415, "UNSUPPORTED_MEDIA_TYPE");
      const broken = await s.client.request("POST", path, {
        raw: "{ not json",
        headers: { "content-type": "application/json" },
      });
      s.expectError(broken, 400, "INVALID_JSON");
      const charset = await s.client.request("POST", path, {
        raw: JSON.stringify(s.order()),
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      s.expectStatus(charset, 201);
      s.createdOrders.add(charset.body.data[0].uuid);
      const suffix = await s.client.request("POST", path, {
        raw: JSON.stringify(s.order()),
        headers: { "content-type": "application/vnd.dispatch+json" },
      });
      s.expectStatus(suffix, 201);
      s.createdOrders.add(suffix.body.data[0].uuid);
    },
  },
  {
    name: "validation: unknown fields, missing fields, one coordinate and an invalid date answer 400 with paths; nothing is stored",
    section: "1, 3",
    async run(s) {
      const path = `/v2/orders?workspaceUuid=${s.workspace.uuid}`;
      const date = s.day(5);
      const unknownField = await s.client.request("POST", path, {
        json: [s.order({ deliveryDate: date }), s.order({ deliveryDate: date, colour: "red" })],
      });
      s.expectError(unknownField, 400, "VALIDATION_FAILED", "[1].colour");
      s.expectEqual(
        unknownField,
        "the detail",
        unknownField.body.details.find((d: { path: string }) => d.path === "[1].colour"),
        {
          path: "[1].colour",
          message: 'unknown field "colour"',
        },
      );
      const { deliveryDate: _omitted, ...withoutDate } = s.order();
      const missing = await s.client.request("POST", path, { json: withoutDate });
      s.expectError(missing, 400, "VALIDATION_FAILED", "deliveryDate");
      s.expectThat(
        missing,
        'a message "Failed to … deliveryDate: is required"',
        /^Failed to .*deliveryDate: is required/.test(missing.body.message),
        missing.body.message,
      );
      const oneCoordinate = await s.client.request("POST", path, {
        json: s.order({ deliveryDate: date, locations: [{ address: "Somewhere 1, Berlin", latitude: 52.5 }] }),
      });
      s.expectError(oneCoordinate, 400, "VALIDATION_FAILED", "locations[0].longitude");
      const notADay = await s.client.request("POST", path, { json: [s.order({ deliveryDate: "2026-02-30" })] });
      s.expectError(notADay, 400, "VALIDATION_FAILED", "[0].deliveryDate");
      const window = await s.client.request("POST", path, {
        json: [s.order({ deliveryDate: date, timeWindows: [{ startTime: "12:00", endTime: "11:00" }] })],
      });
      s.expectError(window, 400, "VALIDATION_FAILED");
      const routes = await s.client.request("POST", "/v2/routes", {
        json: { workspaceUuid: s.workspace.uuid, routes: [s.route({ date }), s.route({ date, startTime: "25:00" })] },
      });
      s.expectError(routes, 400, "VALIDATION_FAILED", "routes[1].startTime");
      const listed = await s.client.request("GET", `/v2/orders?workspaceUuid=${s.workspace.uuid}&date=${date}`);
      s.expectStatus(listed, 200);
      s.expectEqual(listed, "orders stored by refused requests", listed.body.metadata.totalItems, 0);
      const listedRoutes = await s.client.request("GET", `/v2/routes?workspaceUuid=${s.workspace.uuid}&date=${date}`);
      s.expectEqual(listedRoutes, "routes stored by refused requests", listedRoutes.body.metadata.totalItems, 0);
    },
  },
  {
    name: "limits: a name of 255 characters (code points) is stored as sent, 256 answers 400 at its path",
    section: "1",
    async run(s) {
      const path = `/v2/orders?workspaceUuid=${s.workspace.uuid}`;
      const atLimit = `${s.runId} `.padEnd(254, "x") + "🚚";
      const [order] = await s.createOrders([s.order({ name: atLimit })]);
      s.expectValue("POST /v2/orders: the stored name", order.name, atLimit);
      const over = await s.client.request("POST", path, { json: [s.order(), s.order({ name: `${atLimit}x` })] });
      s.expectError(over, 400, "VALIDATION_FAILED", "[1].name");
      const tooMany = await s.client.request("DELETE", "/v2/orders", {
        json: Array.from({ length: 501 }, () => crypto.randomUUID()),
      });
      s.expectError(tooMany, 400, "VALIDATION_FAILED", "body");
      const empty = await s.client.request("DELETE", "/v2/orders", { json: [] });
      s.expectError(empty, 400, "VALIDATION_FAILED");
      const longItem = await s.client.request("DELETE", "/v2/orders", { json: [crypto.randomUUID(), "x".repeat(256)] });
      s.expectError(longItem, 400, "VALIDATION_FAILED", "[1]");
    },
  },
  {
    name: "workspaces: a missing workspace parameter answers 400 naming it, an unknown or malformed one 404",
    section: "2",
    async run(s) {
      s.expectError(await s.client.request("GET", "/v2/routes"), 400, "VALIDATION_FAILED", "workspaceUuid");
      s.expectError(await s.client.request("GET", `/v2/routes?workspaceUuid=${crypto.randomUUID()}`), 404, "NOT_FOUND");
      s.expectError(await s.client.request("GET", "/v2/orders?workspaceUuid=not-a-uuid"), 404, "NOT_FOUND");
      s.expectError(
        await s.client.request("POST", "/v1/orders?workspaceId=0", { json: [s.order()] }),
        400,
        "VALIDATION_FAILED",
        "workspaceId",
      );
      s.expectError(
        await s.client.request("POST", "/v1/orders?workspaceId=999999999", { json: [s.order()] }),
        404,
        "NOT_FOUND",
      );
      const bodyWorkspace = await s.client.request("POST", "/v2/routes", {
        json: { workspaceUuid: "not-a-uuid", routes: [s.route()] },
      });
      s.expectError(bodyWorkspace, 400, "VALIDATION_FAILED", "workspaceUuid");
      const foreign = await s.client.request("POST", "/v2/routes", {
        json: { workspaceUuid: crypto.randomUUID(), routes: [s.route()] },
      });
      s.expectError(foreign, 404, "NOT_FOUND");
    },
  },
  {
    name: "pagination: page and perPage, metadata with nextPage keeping the query, a page past the end, invalid values 400",
    section: "1, 3",
    async run(s) {
      const date = s.day(6);
      const created = await s.createOrders([0, 1, 2].map(() => s.order({ deliveryDate: date })));
      const query = `workspaceUuid=${s.workspace.uuid}&date=${date}`;
      const first = await s.client.request("GET", `/v2/orders?${query}&perPage=2`);
      s.expectStatus(first, 200);
      s.expectEqual(
        first,
        "the first page",
        first.body.data.map((o: { uuid: string }) => o.uuid),
        created.slice(0, 2).map((o) => o.uuid),
      );
      s.expectEqual(first, "totals", [first.body.metadata.totalPages, first.body.metadata.totalItems], [2, 3]);
      const next = first.body.metadata.nextPage as string | null;
      s.expectThat(
        first,
        "a nextPage path with page=2 that keeps date",
        next !== null && /[?&]page=2(&|$)/.test(next) && next.includes(`date=${date}`),
        next,
      );
      const second = await s.client.request("GET", next as string);
      s.expectStatus(second, 200);
      s.expectEqual(
        second,
        "the second page",
        second.body.data.map((o: { uuid: string }) => o.uuid),
        [created[2].uuid],
      );
      s.expectEqual(second, "nextPage of the last page", second.body.metadata.nextPage, null);
      const past = await s.client.request("GET", `/v2/orders?${query}&perPage=2&page=3`);
      s.expectStatus(past, 200);
      s.expectEqual(past, "data past the last page", past.body.data, []);
      s.expectError(
        await s.client.request("GET", `/v2/orders?${query}&perPage=501`),
        400,
        "VALIDATION_FAILED",
        "perPage",
      );
      s.expectError(await s.client.request("GET", `/v2/orders?${query}&page=0`), 400, "VALIDATION_FAILED", "page");
      s.expectError(
        await s.client.request("GET", `/v2/orders?${query}&status=lost`),
        400,
        "VALIDATION_FAILED",
        "status",
      );
      const none = await s.client.request("GET", `/v2/orders?workspaceUuid=${s.workspace.uuid}&date=${s.day(7)}`);
      s.expectEqual(none, "metadata of an empty list", none.body.metadata, {
        nextPage: null,
        totalPages: 1,
        totalItems: 0,
      });
    },
  },
  {
    name: "idempotency: the same key and request replays the answer, another request 422, an over-long key 400",
    section: "1",
    async run(s) {
      const date = s.day(8);
      const path = `/v2/orders?workspaceUuid=${s.workspace.uuid}`;
      const key = `${s.runId}-${crypto.randomUUID()}`;
      const body = [s.order({ deliveryDate: date })];
      const first = await s.client.request("POST", path, { json: body, headers: { "idempotency-key": key } });
      s.expectStatus(first, 201);
      s.createdOrders.add(first.body.data[0].uuid);
      s.expectEqual(first, "Idempotent-Replayed of a first answer", first.headers.get("idempotent-replayed"), null);
      const replay = await s.client.request("POST", path, { json: body, headers: { "idempotency-key": key } });
      s.expectStatus(replay, 201);
      s.expectEqual(replay, "Idempotent-Replayed", replay.headers.get("idempotent-replayed"), "true");
      s.expectEqual(replay, "the replayed body", replay.text, first.text);
      s.expectEqual(
        replay,
        "the replayed x-request-id",
        replay.headers.get("x-request-id"),
        first.headers.get("x-request-id"),
      );
      const listed = await s.client.request("GET", `/v2/orders?workspaceUuid=${s.workspace.uuid}&date=${date}`);
      s.expectEqual(listed, "orders created by a request and its replay", listed.body.metadata.totalItems, 1);
      const other = await s.client.request("POST", path, {
        json: [s.order({ deliveryDate: date })],
        headers: { "idempotency-key": key },
      });
      s.expectError(other, 422, "IDEMPOTENCY_KEY_REUSED");
      const long = await s.client.request("POST", path, {
        json: body,
        headers: { "idempotency-key": "k".repeat(256) },
      });
      s.expectError(long, 400, "VALIDATION_FAILED", "Idempotency-Key");
    },
  },
  {
    name: "webhooks: create (secret once), list without secrets, delete 204, then 404; invalid events 400",
    section: "6",
    async run(s) {
      const url = `https://conformance.invalid/${s.runId}`;
      const created = await s.client.request("POST", "/v2/webhooks", {
        json: { url, events: ["order.status_updated"], workspaceUuid: s.workspace.uuid },
      });
      s.expectStatus(created, 201);
      const uuid = created.body.uuid as string;
      try {
        s.expectEqual(
          created,
          "url, events, workspaceUuid",
          [created.body.url, created.body.events, created.body.workspaceUuid],
          [url, ["order.status_updated"], s.workspace.uuid],
        );
        s.expectThat(
          created,
          "a secret string",
          typeof created.body.secret === "string" && created.body.secret.length > 0,
          created.body.secret,
        );
        let found: unknown;
        let page: string | null = "/v2/webhooks?perPage=500";
        while (page !== null && found === undefined) {
          const listed = await s.client.request("GET", page);
          s.expectStatus(listed, 200);
          found = listed.body.data.find((w: { uuid: string }) => w.uuid === uuid);
          page = listed.body.metadata.nextPage;
        }
        const { secret: _secret, ...withoutSecret } = created.body;
        s.expectValue("GET /v2/webhooks: the subscription, without its secret", found, withoutSecret);
      } finally {
        const removed = await s.client.request("DELETE", `/v2/webhooks/${uuid}`);
        s.expectStatus(removed, 204);
      }
      s.expectError(await s.client.request("DELETE", `/v2/webhooks/${uuid}`), 404, "NOT_FOUND");
      const duplicate = await s.client.request("POST", "/v2/webhooks", {
        json: { url, events: ["route.published", "route.published"] },
      });
      s.expectError(duplicate, 400, "VALIDATION_FAILED");
      const unknownType = await s.client.request("POST", "/v2/webhooks", { json: { url, events: ["order.created"] } });
      s.expectError(unknownType, 400, "VALIDATION_FAILED");
      const foreign = await s.client.request("POST", "/v2/webhooks", {
        json: { url, events: ["route.published"], workspaceUuid: crypto.randomUUID() },
      });
      s.expectError(foreign, 404, "NOT_FOUND");
    },
  },
  {
    name: "auth (control endpoints): an expired token answers 401 TOKEN_EXPIRED",
    section: "1",
    async run(s) {
      if (!s.hasControl)
        throw new ScenarioSkipped("needs the fake's /_fake/ control endpoints (GET /_fake/clock is absent)");
      const token = await s.client.request("POST", "/_fake/tokens", { json: {}, unchecked: true, token: null });
      if (token.status !== 201)
        throw new ScenarioFailure(token.request, "201 with a token", `${token.status} ${token.text.slice(0, 100)}`);
      const expire = await s.client.request("POST", `/_fake/tokens/${encodeURIComponent(token.body.token)}/expire`, {
        unchecked: true,
        token: null,
      });
      if (expire.status !== 200)
        throw new ScenarioFailure(expire.request, "200", `${expire.status} ${expire.text.slice(0, 100)}`);
      s.expectError(await s.client.request("GET", "/v2/workspaces", { token: token.body.token }), 401, "TOKEN_EXPIRED");
    },
  },
  {
    name: "isolation (control endpoints): another organization's token sees none of this run's orders, routes or workspace",
    section: "1",
    async run(s) {
      if (!s.hasControl)
        throw new ScenarioSkipped("needs the fake's /_fake/ control endpoints (GET /_fake/clock is absent)");
      const other = await s.client.request("POST", "/_fake/organizations", {
        json: { name: s.name("organization") },
        unchecked: true,
        token: null,
      });
      if (other.status !== 201)
        throw new ScenarioFailure(other.request, "201 with a token", `${other.status} ${other.text.slice(0, 100)}`);
      const token = other.body.token as string;
      const [order] = await s.createOrders([s.order()]);
      const [route] = await s.createRoutes([s.route()]);
      s.expectError(await s.client.request("GET", `/v2/orders/${order.uuid}`, { token }), 404, "NOT_FOUND");
      s.expectError(await s.client.request("GET", `/v2/routes/${route.uuid}`, { token }), 404, "NOT_FOUND");
      s.expectError(await s.client.request("DELETE", `/v2/orders/${order.uuid}`, { token }), 404, "NOT_FOUND");
      s.expectError(
        await s.client.request("GET", `/v2/routes?workspaceUuid=${s.workspace.uuid}`, { token }),
        404,
        "NOT_FOUND",
      );
      const still = await s.client.request("GET", `/v2/orders/${order.uuid}`);
      s.expectEqual(
        still,
        "the order after another organization's delete",
        [still.status, still.body.status],
        [200, "not_scheduled"],
      );
    },
  },
];
