/**
 * The delivery-day example's flow under the contract validator: `runDeliveryDay` against the fake behind MSW,
 * every answer checked against openapi.yaml. (The example's own test, examples/delivery-day/test, runs it against
 * the standalone server using only the packages' public exports, as a user would.)
 */
import { createClient } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { runDeliveryDay } from "../../examples/delivery-day/src/delivery-day.js";
import { useFakeServer } from "../support/fake-server.js";

const server = useFakeServer({ organization: { workspaces: [{ name: "Berlin" }] } });

describe("the delivery-day example, every answer validated", () => {
  it("runs a whole day against the fake", async () => {
    const { fake } = server;
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const report = await runDeliveryDay(client, "2026-11-24");
    expect(report.scheduled).toBe(5);
    expect(report.unscheduled).toBe(0);
    expect(report.distanceInKilometers).toBeGreaterThan(0);
    // Every order is on the published route, so none can be cancelled through bulk delete.
    expect(report.cancelled).toBe(0);
    expect(report.keptOnRoutes).toBe(5);
    const delivered = await client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: report.delivered } } });
    expect(delivered.data?.status).toBe("delivered");
    const missed = await client.GET("/v1/orders/{orderUuid}", { params: { path: { orderUuid: report.missed } } });
    expect(missed.data?.status).toBe("missed");
  });
});
