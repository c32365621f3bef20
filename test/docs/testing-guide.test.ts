/**
 * docs/testing.md, run: the guide's setup, helper and tests are the `// docs:` regions of this file, which is a
 * test file like the one the guide shows. The first test checks that the guide and this file show the same code.
 * Beside the guide's own setup, every answer the fake sends here is validated against openapi.yaml.
 */
import { createFake } from "@dispatchkit/fake";
import {
  ActionFailedError,
  createClient,
  publishAndWait,
  type RetryInfo,
  ServerError,
  scheduleAndWait,
  unwrap,
  verifyWebhook,
  type WebhookEvent,
  waitForAction,
} from "@dispatchkit/sdk";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { docBlocks, sourceRegions } from "../support/doc-examples.js";
import { createContractValidator } from "../support/openapi-validator.js";

// docs:setup
// Frozen at a known instant: every id and timestamp is the same on every run.
const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
const server = setupServer(...fake.handlers);
// The code under test gets a client (or a base URL and a token) pointed at the fake.
const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });

beforeAll(() => server.listen({ onUnhandledRequest: "error" })); // msw 3: { onUnhandledFrame: "error" }
beforeEach(() => fake.reset()); // every test starts from the seed: same data, same uuids (request ids go on)
afterEach(() => server.resetHandlers()); // drops what a test added with server.use(...)
afterAll(() => server.close());
// docs:end

// Not in the guide: every answer under the fake's base URL (the fakes' and the tests' own) must keep the contract.
const validator = createContractValidator();
const problems: string[] = [];
const checks: Promise<void>[] = [];
server.events.on("response:mocked", ({ request, response }) => {
  if (!request.url.startsWith(`${fake.baseUrl}/`)) return;
  const copy = response.clone();
  checks.push(
    copy.text().then((text) => {
      problems.push(...validator.check(request.method, request.url, copy.status, copy.headers, text));
    }),
  );
});
afterEach(async () => {
  await Promise.all(checks.splice(0));
  expect(problems.splice(0), "answers that break openapi.yaml").toEqual([]);
});

// docs:seed
/** Two orders and a van for 23 November, created through the API. */
async function seedDay() {
  const workspaceUuid = fake.workspaces[0]!.uuid;
  const date = "2026-11-23";
  const { data: orders } = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: ["Torstraße 1", "Oranienstraße 40"].map((street) => ({
        deliveryDate: date,
        locations: [{ address: `${street}, Berlin` }], // no coordinates: the fake geocodes the address
        timeWindows: [{ startTime: "10:00", endTime: "16:00" }],
      })),
    }),
  );
  const { data: routes } = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [{ name: "Van 1", date, startTime: "09:00", endTime: "17:00", startLocation: { address: "Depot" } }],
      },
    }),
  );
  return { workspaceUuid, date, orderUuids: orders.map((order) => order.uuid), routeUuid: routes[0]!.uuid };
}
// docs:end

it("shows exactly the code this file runs", () => {
  expect(docBlocks(new URL("../../docs/testing.md", import.meta.url))).toEqual(
    sourceRegions(new URL(import.meta.url)).map((region) => region.code),
  );
});

// docs:token-lifetime
it("gets a new token when the old one expires", async () => {
  const token = fake.control.createToken({ expiresAt: fake.clock.now() + 60 * 60_000 }); // valid for an hour
  const issued: string[] = [];
  const app = createClient({
    baseUrl: fake.baseUrl,
    token,
    onTokenExpired: () => {
      const next = fake.control.createToken();
      issued.push(next);
      return next;
    },
  });
  await unwrap(app.GET("/v2/workspaces"));
  await fake.advance(60 * 60_000); // an hour later the token answers 401 TOKEN_EXPIRED
  await unwrap(app.GET("/v2/workspaces")); // the SDK asks for a new token once and calls again
  expect(issued).toHaveLength(1);
});
// docs:end

// docs:held-actions
it("shows the plan only once the run has finished", async () => {
  fake.actions.hold(["schedule"]); // new schedule actions stay pending (until fake.reset())
  const { workspaceUuid, date } = await seedDay();
  const started = await unwrap(client.POST("/v2/schedules", { body: { workspaceUuid, date } }));
  const poll = () =>
    unwrap(client.GET("/v2/schedules/actions/{actionUuid}", { params: { path: { actionUuid: started.actionUuid } } }));
  expect((await poll()).status).toBe("pending"); // for as long as the test wants
  fake.actions.release(started.actionUuid); // the run happens now, on the data of this moment
  expect((await poll()).status).toBe("finished");
});

it("tells the user why planning failed", async () => {
  fake.actions.hold(["schedule"]);
  const { workspaceUuid, date } = await seedDay();
  const started = await unwrap(client.POST("/v2/schedules", { body: { workspaceUuid, date } }));
  fake.actions.fail(started.actionUuid, "optimizer unavailable"); // ends failed; the work never runs
  const error = await waitForAction(client, started.actionUuid, { kind: "schedule" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ActionFailedError);
  expect((error as ActionFailedError).reason).toBe("optimizer unavailable");
});
// docs:end

// docs:rate-limit
it("waits out a 429 as the fake's Retry-After says", async () => {
  const limited = createFake({ now: "2026-11-23T08:00:00Z", rateLimit: { requests: 2, perSeconds: 10 } });
  server.use(...limited.handlers); // this test talks to its own fake (same base URL and token)
  const retries: RetryInfo[] = [];
  const app = createClient({
    baseUrl: limited.baseUrl,
    token: limited.token,
    retries: { sleep: (ms) => limited.advance(ms), onRetry: (info) => retries.push(info) },
  });
  for (let call = 0; call < 3; call++) await unwrap(app.GET("/v2/workspaces"));
  // The third call met 429 RATE_LIMITED with Retry-After: 10; the SDK waited 10 s of the fake's time.
  expect(retries.map(({ status, delayMs }) => ({ status, delayMs }))).toEqual([{ status: 429, delayMs: 10_000 }]);
});
// docs:end

// docs:msw-failure
it("shows the service's own error when publishing fails", async () => {
  server.use(
    http.post(`${fake.baseUrl}/v2/routes/publish`, () =>
      HttpResponse.json(
        { code: "INTERNAL", message: "Failed to publish routes: internal error", requestId: "req_test" },
        { status: 500, headers: { "x-request-id": "req_test" } },
      ),
    ),
  );
  const { workspaceUuid, date } = await seedDay();
  const error = await publishAndWait(client, { workspaceUuid, date }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServerError); // after the retries the SDK allows itself
  expect((error as ServerError).requestId).toBe("req_test");
});
// docs:end

// docs:webhook
it("receives a signed order.status_updated when a stop is delivered", async () => {
  const { workspaceUuid, date, orderUuids, routeUuid } = await seedDay();
  await scheduleAndWait(client, { workspaceUuid, date, orders: orderUuids, routes: [routeUuid] });
  await publishAndWait(client, { workspaceUuid, date });

  let secret = "";
  const received: WebhookEvent[] = [];
  // The app's webhook endpoint, as its server mounts it.
  async function onDispatchWebhook(request: Request): Promise<Response> {
    const rawBody = await request.text();
    received.push(await verifyWebhook({ rawBody, headers: request.headers, secret, now: fake.clock.now() }));
    return new Response(null, { status: 204 });
  }
  fake.webhooks.listen("https://app.example.com/webhooks/dispatch", onDispatchWebhook);
  const subscription = await unwrap(
    client.POST("/v2/webhooks", {
      body: { url: "https://app.example.com/webhooks/dispatch", events: ["order.status_updated"] },
    }),
  );
  secret = subscription.secret;

  await unwrap(
    client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: orderUuids[0]! } },
      body: { status: "delivered", completedAt: "2026-11-23T11:30:00+01:00" },
    }),
  );
  expect(received).toEqual([]); // the API call only recorded the event
  await fake.runUntilIdle(); // the fake's background work delivers it
  expect(received.map((event) => event.type)).toEqual(["order.status_updated"]);
});
// docs:end
