// @vitest-environment edge-runtime
/**
 * The SDK in edge runtimes, two ways. (1) vitest's `edge-runtime` environment swaps the globals (fetch, Request,
 * Response, Headers, crypto, TextEncoder…) for Vercel's edge primitives: the SDK source runs on them against the
 * fake's in-process handler. That environment still leaves `process` and node built-ins reachable, so (2) the SDK
 * source is also bundled (esbuild, platform neutral: a node built-in would fail the bundle) and run inside a bare
 * `EdgeVM`, where only web-platform globals exist, against a scripted `fetch`.
 */
import { fileURLToPath } from "node:url";
import { createFake } from "@dispatchkit/fake";
import { EdgeVM } from "@edge-runtime/vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import type { FetchLike } from "../src/client-options.js";
import {
  createClient,
  type DispatchClient,
  NotFoundError,
  paginate,
  signWebhookForTest,
  unwrap,
  verifyWebhook,
  type WebhookEventOf,
} from "../src/index.js";
import type { EdgeScenarioResult } from "./support/edge-scenario.js";

const DATE = "2026-11-24";

function fakeClient(wrap: (inner: FetchLike) => FetchLike = (inner) => inner, sleeps: number[] = []) {
  const fake = createFake({ seed: 1 });
  const inner: FetchLike = (request) => fake.fetch(request);
  const client = createClient({
    baseUrl: fake.baseUrl,
    token: fake.token,
    fetch: wrap(inner),
    retries: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 },
  });
  const workspaceUuid = fake.workspaces[0]?.uuid as string;
  return { fake, client, workspaceUuid };
}

async function createOrders(client: DispatchClient, workspaceUuid: string, n: number) {
  const body = Array.from({ length: n }, (_, i) => ({
    name: `Customer ${i + 1}`,
    deliveryDate: DATE,
    locations: [{ address: `${i + 1} Edge Street`, latitude: 52.5 + i * 0.002, longitude: 13.4 }],
  }));
  return unwrap(client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body }));
}

describe("vitest's edge-runtime environment (edge primitives as globals)", () => {
  it("runs with the edge runtime's globals", () => {
    expect(typeof (globalThis as { EdgeRuntime?: unknown }).EdgeRuntime).toBe("string");
    expect(typeof crypto.subtle.sign).toBe("function");
    expect(typeof AbortController).toBe("function");
  });

  it("makes a typed call and maps an error answer to NotFoundError through the fake", async () => {
    const { client } = fakeClient();
    const workspaces = await unwrap(client.GET("/v2/workspaces"));
    expect(workspaces.data.map((w) => w.name)).toEqual(["Main"]);
    const missing = unwrap(
      client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "00000000-0000-4000-8000-000000000000" } } }),
    );
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("retries a GET after a 503 and returns the fake's answer", async () => {
    let calls = 0;
    const sleeps: number[] = [];
    const { client } = fakeClient(
      (inner) => (request) =>
        ++calls === 1
          ? Promise.resolve(
              Response.json(
                { code: "INTERNAL", message: "Failed to answer: busy", requestId: "req_edge" },
                { status: 503, headers: { "retry-after": "1" } },
              ),
            )
          : inner(request),
      sleeps,
    );
    const { data, response } = await client.GET("/v2/workspaces");
    expect(response.status).toBe(200);
    expect(data?.data).toHaveLength(1);
    expect(calls).toBe(2);
    expect(sleeps).toEqual([1000]);
  });

  it("paginates the fake's orders over two pages", async () => {
    const { client, workspaceUuid } = fakeClient();
    await createOrders(client, workspaceUuid, 3);
    const pages: number[] = [];
    for await (const page of paginate(client, "/v2/orders", {
      query: { workspaceUuid, date: DATE, perPage: 2 },
    }).pages()) {
      pages.push(page.items.length);
    }
    expect(pages).toEqual([2, 1]);
  });

  it("signs and verifies a webhook with the edge runtime's WebCrypto, and rejects a tampered body", async () => {
    const event: WebhookEventOf<"order.status_updated"> = {
      id: "evt_edge_env",
      type: "order.status_updated",
      createdAt: "2026-11-24T17:06:00.000Z",
      data: {
        order: {
          uuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30",
          status: "missed",
          deliveryTime: "2026-11-24T17:06:00.000Z",
          deliveryMissedReason: "Nobody home.",
          deliveryNotes: null,
          location: { address: "1 Edge Way", latitude: 49.28, longitude: -123.11 },
        },
        route: { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59" },
      },
    };
    const ts = 1_795_000_000;
    const { rawBody, headers } = await signWebhookForTest(event, "whsec_env", ts);
    expect(headers["x-dispatch-signature"]).toMatch(/^v0=[0-9a-f]{64}$/);
    await expect(verifyWebhook({ rawBody, headers, secret: "whsec_env", now: ts * 1000 })).resolves.toEqual(event);
    await expect(
      verifyWebhook({ rawBody: `${rawBody} `, headers, secret: "whsec_env", now: ts * 1000 }),
    ).rejects.toMatchObject({ reason: "signature_mismatch" });
  });
});

describe("a bare EdgeVM (web-platform globals only)", () => {
  it("runs the bundled SDK: typed call, NotFoundError, retry after 503, webhook round trip, two pages", async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL("./support/edge-scenario.ts", import.meta.url))],
      bundle: true,
      write: false,
      format: "iife",
      globalName: "edgeScenario",
      platform: "neutral",
      mainFields: ["module", "main"],
      target: "es2022",
      logLevel: "silent",
    });
    const code = bundle.outputFiles[0]?.text ?? "";
    expect(code).not.toMatch(/\brequire\(|from "node:/);

    const vm = new EdgeVM();
    vm.evaluate(code);
    const json = await (vm.evaluate(
      "edgeScenario.runEdgeScenario().then((r) => JSON.stringify(r))",
    ) as Promise<string>);
    const result = JSON.parse(json) as EdgeScenarioResult;

    expect(result).toEqual({
      globals: { process: "undefined", require: "undefined", Buffer: "undefined", EdgeRuntime: "string" },
      workspaces: ["Edge"],
      notFound: { isNotFoundError: true, status: 404, code: "NOT_FOUND" },
      retry: { attempts: 2, sleeps: [1000], status: 200 },
      webhook: {
        signature: expect.stringMatching(/^v0=[0-9a-f]{64}$/),
        verifiedId: "evt_edge_1",
        tamperedRejected: true,
      },
      orders: ["o1", "o2", "o3"],
      pagesRequested: ["1", "2"],
      userAgentSent: "dispatchkit-sdk/0.1.0",
    });
  });
});
