/**
 * The dispatch app against @dispatchkit/fake through MSW, as an app's own test suite would test it: only the
 * packages' public exports, no sleeping (the SDK's waits and retries run on the fake's clock).
 */
import { createFake } from "@dispatchkit/fake";
import { createClient, type RetryInfo, type WebhookEvent } from "@dispatchkit/sdk";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createWebhookEndpoint,
  type Delivery,
  planDay,
  publishDay,
  subscribeToEvents,
  type Van,
} from "../src/dispatch-app.js";

const fake = createFake({ seed: 7, now: "2026-11-23T06:00:00Z" });
const server = setupServer(...fake.handlers);
const retries: RetryInfo[] = [];
// The SDK's retries wait on the fake's clock: a Retry-After of seconds takes no time.
const client = createClient({
  baseUrl: fake.baseUrl,
  token: fake.token,
  retries: { sleep: (ms) => fake.advance(ms), onRetry: (info) => retries.push(info) },
});
const sleep = (ms: number) => fake.advance(ms);

// `server.listen()` warns about requests no handler answers under both msw 2 and msw 3; the fake's catch-all
// answers every path under its base URL, and this suite sends nothing elsewhere.
beforeAll(() => server.listen());
beforeEach(() => {
  fake.reset();
  retries.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const DATE = "2026-11-24";
const DELIVERIES: Delivery[] = [
  { customer: "Ada", address: "Torstraße 1, Berlin", latitude: 52.529, longitude: 13.401, window: ["09:00", "12:00"] },
  {
    customer: "Grace",
    address: "Oranienstraße 40, Berlin",
    latitude: 52.502,
    longitude: 13.418,
    window: ["13:00", "17:00"],
  },
  {
    customer: "Edsger",
    address: "Karl-Marx-Allee 90, Berlin",
    latitude: 52.517,
    longitude: 13.44,
    window: ["08:00", "18:00"],
  },
];
const VANS: Van[] = [
  { name: "Van 1", shift: ["08:00", "18:00"], depot: { address: "Depot", latitude: 52.5219, longitude: 13.4132 } },
];

describe("planning a day", () => {
  it("shows the plan only once the held scheduling run is released", async () => {
    fake.actions.hold(["schedule"]);
    const seen: string[] = [];
    let pendingAfter = -1;
    const planned = planDay(client, DATE, DELIVERIES, VANS, {
      onProgress: (status) => seen.push(status),
      sleep: async (ms) => {
        await fake.advance(ms);
        // After three polls (and the fake's clock moved on by their pauses) the test lets the run finish.
        if (seen.length === 3) {
          pendingAfter = fake.actions.pending().length;
          fake.actions.release();
        }
      },
    });
    const plan = await planned;
    expect(seen).toEqual(["pending", "pending", "pending", "finished"]);
    expect(pendingAfter).toBe(1);
    expect(fake.actions.pending()).toEqual([]);
    // Ada 09:00–12:00 before Grace 13:00–17:00; Edsger (all day) anywhere on the van's route.
    expect(plan.unplanned).toEqual([]);
    expect(plan.stops["Van 1"]?.slice().sort()).toEqual(["Ada", "Edsger", "Grace"]);
    expect(plan.stops["Van 1"]?.indexOf("Ada")).toBeLessThan(plan.stops["Van 1"]?.indexOf("Grace") ?? -1);
  });

  it("rides out a 429 from the service: the SDK retries and the app never sees it", async () => {
    fake.faults.add({ operationId: "createOrders", status: 429, code: "RATE_LIMITED", times: 1 });
    const before = fake.clock.now();
    const plan = await planDay(client, DATE, DELIVERIES, VANS, { sleep });
    expect(plan.unplanned).toEqual([]);
    expect(fake.journal.list({ operationId: "createOrders" }).map((call) => call.status)).toEqual([429, 201]);
    expect(retries.map((r) => ({ status: r.status, attempt: r.attempt }))).toEqual([{ status: 429, attempt: 1 }]);
    // The retry's pause ran on the fake's clock.
    expect(fake.clock.now() - before).toBe(retries[0]?.delayMs);
  });

  it("tells the dispatcher which customers did not fit", async () => {
    const late: Delivery = { ...DELIVERIES[0]!, customer: "Night owl", window: ["21:00", "22:00"] };
    const plan = await planDay(client, DATE, [...DELIVERIES, late], VANS, { sleep });
    expect(plan.unplanned).toEqual(["Night owl"]);
    expect(plan.stops["Van 1"]).toHaveLength(3);
  });
});

describe("the webhook endpoint", () => {
  const url = "https://dispatch-app.test/webhooks/dispatch";

  it("acts on a route.published event the fake signed, an hour of the fake's time after publishing", async () => {
    const plan = await planDay(client, DATE, DELIVERIES, VANS, { sleep });
    const secret = await subscribeToEvents(client, url);
    const received: WebhookEvent[] = [];
    fake.webhooks.listen(
      url,
      createWebhookEndpoint({ secret, onEvent: (event) => void received.push(event), now: () => fake.clock.now() }),
    );
    await publishDay(client, plan, { sleep });
    await fake.advance(60 * 60_000);
    expect(received.map((event) => event.type)).toEqual(["route.published"]);
    const [delivery] = fake.webhooks.deliveries().filter((d) => d.eventType === "route.published");
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([204]);
  });

  it("rejects a delivery it cannot verify (400, nothing acted on) and the service retries it", async () => {
    const plan = await planDay(client, DATE, DELIVERIES, VANS, { sleep });
    await subscribeToEvents(client, url);
    const received: WebhookEvent[] = [];
    fake.webhooks.listen(
      url,
      createWebhookEndpoint({
        secret: "whsec_not-the-subscriptions-secret",
        onEvent: (event) => void received.push(event),
        now: () => fake.clock.now(),
      }),
    );
    await publishDay(client, plan, { sleep });
    await fake.advance(60_000); // the first attempt, and the retry due a minute later
    expect(received).toEqual([]);
    const [delivery] = fake.webhooks.deliveries().filter((d) => d.eventType === "route.published");
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([400, 400]);
    expect(delivery?.status).toBe("pending");
  });

  it("rejects a tampered body with the right headers", async () => {
    const plan = await planDay(client, DATE, DELIVERIES, VANS, { sleep });
    const secret = await subscribeToEvents(client, url);
    const genuine: Request[] = [];
    fake.webhooks.listen(url, async (request) => {
      genuine.push(request.clone());
      return new Response(null, { status: 204 });
    });
    await publishDay(client, plan, { sleep });
    await fake.runUntilIdle();
    const original = genuine[0]!;
    const body = (await original.text()).replace("route.published", "route.deleted");
    const endpoint = createWebhookEndpoint({ secret, onEvent: () => {}, now: () => fake.clock.now() });
    const answer = await endpoint(new Request(url, { method: "POST", headers: original.headers, body }));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe("signature_mismatch");
  });
});
