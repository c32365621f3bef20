/**
 * Issue 31, items 3 and 4: where webhook deliveries may not go. The fake itself by any name that resolves to this
 * machine on the server's port (the machine's host name, an allowed `NAME:PORT`), at subscription time and again at
 * each attempt; link-local and unspecified addresses (169.254.169.254) unless `webhooks.allowLinkLocal`; and no
 * control endpoint accepts a webhook delivery's body, so two fakes aimed at each other cannot loop. The resolver is
 * injected where a test cannot make real DNS answer (a name resolving to a link-local address, rebinding); the
 * machine's own name is resolved for real, on loopback sockets.
 */
import { lookup } from "node:dns/promises";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { hostname } from "node:os";
import { createFake, type Fake } from "@dispatchkit/fake";
import { startServer } from "@dispatchkit/fake-server";
import { afterEach, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { createOwnUrls } from "../src/http/own-urls.js";
import { DATE } from "./support/flow.js";

const validator = createContractValidator();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const BASE = "https://api.dispatch.example.com";

/** Subscribe `url` to route.published through the API in process. */
async function subscribe(fake: Fake, url: string) {
  const res = await fake.fetch("/v2/webhooks", {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify({ url, events: ["route.published"] }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
}

/** A port nothing listens on now (taken and let go). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Whether the machine's host name resolves to an address (it does on Linux, through /etc/hosts). */
async function machineNameResolves(): Promise<boolean> {
  try {
    return (await lookup(hostname(), { all: true })).length > 0;
  } catch {
    return false;
  }
}

describe("own addresses and refused targets (createOwnUrls)", () => {
  it("a name allowed with its port (--allow-host NAME:PORT) is the server's name", () => {
    const own = createOwnUrls(BASE, { machineAddresses: () => [] });
    own.addServer(4010, ["127.0.0.1", "dispatch-fake:4010", "[::1]:4010"]);
    expect(own.reached("http://dispatch-fake:4010/_fake/webhook-deliveries/whd_1/redeliver")).toBe(
      "http://dispatch-fake:4010",
    );
    expect(own.reached("http://dispatch-fake:4011/hooks")).toBeUndefined();
  });

  it("a name that resolves to loopback, an interface's address or an allowed name on the server's port is the fake", async () => {
    const answers: Record<string, string[]> = {
      "vm.example": ["127.0.1.1"],
      "lan.example": ["192.168.1.20"],
      "v6.example": ["::ffff:127.0.0.1"],
      "receiver.example": ["203.0.113.7"],
    };
    const own = createOwnUrls(BASE, {
      resolve: async (name) => answers[name] ?? [],
      machineAddresses: () => ["192.168.1.20", "fe80::1"],
    });
    // In process (no server), names are not resolved: deliveries go where the test's fetch sends them.
    expect(await own.resolvedRefusal("http://vm.example:4010/_fake/reset")).toBeUndefined();
    own.addServer(4010, ["127.0.0.1"]);
    for (const url of ["http://vm.example:4010/_fake/reset", "http://lan.example:4010/x", "http://v6.example:4010/"]) {
      expect(await own.resolvedRefusal(url), url).toMatch(
        /^must not point at the fake itself \(http:\/\/.*resolves to/,
      );
    }
    // The machine's interface address as written, too.
    expect(own.refusal("http://192.168.1.20:4010/_fake/reset")).toMatch(/^must not point at the fake itself/);
    expect(await own.resolvedRefusal("http://vm.example:4011/hooks")).toBeUndefined();
    expect(await own.resolvedRefusal("http://receiver.example:4010/hooks")).toBeUndefined();
    expect(await own.resolvedRefusal("http://unknown.example:4010/hooks")).toBeUndefined();
  });

  it("link-local and unspecified addresses are refused as written and as resolved, unless allowed", async () => {
    const resolve = async (name: string) => (name === "metadata.example" ? ["169.254.169.254"] : ["203.0.113.7"]);
    const own = createOwnUrls(BASE, { resolve, machineAddresses: () => [] });
    own.addServer(4010, ["127.0.0.1"]);
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]:8080/hooks",
      "http://[febf::1]/hooks",
      "http://0.0.0.0:9000/hooks",
      "http://[::]:9000/hooks",
      "http://[::ffff:169.254.169.254]/hooks",
      "http://[::ffff:a9fe:1]/hooks",
    ]) {
      expect(own.refusal(url), url).toMatch(/^must not point at a link-local or unspecified address/);
    }
    expect(await own.resolvedRefusal("http://metadata.example/latest")).toMatch(
      /^must not resolve to a link-local or unspecified address \(metadata\.example resolves to 169\.254\.169\.254\)/,
    );
    expect(own.refusal("http://169.255.0.1/hooks")).toBeUndefined();
    expect(own.refusal("http://[fec0::1]/hooks")).toBeUndefined();
    const allowing = createOwnUrls(BASE, { resolve, machineAddresses: () => [], allowLinkLocal: true });
    allowing.addServer(4010, ["127.0.0.1"]);
    expect(allowing.refusal("http://169.254.169.254/latest")).toBeUndefined();
    expect(await allowing.resolvedRefusal("http://metadata.example/latest")).toBeUndefined();
  });

  it("checks the name again each time: one that resolves elsewhere later (DNS rebinding) is refused then", async () => {
    const answers = [["203.0.113.7"], ["127.0.0.1"], ["169.254.169.254"]];
    let calls = 0;
    const own = createOwnUrls(BASE, { resolve: async () => answers[calls++] ?? [], machineAddresses: () => [] });
    own.addServer(4010, ["127.0.0.1"]);
    const url = "http://rebind.example:4010/_fake/tokens/dev-token/expire";
    expect(await own.resolvedRefusal(url)).toBeUndefined();
    expect(await own.resolvedRefusal(url)).toMatch(/^must not point at the fake itself/);
    expect(await own.resolvedRefusal(url)).toMatch(/^must not resolve to a link-local/);
  });
});

describe("subscriptions to link-local addresses (in process)", () => {
  it("answer 400 naming url, and 201 with webhooks.allowLinkLocal", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://[fe80::1]:8080/", "http://0.0.0.0:9/"]) {
      const { status, headers, text, body } = await subscribe(fake, url);
      expect(status, url).toBe(400);
      expect(validator.check("POST", `${fake.baseUrl}/v2/webhooks`, 400, headers, text)).toEqual([]);
      expect(body).toMatchObject({
        code: "VALIDATION_FAILED",
        message: expect.stringMatching(/^Failed to create webhook: url: must not point at a link-local/),
        details: [{ path: "url" }],
      });
    }
    expect(fake.webhooks.subscriptions()).toEqual([]);
    const allowing = createFake({ now: "2026-11-23T08:00:00Z", webhooks: { allowLinkLocal: true } });
    expect((await subscribe(allowing, "http://169.254.169.254/latest/meta-data/")).status).toBe(201);
  });

  it("fixtures refuse them too, naming the webhook's url", () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z" });
    expect(() =>
      fake.control.loadFixtures({
        webhooks: [
          { workspace: fake.workspaces[0]?.uuid ?? "", url: "http://169.254.169.254/", events: ["route.published"] },
        ] as never,
      }),
    ).toThrow(/webhooks\[0\]\.url: must not point at a link-local/);
  });
});

describe("a standalone server and its machine's own name (real loopback sockets)", () => {
  it("refuses a subscription to its port by the machine's host name", async (context) => {
    if (!(await machineNameResolves())) context.skip();
    const fake = createFake({ now: "2026-11-23T08:00:00Z", token: "dev-token" });
    const running = await startServer(fake, { port: 0 });
    closers.push(() => running.close({ graceMs: 100 }));
    const { port } = running.server.address() as AddressInfo;
    const res = await fetch(`${running.url}/v2/webhooks`, {
      method: "POST",
      headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
      body: JSON.stringify({
        url: `http://${hostname()}:${port}/_fake/webhook-deliveries/whd_1/redeliver`,
        events: ["route.published"],
      }),
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(validator.check("POST", `${running.url}/v2/webhooks`, 400, res.headers, text)).toEqual([]);
    expect(JSON.parse(text)).toMatchObject({
      message: expect.stringMatching(/^Failed to create webhook: url: must not point at the fake itself \(/),
      details: [{ path: "url" }],
    });
  });

  it("refuses at each attempt a subscription made before the server served that port: nothing is sent", async (context) => {
    if (!(await machineNameResolves())) context.skip();
    const port = await freePort();
    const fake = createFake({ now: "2026-11-23T08:00:00Z", token: "dev-token" });
    // In process, before any server, the URL is another machine's as far as the fake knows.
    const url = `http://${hostname()}:${port}/_fake/tokens/dev-token/expire`;
    expect((await subscribe(fake, url)).status).toBe(201);
    const running = await startServer(fake, { port });
    closers.push(() => running.close({ graceMs: 100 }));
    await publishRoute(fake);
    await fake.runUntilIdle();
    const [delivery] = fake.webhooks.deliveries();
    expect(delivery?.attempts[0]).toMatchObject({
      result: "connection_error",
      status: null,
      error: expect.stringMatching(/^refused: the URL must not point at the fake itself \(http:\/\/.*resolves to/),
    });
    // The server's token was not expired by a delivery.
    const me = await fetch(`${running.url}/v2/workspaces`, { headers: { authorization: "Bearer dev-token" } });
    expect(me.status).toBe(200);
  });
});

describe("two standalone servers aimed at each other's redeliver (real loopback sockets)", () => {
  it("do not loop: the first delivery is refused with 400 and nothing is redelivered", async () => {
    const servers = [];
    for (let i = 0; i < 2; i++) {
      const fake = createFake({ now: "2026-11-23T08:00:00Z", token: "dev-token" });
      const running = await startServer(fake, { port: 0 });
      closers.push(() => running.close({ graceMs: 100 }));
      servers.push({ fake, running });
    }
    const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];
    const aim = async (from: typeof a, to: typeof a) => {
      const res = await fetch(`${from.running.url}/v2/webhooks`, {
        method: "POST",
        headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
        body: JSON.stringify({
          url: `${to.running.url}/_fake/webhook-deliveries/whd_1/redeliver`,
          events: ["route.published"],
        }),
      });
      expect(res.status).toBe(201);
    };
    await aim(a, b);
    await aim(b, a);
    // A's whd_1 goes to B's redeliver (B has no whd_1 yet), then B's whd_1 to A's redeliver of whd_1, which went
    // on forever (each redelivery a new delivery to the other's redeliver) before issue 31.
    await publishRoute(a.fake, a.running.url);
    await a.fake.runUntilIdle();
    await publishRoute(b.fake, b.running.url);
    await b.fake.runUntilIdle();
    // Bounded: half a second of real time, loopback only.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { fake } of [a, b]) {
      const deliveries = fake.webhooks.deliveries();
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]?.attempts.map((t) => [t.result, t.status])).toEqual([["rejected", 400]]);
    }
  });
});

/** A POST of the API through `fake.fetch` (or to a server at `base`), answered `status`. */
async function post(fake: Fake, path: string, body: unknown, status: number, base?: string) {
  const send = base === undefined ? fake.fetch : (url: string, init: RequestInit) => fetch(`${base}${url}`, init);
  const res = await send(path, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(status);
  return (await res.json()) as { data: { uuid: string }[] };
}

/** A route with one order, published through `fake.fetch` or a server at `base` (one route.published). */
async function publishRoute(fake: Fake, base?: string) {
  const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
  const location = { address: "Depot", latitude: 52.52, longitude: 13.405 };
  const order = await post(
    fake,
    `/v2/orders?workspaceUuid=${workspaceUuid}`,
    [{ deliveryDate: DATE, locations: [location] }],
    201,
    base,
  );
  const routes = await post(
    fake,
    "/v2/routes",
    {
      workspaceUuid,
      routes: [{ name: "Van", date: DATE, startTime: "08:00", endTime: "18:00", startLocation: location }],
    },
    201,
    base,
  );
  fake.control.assignOrders(routes.data[0]?.uuid ?? "", [order.data[0]?.uuid ?? ""]);
  await post(fake, "/v2/routes/publish", { workspaceUuid, date: DATE }, 202, base);
}
