/**
 * Helpers for the fake's contract tests: create orders and routes through the SDK, put orders on a route
 * directly in the domain (as a committed scheduling run would), publish.
 */

import type { Fake } from "@dispatchkit/fake";
import { createClient, type DispatchClient } from "@dispatchkit/sdk";
import { expect } from "vitest";

/** The test date (the fake's clock starts at 2026-11-23T08:00Z in useFakeServer). */
export const DATE = "2026-11-23";

/** A client of the fake with its seeded token. */
export function clientOf(fake: Fake, token = fake.token): DispatchClient {
  return createClient({ baseUrl: fake.baseUrl, token });
}

/** The seeded workspace. */
export function workspaceOf(fake: Fake) {
  const workspace = fake.workspaces[0];
  if (!workspace) throw new Error("the fake has no workspace");
  return workspace;
}

/** An order input near Berlin's centre (`i` spreads them a little). */
export function orderInput(i = 0, extra: Record<string, unknown> = {}) {
  return {
    name: `Customer ${i}`,
    deliveryDate: DATE,
    locations: [{ address: `Street ${i}, Berlin`, latitude: 52.52 + i * 0.001, longitude: 13.405 + i * 0.001 }],
    ...extra,
  };
}

/** A route input starting at 09:00 in Berlin. */
export function routeInput(i = 0, extra: Record<string, unknown> = {}) {
  return {
    name: `Route ${i}`,
    date: DATE,
    startTime: "09:00",
    endTime: "17:00",
    startLocation: { address: "Depot, Berlin", latitude: 52.5, longitude: 13.4 },
    ...extra,
  };
}

/** Create `n` orders through the SDK; returns their uuids. */
export async function createOrders(fake: Fake, n: number, extra: Record<string, unknown> = {}): Promise<string[]> {
  const client = clientOf(fake);
  const body = Array.from({ length: n }, (_, i) => orderInput(i, extra));
  const { data, error } = await client.POST("/v2/orders", {
    params: { query: { workspaceUuid: workspaceOf(fake).uuid } },
    body: body as never,
  });
  expect(error).toBeUndefined();
  return (data?.data ?? []).map((o) => o.uuid);
}

/** Create one route through the SDK; returns its uuid. */
export async function createRoute(fake: Fake, extra: Record<string, unknown> = {}): Promise<string> {
  const client = clientOf(fake);
  const { data, error } = await client.POST("/v2/routes", {
    body: { workspaceUuid: workspaceOf(fake).uuid, routes: [routeInput(0, extra) as never] },
  });
  expect(error).toBeUndefined();
  const uuid = data?.data[0]?.uuid;
  if (!uuid) throw new Error("no route created");
  return uuid;
}

/** Put orders on a route directly in the domain (what a committed schedule does). */
export function assign(fake: Fake, routeUuid: string, orderUuids: string[]): void {
  fake.control.assignOrders(routeUuid, orderUuids);
}

/** Publish routes through the SDK and return the finished action. */
export async function publish(fake: Fake, routeUuids?: string[]) {
  const client = clientOf(fake);
  const { data, response } = await client.POST("/v2/routes/publish", {
    body: { workspaceUuid: workspaceOf(fake).uuid, date: DATE, ...(routeUuids ? { routeUuids } : {}) },
  });
  expect(response.status).toBe(202);
  const poll = await client.GET("/v2/routes/actions/{actionUuid}", {
    params: { path: { actionUuid: data?.actionUuid ?? "" } },
  });
  return poll.data;
}

/** A scenario: `n` orders on one route (a second route for the others when asked). */
export async function scheduledRoute(fake: Fake, n: number, extra: Record<string, unknown> = {}) {
  const orders = await createOrders(fake, n);
  const route = await createRoute(fake, extra);
  assign(fake, route, orders);
  return { orders, route };
}
