/**
 * `GET /_fake/events` over HTTP: the records of `fake.events`, oldest first, filtered by type, instant, organization
 * and workspace; every answer validated against control-openapi.yaml (useControlServer).
 */
import { describe, expect, it } from "vitest";
import { publishedRouteOverHttp, useControlServer } from "./support/control-server.js";

const TOKEN = "dev-token";
const server = useControlServer({ token: TOKEN });
const { call } = server;

/** A route published with `n` orders in the workspace of `token`; its orders' uuids. */
const publish = (token: string, n: number) => publishedRouteOverHttp(server, token, n);

describe("GET /_fake/events", () => {
  it("answers the records of fake.events, oldest first, instants as ISO strings", async () => {
    expect((await call("GET", "/_fake/events")).body).toEqual({
      data: [],
      metadata: { nextPage: null, totalPages: 1, totalItems: 0 },
    });
    const { orders } = await publish(TOKEN, 2);
    await call("POST", "/_fake/driver/complete", { body: { orderUuid: orders[0], status: "delivered" } });
    const { body, status } = await call("GET", "/_fake/events");
    expect(status).toBe(200);
    expect(server.fake.events.length).toBeGreaterThanOrEqual(2);
    expect(body.data).toEqual(
      server.fake.events.map((event) => ({ ...event, createdAt: new Date(event.createdAt).toISOString() })),
    );
    expect(body.data[0].type).toBe("route.published");
    expect(body.data.map((e: { type: string }) => e.type)).toContain("order.status_updated");
  });

  it("filters by type, since, organizationId and workspaceUuid (all must hold)", async () => {
    const first = await publish(TOKEN, 1);
    const other = (await call("POST", "/_fake/organizations")).body;
    await server.fake.advance(60_000);
    const later = new Date(server.fake.clock.now()).toISOString();
    const second = await publish(other.token, 1);
    await call("POST", "/_fake/driver/complete", { body: { orderUuid: second.orders[0], status: "missed" } });
    const all = server.fake.events;
    const list = async (query: string) => (await call("GET", `/_fake/events?${query}`)).body.data;
    const ids = (events: readonly { id: string }[]) => events.map((e) => e.id);

    expect(ids(await list("type=route.published"))).toEqual(ids(all.filter((e) => e.type === "route.published")));
    expect(ids(await list(`since=${encodeURIComponent(later)}`))).toEqual(
      ids(all.filter((e) => Date.parse(e.createdAt) >= Date.parse(later))),
    );
    expect(ids(await list(`workspaceUuid=${first.workspaceUuid}`))).toEqual(
      ids(all.filter((e) => e.workspaceUuid === first.workspaceUuid)),
    );
    const otherOrganization = all.find((e) => e.workspaceUuid === second.workspaceUuid)?.organizationId ?? "";
    const combined = await list(`organizationId=${otherOrganization}&type=order.status_updated`);
    expect(combined.length).toBeGreaterThan(0);
    expect(ids(combined)).toEqual(
      ids(all.filter((e) => e.organizationId === otherOrganization && e.type === "order.status_updated")),
    );
    // Each filter narrows: the first organization's events are none of the second's.
    expect(ids(await list(`workspaceUuid=${first.workspaceUuid}&organizationId=${otherOrganization}`))).toEqual([]);
  });

  it("refuses a type or an instant it does not know with 400 naming the parameter", async () => {
    const type = await call("GET", "/_fake/events?type=order.created");
    expect(type.status).toBe(400);
    expect(type.body.details).toEqual([
      {
        path: "type",
        message: 'must be one of route.published, route.eta_updated, order.status_updated, got "order.created"',
      },
    ]);
    for (const since of ["yesterday", "2026-11-23", "2026-11-23T08:00:00"]) {
      const res = await call("GET", `/_fake/events?since=${since}`);
      expect(res.status).toBe(400);
      expect(res.body.details[0].path).toBe("since");
    }
  });

  it("sits beside GET /_fake/health, which startServer answers with its own uptime and no state file", async () => {
    const health = await call("GET", "/_fake/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      uptimeSeconds: expect.any(Number),
      stateFile: null,
    });
    expect(health.body.uptimeSeconds).toBeGreaterThan(0);
  });
});
