/**
 * A flow of the SDK that needs nothing but web-platform globals, bundled by edge-runtime.test.ts into a script
 * and run inside a bare EdgeVM: a scripted `fetch` answers in-process (workspaces, a 404, a 503 then 200, two
 * pages of orders), and webhooks are signed and verified with WebCrypto.
 */
import {
  createClient,
  NotFoundError,
  paginate,
  signWebhookForTest,
  unwrap,
  verifyWebhook,
  type WebhookEventOf,
} from "../../src/index.js";

const BASE = "https://api.edge.test";
const WORKSPACE = "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15";

/** What the flow saw; plain JSON so it crosses the VM boundary unchanged. */
export interface EdgeScenarioResult {
  globals: { process: string; require: string; Buffer: string; EdgeRuntime: string };
  workspaces: string[];
  notFound: { isNotFoundError: boolean; status: number | undefined; code: string | undefined };
  retry: { attempts: number; sleeps: number[]; status: number };
  webhook: { signature: string; verifiedId: string; tamperedRejected: boolean };
  orders: string[];
  pagesRequested: string[];
  userAgentSent: string | null;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** Run the flow; everything it uses comes from the runtime's globals. */
export async function runEdgeScenario(): Promise<EdgeScenarioResult> {
  let flaky = 0;
  const pagesRequested: string[] = [];
  let userAgentSent: string | null = null;
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    userAgentSent = request.headers.get("x-dispatch-client");
    if (request.headers.get("authorization") !== "Bearer edge-token") {
      return json(401, { code: "UNAUTHORIZED", message: "Failed to authenticate: no token", requestId: "req_1" });
    }
    if (url.pathname === "/v2/workspaces") {
      return json(200, {
        data: [{ uuid: WORKSPACE, workspaceId: 1, name: "Edge", timezone: "Europe/Berlin" }],
        metadata: { nextPage: null, totalPages: 1, totalItems: 1 },
      });
    }
    if (url.pathname === "/v2/orders") {
      const page = url.searchParams.get("page") ?? "1";
      pagesRequested.push(page);
      const items = page === "1" ? [{ uuid: "o1" }, { uuid: "o2" }] : [{ uuid: "o3" }];
      const next = page === "1" ? `/v2/orders?workspaceUuid=${WORKSPACE}&perPage=2&page=2` : null;
      return json(200, { data: items, metadata: { nextPage: next, totalPages: 2, totalItems: 3 } });
    }
    if (url.pathname === "/v2/routes") {
      flaky += 1;
      if (flaky === 1) {
        return json(
          503,
          { code: "INTERNAL", message: "Failed to answer: busy", requestId: "req_2" },
          { "retry-after": "1" },
        );
      }
      return json(200, { data: [], metadata: { nextPage: null, totalPages: 0, totalItems: 0 } });
    }
    return json(404, { code: "NOT_FOUND", message: "Failed to get order: no such order", requestId: "req_3" });
  };

  const sleeps: number[] = [];
  const client = createClient({
    baseUrl: BASE,
    token: "edge-token",
    fetch,
    retries: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 },
  });

  const globals = globalThis as Record<string, unknown>;
  const workspaces = await unwrap(client.GET("/v2/workspaces"));

  let notFound: EdgeScenarioResult["notFound"] = { isNotFoundError: false, status: undefined, code: undefined };
  try {
    await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: WORKSPACE } } }));
  } catch (error) {
    notFound = {
      isNotFoundError: error instanceof NotFoundError,
      status: (error as NotFoundError).status,
      code: (error as NotFoundError).code,
    };
  }

  const routes = await client.GET("/v2/routes", {
    params: { query: { workspaceUuid: WORKSPACE, date: "2026-11-24" } },
  });

  const event: WebhookEventOf<"order.status_updated"> = {
    id: "evt_edge_1",
    type: "order.status_updated",
    createdAt: "2026-11-24T17:06:00.000Z",
    data: {
      order: {
        uuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30",
        status: "delivered",
        deliveryTime: "2026-11-24T17:06:00.000Z",
        deliveryMissedReason: null,
        deliveryNotes: null,
        location: { address: "1 Edge Way", latitude: 49.28, longitude: -123.11 },
      },
      route: { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59" },
    },
  };
  const ts = 1_795_000_000;
  const signed = await signWebhookForTest(event, "whsec_edge", ts);
  const verified = await verifyWebhook({
    rawBody: new TextEncoder().encode(signed.rawBody),
    headers: new Headers(signed.headers),
    secret: "whsec_edge",
    now: ts * 1000,
  });
  const tamperedRejected = await verifyWebhook({
    rawBody: signed.rawBody.replace("delivered", "failed"),
    headers: signed.headers,
    secret: "whsec_edge",
    now: ts * 1000,
  }).then(
    () => false,
    (error: Error) => error.name === "WebhookVerificationError",
  );

  const orders = await paginate(client, "/v2/orders", { query: { workspaceUuid: WORKSPACE, perPage: 2 } }).toArray();

  return {
    globals: {
      process: typeof globals.process,
      require: typeof globals.require,
      Buffer: typeof globals.Buffer,
      EdgeRuntime: typeof globals.EdgeRuntime,
    },
    workspaces: workspaces.data.map((w) => w.name),
    notFound,
    retry: { attempts: flaky, sleeps, status: routes.response.status },
    webhook: { signature: signed.headers["x-dispatch-signature"] ?? "", verifiedId: verified.id, tamperedRejected },
    orders: orders.map((o) => o.uuid),
    pagesRequested,
    userAgentSent,
  };
}
