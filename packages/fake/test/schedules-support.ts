// Reaches the fake's runtime on purpose: the scheduling tests seed orders and routes straight into the domain (createOrders/createRoutes with the fake's context) and set an order no API call can make; assertions use fake.inspect().
/**
 * Helpers of the scheduling tests: seed orders and routes straight into a fake's domain, and poll runs.
 */

import type { Fake } from "@dispatchkit/fake";
import type { createClient } from "@dispatchkit/sdk";
import { expect } from "vitest";
import { createOrders, type OrderInput } from "../src/domain/orders.js";
import type { OrderRecord, Principal, RouteRecord, Workspace } from "../src/domain/records.js";
import { createRoutes, type RouteInput } from "../src/domain/routes.js";
import { runtimeOf } from "../src/runtime.js";

/** The run date of the tests. */
export const DATE = "2026-11-24";

/** Central Berlin, the default service area's centre. */
export const DEPOT = { address: "Depot, Alexanderplatz, Berlin", latitude: 52.52, longitude: 13.405 };

/** The seeded organization as a principal. */
function principalOf(fake: Fake): Principal {
  return { organizationId: fake.organization.id, token: fake.token };
}

/** A point `i` around the depot, within ~5 km (deterministic). */
export function pointNear(i: number): { address: string; latitude: number; longitude: number } {
  const angle = (i * 137.5 * Math.PI) / 180;
  const r = 0.01 + ((i * 7919) % 40) / 1000;
  return {
    address: `Stop ${i}, Berlin`,
    latitude: Math.round((52.52 + r * Math.cos(angle)) * 1e6) / 1e6,
    longitude: Math.round((13.405 + r * 1.6 * Math.sin(angle)) * 1e6) / 1e6,
  };
}

/** The stored record of the fake's first workspace (`fake.workspaces` answers copies in the API's shape). */
function seededWorkspace(fake: Fake): Workspace {
  const context = runtimeOf(fake).context;
  return context.state.workspaces.get(fake.workspaces[0]!.uuid) as Workspace;
}

/** Create orders for {@link DATE} (or `deliveryDate`) in the first workspace. */
export function seedOrders(fake: Fake, inputs: Partial<OrderInput>[]): OrderRecord[] {
  const workspace = seededWorkspace(fake);
  return createOrders(
    runtimeOf(fake).context,
    principalOf(fake),
    workspace,
    inputs.map((input, i) => ({ deliveryDate: DATE, locations: [pointNear(i)], ...input })),
  );
}

/**
 * Change a stored order's fields in place, as no API call can (an order an update left with a violation on its
 * route): the setup of a test of what a scheduling run does with such an order.
 */
export function editStoredOrder(fake: Fake, uuid: string, fields: Partial<OrderRecord>): void {
  const order = runtimeOf(fake).context.state.orders.get(uuid);
  if (!order) throw new Error(`no order ${uuid}`);
  Object.assign(order, fields);
}

/** Create routes for {@link DATE} starting at the depot, 08:00–17:00. */
export function seedRoutes(fake: Fake, inputs: Partial<RouteInput>[]): RouteRecord[] {
  const workspace = seededWorkspace(fake);
  return createRoutes(
    runtimeOf(fake).context,
    principalOf(fake),
    workspace,
    inputs.map((input, i) => ({
      name: `Van ${i + 1}`,
      date: DATE,
      startTime: "08:00",
      endTime: "17:00",
      startLocation: DEPOT,
      ...input,
    })),
  );
}

type Client = ReturnType<typeof createClient>;

/** Start a run and return its action uuid (asserting the 202). */
export async function startRun(client: Client, body: Record<string, unknown>): Promise<string> {
  const res = await client.POST("/v2/schedules", { body: body as never });
  expect(res.error, JSON.stringify(res.error)).toBeUndefined();
  expect(res.response.status).toBe(202);
  expect(res.data?.status).toBe("pending");
  expect(res.data?.actionName).toBe("schedule");
  return res.data!.actionUuid;
}

/** Poll a run once (the fake's default runs finish before the 202) and return the action. */
export async function pollRun(client: Client, actionUuid: string) {
  const res = await client.GET("/v2/schedules/actions/{actionUuid}", { params: { path: { actionUuid } } });
  expect(res.response.status).toBe(200);
  return res.data!;
}

/** Read a run's solution, asserting 200. */
export async function solutionOf(client: Client, actionUuid: string) {
  const res = await client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid } } });
  expect(res.error, JSON.stringify(res.error)).toBeUndefined();
  return res.data!;
}
