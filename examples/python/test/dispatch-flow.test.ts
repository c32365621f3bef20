/**
 * examples/python/dispatch_flow.py against the standalone server: the server runs here (port 0, a frozen clock),
 * the script runs in the machine's python3 and its output and the server's state are checked. Every answer the
 * server gives the script is validated against openapi.yaml on the way out. Skipped, saying so, when python3 is
 * not installed.
 */
import { execFile, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake/node";
import { createClient, unwrap } from "@dispatchkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const SCRIPT = fileURLToPath(new URL("../dispatch_flow.py", import.meta.url));
const python = spawnSync("python3", ["--version"], { encoding: "utf8" });
const hasPython = python.status === 0;
if (!hasPython) console.warn("examples/python: SKIPPED, python3 is not installed (the example needs Python 3.8+)");

const run = promisify(execFile);
const validator = createContractValidator();
const problems: string[] = [];
const fake = createFake({ baseUrl: "http://127.0.0.1:0", token: "py-token", now: "2026-11-23T08:00:00Z" });
const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, fetch: (request) => fake.fetch(request) });
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(fake, {
    port: 0,
    // The API's answers go through fake.fetch (the same pipeline) so each can be checked against the contract.
    extra: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/" || path.startsWith("/_fake/")) return undefined;
      const response = await fake.fetch(request);
      const copy = response.clone();
      problems.push(...validator.check(request.method, request.url, copy.status, copy.headers, await copy.text()));
      return response;
    },
  });
});
afterAll(() => server?.close());

/** Run the example; its exit code, stdout and stderr. */
async function dispatchFlow(...args: string[]) {
  try {
    const { stdout, stderr } = await run("python3", [SCRIPT, "--base-url", server.url, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe.skipIf(!hasPython)(`examples/python/dispatch_flow.py (${python.stdout?.trim() || "python3 missing"})`, () => {
  it("runs a whole day on its own date and with its own orders, and prints what it did", async () => {
    const workspaceUuid = fake.workspaces[0]!.uuid;
    // Somebody else's order on the same day: the example plans only its own.
    const {
      data: [other],
    } = await unwrap(
      client.POST("/v2/orders", {
        params: { query: { workspaceUuid } },
        body: [{ deliveryDate: "2026-11-30", locations: [{ address: "Unter den Linden 1, Berlin" }] }],
      }),
    );

    const { code, stdout, stderr } = await dispatchFlow("--token", "py-token", "--date", "2026-11-30");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      `workspace: Main (${workspaceUuid}, Europe/Berlin)`,
      "created 5 orders for 2026-11-30: ORD-2, ORD-3, ORD-4, ORD-5, ORD-6",
      expect.stringMatching(/^created route Van 1 \([0-9a-f-]{36}\)$/),
    ]);
    expect(lines[3]).toMatch(/^scheduled 5 of 5 orders, \d+(\.\d+)? km, 0 unscheduled$/);
    expect(lines.slice(4, 9)).toEqual(
      Array.from({ length: 5 }, (_, i) =>
        expect.stringMatching(
          new RegExp(`^  ${i + 1}\\. ORD-[2-6] arrives 2026-11-30T\\d\\d:\\d\\d:\\d\\d\\.000\\+01:00$`),
        ),
      ),
    );
    expect(lines[9]).toBe("published route Van 1");
    expect(lines[10]).toMatch(/^delivered ORD-[2-6] at 2026-11-30T\d\d:\d\d:\d\d\.000Z$/);
    expect(lines[11]).toMatch(/^summary: /);
    expect(lines).toHaveLength(12);

    const summary = JSON.parse(lines[11]!.slice("summary: ".length));
    expect(summary).toEqual({
      date: "2026-11-30",
      workspaceUuid,
      ordersCreated: 5,
      ordersScheduled: 5,
      ordersUnscheduled: 0,
      distanceInKilometers: expect.any(Number),
      routeUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      stops: expect.arrayContaining(["ORD-2", "ORD-3", "ORD-4", "ORD-5", "ORD-6"]),
      published: true,
      delivered: {
        orderUuid: expect.any(String),
        orderNumber: summary.stops[0],
        status: "delivered",
        deliveryTime: expect.stringMatching(/^2026-11-30T/),
      },
    });
    expect(summary.distanceInKilometers).toBeGreaterThan(0);

    // What the server holds now: the route is published with the five orders, one delivered; the other order
    // of the day was left alone.
    const route = await unwrap(
      client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: summary.routeUuid } } }),
    );
    expect(route.publishedAt).not.toBeNull();
    expect(route.ordersCount).toBe(5);
    const delivered = await unwrap(
      client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: summary.delivered.orderUuid } } }),
    );
    expect(delivered).toMatchObject({ status: "delivered", deliveryNotes: "Left at the door" });
    expect(new Date(delivered.deliveryTime!).getTime()).toBe(new Date(summary.delivered.deliveryTime).getTime());
    const untouched = await unwrap(
      client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: other!.uuid } } }),
    );
    expect(untouched).toMatchObject({ status: "not_scheduled", routeUuid: null });
    expect(problems).toEqual([]);
  });

  it("says what went wrong, with the API's error code and request id, and exits 1", async () => {
    const { code, stdout, stderr } = await dispatchFlow("--token", "not-a-token");
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^dispatch_flow: GET \/v2\/workspaces answered 401 UNAUTHORIZED: Failed to authenticate the request: .+ \(request req_[0-9a-f]{24}\)\n$/,
    );
  });
});
