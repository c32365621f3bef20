// The in-process host: `setupServer(...fake.handlers)`. Each `createFake()` is its own service (no module state is
// shared between fakes), and msw's `server.boundary()` scopes handlers per async context, so two fakes can serve the
// same base URL side by side, and a test can override one endpoint without the others seeing it.
import { createFake, type Fake } from "@dispatchkit/fake";
import { createClient, unwrap } from "@dispatchkit/sdk";
import { HttpResponse, http } from "msw";
import { type SetupServer, setupServer } from "msw/node";
import { afterEach, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const NOW = "2026-11-23T08:00:00Z";

/** Validate every response `server` mocks against openapi.yaml; `settle()` returns the problems seen. */
function checkResponses(server: SetupServer) {
  const pending: Promise<string[]>[] = [];
  server.events.on("response:mocked", ({ request, response }) => {
    const copy = response.clone();
    pending.push(
      copy.text().then((text) => validator.check(request.method, request.url, copy.status, copy.headers, text)),
    );
  });
  return { settle: async () => (await Promise.all(pending.splice(0))).flat() };
}

const servers: SetupServer[] = [];
function listen(...handlers: Fake["handlers"]) {
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: "error" });
  servers.push(server);
  return { server, ...checkResponses(server) };
}
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Create `names` as orders for 2026-11-24 in the fake's workspace; returns their uuids. */
async function createOrders(fake: Fake, names: string[]): Promise<string[]> {
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
  const { data } = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid: fake.workspaces[0]!.uuid } },
      body: names.map((name) => ({ name, deliveryDate: "2026-11-24", locations: [{ address: `${name} Street 1` }] })),
    }),
  );
  return data.map((o) => o.uuid);
}

async function orderNames(fake: Fake): Promise<string[]> {
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
  const { data } = await unwrap(
    client.GET("/v2/orders", { params: { query: { workspaceUuid: fake.workspaces[0]!.uuid } } }),
  );
  return data.map((o) => o.name ?? "");
}

/** Resolves when `count` callers have arrived: makes two async flows really interleave. */
function barrier(count: number) {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

describe("setupServer(...fake.handlers): one service per createFake()", () => {
  it("two fakes on different base URLs in one server share no state, even with the same seed and token", async () => {
    const a = createFake({ baseUrl: "https://a.dispatch.test", now: NOW });
    const b = createFake({ baseUrl: "https://b.dispatch.test", now: NOW });
    const { settle } = listen(...a.handlers, ...b.handlers);
    // The same seed gives the same ids, but each fake holds its own.
    expect(a.workspaces[0]!.uuid).toBe(b.workspaces[0]!.uuid);

    const [adaInA = ""] = await createOrders(a, ["Ada", "Grace"]);
    await createOrders(b, ["Linus"]);
    expect(await orderNames(a)).toEqual(["Ada", "Grace"]);
    expect(await orderNames(b)).toEqual(["Linus"]);

    const clientB = createClient({ baseUrl: b.baseUrl, token: b.token });
    const fromB = await clientB.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: adaInA } } });
    expect(fromB.response.status).toBe(200); // B's own first order has the same uuid (same seed)...
    expect(fromB.data?.name).toBe("Linus"); // ...and is B's order, not A's.

    // Clocks, tokens and resets are per fake too.
    a.clock.advance(60_000);
    expect(new Date(b.clock.now()).toISOString()).toBe("2026-11-23T08:00:00.000Z");
    const tokenOfA = a.control.createToken();
    const withAsToken = await createClient({ baseUrl: b.baseUrl, token: tokenOfA }).GET("/v2/workspaces");
    expect(withAsToken.response.status).toBe(401);
    a.reset();
    expect(await orderNames(a)).toEqual([]);
    expect(await orderNames(b)).toEqual(["Linus"]);
    expect(await settle()).toEqual([]);
  });

  it("two fakes on the same base URL, each in its own server.boundary(), run side by side", async () => {
    const { server, settle } = listen();
    const bothReady = barrier(2);
    const bothCreated = barrier(2);
    const flow = (names: string[]) =>
      server.boundary(async () => {
        const fake = createFake({ now: NOW });
        server.use(...fake.handlers);
        await bothReady(); // both boundaries have their fake's handlers before either calls
        const uuids = await createOrders(fake, names);
        await bothCreated(); // and both have created their orders before either lists
        return { names: await orderNames(fake), uuids, fake };
      })();
    const [first, second] = await Promise.all([flow(["Ada", "Grace"]), flow(["Linus"])]);
    expect(first.names).toEqual(["Ada", "Grace"]);
    expect(second.names).toEqual(["Linus"]);
    // Outside both boundaries neither fake's handlers are installed.
    expect(server.listHandlers()).toEqual([]);
    expect(await settle()).toEqual([]);
  });

  it("server.boundary() scopes an override to its callback; the fake's state is the fake's", async () => {
    const fake = createFake({ now: NOW });
    const { server, settle } = listen(...fake.handlers);
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, retries: 0 });
    const overridden = barrier(2);

    const outage = server.boundary(async () => {
      // A contract-valid outage of one endpoint, as a test of the caller's error path would set up.
      server.use(
        http.get(`${fake.baseUrl}/v2/workspaces`, () =>
          HttpResponse.json(
            { code: "INTERNAL", message: "Failed to list workspaces: simulated outage", requestId: "req_outage" },
            { status: 500, headers: { "x-request-id": "req_outage" } },
          ),
        ),
      );
      await overridden();
      const workspaces = await client.GET("/v2/workspaces");
      // Other endpoints still reach the fake inside the boundary.
      await createOrders(fake, ["Inside"]);
      return { status: workspaces.response.status, code: workspaces.error?.code };
    });
    const outside = async () => {
      await overridden();
      const workspaces = await client.GET("/v2/workspaces");
      return { status: workspaces.response.status, name: workspaces.data?.data[0]?.name };
    };
    const [inBoundary, outOfBoundary] = await Promise.all([outage(), outside()]);
    expect(inBoundary).toEqual({ status: 500, code: "INTERNAL" });
    expect(outOfBoundary).toEqual({ status: 200, name: "Main" });
    // The override ended with its boundary; the order created inside it is in the fake.
    expect((await client.GET("/v2/workspaces")).response.status).toBe(200);
    expect(await orderNames(fake)).toEqual(["Inside"]);
    expect(await settle()).toEqual([]);
  });

  it("server.use() overrides one operation with a path parameter in front of the fake's catch-all; resetHandlers() ends it", async () => {
    const fake = createFake({ now: NOW });
    const { server, settle } = listen(...fake.handlers);
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, retries: 0 });
    const [ada = "", grace = ""] = await createOrders(fake, ["Ada", "Grace"]);
    const seen: string[] = [];
    server.use(
      http.get(`${fake.baseUrl}/v2/orders/:orderUuid`, async ({ params }) => {
        seen.push(String(params.orderUuid));
        // Reads the fake's own answer and changes one field: an override that builds on the fake.
        const original = await fake.fetch(`/v2/orders/${String(params.orderUuid)}`, {
          headers: { authorization: `Bearer ${fake.token}` },
        });
        const order = (await original.json()) as { name: string };
        return HttpResponse.json({ ...order, name: `${order.name} (overridden)` }, { headers: original.headers });
      }),
    );
    const read = async (orderUuid: string) =>
      (await client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } })).data?.name;
    expect(await read(ada)).toBe("Ada (overridden)");
    expect(await read(grace)).toBe("Grace (overridden)");
    expect(seen).toEqual([ada, grace]);
    // The operations it does not name still reach the fake, under that path too.
    expect(await orderNames(fake)).toEqual(["Ada", "Grace"]);
    const completed = await client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: ada } },
      body: { status: "delivered" },
    });
    expect(completed.response.status).toBe(409); // not on a published route: the fake's own answer
    server.resetHandlers();
    expect(await read(ada)).toBe("Ada");
    expect(seen).toHaveLength(2);
    expect(await settle()).toEqual([]);
  });
});
