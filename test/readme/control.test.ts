// The README's test, as it stands there (kept unformatted so it stays short; README.md must contain it verbatim).
import { createFake } from "@dispatchkit/fake";
import { createClient, verifyWebhook, waitForAction } from "@dispatchkit/sdk";
import { setupServer } from "msw/node";
import { expect, it } from "vitest";

it("a held run, a 429, the clock and a webhook, without sleeping", async () => {
  const fake = createFake({ now: "2026-11-24T06:00:00Z", actions: { hold: ["schedule"] } });
  setupServer(...fake.handlers).listen({ onUnhandledRequest: "error" });
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token, retries: { sleep: async () => {} } });
  const [ws, date, url, at] = [fake.workspaces[0]!.uuid, "2026-11-24", "https://app.test/hook", { address: "Depot", latitude: 52.5, longitude: 13.4 }];
  fake.faults.add({ operationId: "createOrders", status: 429, code: "RATE_LIMITED", times: 1 }); // the SDK retries it
  await client.POST("/v2/orders", { params: { query: { workspaceUuid: ws } }, body: [{ deliveryDate: date, locations: [at] }] });
  await client.POST("/v2/routes", { body: { workspaceUuid: ws, routes: [{ name: "Van 1", date, startTime: "08:00", endTime: "17:00", startLocation: at }] } });
  expect(fake.journal.list({ operationId: "createOrders" }).map((call) => call.status)).toEqual([429, 201]);
  const { data: run } = await client.POST("/v2/schedules", { body: { workspaceUuid: ws, date } });
  await fake.advance(3_600_000); // an hour later the held run is still pending
  expect(fake.actions.pending().map((action) => action.uuid)).toEqual([run!.actionUuid]);
  fake.actions.release(); // the service finishes it now
  expect((await waitForAction(client, run!)).actionSummary).toMatchObject({ ordersScheduled: 1 });
  const { data: hook } = await client.POST("/v2/webhooks", { body: { url, events: ["route.published"] } });
  const received: string[] = []; // the app's webhook handler, verifying with the subscription's secret:
  fake.webhooks.listen(url, async (req) => {
    received.push((await verifyWebhook({ rawBody: await req.text(), headers: req.headers, secret: hook!.secret, now: fake.clock.now() })).type);
    return new Response(null, { status: 204 });
  });
  await client.POST("/v2/routes/publish", { body: { workspaceUuid: ws, date } });
  await fake.advance(60_000); // webhook attempts run on the fake's clock
  expect(received).toEqual(["route.published"]);
});
