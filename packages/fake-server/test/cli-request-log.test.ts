// `dispatch-fake serve` as users run it (the bundle): the request log written in batches loses no line at SIGTERM,
// and the demo data is created outside the `--rate-limit` budget.
import { afterAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";

afterAll(stopFakeClis);

const urlOf = (stdout: string) => /listening on (http:\/\/[^\s"]+)/.exec(stdout)?.[1] ?? "";
const AUTH = { headers: { authorization: "Bearer dev-token" } };

describe.concurrent("dispatch-fake serve: the request log", () => {
  for (const format of ["text", "json"] as const) {
    it(`${format}: every request answered before SIGTERM has its line, the last ones too, before the stopping line`, async () => {
      const cli = startFakeCli(["--port", "0", "--empty", "--log-format", format]);
      const url = urlOf(await cli.waitFor(format === "json" ? /\}\n/ : /stop: .*\n/));
      const ids = new Set<string>();
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => fetch(`${url}/v2/workspaces?perPage=1&n=${batch * 20 + i}`, AUTH)),
        );
        for (const res of answers) {
          expect(res.status).toBe(200);
          ids.add(res.headers.get("x-request-id") ?? "");
          await res.arrayBuffer();
        }
      }
      // At once: the last lines still wait in the buffer.
      cli.child.kill("SIGTERM");
      expect(await cli.exited).toEqual({ code: 0, signal: null });
      const lines = cli.stdout().trim().split("\n");
      const requestLines = lines.filter((line) => line.includes("/v2/workspaces?perPage=1&n="));
      expect(requestLines).toHaveLength(200);
      const logged = requestLines.map((line) =>
        format === "json" ? JSON.parse(line).requestId : line.split(" ").at(-1),
      );
      expect(new Set(logged)).toEqual(ids);
      expect(lines.at(-1)).toMatch(/SIGTERM, stopping/);
    });
  }
});

describe.concurrent("dispatch-fake serve --rate-limit", () => {
  it("creates the demo data outside the budget: --rate-limit 2/1 answers the first client's 2 calls", async () => {
    const cli = startFakeCli(["--port", "0", "--quiet", "--now", "2026-11-23T08:00:00Z", "--rate-limit", "2/1"]);
    const url = urlOf(await cli.waitFor(/stop: .*\n/));
    expect(cli.stdout()).toContain("  demo data: 24 orders and 3 routes for 2026-11-23\n");
    const workspaces = await fetch(`${url}/v2/workspaces`, AUTH);
    expect(workspaces.status).toBe(200);
    const workspaceUuid = (await workspaces.json()).data[0].uuid;
    const orders = await fetch(`${url}/v2/orders?workspaceUuid=${workspaceUuid}&perPage=100`, AUTH);
    expect(orders.status).toBe(200);
    expect((await orders.json()).data).toHaveLength(24);
    // The clock is frozen: the window never closes, the third call is over the budget.
    const third = await fetch(`${url}/v2/workspaces`, AUTH);
    expect(third.status).toBe(429);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("keeps the demo data's ids: a new order gets a uuid no demo order has", async () => {
    const cli = startFakeCli(["--port", "0", "--quiet", "--now", "2026-11-23T08:00:00Z", "--rate-limit", "5/1"]);
    const url = urlOf(await cli.waitFor(/stop: .*\n/));
    const workspaceUuid = (await (await fetch(`${url}/v2/workspaces`, AUTH)).json()).data[0].uuid;
    const created = await fetch(`${url}/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers: { ...AUTH.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "New", deliveryDate: "2026-11-23", locations: [{ address: "A 1" }] }),
    });
    expect(created.status).toBe(201);
    const orders = await fetch(`${url}/v2/orders?workspaceUuid=${workspaceUuid}&perPage=100`, AUTH);
    const uuids = (await orders.json()).data.map((order: { uuid: string }) => order.uuid);
    expect(uuids).toHaveLength(25);
    expect(new Set(uuids).size).toBe(25);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });
});
