// A 50,000-order `POST /_fake/fixtures` against `dispatch-fake` as users run it (spawned from its bundle,
// test/support/fake-cli.ts), while another client asks the server: the load runs in steps (control/staged.ts), so the
// other client's GETs are answered throughout instead of waiting for the whole load (1.4–2.5 s on the shared
// machine before, bench/slices.ts), and no GET ever sees a part of the fixtures.
import { afterAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";
import { createControlValidator } from "../../../test/support/openapi-validator.js";

const control = createControlValidator();
const TOKEN = "slices-token";
const FIXTURES_TOKEN = "fixtures-token";
const ORDERS = 50_000;
/**
 * How long GETs may wait while the load runs. The target is 100 ms (bench/RESULTS.md has the figures); the bounds
 * leave room for a test machine saturated by other work, where a process waits for a core and its garbage
 * collections stretch (at load average 20 one GET in a few hundred waited 540 ms), and stay far below the whole load
 * (before the load ran in steps, one GET waited all of it, 1.4–3.6 s, and none was answered meanwhile).
 */
const P90_GET_MS = 200;
const LONGEST_GET_MS = 1_000;

afterAll(() => stopFakeClis());

const headers = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

/** A fixtures document of one organization, one workspace and `orders` orders (about 80 bytes each). */
function fixturesText(orders: number): string {
  const items = Array.from(
    { length: orders },
    (_, i) => `{"workspace":"w","deliveryDate":"2026-12-0${(i % 9) + 1}","locations":[{"address":"A ${i}"}]}`,
  );
  return `{"organizations":[{"key":"o","tokens":["${FIXTURES_TOKEN}"]}],"workspaces":[{"key":"w","organization":"o"}],"orders":[${items.join(",")}]}`;
}

describe("dispatch-fake: a 50,000-order fixtures load runs in steps", () => {
  it("answers another client's GETs throughout the load, each within the bound, and none sees a part of the fixtures", async () => {
    const cli = startFakeCli(["--port", "0", "--empty", "--quiet", "--token", TOKEN, "--now", "2026-11-23T08:00:00Z"]);
    const url = await cli.ready();
    const workspaces = (await (await fetch(`${url}/v2/workspaces`, { headers: headers(TOKEN) })).json()) as {
      data: { uuid: string }[];
    };
    const created = await fetch(`${url}/v2/orders?workspaceUuid=${workspaces.data[0]?.uuid}`, {
      method: "POST",
      headers: headers(TOKEN),
      body: JSON.stringify([{ deliveryDate: "2026-12-01", locations: [{ address: "Street 1" }] }]),
    });
    const orderUuid = ((await created.json()) as { data: { uuid: string }[] }).data[0]?.uuid;

    let loading = true;
    /** Wall latency (ms) of each GET sent while the load ran. */
    const during: number[] = [];
    /** What the fixtures' token saw: 401 before the load, then every order of it at once. */
    const seen = new Set<string>();
    const poller = (async () => {
      while (loading) {
        const start = performance.now();
        const res = await fetch(`${url}/v2/orders/${orderUuid}`, { headers: headers(TOKEN) });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        // Sent while the load ran, however long it waited (one held for the whole load ends after it).
        during.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const watcher = (async () => {
      while (loading) {
        const res = await fetch(`${url}/v2/workspaces`, { headers: headers(FIXTURES_TOKEN) });
        if (res.status !== 200) {
          seen.add(String(res.status));
          await res.arrayBuffer();
        } else {
          const uuid = ((await res.json()) as { data: { uuid: string }[] }).data[0]?.uuid;
          const page = await fetch(`${url}/v2/orders?workspaceUuid=${uuid}&perPage=1`, {
            headers: headers(FIXTURES_TOKEN),
          });
          seen.add(`orders ${((await page.json()) as { metadata: { totalItems: number } }).metadata.totalItems}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const started = performance.now();
    const res = await fetch(`${url}/_fake/fixtures`, {
      method: "POST",
      headers: headers(TOKEN),
      body: fixturesText(ORDERS),
    });
    const loadMs = performance.now() - started;
    loading = false;
    await Promise.all([poller, watcher]);
    const text = await res.text();
    expect(res.status, text.slice(0, 500)).toBe(201);
    expect(control.check("POST", `${url}/_fake/fixtures`, res.status, res.headers, text)).toEqual([]);
    const loaded = JSON.parse(text) as { orders: { uuid: string }[] };
    expect(loaded.orders).toHaveLength(ORDERS);

    // Answered throughout: many GETs while it ran, none held for long (before, one GET waited for the whole load).
    const sorted = [...during].sort((a, b) => a - b);
    const said = `GETs during a load of ${Math.round(loadMs)} ms: ${sorted.length}, the slowest ${sorted.slice(-5).map(Math.round).join(", ")} ms`;
    expect(during.length, said).toBeGreaterThan(20);
    expect(sorted[Math.floor(sorted.length * 0.9)], said).toBeLessThan(P90_GET_MS);
    expect(sorted.at(-1), said).toBeLessThan(LONGEST_GET_MS);
    // Never a part of the fixtures: their token was unknown, then every order was there.
    expect(
      [...seen].every((what) => what === "401" || what === `orders ${ORDERS}`),
      [...seen].join(", "),
    ).toBe(true);
    const page = await fetch(`${url}/v2/orders?workspaceUuid=${workspaces.data[0]?.uuid}`, { headers: headers(TOKEN) });
    expect(((await page.json()) as { metadata: { totalItems: number } }).metadata.totalItems).toBe(1);
  }, 120_000);
});
