import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "dev-token" });
let running: RunningServer;

beforeAll(async () => {
  running = await startServer(fake, { port: 0 });
});
afterAll(() => running.close());

/** A plain-HTTP call; contract endpoints are validated against openapi.yaml. */
async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${running.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  if (!path.startsWith("/_fake/")) {
    expect(validator.check(method, `${running.url}${path}`, res.status, res.headers, text)).toEqual([]);
  }
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe("the standalone server over plain HTTP", () => {
  it("runs create → route → publish → complete → delete, with control endpoints for tokens", async () => {
    const workspaces = await call("GET", "/v2/workspaces", { token: "dev-token" });
    const ws = workspaces.body.data[0];
    const orders = await call("POST", `/v2/orders?workspaceUuid=${ws.uuid}`, {
      token: "dev-token",
      body: [
        { deliveryDate: "2026-11-23", locations: [{ address: "Alexanderplatz 1, Berlin" }] },
        {
          deliveryDate: "2026-11-23",
          locations: [{ address: "Unter den Linden 1", latitude: 52.517, longitude: 13.39 }],
        },
      ],
    });
    expect(orders.status).toBe(201);
    const [a, b] = orders.body.data.map((o: { uuid: string }) => o.uuid);
    const routes = await call("POST", `/v1/routes?workspaceId=${ws.workspaceId}`, {
      token: "dev-token",
      body: [
        {
          name: "R1",
          date: "2026-11-23",
          startTime: "08:00",
          endTime: "18:00",
          startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
        },
      ],
    });
    const route = routes.body.data[0].uuid;
    fake.control.assignOrders(route, [a, b]);
    const published = await call("POST", "/v2/routes/publish", {
      token: "dev-token",
      body: { workspaceUuid: ws.uuid, date: "2026-11-23" },
    });
    expect(published.status).toBe(202);
    const poll = await call("GET", `/v2/routes/actions/${published.body.actionUuid}`, { token: "dev-token" });
    expect(poll.body.status).toBe("finished");
    const done = await call("POST", `/v2/orders/${a}/complete`, { token: "dev-token", body: { status: "delivered" } });
    expect(done.body.status).toBe("delivered");
    const timeline = await call("GET", `/v2/routes/${route}/timeline`, { token: "dev-token" });
    expect(timeline.body.data[1].actualDepartureTime).toBe("2026-11-23T09:00:00.000+01:00");
    const refused = await call("DELETE", `/v2/orders/${b}`, { token: "dev-token" });
    expect(refused.status).toBe(409);

    // control: a new token works, then expires
    const token = (await call("POST", "/_fake/tokens", { body: {} })).body.token;
    expect((await call("GET", "/v2/workspaces", { token })).status).toBe(200);
    const expire = await call("POST", `/_fake/tokens/${token}/expire`);
    expect(expire.status).toBe(200);
    const expired = await call("GET", "/v2/workspaces", { token });
    expect(expired).toMatchObject({ status: 401, body: { code: "TOKEN_EXPIRED" } });

    // control: a new organization sees only its own workspace and none of our orders
    const org = await call("POST", "/_fake/organizations", { body: {} });
    expect(org.status).toBe(201);
    expect(org.body.workspaces).toHaveLength(1);
    const theirs = await call("GET", "/v2/workspaces", { token: org.body.token });
    expect(theirs.body.data.map((w: { uuid: string }) => w.uuid)).toEqual([org.body.workspaces[0].uuid]);
    const foreign = await call("GET", `/v2/orders/${a}`, { token: org.body.token });
    expect(foreign.status).toBe(404);
    const unknownControl = await call("POST", "/_fake/tokens/nope/expire");
    expect(unknownControl.status).toBe(404);
  });
});

describe("the standalone server on an IPv6 address", () => {
  it("writes its URL with the address in brackets, and answers there", async () => {
    const v6 = await startServer(createFake({ baseUrl: "http://[::1]:0", token: "dev-token" }), {
      port: 0,
      host: "::1",
    });
    try {
      expect(v6.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      const res = await fetch(`${v6.url}/v2/workspaces`, { headers: { authorization: "Bearer dev-token" } });
      expect(res.status).toBe(200);
    } finally {
      await v6.close();
    }
  });
});
