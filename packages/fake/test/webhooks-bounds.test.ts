/**
 * Webhook delivery has bounds (`docs/api-contract.md` section 9): attempts go through a pool, one per subscription,
 * at most WEBHOOK_MAX_IN_FLIGHT_PER_RECEIVER to one receiver (the origin of the URL) and WEBHOOK_MAX_IN_FLIGHT in
 * all, the rest queued in the delivery log and started in order as attempts end; and a subscription may not point at the
 * fake itself (400 naming `url`), in process or on a standalone server. Real sockets: a receiver counts the
 * connections it holds at once.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createFake, type Fake } from "@dispatchkit/fake";
import { startServer } from "@dispatchkit/fake-server";
import { afterEach, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { startRealTimeDriver } from "../../fake-server/src/server/real-time-driver.js";
import { WEBHOOK_MAX_IN_FLIGHT, WEBHOOK_MAX_IN_FLIGHT_PER_RECEIVER } from "../src/webhooks/dispatcher.js";
import { DATE, workspaceOf } from "./support/flow.js";

const validator = createContractValidator();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * Attempts in flight at the answering receivers together, and the most ever. (A receiver that never answers is left
 * out: it sees an attempt that timed out end only when its socket closes, after the pool has moved on.)
 */
const all = { open: 0, most: 0 };

/** A local receiver: counts the requests it holds at once, answers each after `holdMs` (never, when null). */
async function startReceiver(holdMs: number | null) {
  const receiver = { url: "", open: 0, most: 0, received: [] as string[], mostPerPath: 0 };
  const openPaths = new Map<string, number>();
  const counted = holdMs === null ? { open: 0, most: 0 } : all;
  const server: Server = createServer((req, res) => {
    receiver.open += 1;
    counted.open += 1;
    receiver.most = Math.max(receiver.most, receiver.open);
    counted.most = Math.max(counted.most, counted.open);
    const path = req.url ?? "/";
    openPaths.set(path, (openPaths.get(path) ?? 0) + 1);
    receiver.mostPerPath = Math.max(receiver.mostPerPath, openPaths.get(path) ?? 0);
    req.resume();
    const done = () => {
      receiver.open -= 1;
      counted.open -= 1;
      openPaths.set(path, (openPaths.get(path) ?? 1) - 1);
    };
    req.on("end", () => {
      receiver.received.push(`${req.url} ${String(req.headers["x-dispatch-event-id"])}`);
      if (holdMs === null) {
        res.on("close", done);
        return;
      }
      setTimeout(() => {
        done();
        res.writeHead(204).end();
      }, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return receiver;
}

/** Subscribe `url` to route.published through the API; returns the answer's status and body. */
async function subscribe(fake: Fake, url: string) {
  const res = await fake.fetch("/v2/webhooks", {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify({ url, events: ["route.published"] }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
}

/** A POST of the API through `fake.fetch` (no msw: the deliveries go over real sockets), expecting `status`. */
async function call(fake: Fake, path: string, body: unknown, status: number) {
  const res = await fake.fetch(path, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(status);
  return (await res.json()) as { data: { uuid: string }[] };
}

/** A route with one order, published once; `publish()` publishes it again (one route.published each time). */
async function publishedRoute(fake: Fake) {
  const workspaceUuid = workspaceOf(fake).uuid;
  const location = { address: "Depot", latitude: 52.52, longitude: 13.405 };
  const order = await call(
    fake,
    `/v2/orders?workspaceUuid=${workspaceUuid}`,
    [{ deliveryDate: DATE, locations: [location] }],
    201,
  );
  const routes = await call(
    fake,
    "/v2/routes",
    {
      workspaceUuid,
      routes: [{ name: "Van", date: DATE, startTime: "08:00", endTime: "18:00", startLocation: location }],
    },
    201,
  );
  const route = routes.data[0]?.uuid ?? "";
  fake.control.assignOrders(route, [order.data[0]?.uuid ?? ""]);
  const publish = () => call(fake, "/v2/routes/publish", { workspaceUuid, date: DATE }, 202);
  await publish();
  return { route, publish };
}

describe("the delivery pool", () => {
  it("holds one attempt per subscription, 16 per receiver and 64 in all; the rest wait their turn in order, and a healthy receiver is served", async () => {
    all.open = 0;
    all.most = 0;
    const fake = createFake({ now: "2026-11-23T08:00:00Z", webhooks: { timeoutMs: 1500 } });
    // 6 receivers × 16 slots = 96 > 64: the global bound is reached; 20 subscriptions each (paths) > 16, 2 events.
    const receivers = await Promise.all(Array.from({ length: 6 }, () => startReceiver(50)));
    for (const receiver of receivers) {
      for (let s = 0; s < 20; s++) expect((await subscribe(fake, `${receiver.url}/hooks/${s}`)).status).toBe(201);
    }
    // A receiver that never answers: it holds its own slots until they time out, not the others'.
    const stuck = await startReceiver(null);
    for (let s = 0; s < 4; s++) expect((await subscribe(fake, `${stuck.url}/stuck/${s}`)).status).toBe(201);
    const healthy = await startReceiver(0);
    expect((await subscribe(fake, `${healthy.url}/healthy`)).status).toBe(201);

    const { route, publish } = await publishedRoute(fake);
    await publish();
    const events = fake.events.map((e) => e.id);
    expect(events).toHaveLength(2);

    const running = fake.runUntilIdle();
    // The server keeps answering while the queue drains.
    const started = performance.now();
    const read = await fake.fetch(`/v2/routes/${route}`, { headers: { authorization: `Bearer ${fake.token}` } });
    expect(read.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    await running;

    for (const receiver of receivers) {
      expect(receiver.most).toBe(WEBHOOK_MAX_IN_FLIGHT_PER_RECEIVER);
      expect(receiver.mostPerPath).toBe(1);
      expect(receiver.received).toHaveLength(20 * 2);
      // Per subscription, in emission order.
      for (let s = 0; s < 20; s++) {
        expect(receiver.received.filter((r) => r.startsWith(`/hooks/${s} `)).map((r) => r.split(" ")[1])).toEqual(
          events,
        );
      }
    }
    expect(all.most).toBe(WEBHOOK_MAX_IN_FLIGHT);
    expect(healthy.received.map((r) => r.split(" ")[1])).toEqual(events);
    const log = fake.webhooks.deliveries();
    expect(log).toHaveLength(2 * (6 * 20 + 4 + 1));
    expect(log.filter((d) => d.status === "succeeded")).toHaveLength(2 * (6 * 20 + 1));
    // The stuck receiver's 8 attempts timed out, one per subscription at a time, and wait for their retry.
    expect(stuck.mostPerPath).toBe(1);
    const stuckLog = log.filter((d) => d.url.startsWith(stuck.url));
    expect(stuckLog.every((d) => d.status === "pending" && d.attempts[0]?.result === "timeout")).toBe(true);
  }, 60_000);

  it("keeps the queue in the delivery log: a snapshot taken while attempts wait restores them, still due", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    const receiver = await startReceiver(0);
    for (let s = 0; s < 10; s++) expect((await subscribe(fake, `${receiver.url}/hooks/${s}`)).status).toBe(201);
    await publishedRoute(fake);
    const snapshot = fake.snapshot();
    await fake.runUntilIdle();
    expect(receiver.received).toHaveLength(10);
    fake.restore(snapshot);
    expect(fake.webhooks.deliveries().map((d) => d.status)).toEqual(Array(10).fill("pending"));
    await fake.runUntilIdle();
    expect(receiver.received).toHaveLength(20);
    expect(receiver.mostPerPath).toBe(1);
  });
});

describe("a long drain", () => {
  it("reports each recorded attempt to the standalone server's driver, which saves meanwhile", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z", webhooks: { timeoutMs: 300 } });
    const stop = [
      fake.webhooks.listen("https://slow.example.com/hooks", () => new Promise<Response>(() => undefined)),
      fake.webhooks.listen("https://fast.example.com/hooks", () => new Response(null, { status: 204 })),
    ];
    closers.push(async () => {
      for (const unlisten of stop) unlisten();
    });
    expect((await subscribe(fake, "https://slow.example.com/hooks")).status).toBe(201);
    expect((await subscribe(fake, "https://fast.example.com/hooks")).status).toBe(201);
    await publishedRoute(fake);
    // What the state file would see at each save the driver asks for: the attempts recorded so far.
    const seen: number[] = [];
    const recorded = () => fake.webhooks.deliveries().filter((d) => d.attempts.length > 0).length;
    const driver = startRealTimeDriver(
      fake,
      () => undefined,
      () => seen.push(recorded()),
    );
    closers.push(async () => driver.stop());
    driver.kick();
    while (recorded() < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    // The fast receiver's attempt was reported before the slow one timed out, not only at the end of the run.
    expect(seen[0]).toBe(1);
  });
});

describe("a subscription to the fake itself", () => {
  it("is refused in process: a URL under the fake's base URL answers 400 naming url", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    for (const url of [
      `${fake.baseUrl}/_fake/tokens/${fake.token}/expire`,
      `${fake.baseUrl}/v2/webhooks`,
      "https://API.dispatch.example.com:443/_fake/reset",
    ]) {
      const { status, headers, text, body } = await subscribe(fake, url);
      expect(status).toBe(400);
      expect(validator.check("POST", `${fake.baseUrl}/v2/webhooks`, 400, headers, text)).toEqual([]);
      expect(body).toMatchObject({
        code: "VALIDATION_FAILED",
        message: `Failed to create webhook: url: must not point at the fake itself (${fake.baseUrl}): its deliveries would call the fake's own API`,
        details: [{ path: "url" }],
      });
    }
    expect(fake.webhooks.subscriptions()).toEqual([]);
    // Another host, or another port of the same host, is a receiver.
    expect((await subscribe(fake, "https://api.dispatch.example.com:8443/hooks")).status).toBe(201);
    expect((await subscribe(fake, "https://hooks.dispatch.example.com/hooks")).status).toBe(201);
  });

  it("is refused by a standalone server for its own host and port, by any loopback name; the token still works", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z", token: "dev-token" });
    const running = await startServer(fake, { port: 0 });
    closers.push(() => running.close({ graceMs: 100 }));
    const { port } = running.server.address() as AddressInfo;
    const post = async (url: string) => {
      const res = await fetch(`${running.url}/v2/webhooks`, {
        method: "POST",
        headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
        body: JSON.stringify({ url, events: ["route.published"] }),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
    };
    for (const url of [
      `http://127.0.0.1:${port}/_fake/tokens/dev-token/expire`,
      `http://localhost:${port}/_fake/webhook-deliveries/whd_1/redeliver`,
      `http://127.0.0.2:${port}/_fake/reset`,
      `http://[::1]:${port}/v2/webhooks`,
      `https://app.localhost:${port}/hooks`,
    ]) {
      const { status, headers, text, body } = await post(url);
      expect(status, url).toBe(400);
      expect(validator.check("POST", `${running.url}/v2/webhooks`, 400, headers, text)).toEqual([]);
      expect(body).toMatchObject({
        code: "VALIDATION_FAILED",
        message: expect.stringMatching(/^Failed to create webhook: url: must not point at the fake itself \(/),
        details: [{ path: "url" }],
      });
    }
    const receiver = await startReceiver(0);
    expect((await post(`${receiver.url}/hooks`)).status).toBe(201);
    const me = await fetch(`${running.url}/v2/webhooks`, { headers: { authorization: "Bearer dev-token" } });
    expect(me.status).toBe(200);
  });
});
