/**
 * The standalone server delivers webhooks in real time over real HTTP: no test calls `fake.runUntilIdle()`; the
 * server runs the background work after each request and when the next attempt is due. The delivery log and
 * redelivery are served under `/_fake/`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createFake, type Fake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { verifyWebhook } from "@dispatchkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const MIN = 60_000;
// A frozen clock (every instant known) and a real one (the server's timers follow it).
const frozen = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "dev-token" });
const real = createFake({ baseUrl: "http://127.0.0.1:0", token: "dev-token", seed: 2 });

/** A delivery as the local receiver got it, and when on the machine's clock. */
interface Received {
  headers: IncomingMessage["headers"];
  body: string;
  receivedAt: number;
}

/** A node:http receiver: records each delivery and answers it with `answer(n)` (a status). */
function startReceiver(answer: (n: number) => number) {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const n = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() });
      res.writeHead(answer(n)).end();
      for (const waiter of waiters.splice(0)) {
        if (received.length >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    });
  });
  return {
    received,
    /** Resolves once `count` deliveries have arrived (fails the test after 5 s). */
    until(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} deliveries arrived`)),
          5000,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    listen: () =>
      new Promise<string>((resolve) => {
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const servers = new Map<Fake, RunningServer>();

beforeAll(async () => {
  for (const fake of [frozen, real]) servers.set(fake, await startServer(fake, { port: 0 }));
});
afterAll(() => Promise.all([...servers.values()].map((s) => s.close())));

/** A plain-HTTP call to a fake's server; contract endpoints are validated against openapi.yaml. */
async function call(fake: Fake, method: string, path: string, body?: unknown) {
  const running = servers.get(fake);
  if (!running) throw new Error("no server");
  const headers: Record<string, string> = { authorization: "Bearer dev-token" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${running.url}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!path.startsWith("/_fake/")) {
    expect(validator.check(method, `${running.url}${path}`, res.status, res.headers, text)).toEqual([]);
  }
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A route with one order, published over HTTP: one `route.published` event. */
async function publishOneRoute(fake: Fake) {
  const ws = fake.workspaces[0]?.uuid ?? "";
  const location = { address: "Alexanderplatz 1", latitude: 52.52, longitude: 13.41 };
  const order = await call(fake, "POST", `/v2/orders?workspaceUuid=${ws}`, {
    deliveryDate: "2026-11-23",
    locations: [location],
  });
  const route = await call(fake, "POST", "/v2/routes", {
    workspaceUuid: ws,
    routes: [{ name: "R1", date: "2026-11-23", startTime: "09:00", endTime: "17:00", startLocation: location }],
  });
  fake.control.assignOrders(route.body.data[0].uuid, [order.body.data[0].uuid]);
  const published = await call(fake, "POST", "/v2/routes/publish", { workspaceUuid: ws, date: "2026-11-23" });
  expect(published.status).toBe(202);
}

/** The delivery log over HTTP, once `done` says it is complete (attempts are recorded after the answer). */
async function logWhen(fake: Fake, done: (log: DeliveryBody[]) => boolean): Promise<DeliveryBody[]> {
  for (let i = 0; i < 100; i++) {
    const log = await call(fake, "GET", "/_fake/webhook-deliveries");
    if (done(log.body.data)) return log.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the delivery log never got there");
}

/** A delivery of `GET /_fake/webhook-deliveries`. */
interface DeliveryBody {
  id: string;
  url: string;
  status: string;
  attempts: {
    attempt: number;
    at: string;
    result: string;
    status: number | null;
    error: string | null;
    durationMs: number;
  }[];
}

describe("webhooks on the standalone server", () => {
  it("delivers after the request, retries once the fake's clock says so, redelivers; the log is under /_fake/", async () => {
    const fake = frozen;
    const t0 = fake.clock.now();
    const receiver = startReceiver((n) => (n === 0 ? 500 : 204));
    const url = await receiver.listen();
    try {
      const created = await call(fake, "POST", "/v2/webhooks", { url, events: ["route.published"] });
      expect(created.status).toBe(201);
      const { secret, uuid } = created.body;
      await publishOneRoute(fake);

      await receiver.until(1);
      const eventId = fake.events[0]?.id;
      const pending = await logWhen(fake, (l) => l[0]?.attempts.length === 1);
      expect(pending).toEqual([
        {
          id: "whd_1",
          subscriptionUuid: uuid,
          url,
          eventId,
          eventType: "route.published",
          status: "pending",
          createdAt: new Date(t0).toISOString(),
          nextAttemptAt: new Date(t0 + MIN).toISOString(),
          redeliveryOf: null,
          attempts: [
            {
              attempt: 1,
              at: new Date(t0).toISOString(),
              result: "rejected",
              status: 500,
              error: null,
              durationMs: 0,
              nextAttemptAt: new Date(t0 + MIN).toISOString(),
            },
          ],
        },
      ]);

      // The clock is frozen: the retry is due once it is moved, and the next request runs it.
      fake.clock.advance(MIN);
      await call(fake, "GET", "/_fake/webhook-deliveries");
      await receiver.until(2);
      const [first, second] = receiver.received;
      for (const delivery of [first, second]) {
        // Signed with the server's wall clock (the receiver's), not the frozen fake's: verified against the real now.
        const event = await verifyWebhook({ rawBody: delivery?.body ?? "", headers: delivery?.headers ?? {}, secret });
        expect(event.id).toBe(eventId);
        const sentAt = Number(delivery?.headers["x-dispatch-timestamp"]);
        expect(sentAt).toBeLessThanOrEqual(Math.floor((delivery?.receivedAt ?? 0) / 1000));
        expect(sentAt).toBeGreaterThan(Math.floor((delivery?.receivedAt ?? 0) / 1000) - 5);
      }
      expect(second?.body).toBe(first?.body);
      const done = await logWhen(fake, (l) => l[0]?.status === "succeeded");
      expect(done[0]?.attempts.map((a) => [a.attempt, a.at, a.status])).toEqual([
        [1, new Date(t0).toISOString(), 500],
        [2, new Date(t0 + MIN).toISOString(), 204],
      ]);

      const again = await call(fake, "POST", "/_fake/webhook-deliveries/whd_1/redeliver");
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ id: "whd_2", redeliveryOf: "whd_1", status: "pending", attempts: [] });
      await receiver.until(3);
      expect(receiver.received[2]?.headers["x-dispatch-event-id"]).toBe(eventId);
      expect((await call(fake, "GET", `/_fake/webhook-deliveries?eventId=${eventId}`)).body.data).toHaveLength(2);
      expect((await call(fake, "GET", "/_fake/webhook-deliveries?subscriptionUuid=nobody")).body).toEqual({
        data: [],
        metadata: { nextPage: null, totalPages: 1, totalItems: 0 },
      });
      const missing = await call(fake, "POST", "/_fake/webhook-deliveries/whd_9/redeliver");
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe("NOT_FOUND");
    } finally {
      await receiver.close();
    }
  });

  it("logs a receiver that refuses the connection as a connection error that says only that (issue 31: no port-scan oracle)", async () => {
    const fake = frozen;
    const closed = startReceiver(() => 204);
    const url = await closed.listen();
    await closed.close(); // nothing listens on that port any more
    await call(fake, "POST", "/v2/webhooks", { url, events: ["route.published"] });
    await publishOneRoute(fake);
    const log = await logWhen(fake, (l) => l.some((d) => d.url === url && d.attempts.length === 1));
    const delivery = log.find((d) => d.url === url);
    expect(delivery?.status).toBe("pending");
    expect(delivery?.attempts[0]).toMatchObject({
      result: "connection_error",
      status: null,
      error: "could not connect",
    });
  });

  it("makes a retry on its own timer when the fake's real-time clock reaches it", async () => {
    const fake = real;
    // The first answer is a 500 given when the fake's clock is 200 ms short of the retry: nothing but the
    // server's timer can make the retry.
    const receiver = startReceiver((n) => {
      if (n === 0) fake.clock.advance(MIN - 200);
      return n === 0 ? 500 : 204;
    });
    const url = await receiver.listen();
    try {
      const { secret } = (await call(fake, "POST", "/v2/webhooks", { url, events: ["route.published"] })).body;
      await publishOneRoute(fake);
      await receiver.until(2);
      const log = await logWhen(fake, (l) => l[0]?.status === "succeeded");
      const [first, second] = log[0]?.attempts ?? [];
      expect([first?.status, second?.status]).toEqual([500, 204]);
      const gap = Date.parse(second?.at ?? "") - Date.parse(first?.at ?? "");
      expect(gap).toBeGreaterThanOrEqual(MIN);
      expect(gap).toBeLessThan(MIN + 5000);
      for (const delivery of receiver.received) {
        // The fake's clock is a minute ahead by now; the header is the machine's time, as the receiver checks it.
        expect((await verifyWebhook({ rawBody: delivery.body, headers: delivery.headers, secret })).id).toBe(
          fake.events[0]?.id,
        );
        expect(Number(delivery.headers["x-dispatch-timestamp"])).toBeLessThanOrEqual(
          Math.floor(delivery.receivedAt / 1000),
        );
      }
    } finally {
      await receiver.close();
    }
  });
});
