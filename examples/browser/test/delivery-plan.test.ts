// The browser example's work (planDeliveryDay) against the fake in Node, every answer checked against openapi.yaml;
// test/browser/browser-example.spec.ts (`npm run test:browser`) runs the whole page in headless Chromium.
import { createClient } from "@dispatchkit/sdk";
import { expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { planDeliveryDay } from "../src/delivery-plan.js";

const server = useFakeServer({ seed: 1 });

it("creates 15 orders and 3 routes, schedules them, and reads back a plan that keeps every window", async () => {
  const client = createClient({ baseUrl: server.fake.baseUrl, token: server.fake.token });
  const plan = await planDeliveryDay(client, { date: "2026-11-24" });

  expect(plan.routes.map((r) => r.name).sort()).toEqual(["Van 1", "Van 2", "Van 3"].slice(0, plan.routes.length));
  const stops = plan.routes.flatMap((r) => r.stops);
  expect(stops.length + plan.unscheduled.length).toBe(15);
  expect(plan.summary.ordersScheduled).toBe(stops.length);
  expect(new Set(stops.map((s) => s.customer)).size).toBe(stops.length);
  for (const route of plan.routes) {
    expect(route.stops.map((s) => s.sequence)).toEqual(route.stops.map((_, i) => i + 1));
    expect(route.load).toBeLessThanOrEqual(14);
    for (const stop of route.stops) {
      const [start = "", end = ""] = stop.window.split("–");
      expect(
        stop.arrival >= start && stop.arrival <= end,
        `${stop.customer} at ${stop.arrival} in ${stop.window}`,
      ).toBe(true);
      expect(stop.departure > stop.arrival).toBe(true); // 300 s of service
    }
  }
});
