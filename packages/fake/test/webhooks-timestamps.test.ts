/**
 * Which clock signs a delivery's `x-dispatch-timestamp` (docs/decisions/0008-webhooks.md): in process the fake's clock by default,
 * so tests stay deterministic; the host's wall clock on a server (`startServer`), because a receiver checks the header
 * against its own clock; `createFake({ webhooks: { timestampClock } })` chooses either, or a clock of its own, and
 * wins over the host. Event times, retries and the delivery log stay on the fake's clock whatever signs the header.
 */
import { createFake, type Fake, type FakeOptions } from "@dispatchkit/fake";
import { startServer } from "@dispatchkit/fake-server";
import { createClient, verifyWebhook, WebhookVerificationError } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const HOOK = "https://app.example.com/webhooks/dispatch";
const DATE = "2026-11-23";
const DAY = 24 * 60 * 60 * 1000;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A delivery as the in-process receiver got it. */
interface Received {
  headers: Headers;
  body: string;
}

/** A frozen fake whose deliveries to {@link HOOK} are received in process, subscribed to `route.published`. */
async function fakeWithReceiver(options: FakeOptions = {}) {
  const fake = createFake({ now: `${DATE}T08:00:00Z`, ...options });
  const received: Received[] = [];
  fake.webhooks.listen(HOOK, async (request) => {
    received.push({ headers: request.headers, body: await request.text() });
    return new Response(null, { status: 204 });
  });
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: fake.fetch });
  const { data: subscription } = await client.POST("/v2/webhooks", {
    body: { url: HOOK, events: ["route.published"] },
  });
  if (!subscription) throw new Error("no subscription");
  return { fake, client, received, secret: subscription.secret };
}

/** Publish a route with one order through the API: one `route.published` event. */
async function publishOneRoute(fake: Fake) {
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: fake.fetch });
  const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
  const at = { address: "Alexanderplatz 1", latitude: 52.52, longitude: 13.41 };
  const { data: orders } = await client.POST("/v2/orders", {
    params: { query: { workspaceUuid } },
    body: [{ deliveryDate: DATE, locations: [at] }],
  });
  const { data: routes } = await client.POST("/v2/routes", {
    body: {
      workspaceUuid,
      routes: [{ name: "R1", date: DATE, startTime: "09:00", endTime: "17:00", startLocation: at }],
    },
  });
  fake.control.assignOrders(routes?.data[0]?.uuid ?? "", [orders?.data[0]?.uuid ?? ""]);
  const accepted = await fake.fetch(`${fake.baseUrl}/v2/routes/publish`, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify({ workspaceUuid, date: DATE }),
  });
  const text = await accepted.text();
  expect(
    validator.check("POST", accepted.url || `${fake.baseUrl}/v2/routes/publish`, 202, accepted.headers, text),
  ).toEqual([]);
}

describe("x-dispatch-timestamp", () => {
  it("in process follows the fake's clock by default, also 10 days ahead: verify with now: fake.clock.now()", async () => {
    const { fake, received, secret } = await fakeWithReceiver();
    await fake.advance(10 * DAY);
    await publishOneRoute(fake);
    await fake.runUntilIdle();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const attemptAt = Date.parse(fake.webhooks.deliveries()[0]?.attempts[0]?.at ?? "");
    expect(attemptAt).toBe(fake.clock.now());
    expect(delivery?.headers.get("x-dispatch-timestamp")).toBe(String(seconds(fake.clock.now())));
    const rawBody = delivery?.body ?? "";
    const headers = delivery?.headers ?? new Headers();
    const event = await verifyWebhook({ rawBody, headers, secret, now: fake.clock.now() });
    expect(event.createdAt).toBe(new Date(fake.clock.now()).toISOString());
    // Against the machine's clock the fake's time is out of tolerance: what a real receiver would say.
    const wall = await verifyWebhook({ rawBody, headers, secret, now: fake.clock.now() - 10 * DAY }).catch((e) => e);
    expect(wall).toBeInstanceOf(WebhookVerificationError);
    expect((wall as WebhookVerificationError).reason).toBe("timestamp_out_of_tolerance");
  });

  it("timestampClock: \"wall\" signs with the host's real time; events, the log and retries stay on the fake's clock", async () => {
    const { fake, received, secret } = await fakeWithReceiver({ webhooks: { timestampClock: "wall" } });
    await fake.advance(10 * DAY);
    await publishOneRoute(fake);
    const before = seconds(Date.now());
    await fake.runUntilIdle();
    const after = seconds(Date.now());
    const [delivery] = received;
    const header = Number(delivery?.headers.get("x-dispatch-timestamp"));
    expect(header).toBeGreaterThanOrEqual(before);
    expect(header).toBeLessThanOrEqual(after);
    // The SDK's default `now` is the receiver's own clock: accepted.
    const event = await verifyWebhook({ rawBody: delivery?.body ?? "", headers: delivery?.headers ?? {}, secret });
    expect(event.createdAt).toBe(new Date(fake.clock.now()).toISOString());
    expect(fake.webhooks.deliveries()[0]?.attempts[0]?.at).toBe(new Date(fake.clock.now()).toISOString());
  });

  it("timestampClock may be a clock of your own; anything else is refused when the fake is created", async () => {
    const instant = Date.parse("2030-01-01T00:00:00Z");
    const { fake, received } = await fakeWithReceiver({ webhooks: { timestampClock: { now: () => instant } } });
    await publishOneRoute(fake);
    await fake.runUntilIdle();
    expect(received[0]?.headers.get("x-dispatch-timestamp")).toBe("1893456000");
    expect(() => createFake({ webhooks: { timestampClock: "real" as "wall" } })).toThrow(
      new TypeError(
        'Failed to create the fake: webhooks.timestampClock must be "fake", "wall" or a clock with a now() method',
      ),
    );
  });

  it('a server signs with the wall clock while it runs; an explicit "fake" wins over it', async () => {
    const served = await fakeWithReceiver();
    const server = await startServer(served.fake, { port: 0 });
    try {
      await served.fake.advance(10 * DAY);
      const before = seconds(Date.now());
      await publishOneRoute(served.fake);
      await served.fake.runUntilIdle();
      const header = Number(served.received[0]?.headers.get("x-dispatch-timestamp"));
      expect(header).toBeGreaterThanOrEqual(before);
      expect(header).toBeLessThanOrEqual(seconds(Date.now()));
    } finally {
      await server.close();
    }
    // Closed, the fake is an in-process fake again: its own clock signs.
    await publishOneRoute(served.fake);
    await served.fake.runUntilIdle();
    expect(served.received[1]?.headers.get("x-dispatch-timestamp")).toBe(String(seconds(served.fake.clock.now())));

    const chosen = await fakeWithReceiver({ webhooks: { timestampClock: "fake" } });
    const other = await startServer(chosen.fake, { port: 0 });
    try {
      await publishOneRoute(chosen.fake);
      await chosen.fake.runUntilIdle();
      expect(chosen.received[0]?.headers.get("x-dispatch-timestamp")).toBe(String(seconds(chosen.fake.clock.now())));
    } finally {
      await other.close();
    }
  });
});
