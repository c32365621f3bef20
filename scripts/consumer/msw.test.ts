// A vitest suite of a consumer of the packed packages (run by scripts/consumer-test.mjs in a fresh project, with
// msw 2 or msw 3): the SDK against `setupServer(...fake.handlers)`. Written to compile and pass under both majors.
import { createFake } from "@dispatchkit/fake";
import { createClient, NotFoundError, scheduleAndWait, unwrap } from "@dispatchkit/sdk";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

const fake = createFake({ seed: 11, now: "2026-11-23T08:00:00Z" });
const server = setupServer(...fake.handlers);
const unhandled: string[] = [];
server.events.on("request:unhandled", ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`);
});

beforeAll(() => server.listen());
afterEach(() => fake.reset());
afterAll(() => server.close());

describe(`the fake under msw ${process.env.CONSUMER_MSW_MAJOR} on Node ${process.version}`, () => {
  test("runs on the Node version under test", () => {
    expect(process.version).toBe(process.env.CONSUMER_NODE_VERSION);
  });

  test("orders created through the SDK are scheduled onto the route and the solution reads back", async () => {
    // Created before any request: the SDK looks up globalThis.fetch per call, so MSW intercepts it.
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
    const date = "2026-11-24";
    const created = await unwrap(
      client.POST("/v2/orders", {
        params: { query: { workspaceUuid } },
        body: [
          {
            name: "Grace",
            deliveryDate: date,
            locations: [{ address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401 }],
            timeWindows: [{ startTime: "10:00", endTime: "12:00" }],
          },
          {
            name: "Edsger",
            deliveryDate: date,
            locations: [{ address: "Oranienstraße 40, Berlin", latitude: 52.501, longitude: 13.419 }],
          },
        ],
      }),
    );
    await unwrap(
      client.POST("/v2/routes", {
        body: {
          workspaceUuid,
          routes: [
            {
              name: "Van 1",
              date,
              startTime: "08:00",
              endTime: "18:00",
              startLocation: { address: "Depot", latitude: 52.52, longitude: 13.405 },
            },
          ],
        },
      }),
    );

    const solution = await scheduleAndWait(client, { workspaceUuid, date });

    expect(solution.committed).toBe(true);
    expect(solution.date).toBe(date);
    expect(solution.summary.ordersScheduled).toBe(2);
    expect(solution.unscheduled).toEqual([]);
    expect(solution.routes.flatMap((r) => r.stops.map((s) => s.orderUuid)).sort()).toEqual(
      created.data.map((o) => o.uuid).sort(),
    );
    const again = await unwrap(
      client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid: solution.actionUuid } } }),
    );
    expect(again).toEqual(solution);
  });

  test("the fake answers every path under its base URL, malformed escapes included", async () => {
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    await expect(
      unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "missing" } } })),
    ).rejects.toBeInstanceOf(NotFoundError);
    const malformed = await fetch(`${fake.baseUrl}/v2/orders/%ZZ`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    expect(malformed.status).toBe(404);
    expect(((await malformed.json()) as { code: string }).code).toBe("NOT_FOUND");
    const unknown = await fetch(`${fake.baseUrl}/v9/nothing`, { headers: { authorization: `Bearer ${fake.token}` } });
    expect(unknown.status).toBe(404);
    expect(unhandled).toEqual([]);
  });
});
