/**
 * Fixtures in process (`createFake({ fixtures })`, `fake.control.loadFixtures`) and over HTTP (`POST /_fake/fixtures`
 * on the standalone server, every answer validated against its document): what they create, with the API's defaults
 * and checks; every problem named by its field path; a failing document changes nothing; the example fixture loads.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createFake, type Fake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import type { Fixtures } from "../src/control/fixtures.js";
import { DomainError } from "../src/domain/errors.js";
import { useControlServer } from "./support/control-server.js";

const NOW = "2026-11-23T08:00:00Z";
const EXAMPLE = fileURLToPath(new URL("../../../examples/fixtures/delivery-day.json", import.meta.url));
const GUIDE = fileURLToPath(new URL("../../../docs/standalone.md", import.meta.url));

/** A small day: one organization, a workspace, a route with one order on it, an order off it, a subscription. */
function day(): Fixtures {
  return {
    organizations: [{ key: "acme", name: "Acme", tokens: ["acme-token", "acme-second"] }],
    workspaces: [{ key: "berlin", organization: "acme", name: "Berlin", timezone: "Europe/Berlin" }],
    routes: [
      {
        key: "van",
        workspace: "berlin",
        name: "Van 1",
        date: "2026-11-30",
        startTime: "08:00",
        endTime: "18:00",
        startLocation: { address: "Depot", latitude: 52.52, longitude: 13.405 },
      },
    ],
    orders: [
      {
        key: "ada",
        workspace: "berlin",
        route: "van",
        deliveryDate: "2026-11-30",
        locations: [{ address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401 }],
      },
      { workspace: "berlin", deliveryDate: "2026-11-30", locations: [{ address: "Kastanienallee 12, Berlin" }] },
    ],
    webhooks: [
      {
        key: "hook",
        organization: "acme",
        url: "https://receiver.example.com/hooks",
        events: ["route.published"],
        secret: "whsec_0123456789abcdef",
      },
    ],
  };
}

/**
 * Everything a fake holds, and where its id sequence stands (the ids of the organization it would create next, taken
 * back by a restore): equal before and after means nothing changed.
 */
function whole(fake: Fake) {
  const view = fake.inspect();
  const snapshot = fake.snapshot();
  const { organization, workspaces } = fake.control.createOrganization();
  fake.restore(snapshot);
  return { view, next: [organization.id, ...workspaces.map((w) => w.uuid)] };
}

/** The error `run` throws. */
function thrown(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected an error");
}

async function get(fake: Fake, path: string, token: string) {
  const res = await fake.fetch(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

describe("createFake({ fixtures })", () => {
  it("creates the organizations, tokens, workspaces, routes, orders on their routes and subscriptions", async () => {
    const fake = createFake({ now: NOW, fixtures: day() });
    // The seeded organization stays.
    expect((await get(fake, "/v2/workspaces", fake.token)).body.data.map((w: { name: string }) => w.name)).toEqual([
      "Main",
    ]);
    const workspaces = (await get(fake, "/v2/workspaces", "acme-second")).body.data;
    expect(workspaces).toEqual([
      { uuid: expect.any(String), workspaceId: 1002, name: "Berlin", timezone: "Europe/Berlin" },
    ]);
    const ws = workspaces[0].uuid;
    const orders = (await get(fake, `/v2/orders?workspaceUuid=${ws}`, "acme-token")).body.data;
    const routes = (await get(fake, `/v2/routes?workspaceUuid=${ws}`, "acme-token")).body.data;
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({ name: "Van 1", date: "2026-11-30", status: "planned", ordersCount: 1 });
    // The API's defaults (duration, load, priority), its order numbers, and the geocoder for an address alone.
    expect(orders).toMatchObject([
      { orderNumber: "ORD-1", status: "scheduled", routeUuid: routes[0].uuid, duration: 300, load: 1 },
      { orderNumber: "ORD-2", status: "not_scheduled", routeUuid: null, priority: "normal" },
    ]);
    expect(orders[1].locations[0].latitude).toEqual(expect.any(Number));
    const timeline = (await get(fake, `/v2/routes/${routes[0].uuid}/timeline`, "acme-token")).body.data;
    expect(timeline.map((stop: { type: string }) => stop.type)).toEqual(["start_location", "delivering_stop"]);
    expect(timeline[1].orders.map((o: { uuid: string }) => o.uuid)).toEqual([orders[0].uuid]);
    const hooks = (await get(fake, "/v2/webhooks", "acme-token")).body.data;
    expect(hooks).toEqual([
      {
        uuid: expect.any(String),
        url: "https://receiver.example.com/hooks",
        events: ["route.published"],
        workspaceUuid: null,
        createdAt: "2026-11-23T08:00:00.000Z",
      },
    ]);
    // The fixtures' secret, which a receiver can know before the fake starts.
    expect(fake.inspect().webhooks.subscriptions[0]?.secret).toBe("whsec_0123456789abcdef");
  });

  it("loads them again on reset, with the same ids as a new fake", async () => {
    const fake = createFake({ now: NOW, fixtures: day() });
    const before = whole(fake);
    await fake.fetch("/v2/workspaces", { headers: { authorization: "Bearer acme-token" } });
    fake.control.createOrganization();
    fake.reset();
    expect(whole(fake)).toEqual(before);
    expect(whole(createFake({ now: NOW, fixtures: day() }))).toEqual(before);
  });

  it("refuses an invalid document, naming every problem's field path", () => {
    const fixtures = day() as { orders: Record<string, unknown>[] } & Fixtures;
    fixtures.orders.push({ workspace: "berlin", deliveryDate: "2026-11-30" });
    fixtures.orders.push({ workspace: "paris", route: "truck", deliveryDate: "2026-12-01", locations: [] });
    const error = thrown(() => createFake({ now: NOW, fixtures }));
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe("Failed to load fixtures: orders[2].locations: is required (and 3 more)");
    expect(error.details).toEqual([
      { path: "orders[2].locations", message: "is required" },
      {
        path: "orders[3].workspace",
        message:
          'names no workspace: "paris" is neither the key of a workspace of the fixtures nor the uuid of one the fake holds',
      },
      { path: "orders[3].locations", message: "exactly one location is required" },
      { path: "orders[3].route", message: 'names no route of the fixtures: no route has the key "truck"' },
    ]);
  });

  it("checks the document's own shape against control-openapi.yaml's Fixtures schema, and its records all the same", () => {
    const error = thrown(() =>
      createFake({
        fixtures: {
          organizations: [{ key: "has space", tokens: [] }],
          workspaces: [{ key: "w", organization: "acme", serviceArea: { latitude: 95 } }],
          orders: [{ deliveryDate: "2026-11-30" }, 7],
          extra: true,
        } as never,
      }),
    );
    expect(error.details).toEqual([
      // The document's own fields, by its schema…
      { path: "organizations[0].key", message: "must match /^[A-Za-z0-9][A-Za-z0-9._-]*$/" },
      { path: "organizations[0].tokens", message: "must have at least 1 item" },
      { path: "workspaces[0].serviceArea.latitude", message: "must be at most 90" },
      { path: "workspaces[0].serviceArea.longitude", message: "is required" },
      { path: "workspaces[0].serviceArea.radiusKm", message: "is required" },
      { path: "orders[0].workspace", message: "is required" },
      { path: "orders[1]", message: "must be an object, got a number" },
      { path: "extra", message: 'unknown field "extra"' },
      // …then the references and each record's fields, by the API's checks, in the same answer.
      {
        path: "workspaces[0].organization",
        message: 'names no organization of the fixtures: no organization has the key "acme"',
      },
      { path: "orders[0].locations", message: "is required" },
    ]);
  });
});

describe("fake.control.loadFixtures", () => {
  it("adds to what the fake holds, a workspace named by its uuid, and answers what it created", () => {
    const fake = createFake({ now: NOW });
    const main = fake.workspaces[0]!.uuid;
    const loaded = fake.control.loadFixtures({
      routes: [
        {
          key: "r",
          workspace: main,
          name: "Main van",
          date: "2026-11-24",
          startTime: "08:00",
          endTime: "16:00",
          startLocation: { address: "Depot" },
        },
      ],
      orders: [{ key: "o", workspace: main, route: "r", deliveryDate: "2026-11-24", locations: [{ address: "A" }] }],
      webhooks: [{ workspace: main, url: "https://receiver.example.com/", events: ["order.status_updated"] }],
    });
    const view = fake.inspect();
    const order = view.orders[0]!;
    const route = view.routes[0]!;
    const hook = view.webhooks.subscriptions[0]!;
    expect(loaded).toEqual({
      organizations: [],
      workspaces: [],
      routes: [{ key: "r", uuid: route.uuid, workspaceUuid: main, orderUuids: [order.uuid] }],
      orders: [{ key: "o", uuid: order.uuid, orderNumber: "ORD-1", workspaceUuid: main, routeUuid: route.uuid }],
      webhooks: [{ key: null, uuid: hook.uuid, workspaceUuid: main, secret: hook.secret }],
    });
    expect(order.organizationId).toBe(fake.organization.id);
  });

  it("changes nothing when any record is wrong, and names each problem", () => {
    const fake = createFake({ now: NOW });
    fake.control.createOrganization();
    const before = whole(fake);
    const fixtures = day();
    fixtures.organizations?.push({ key: "acme", tokens: ["test-token", "acme-token"] });
    fixtures.workspaces?.push({ key: "moon", organization: "nobody", timezone: "Moon/Base" });
    fixtures.routes?.push({
      workspace: "berlin",
      name: "Late",
      date: "2026-11-30",
      startTime: "18:00",
      endTime: "08:00",
      startLocation: { address: "Depot" },
    });
    fixtures.orders?.push({
      workspace: "moon",
      route: "van",
      deliveryDate: "2026-12-01",
      locations: [{ address: "Torstraße 1" }],
    });
    fixtures.webhooks?.push({ organization: "acme", workspace: "berlin", url: "ftp://x", events: [] });
    const error = thrown(() => fake.control.loadFixtures(fixtures));
    expect(error.details).toEqual([
      { path: "organizations[1].key", message: 'duplicate key "acme" (organizations[0] has it)' },
      { path: "organizations[1].tokens[0]", message: 'token "test-token" exists already: choose another' },
      {
        path: "organizations[1].tokens[1]",
        message: 'token "acme-token" is given twice (organizations[0].tokens[0] has it)',
      },
      {
        path: "workspaces[1].organization",
        message: 'names no organization of the fixtures: no organization has the key "nobody"',
      },
      { path: "workspaces[1].timezone", message: 'unknown IANA time zone "Moon/Base"' },
      { path: "routes[1].endTime", message: "endTime 08:00 must be after startTime 18:00" },
      { path: "orders[2].route", message: 'route "van" is in workspace "berlin", the order in "moon"' },
      { path: "orders[2].route", message: 'route "van" is for 2026-11-30, the order\'s deliveryDate is 2026-12-01' },
      { path: "webhooks[1].url", message: "must be an absolute https:// URL" },
      { path: "webhooks[1].events", message: "subscribe to at least one event type" },
      {
        path: "webhooks[1].organization",
        message: "give exactly one of organization (every workspace of it), workspace (that workspace only)",
      },
    ]);
    expect(whole(fake)).toEqual(before);
  });

  it("refuses a subscription to the fake's own address, as POST /v2/webhooks does", () => {
    const fake = createFake({ now: NOW });
    const error = thrown(() =>
      fake.control.loadFixtures({
        webhooks: [
          { workspace: fake.workspaces[0]!.uuid, url: `${fake.baseUrl}/_fake/reset`, events: ["route.published"] },
        ],
      }),
    );
    expect(error.details).toEqual([
      {
        path: "webhooks[0].url",
        message: `must not point at the fake itself (${fake.baseUrl}): its deliveries would call the fake's own API`,
      },
    ]);
  });
});

describe("the example fixture, examples/fixtures/delivery-day.json", () => {
  it("loads: Acme's two workspaces, Van 2 with three orders, two orders to plan, a subscription for Hamburg", () => {
    const fake = createFake({ now: NOW, fixtures: JSON.parse(readFileSync(EXAMPLE, "utf8")) as Fixtures });
    const loaded = fake.control.loadFixtures({}); // nothing more: an empty document is valid
    expect(loaded).toEqual({ organizations: [], workspaces: [], routes: [], orders: [], webhooks: [] });
    const view = fake.inspect();
    const acme = view.tokens.find((t) => t.token === "acme-token")!;
    const workspaces = view.workspaces.filter((w) => w.organizationId === acme.organizationId);
    expect(workspaces.map((w) => w.name)).toEqual(["Berlin", "Hamburg"]);
    const route = view.routes[0]!;
    expect(route).toMatchObject({ name: "Van 2", date: "2026-11-30", workspaceUuid: workspaces[0]!.uuid });
    expect(route.orderUuids.map((uuid) => view.orders.find((o) => o.uuid === uuid)?.customerOrderNumber)).toEqual([
      "ACME-1001",
      "ACME-1002",
      "ACME-1003",
    ]);
    const open = view.orders.filter((o) => o.status === "not_scheduled");
    expect(open.map((o) => o.customerOrderNumber)).toEqual(["ACME-1004", "ACME-2001"]);
    expect(view.webhooks.subscriptions).toMatchObject([
      { workspaceUuid: workspaces[1]!.uuid, secret: "whsec_acme_fixture_secret_0001" },
    ]);
  });
});

describe("the guide's fixtures, docs/standalone.md", () => {
  it("loads the JSON of 'Start with your own data': Van 1 with its order, the subscription with its secret", () => {
    const guide = readFileSync(GUIDE, "utf8");
    const section = guide.slice(guide.indexOf("\n## Start with your own data\n"));
    const json = /^```json\n([\s\S]*?)^```$/m.exec(section)?.[1];
    const loaded = createFake({ now: NOW }).control.loadFixtures(JSON.parse(json ?? "null") as Fixtures);
    expect(loaded.routes).toEqual([
      {
        key: "van-1",
        uuid: expect.any(String),
        workspaceUuid: loaded.workspaces[0]?.uuid,
        orderUuids: [loaded.orders[0]?.uuid],
      },
    ]);
    expect(loaded.webhooks).toEqual([
      { key: null, uuid: expect.any(String), workspaceUuid: null, secret: "whsec_my_receiver_knows_this" },
    ]);
  });
});

describe("POST /_fake/fixtures on the standalone server", () => {
  const server = useControlServer();

  it("answers 201 with what it created, and the tokens work at once", async () => {
    const loaded = await server.call("POST", "/_fake/fixtures", { body: day() });
    expect(loaded.status).toBe(201);
    expect(loaded.body.organizations).toEqual([{ key: "acme", name: "Acme", tokens: ["acme-token", "acme-second"] }]);
    expect(loaded.body.orders.map((o: { key: string | null }) => o.key)).toEqual(["ada", null]);
    expect(loaded.body.webhooks[0].secret).toBe("whsec_0123456789abcdef");
    const ws = loaded.body.workspaces[0].uuid;
    const orders = await server.call("GET", `/v2/orders?workspaceUuid=${ws}`, { token: "acme-token" });
    expect(orders.body.data.map((o: { uuid: string }) => o.uuid)).toEqual(
      loaded.body.orders.map((o: { uuid: string }) => o.uuid),
    );
  });

  it("answers 400 with every field path and changes nothing", async () => {
    // Every answer draws its request id from the id sequence: the records are what must not change.
    const before = whole(server.fake).view;
    const fixtures = day();
    (fixtures.orders?.[1] as Record<string, unknown>).locations = undefined;
    const body = JSON.parse(JSON.stringify(fixtures)) as Fixtures;
    body.routes?.push({ workspace: "berlin" } as never);
    const refused = await server.call("POST", "/_fake/fixtures", { body });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("VALIDATION_FAILED");
    expect(refused.body.details).toEqual([
      { path: "routes[1].name", message: "is required" },
      { path: "routes[1].date", message: "is required" },
      { path: "routes[1].startTime", message: "is required" },
      { path: "routes[1].endTime", message: "is required" },
      { path: "routes[1].startLocation", message: "is required" },
      { path: "orders[1].locations", message: "is required" },
    ]);
    expect(whole(server.fake).view).toEqual(before);
    const malformed = await server.call("POST", "/_fake/fixtures", { raw: "{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("INVALID_JSON");
  });
});
