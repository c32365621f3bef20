/**
 * The staged operations on the standalone server (control/staged.ts, docs/decisions/0018-staged-operations.md): a
 * fixtures load, a snapshot, a restore and a reset run in steps, built aside and put in place at once. Bad input
 * changes nothing, whatever its position; a write sent meanwhile waits and lands after; reads are answered meanwhile
 * and see the state as it was. The tests pace the steps themselves through `hostOf(fake).usePace` (the host's hook the
 * server sets), so that "meanwhile" is a known moment, not a race.
 */
import { createFake, type Fake } from "@dispatchkit/fake";
import { handleControlRequest, hostOf } from "@dispatchkit/fake/node";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterEach, describe, expect, it } from "vitest";
import { createContractValidator, createControlValidator } from "../../../test/support/openapi-validator.js";
import { DATE, orderInput, routeInput } from "../../fake/test/support/flow.js";

const contract = createContractValidator();
const control = createControlValidator();
const TOKEN = "dev-token";

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close({ graceMs: 0 });
});

async function serve(): Promise<{ fake: Fake; url: string }> {
  const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: TOKEN });
  const running = await startServer(fake, { port: 0 });
  servers.push(running);
  return { fake, url: running.url };
}

/** One call, its answer checked against openapi.yaml or control-openapi.yaml. */
async function call(url: string, method: string, path: string, body?: string, token = TOKEN) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  const validator = path.startsWith("/_fake/") ? control : contract;
  expect(validator.check(method, `${url}${path}`, res.status, res.headers, text)).toEqual([]);
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and asserted with known values
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** A fixtures document: one organization with `token`, one workspace, `orders` orders; `bad` breaks one order. */
function fixtures(orders: number, { token = "fixtures-token", bad }: { token?: string; bad?: number } = {}): string {
  const items = Array.from({ length: orders }, (_, i) =>
    i === bad
      ? `{"workspace":"w","deliveryDate":"tomorrow","locations":[{"address":"A ${i}"}]}`
      : `{"workspace":"w","deliveryDate":"2026-12-0${(i % 9) + 1}","locations":[{"address":"A ${i}"}]}`,
  );
  return `{"organizations":[{"key":"o","tokens":["${token}"]}],"workspaces":[{"key":"w","organization":"o"}],"orders":[${items.join(",")}]}`;
}

/**
 * A pace the test holds: the first pause of a staged operation resolves `paused` and waits until `release()` is
 * called; later pauses let the event loop turn once.
 */
function heldPace(fake: Fake) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let signal = () => {};
  const paused = new Promise<void>((resolve) => {
    signal = resolve;
  });
  let first = true;
  hostOf(fake).usePace(() => {
    if (!first) return new Promise((resolve) => setImmediate(resolve));
    first = false;
    signal();
    return released;
  });
  return { paused, release };
}

/** Whether `promise` has settled after a few turns of the event loop (and 50 ms of real time for a server's I/O). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

describe("staged operations on the standalone server", () => {
  it("a bad order at position 40,000 of 50,000 is refused naming it, and changes nothing", async () => {
    const { fake, url } = await serve();
    const before = fake.inspect();
    const answer = await call(url, "POST", "/_fake/fixtures", fixtures(50_000, { bad: 40_000 }));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION_FAILED");
    expect(answer.body.details).toEqual([{ path: "orders[40000].deliveryDate", message: expect.any(String) }]);
    expect(fake.inspect()).toEqual(before);
    expect((await call(url, "GET", "/v2/workspaces", undefined, "fixtures-token")).status).toBe(401);
  }, 60_000);

  it("a write sent during a load waits for it and lands after it; reads meanwhile see the state before the load", async () => {
    const { fake, url } = await serve();
    const workspaceUuid = fake.workspaces[0]?.uuid;
    const held = heldPace(fake);
    const load = call(url, "POST", "/_fake/fixtures", fixtures(2_000));
    await held.paused;

    // Reads are answered in the middle of the load, and see none of the fixtures.
    expect((await call(url, "GET", `/v2/orders?workspaceUuid=${workspaceUuid}`)).body.data).toEqual([]);
    expect((await call(url, "GET", "/v2/workspaces", undefined, "fixtures-token")).status).toBe(401);
    // A write waits (it is not refused), and so does another staged operation.
    const write = call(
      url,
      "POST",
      `/v2/orders?workspaceUuid=${workspaceUuid}`,
      '[{"deliveryDate":"2026-12-01","locations":[{"address":"Street 1"}]}]',
    );
    const snapshot = call(url, "POST", "/_fake/snapshots");
    expect(await settled(write)).toBe(false);
    expect(await settled(snapshot)).toBe(false);
    expect(await settled(load)).toBe(false);

    held.release();
    const loaded = await load;
    expect(loaded.status).toBe(201);
    expect(loaded.body.orders).toHaveLength(2_000);
    // The fixtures' ids are those of the same load without the reads answered meanwhile (deterministic).
    const alone = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: TOKEN });
    const request = new Request(`${alone.baseUrl}/_fake/fixtures`, { method: "POST", body: fixtures(2_000) });
    expect(await ((await handleControlRequest(alone, request)) as Response).json()).toEqual(loaded.body);
    expect((await write).status).toBe(201);
    expect((await snapshot).status).toBe(201);
    // Both landed: the write's order beside the fixtures' 2,000. The snapshot, asked for while the write waited,
    // went first (a staged operation asked for goes before the changes waiting, as a state file's capture does).
    expect(fake.inspect().orders).toHaveLength(2_001);
    expect((await call(url, "POST", `/_fake/snapshots/${(await snapshot).body.id}/restore`)).status).toBe(200);
    expect(fake.inspect().orders).toHaveLength(2_000);
  }, 60_000);

  it("a snapshot, a restore and a reset in steps give what they give in one piece, and the lists follow", async () => {
    const { fake, url } = await serve();
    const workspaceUuid = fake.workspaces[0]?.uuid;
    // Every pause a turn of the event loop: many steps, with the server answering in between.
    hostOf(fake).usePace(() => new Promise((resolve) => setImmediate(resolve)));
    expect((await call(url, "POST", "/_fake/fixtures", fixtures(1_200))).status).toBe(201);
    const taken = fake.inspect();
    const snap = await call(url, "POST", "/_fake/snapshots");
    expect(snap.status).toBe(201);
    await call(
      url,
      "POST",
      `/v2/orders?workspaceUuid=${workspaceUuid}`,
      '[{"deliveryDate":"2026-12-01","locations":[{"address":"Later 1"}]}]',
    );
    expect(fake.inspect().orders).toHaveLength(1_201);

    expect((await call(url, "POST", `/_fake/snapshots/${snap.body.id}/restore`)).status).toBe(200);
    expect(fake.inspect()).toEqual(taken);
    const fixturesWorkspace = (await call(url, "GET", "/v2/workspaces", undefined, "fixtures-token")).body.data[0].uuid;
    const page = await call(
      url,
      "GET",
      `/v2/orders?workspaceUuid=${fixturesWorkspace}&date=2026-12-01&perPage=100`,
      undefined,
      "fixtures-token",
    );
    expect(page.body.metadata.totalItems).toBe(134);

    const fresh = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: TOKEN });
    expect((await call(url, "POST", "/_fake/reset")).status).toBe(204);
    expect(fake.inspect()).toEqual(fresh.inspect());
    expect((await call(url, "GET", `/v2/orders?workspaceUuid=${workspaceUuid}`)).body.data).toEqual([]);
  }, 60_000);
});

describe("staged operations without a host that holds changes back", () => {
  it("one started while another runs is refused with 409, and the first still completes", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z", token: TOKEN });
    const held = heldPace(fake);
    const post = (path: string, body?: string) =>
      handleControlRequest(
        fake,
        new Request(`${fake.baseUrl}${path}`, { method: "POST", ...(body !== undefined ? { body } : {}) }),
      );
    const load = post("/_fake/fixtures", fixtures(600));
    await held.paused;
    const reset = (await post("/_fake/reset")) as Response;
    expect(reset.status).toBe(409);
    const text = await reset.text();
    expect(control.check("POST", `${fake.baseUrl}/_fake/reset`, 409, reset.headers, text)).toEqual([]);
    expect((JSON.parse(text) as { message: string }).message).toBe(
      "Failed to reset the fake: the fake is busy with another operation (load fixtures); retry once it has ended",
    );
    held.release();
    expect((await load)?.status).toBe(201);
    expect(fake.inspect().orders).toHaveLength(600);
  });

  it("the delivery log read during a load does not fan events out (their deliveries would go with the old state)", async () => {
    const fake = createFake({ now: "2026-11-23T08:00:00Z", token: TOKEN });
    const api = async (path: string, body: unknown) => {
      const res = await fake.fetch(path, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(300);
      // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
      return (await res.json()) as any;
    };
    const workspaceUuid = fake.workspaces[0]?.uuid;
    await api("/v2/webhooks", { url: "https://hooks.example.com/in", events: ["route.published"] });
    const orders = await api(`/v2/orders?workspaceUuid=${workspaceUuid}`, [orderInput(0), orderInput(1)]);
    const routes = await api("/v2/routes", { workspaceUuid, routes: [routeInput(0)] });
    fake.control.assignOrders(
      routes.data[0].uuid,
      orders.data.map((o: { uuid: string }) => o.uuid),
    );
    await api("/v2/routes/publish", { workspaceUuid, date: DATE });
    const request = (method: string, path: string, body?: string) =>
      handleControlRequest(
        fake,
        new Request(`${fake.baseUrl}${path}`, { method, ...(body !== undefined ? { body } : {}) }),
      );
    const deliveries = async () =>
      ((await ((await request("GET", "/_fake/webhook-deliveries")) as Response).json()) as { data: unknown[] }).data;

    const held = heldPace(fake);
    const load = request("POST", "/_fake/fixtures", fixtures(600));
    await held.paused;
    expect(await deliveries()).toEqual([]);
    held.release();
    expect((await load)?.status).toBe(201);
    // The event's one delivery, made once the load has ended.
    expect(await deliveries()).toHaveLength(1);
  });
});
