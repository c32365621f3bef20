import { gzipSync } from "node:zlib";
import { createFake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { handleControlRequest } from "../src/host/control-requests.js";

const server = useFakeServer();

async function call(method: string, path: string, body?: unknown) {
  const { fake } = server;
  const headers: Record<string, string> = { authorization: `Bearer ${fake.token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  if (res.status >= 400) expect(res.headers.get("x-request-id")).toBe(json.requestId);
  return { status: res.status, body: json };
}

describe("path ids that are not uuids answer 404, never 400 or 500", () => {
  const bad = ["not-a-uuid", "%ZZ", "%E0%A4%A", "%E0%A4", "%00", "a%2Fb", "1e400", "-1"];
  it.each(bad)("%s on every id-taking operation", async (id) => {
    const attempts = [
      call("GET", `/v2/orders/${id}`),
      call("GET", `/v1/orders/${id}`),
      call("PUT", `/v2/orders/${id}`, { deliveryDate: "2026-11-23", locations: [{ address: "x" }] }),
      call("DELETE", `/v2/orders/${id}`),
      call("POST", `/v2/orders/${id}/complete`, { status: "delivered" }),
      call("POST", `/v2/orders/${id}/completion`, { status: "delivered" }),
      call("GET", `/v2/orders/actions/${id}`),
      call("GET", `/v2/routes/${id}`),
      call("PATCH", `/v2/routes/${id}`, { locked: true }),
      call("GET", `/v2/routes/${id}/timeline`),
      call("GET", `/v2/routes/actions/${id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    }
  });

  it("a malformed escape in a control path is a 404 too", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const res = await handleControlRequest(
      fake,
      new Request(`${fake.baseUrl}/_fake/tokens/%ZZ/expire`, { method: "POST" }),
    );
    expect(res?.status).toBe(404);
    expect(await res?.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("a path is routed by its segments (the router tries the templates of as many segments alone)", () => {
  it("a trailing slash is no segment; one segment more or less names no endpoint; a known path keeps its 404", async () => {
    const ws = server.fake.workspaces[0];
    const created = await call("POST", `/v2/orders?workspaceUuid=${ws?.uuid}`, {
      deliveryDate: "2026-11-23",
      locations: [{ address: "Segment street 1" }],
    });
    const uuid = created.body.data[0].uuid as string;
    expect(await call("GET", `/v2/orders/${uuid}/`)).toMatchObject({ status: 200, body: { uuid } });
    expect(await call("GET", `/v2/orders/actions/${uuid}`)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    for (const path of [`/v2/orders/${uuid}/x`, `/v2/orders/${uuid}//`, `/v2//orders/${uuid}`, "/v2", "/"]) {
      const res = await call("GET", path);
      expect(res, path).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
      expect(res.body.message, path).toMatch(/no endpoint GET/);
    }
    const patch = await call("PATCH", `/v2/orders/${uuid}/`, {});
    expect(patch).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect(patch.body.message).toMatch(/PATCH is not allowed on/);
  });
});

describe("the date filter of the list endpoints is a calendar date", () => {
  it.each(["2026-13-45", "2026-02-30", "2026-11-23T00:00", "tomorrow", ""])("%j → 400 naming date", async (date) => {
    const ws = server.fake.workspaces[0];
    const q = `date=${encodeURIComponent(date)}`;
    for (const path of [
      `/v2/orders?workspaceUuid=${ws?.uuid}&${q}`,
      `/v2/routes?workspaceUuid=${ws?.uuid}&${q}`,
      `/v1/routes?workspaceId=${ws?.workspaceId}&${q}`,
    ]) {
      const res = await call("GET", path);
      expect(res).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED", details: [{ path: "date" }] } });
      expect(res.body.message).toMatch(/^Failed to list (orders|routes): date: /);
    }
  });
});

describe("numbers at the edge of the calendar never crash a timeline", () => {
  it("a duration over one day is refused (it once made the timeline answer 500)", async () => {
    const ws = server.fake.workspaces[0];
    const res = await call("POST", `/v2/orders?workspaceUuid=${ws?.uuid}`, {
      deliveryDate: "2026-11-23",
      locations: [{ address: "x" }],
      duration: 1e15,
    });
    expect(res).toMatchObject({ status: 400, body: { details: [{ path: "duration" }] } });
    expect(res.body.message).toMatch(/^Failed to create orders: duration: must be at most 86400 seconds/);
  });

  it("a one-day stop late on New Year’s Eve has a timeline spilling into the next year", async () => {
    const { fake } = server;
    const ws = fake.workspaces[0];
    const date = "2026-12-31";
    const order = await call("POST", `/v2/orders?workspaceUuid=${ws?.uuid}`, {
      deliveryDate: date,
      locations: [{ address: "x", latitude: 52.6, longitude: 13.5 }],
      duration: 86_400,
      timeWindows: [{ startTime: "23:58", endTime: "23:59" }],
    });
    const route = await call("POST", "/v2/routes", {
      workspaceUuid: ws?.uuid,
      routes: [
        {
          name: "Late",
          date,
          startTime: "23:00",
          endTime: "23:59",
          startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
          endLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
        },
      ],
    });
    const routeUuid = route.body.data[0].uuid;
    fake.control.assignOrders(routeUuid, [order.body.data[0].uuid]);
    const timeline = await call("GET", `/v2/routes/${routeUuid}/timeline`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.data).toHaveLength(3);
    expect(timeline.body.data[2].estimatedArrivalTime).toMatch(/^2027-01-02T00:\d\d:\d\d\.\d{3}\+01:00$/);
    expect((await call("GET", `/v2/routes/${routeUuid}`)).status).toBe(200);
  });
});

describe("nextPage is relative to the base URL", () => {
  it("drops the base URL's path prefix and keeps the other query parameters", async () => {
    const fake = createFake({
      now: "2026-11-23T08:00:00Z",
      baseUrl: "https://api.example.com/dispatch/api",
      organization: {
        workspaces: [
          { name: "A", timezone: "Europe/Berlin" },
          { name: "B", timezone: "Europe/Berlin" },
        ],
      },
    });
    const res = await fake.fetch(`${fake.baseUrl}/v2/workspaces?perPage=1&x=1`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    const body = await res.json();
    expect(body.metadata).toEqual({ nextPage: "/v2/workspaces?perPage=1&x=1&page=2", totalPages: 2, totalItems: 2 });
    const next = await fake.fetch(`${fake.baseUrl}${body.metadata.nextPage}`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    expect((await next.json()).data[0].name).toBe("B");
  });
});

describe("the control endpoints read their bodies strictly", () => {
  const post = (fake: ReturnType<typeof createFake>, path: string, body: string) =>
    handleControlRequest(
      fake,
      new Request(`${fake.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body }),
    );

  it.each([
    ["/_fake/organizations", '{"name":5}', "name"],
    ["/_fake/organizations", '{"name":"A","foo":1}', "foo"],
    ["/_fake/organizations", "[]", "body"],
    ["/_fake/tokens", '{"organizationId":"x"}', "organizationId"],
  ])("%s %s → 400 naming %s, nothing created", async (path, body, field) => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const before = fake.inspect();
    const res = await post(fake, path, body);
    expect(res?.status).toBe(400);
    const json = await res?.json();
    expect(json).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: field }] });
    expect(json.message).toMatch(/^Failed to create (organization|token): /);
    expect(fake.inspect()).toEqual(before);
  });

  it("takes an organization's name, an empty body, and reports malformed JSON plainly", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    expect((await post(fake, "/_fake/organizations", '{"name":"Acme"}'))?.status).toBe(201);
    expect(fake.inspect().organizations.map((o) => o.name)).toContain("Acme");
    expect((await post(fake, "/_fake/tokens", ""))?.status).toBe(201);
    const bad = await (await post(fake, "/_fake/tokens", "{bad"))?.json();
    expect(bad.code).toBe("INVALID_JSON");
    expect(bad.message).toMatch(/^Failed to parse the request body as JSON: [A-Z]/);
    expect(bad.message).not.toContain("SyntaxError");
  });
});

describe("a body nested deeper than 64 arrays and objects is refused before it is parsed", () => {
  /** An order nested `depth` levels deep in all (arrays around it, its location three levels down), with a name
   * full of brackets that must not count. */
  const nested = (depth: number) =>
    `${"[".repeat(depth - 3)}{"name":"[[[[{{{{","deliveryDate":"2026-11-23","locations":[{"address":"x"}]}${"]".repeat(depth - 3)}`;

  it("400 INVALID_JSON naming the bound for the API and the control endpoints; 64 levels are parsed as usual", async () => {
    const { fake } = server;
    const send = (body: string) =>
      fetch(`${fake.baseUrl}/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${fake.token}`,
          "content-type": "application/json",
          "idempotency-key": body.length.toString(),
        },
        body,
      });
    const deep = await send(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({
      code: "INVALID_JSON",
      message: "Failed to parse the request body as JSON: it nests arrays and objects deeper than 64 levels",
    });
    const over = await (await send(nested(65))).json();
    expect(over.code).toBe("INVALID_JSON");
    // 64 levels: parsed, then validated as any other body (the order is three levels down, not an order).
    const at = await (await send(nested(64))).json();
    expect(at).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "[0]" }] });
    // Four levels, a batch of one order: created; the brackets in its name count for nothing.
    const one = await send(nested(4));
    expect(one.status).toBe(201);
    expect(fake.inspect().counts.orders).toBe(1);

    const control = await handleControlRequest(
      fake,
      new Request(`${fake.baseUrl}/_fake/organizations`, {
        method: "POST",
        body: `{"name":${"[".repeat(70)}${"]".repeat(70)}}`,
      }),
    );
    expect(control?.status).toBe(400);
    expect((await control?.json())?.message).toBe(
      "Failed to parse the request body as JSON: it nests arrays and objects deeper than 64 levels",
    );
  });
});

describe("a missing required field reads 'is required', a bad one says what is wrong", () => {
  it.each([
    ["POST", "/v2/routes", { routes: [] }, "workspaceUuid", "Failed to create routes: workspaceUuid: is required"],
    [
      "POST",
      "/v2/routes",
      { workspaceUuid: "W", routes: [{ date: "2026-11-23" }] },
      "routes[0].name",
      "routes[0].name: is required",
    ],
    [
      "POST",
      "/v2/orders?workspaceUuid=W",
      [{ locations: [{ address: "a" }] }],
      "[0].deliveryDate",
      "[0].deliveryDate: is required",
    ],
    [
      "POST",
      "/v2/orders?workspaceUuid=W",
      { deliveryDate: "x", locations: [{}] },
      "deliveryDate",
      "deliveryDate: must be a date",
    ],
    [
      "POST",
      "/v2/orders?workspaceUuid=W",
      { deliveryDate: "2026-11-23", locations: [{}] },
      "locations[0].address",
      "locations[0].address: is required",
    ],
    ["POST", "/v2/orders/O/complete", {}, "status", "Failed to complete order: status: is required"],
    ["PATCH", "/v2/routes/R", {}, "locked", "Failed to update route: locked: is required"],
    [
      "POST",
      "/v2/orders?workspaceUuid=W",
      { deliveryDate: "2026-11-23", locations: [{ address: "a" }], customFields: { a: [1] } },
      "customFields.a",
      "customFields.a: a custom field value must be a string, number, boolean or null",
    ],
  ])("%s %s %j → %s", async (method, template, body, path, message) => {
    const { fake } = server;
    const ws = fake.workspaces[0]?.uuid ?? "";
    const orders = await call("POST", `/v2/orders?workspaceUuid=${ws}`, {
      deliveryDate: "2026-11-23",
      locations: [{ address: "a" }],
    });
    const routes = await call("POST", "/v2/routes", {
      workspaceUuid: ws,
      routes: [
        { name: "r", date: "2026-11-23", startTime: "08:00", endTime: "17:00", startLocation: { address: "d" } },
      ],
    });
    const url = template.replace("W", ws).replace("O", orders.body.data[0].uuid).replace("R", routes.body.data[0].uuid);
    const filled = JSON.parse(JSON.stringify(body).replace('"W"', JSON.stringify(ws)));
    const res = await call(method, url, filled);
    expect(res).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
    expect(res.body.details).toContainEqual(expect.objectContaining({ path }));
    expect(res.body.message).toContain(message);
  });
});

describe("a compressed request body", () => {
  it("answers 415 naming the Content-Encoding (not a misleading 400 'not valid UTF-8'), and identity is plain", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const body = JSON.stringify([
      { deliveryDate: "2026-11-23", locations: [{ address: "A", latitude: 52.5, longitude: 13.4 }] },
    ]);
    const send = (encoding: string, bytes: BodyInit) =>
      fake.fetch(`/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${fake.token}`,
          "content-type": "application/json",
          "content-encoding": encoding,
        },
        body: bytes,
      });
    const gzipped = await send("gzip", new Blob([new Uint8Array(gzipSync(body))]));
    expect(gzipped.status).toBe(415);
    expect(await gzipped.json()).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: 'Failed to read the request body: Content-Encoding "gzip" is not supported; send the body uncompressed',
    });
    expect((await send("br", body)).status).toBe(415);
    expect((await send("identity", body)).status).toBe(201);
  });
});
