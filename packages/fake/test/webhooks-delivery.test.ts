/**
 * Webhook delivery (`docs/api-contract.md` section 6): signed envelopes the SDK's `verifyWebhook` accepts,
 * at-least-once with one event id, retries at 1 min, 5 min, 30 min, 2 h and 8 h on the fake's clock (6 attempts),
 * a 10 s answer timeout (lowered here), the delivery log, redelivery, in-process listeners, and delivery as
 * background work that never touches the API call that emitted the event.
 */
import { verifyWebhook, type WebhookEvent, WebhookVerificationError } from "@dispatchkit/sdk";
import { delay, HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { clientOf, DATE, publish, scheduledRoute, workspaceOf } from "./support/flow.js";

/** The answer timeout of this file's fake: short, so a timeout costs one second, not ten. */
const TIMEOUT_MS = 1000;
const server = useFakeServer({ webhooks: { timeoutMs: TIMEOUT_MS } });
const validator = createContractValidator();

const RECEIVER = "https://hooks.example.com/dispatch";
const APP = "https://app.example.com/webhooks/dispatch";
/** ISO-8601 UTC of an instant. */
const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const ALL_EVENTS = ["route.published", "route.eta_updated", "order.status_updated"] as const;

type EventTypeName = (typeof ALL_EVENTS)[number];

/** One delivery as the receiver saw it. */
interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * Mock a receiver at `url` on the msw server: each delivery is recorded, and answered by `answer(n)` (n = how many
 * came before it).
 */
function receiver(
  url: string,
  answer: (n: number) => Response | Promise<Response> = () => new Response(null, { status: 204 }),
) {
  const received: Received[] = [];
  server.server.use(
    http.post(url, async ({ request }) => {
      const n = received.length;
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
      return answer(n);
    }),
  );
  return received;
}

/** Subscribe through the API with the seeded token (or `token`); returns the subscription with its secret. */
async function subscribe(
  body: { url: string; events?: readonly EventTypeName[]; workspaceUuid?: string },
  token = server.fake.token,
) {
  const { data, response } = await clientOf(server.fake, token).POST("/v2/webhooks", {
    body: {
      url: body.url,
      events: [...(body.events ?? ALL_EVENTS)],
      ...(body.workspaceUuid ? { workspaceUuid: body.workspaceUuid } : {}),
    },
  });
  expect(response.status).toBe(201);
  if (!data) throw new Error("no subscription");
  return data;
}

/** A published route with `n` orders: one `route.published` event. */
async function publishedRoute(n = 2) {
  const { orders, route } = await scheduledRoute(server.fake, n);
  await publish(server.fake, [route]);
  return { orders, route };
}

/** Verify a received delivery with the SDK, at the fake's time of the attempt. */
function verify(delivery: Received, secret: string, at: number): Promise<WebhookEvent> {
  return verifyWebhook({ rawBody: delivery.body, headers: delivery.headers, secret, now: at });
}

describe("a delivery", () => {
  it("is the signed envelope the SDK verifies, sent as background work after the API call", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const received = receiver(RECEIVER);
    const subscription = await subscribe({ url: RECEIVER });
    const { orders } = await publishedRoute();
    // The API call only recorded the event: nothing was sent yet.
    expect(received).toEqual([]);
    expect(fake.webhooks.deliveries().map((d) => [d.eventType, d.status, d.attempts.length])).toEqual([
      ["route.published", "pending", 0],
    ]);

    await fake.runUntilIdle();
    expect(received).toHaveLength(1);
    const [first] = received;
    if (!first) throw new Error("nothing received");
    const published = fake.events[0];
    const event = await verify(first, subscription.secret, fake.clock.now());
    expect(event).toEqual({
      id: published?.id,
      type: "route.published",
      createdAt: iso(t0),
      data: published?.data,
    });
    expect(validator.checkEvent(event)).toEqual([]);
    expect(first.body).toBe(JSON.stringify(event));
    expect(first.headers).toMatchObject({
      "content-type": "application/json",
      "x-dispatch-event-id": published?.id,
      "x-dispatch-topic": "route.published",
      "x-dispatch-timestamp": String(Math.floor(t0 / 1000)),
      "x-dispatch-signature": expect.stringMatching(/^v0=[0-9a-f]{64}$/),
    });
    await expect(verify(first, "whsec_other", fake.clock.now())).rejects.toMatchObject({
      reason: "signature_mismatch",
    });

    // a completion: order.status_updated then route.eta_updated, attempted in emission order (they arrive in
    // either order: each is signed asynchronously before it is sent, so they are put in emission order here)
    fake.clock.advance(30 * MIN);
    const done = await clientOf(fake).POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orders[0] ?? "" } },
      body: { status: "delivered" },
    });
    expect(done.response.status).toBe(200);
    await fake.runUntilIdle();
    const emitted = fake.events.map((e) => e.id);
    const later = (
      await Promise.all(received.slice(1).map((r) => verify(r, subscription.secret, fake.clock.now())))
    ).sort((a, b) => emitted.indexOf(a.id) - emitted.indexOf(b.id));
    expect(later.map((e) => [e.type, e.createdAt])).toEqual([
      ["order.status_updated", iso(t0 + 30 * MIN)],
      ["route.eta_updated", iso(t0 + 30 * MIN)],
    ]);
    expect(later.map((e) => e.id)).toEqual(fake.events.slice(1).map((e) => e.id));
    expect(received[1]?.headers["x-dispatch-timestamp"]).toBe(String(Math.floor((t0 + 30 * MIN) / 1000)));

    expect(fake.webhooks.deliveries()).toEqual(
      fake.events.map((e, i) => ({
        id: `whd_${i + 1}`,
        organizationId: fake.organization.id,
        subscriptionUuid: subscription.uuid,
        url: RECEIVER,
        eventId: e.id,
        eventType: e.type,
        status: "succeeded",
        createdAt: e.createdAt,
        nextAttemptAt: null,
        redeliveryOf: null,
        attempts: [
          {
            attempt: 1,
            at: e.createdAt,
            result: "succeeded",
            status: 204,
            error: null,
            durationMs: 0,
            nextAttemptAt: null,
          },
        ],
      })),
    );
  });

  it("goes to every matching subscription with the same event id, and only to events emitted after it was made", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const a = receiver(RECEIVER);
    const b = receiver(APP);
    const { route } = await publishedRoute();
    // Same instant as that event (frozen clock), but created after it: it never gets it.
    const first = await subscribe({ url: RECEIVER, events: ["route.published"] });
    const second = await subscribe({ url: APP, events: ["route.published", "order.status_updated"] });
    await fake.runUntilIdle();
    expect(a).toEqual([]);
    expect(b).toEqual([]);
    await publish(fake, [route]); // republished: a new route.published
    await fake.runUntilIdle();
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    const [ea, eb] = [
      await verify(a[0] as Received, first.secret, t0),
      await verify(b[0] as Received, second.secret, t0),
    ];
    expect(ea.id).toBe(fake.events[1]?.id);
    expect(eb.id).toBe(ea.id);
    expect(a[0]?.body).toBe(b[0]?.body);
    // each subscription has its own delivery (and signature) of the one event
    expect(a[0]?.headers["x-dispatch-signature"]).not.toBe(b[0]?.headers["x-dispatch-signature"]);
    expect(fake.webhooks.deliveries({ eventId: ea.id }).map((d) => d.subscriptionUuid)).toEqual([
      first.uuid,
      second.uuid,
    ]);
  });

  it("matches the event type, the organization and the workspace filter", async () => {
    const { fake } = server;
    const ws = workspaceOf(fake);
    const second = fake.control.createWorkspace({ name: "Second" });
    const other = fake.control.createOrganization();
    const sees = {
      all: receiver("https://hooks.example.com/all"),
      main: receiver("https://hooks.example.com/main"),
      second: receiver("https://hooks.example.com/second"),
      statusOnly: receiver("https://hooks.example.com/status"),
      foreign: receiver("https://hooks.example.com/foreign"),
    };
    await subscribe({ url: "https://hooks.example.com/all" });
    await subscribe({ url: "https://hooks.example.com/main", workspaceUuid: ws.uuid });
    await subscribe({ url: "https://hooks.example.com/second", workspaceUuid: second.uuid });
    await subscribe({ url: "https://hooks.example.com/status", events: ["order.status_updated"] });
    await subscribe({ url: "https://hooks.example.com/foreign" }, other.token);

    await publishedRoute(); // in the main workspace
    await fake.runUntilIdle();
    const topics = (list: Received[]) => list.map((r) => r.headers["x-dispatch-topic"]);
    expect(topics(sees.all)).toEqual(["route.published"]);
    expect(topics(sees.main)).toEqual(["route.published"]);
    expect(topics(sees.second)).toEqual([]);
    expect(topics(sees.statusOnly)).toEqual([]);
    expect(topics(sees.foreign)).toEqual([]);

    // the other organization's own events reach its subscription only
    const foreignWs = other.workspaces[0]?.uuid ?? "";
    const foreign = clientOf(fake, other.token);
    const order = await foreign.POST("/v2/orders", {
      params: { query: { workspaceUuid: foreignWs } },
      body: { deliveryDate: DATE, locations: [{ address: "Depot", latitude: 52.51, longitude: 13.41 }] },
    });
    const route = await foreign.POST("/v2/routes", {
      body: {
        workspaceUuid: foreignWs,
        routes: [
          {
            name: "Theirs",
            date: DATE,
            startTime: "09:00",
            endTime: "17:00",
            startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
          },
        ],
      },
    });
    fake.control.assignOrders(route.data?.data[0]?.uuid ?? "", [order.data?.data[0]?.uuid ?? ""]);
    await foreign.POST("/v2/routes/publish", { body: { workspaceUuid: foreignWs, date: DATE } });
    await fake.runUntilIdle();
    expect(topics(sees.foreign)).toEqual(["route.published"]);
    expect(topics(sees.all)).toEqual(["route.published"]);
    expect(fake.webhooks.deliveries().map((d) => d.organizationId)).toEqual([
      fake.organization.id,
      fake.organization.id,
      other.organization.id,
    ]);
  });
});

describe("retries", () => {
  it("retries a failing receiver at +1 min and +5 min under one event id: attempts at 0, 1 min and 6 min", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const received = receiver(RECEIVER, (n) => new Response(null, { status: [500, 503][n] ?? 200 }));
    const subscription = await subscribe({ url: RECEIVER, events: ["route.published"] });
    await publishedRoute();
    await fake.runUntilIdle();
    expect(received).toHaveLength(1);
    await fake.advance(MIN - 1);
    expect(received).toHaveLength(1);
    await fake.advance(1); // exactly at its due instant
    expect(received).toHaveLength(2);
    await fake.advance(5 * MIN);
    expect(received).toHaveLength(3);
    await fake.advance(10 * HOUR);
    expect(received).toHaveLength(3);

    const eventId = fake.events[0]?.id;
    expect(received.map((r) => r.headers["x-dispatch-event-id"])).toEqual([eventId, eventId, eventId]);
    expect(new Set(received.map((r) => r.body)).size).toBe(1); // the same bytes every time
    const at = [t0, t0 + MIN, t0 + 6 * MIN];
    expect(received.map((r) => r.headers["x-dispatch-timestamp"])).toEqual(at.map((t) => String(Math.floor(t / 1000))));
    for (const [i, r] of received.entries()) {
      expect((await verify(r, subscription.secret, at[i] ?? 0)).id).toBe(eventId);
    }
    const [delivery, ...more] = fake.webhooks.deliveries();
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ eventId, status: "succeeded", nextAttemptAt: null });
    expect(delivery?.attempts).toEqual([
      {
        attempt: 1,
        at: iso(t0),
        result: "rejected",
        status: 500,
        error: null,
        durationMs: 0,
        nextAttemptAt: iso(t0 + MIN),
      },
      {
        attempt: 2,
        at: iso(t0 + MIN),
        result: "rejected",
        status: 503,
        error: null,
        durationMs: 0,
        nextAttemptAt: iso(t0 + 6 * MIN),
      },
      {
        attempt: 3,
        at: iso(t0 + 6 * MIN),
        result: "succeeded",
        status: 200,
        error: null,
        durationMs: 0,
        nextAttemptAt: null,
      },
    ]);
  });

  it("gives up after 6 attempts (0, 1 min, 6 min, 36 min, 2 h 36 min, 10 h 36 min); the subscription stays active", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const received = receiver(RECEIVER, () => new Response("nope", { status: 500 }));
    await subscribe({ url: RECEIVER, events: ["route.published"] });
    const { route } = await publishedRoute();
    await fake.advance(24 * HOUR);
    const offsets = [0, MIN, 6 * MIN, 36 * MIN, 2 * HOUR + 36 * MIN, 10 * HOUR + 36 * MIN];
    expect(received).toHaveLength(6);
    expect(received.map((r) => r.headers["x-dispatch-timestamp"])).toEqual(
      offsets.map((o) => String(Math.floor((t0 + o) / 1000))),
    );
    const [delivery] = fake.webhooks.deliveries();
    expect(delivery?.status).toBe("failed");
    expect(delivery?.nextAttemptAt).toBeNull();
    expect(
      delivery?.attempts.map((a) => [
        a.attempt,
        Date.parse(a.at) - t0,
        a.status,
        a.nextAttemptAt === null ? null : Date.parse(a.nextAttemptAt) - t0,
      ]),
    ).toEqual(offsets.map((o, i) => [i + 1, o, 500, offsets[i + 1] ?? null]));
    // still subscribed: the next event is delivered
    await publish(fake, [route]);
    await fake.runUntilIdle();
    expect(received).toHaveLength(7);
    expect(fake.webhooks.subscriptions()).toHaveLength(1);
  });

  it("counts a 3xx (not followed), a 4xx, a connection error and a timeout as failures", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const followed = receiver("https://hooks.example.com/elsewhere");
    receiver("https://hooks.example.com/redirect", () => Response.redirect("https://hooks.example.com/elsewhere", 302));
    receiver("https://hooks.example.com/gone", () => new Response(null, { status: 410 }));
    server.server.use(http.post("https://hooks.example.com/down", () => HttpResponse.error()));
    receiver("https://hooks.example.com/slow", async () => {
      await delay(TIMEOUT_MS * 4);
      return new Response(null, { status: 200 });
    });
    for (const path of ["redirect", "gone", "down", "slow"]) {
      await subscribe({ url: `https://hooks.example.com/${path}`, events: ["route.published"] });
    }
    await publishedRoute();
    await fake.runUntilIdle();
    expect(followed).toEqual([]);
    expect(
      fake.webhooks
        .deliveries()
        .map((d) => [d.url, d.status, d.nextAttemptAt, d.attempts.map((a) => [a.result, a.status, a.error])]),
    ).toEqual([
      ["https://hooks.example.com/redirect", "pending", iso(t0 + MIN), [["rejected", 302, null]]],
      ["https://hooks.example.com/gone", "pending", iso(t0 + MIN), [["rejected", 410, null]]],
      ["https://hooks.example.com/down", "pending", iso(t0 + MIN), [["connection_error", null, "could not connect"]]],
      [
        "https://hooks.example.com/slow",
        "pending",
        iso(t0 + MIN),
        [["timeout", null, `no answer within ${TIMEOUT_MS} ms`]],
      ],
    ]);
  });
});

describe("redelivery", () => {
  it("sends the same event again as a new delivery, with its own retries", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const received = receiver(RECEIVER, (n) => new Response(null, { status: n === 1 ? 500 : 200 }));
    const subscription = await subscribe({ url: RECEIVER, events: ["route.published"] });
    await publishedRoute();
    await fake.runUntilIdle();
    fake.clock.advance(HOUR);
    const again = fake.webhooks.redeliver("whd_1");
    expect(again).toMatchObject({
      id: "whd_2",
      redeliveryOf: "whd_1",
      status: "pending",
      nextAttemptAt: iso(t0 + HOUR),
      attempts: [],
    });
    expect(received).toHaveLength(1); // made by the background work, not by redeliver()
    await fake.runUntilIdle();
    await fake.advance(MIN);
    expect(received).toHaveLength(3);
    expect(received.map((r) => r.headers["x-dispatch-event-id"])).toEqual(Array(3).fill(fake.events[0]?.id));
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect((await verify(received[2] as Received, subscription.secret, t0 + HOUR + MIN)).id).toBe(fake.events[0]?.id);
    expect(
      fake.webhooks
        .deliveries({ subscriptionUuid: subscription.uuid })
        .map((d) => [d.id, d.status, d.attempts.map((a) => Date.parse(a.at) - t0)]),
    ).toEqual([
      ["whd_1", "succeeded", [0]],
      ["whd_2", "succeeded", [HOUR, HOUR + MIN]],
    ]);
  });

  it("refuses an unknown delivery (NOT_FOUND) and one whose subscription was deleted (CONFLICT)", async () => {
    const { fake } = server;
    receiver(RECEIVER);
    const subscription = await subscribe({ url: RECEIVER, events: ["route.published"] });
    await publishedRoute();
    expect(() => fake.webhooks.redeliver("whd_9")).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    await clientOf(fake).DELETE("/v2/webhooks/{uuid}", { params: { path: { uuid: subscription.uuid } } });
    expect(() => fake.webhooks.redeliver("whd_1")).toThrow(
      expect.objectContaining({
        code: "CONFLICT",
        message: expect.stringMatching(/^Failed to redeliver webhook delivery: /),
      }),
    );
  });
});

describe("deleting a subscription", () => {
  it("stops its pending retries at once", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const received = receiver(RECEIVER, () => new Response(null, { status: 500 }));
    const subscription = await subscribe({ url: RECEIVER, events: ["route.published"] });
    await publishedRoute();
    await fake.runUntilIdle();
    await clientOf(fake).DELETE("/v2/webhooks/{uuid}", { params: { path: { uuid: subscription.uuid } } });
    await fake.advance(24 * HOUR);
    expect(received).toHaveLength(1);
    expect(fake.webhooks.deliveries()).toEqual([
      expect.objectContaining({
        status: "cancelled",
        nextAttemptAt: null,
        attempts: [expect.objectContaining({ attempt: 1, status: 500, nextAttemptAt: iso(t0 + MIN) })],
      }),
    ]);
  });

  it("lets an attempt in flight complete, without a retry", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    let answer: (response: Response) => void = () => undefined;
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    fake.webhooks.listen(APP, () => {
      started();
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    try {
      const subscription = await subscribe({ url: APP, events: ["route.published"] });
      await publishedRoute();
      const running = fake.runUntilIdle();
      await inFlight;
      const deleted = await clientOf(fake).DELETE("/v2/webhooks/{uuid}", {
        params: { path: { uuid: subscription.uuid } },
      });
      expect(deleted.response.status).toBe(204);
      answer(new Response(null, { status: 500 }));
      await running;
      await fake.advance(HOUR);
      expect(fake.webhooks.deliveries()).toEqual([
        expect.objectContaining({
          status: "cancelled",
          attempts: [
            {
              attempt: 1,
              at: iso(t0),
              result: "rejected",
              status: 500,
              error: null,
              durationMs: 0,
              nextAttemptAt: null,
            },
          ],
        }),
      ]);
    } finally {
      fake.webhooks.unlisten(APP);
    }
  });
});

describe("in-process listeners", () => {
  it("deliver to the app's own handler (a Request in, a Response out), then over HTTP once unlistened", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const seen: WebhookEvent[] = [];
    let secret = "";
    // The app's real webhook endpoint, as it would be mounted in a server.
    async function handleDispatchWebhook(request: Request): Promise<Response> {
      try {
        const event = await verifyWebhook({
          rawBody: await request.text(),
          headers: request.headers,
          secret,
          now: fake.clock.now(),
        });
        seen.push(event);
        return new Response(null, { status: 204 });
      } catch (error) {
        if (error instanceof WebhookVerificationError) return new Response(error.reason, { status: 400 });
        throw error;
      }
    }
    const stop = fake.webhooks.listen(APP, handleDispatchWebhook);
    try {
      secret = (await subscribe({ url: APP, events: ["route.published"] })).secret;
      const { route } = await publishedRoute();
      await fake.runUntilIdle();
      expect(seen.map((e) => [e.type, e.id])).toEqual([["route.published", fake.events[0]?.id]]);
      expect(validator.checkEvent(seen[0])).toEqual([]);
      expect(fake.webhooks.deliveries()[0]?.attempts).toEqual([
        { attempt: 1, at: iso(t0), result: "succeeded", status: 204, error: null, durationMs: 0, nextAttemptAt: null },
      ]);

      // a wrong secret: the app answers 400 and the delivery is retried
      secret = "whsec_wrong";
      await publish(fake, [route]);
      await fake.runUntilIdle();
      expect(fake.webhooks.deliveries()[1]?.attempts.map((a) => [a.result, a.status])).toEqual([["rejected", 400]]);

      // unlistened: the retry goes over fetch (here msw)
      stop();
      const overHttp = receiver(APP);
      await fake.advance(MIN);
      expect(overHttp.map((r) => r.headers["x-dispatch-event-id"])).toEqual([fake.events[1]?.id]);
      expect(seen).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it("a listener that throws or never answers is a failed attempt (connection error, timeout), retried", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const throwing = fake.webhooks.listen("https://app.example.com/throws", () => {
      throw new Error("receiver down");
    });
    const hanging = fake.webhooks.listen("https://app.example.com/hangs", () => new Promise<Response>(() => undefined));
    try {
      await subscribe({ url: "https://app.example.com/throws", events: ["route.published"] });
      await subscribe({ url: "https://app.example.com/hangs", events: ["route.published"] });
      await publishedRoute();
      await fake.runUntilIdle();
      expect(
        fake.webhooks.deliveries().map((d) => [d.status, d.nextAttemptAt, d.attempts.map((a) => [a.result, a.error])]),
      ).toEqual([
        ["pending", iso(t0 + MIN), [["connection_error", "the listener threw: receiver down"]]],
        ["pending", iso(t0 + MIN), [["timeout", `no answer within ${TIMEOUT_MS} ms`]]],
      ]);
    } finally {
      throwing();
      hanging();
    }
  });

  it("refuses a listener URL that is not an absolute http(s) URL", () => {
    expect(() => server.fake.webhooks.listen("/hooks", () => new Response())).toThrow(
      'Failed to listen for webhooks: "/hooks" is not an absolute URL',
    );
    expect(() => server.fake.webhooks.listen("mailto:a@example.com", () => new Response())).toThrow(
      'Failed to listen for webhooks: "mailto:a@example.com" is not an http(s) URL',
    );
  });
});

describe("delivery and the API", () => {
  it("a failing receiver never changes the API's answers", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const stop = fake.webhooks.listen(APP, () => {
      throw new Error("receiver down");
    });
    try {
      await subscribe({ url: APP });
      const client = clientOf(fake);
      const { orders, route } = await publishedRoute();
      const completed = await client.POST("/v2/orders/{orderUuid}/complete", {
        params: { path: { orderUuid: orders[0] ?? "" } },
        body: { status: "delivered" },
      });
      expect(completed.response.status).toBe(200);
      expect(completed.data).toMatchObject({
        uuid: orders[0],
        status: "delivered",
        deliveryTime: iso(t0),
      });
      const timeline = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
      // every attempt fails, and the background work still resolves
      await fake.advance(24 * HOUR);
      expect(fake.webhooks.deliveries().map((d) => [d.eventType, d.status, d.attempts.length])).toEqual([
        ["route.published", "failed", 6],
        ["order.status_updated", "failed", 6],
        ["route.eta_updated", "failed", 6],
      ]);
      const order = await client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: orders[0] ?? "" } } });
      expect(order.data).toEqual(completed.data);
      const after = await client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: route } } });
      expect(after.data).toEqual(timeline.data);
    } finally {
      stop();
    }
  });

  it("reset() forgets subscriptions and pending deliveries; restore() brings back the snapshot's, due as they were", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const received = receiver(RECEIVER, () => new Response(null, { status: 500 }));
    await subscribe({ url: RECEIVER, events: ["route.published"] });
    await publishedRoute();
    await fake.runUntilIdle();
    const snapshot = fake.snapshot();
    const log = fake.webhooks.deliveries();
    expect(log.map((d) => [d.status, d.nextAttemptAt])).toEqual([["pending", iso(t0 + MIN)]]);

    fake.reset();
    expect(fake.webhooks.subscriptions()).toEqual([]);
    expect(fake.webhooks.deliveries()).toEqual([]);
    await fake.advance(MIN);
    expect(received).toHaveLength(1);

    fake.restore(snapshot);
    expect(fake.webhooks.deliveries()).toEqual(log);
    await fake.runUntilIdle(); // the retry was due at t0 + 1 min: made now
    expect(received).toHaveLength(2);
    expect(fake.webhooks.deliveries()[0]?.attempts.map((a) => Date.parse(a.at) - t0)).toEqual([0, MIN]);
  });
});
