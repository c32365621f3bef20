/**
 * The minimal requests of openapi.yaml (generated: test/generated/minimal-requests.ts, only what the contract
 * requires, every optional object with its own required content such as `options: {}`) sent through the SDK to the
 * fake: each body conforms to openapi.yaml and each is answered 2xx, never 400; every answer conforms too
 * (useFakeServer). Before request types made a property with a default optional, `options: {}` did not compile.
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { createContractValidator, loadSpec } from "../../../test/support/openapi-validator.js";
import { createClient, type DispatchClient, unwrap } from "../src/index.js";
import { MINIMAL_DATE, type MinimalRequestIds, minimalRequests } from "./generated/minimal-requests.js";

const handle = useFakeServer();
const validator = createContractValidator();

/** A client of the fake whose requests are checked against openapi.yaml as a validating proxy would. */
function checkedClient(problems: string[]): DispatchClient {
  const client = createClient({ baseUrl: handle.fake.baseUrl, token: handle.fake.token, retries: { maxRetries: 0 } });
  client.use({
    async onRequest({ request, schemaPath }) {
      const text = await request.clone().text();
      if (text) problems.push(...validator.checkRequest(request.method.toLowerCase(), schemaPath, JSON.parse(text)));
    },
  });
  return client;
}

/**
 * Records for the requests to name, on the requests' date: two orders scheduled on a route by a finished run (the
 * action every `actionUuid` names unless the operation polls another kind; the route published for a completion),
 * an order of the next day left unscheduled, and a webhook subscription.
 */
async function records(client: DispatchClient, operationId: string): Promise<MinimalRequestIds> {
  const workspace = handle.fake.workspaces[0];
  if (!workspace) throw new Error("the fake has no workspace");
  const workspaceUuid = workspace.uuid;
  const location = (i: number) => ({ address: `${i} Test Street`, latitude: 52.5 + i * 0.002, longitude: 13.4 });
  const orders = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: [
        { deliveryDate: MINIMAL_DATE, locations: [location(1)] },
        { deliveryDate: MINIMAL_DATE, locations: [location(2)] },
        { deliveryDate: "2026-11-25", locations: [location(3)] },
      ],
    }),
  );
  const [order, other, unscheduled] = orders.data.map((o) => o.uuid) as [string, string, string];
  const route = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [{ name: "Van", date: MINIMAL_DATE, startTime: "08:00", endTime: "18:00", startLocation: location(0) }],
      },
    }),
  );
  const run = await unwrap(client.POST("/v2/schedules", { body: { workspaceUuid, date: MINIMAL_DATE } }));
  const ran = await unwrap(
    client.GET("/v2/schedules/actions/{actionUuid}", { params: { path: { actionUuid: run.actionUuid } } }),
  );
  expect(ran.status).toBe("finished");
  const webhook = await unwrap(
    client.POST("/v2/webhooks", { body: { url: "https://example.com/hooks", events: ["route.published"] } }),
  );
  let actionUuid = run.actionUuid;
  if (operationId === "getOrderAction") {
    // Deleting a scheduled order of an open route is an order action.
    const deleting = await client.DELETE("/v2/orders", { body: [other] });
    expect(deleting.response.status).toBe(202);
    actionUuid = (deleting.data as { actionUuid: string }).actionUuid;
  }
  if (operationId === "getPublishAction" || operationId.startsWith("completeOrder")) {
    actionUuid = (await unwrap(client.POST("/v2/routes/publish", { body: { workspaceUuid, date: MINIMAL_DATE } })))
      .actionUuid;
  }
  return {
    workspaceUuid,
    workspaceId: workspace.workspaceId,
    // v1 updates only `not_scheduled` orders (400 for a scheduled one, docs/api-contract.md section 3).
    orderUuid: operationId === "updateOrderV1" ? unscheduled : order,
    routeUuid: route.data[0]?.uuid as string,
    actionUuid,
    webhookUuid: webhook.uuid,
  };
}

describe("the minimal requests of openapi.yaml, sent to the fake", () => {
  it("cover every operation of the contract, a body's variants apart", () => {
    const spec = loadSpec() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.values(spec.paths).flatMap((item) =>
      ["get", "put", "post", "delete", "patch"].flatMap((m) => item[m]?.operationId ?? []),
    );
    expect(new Set(minimalRequests.map((r) => r.operationId))).toEqual(new Set(operations));
    expect(minimalRequests.filter((r) => r.operationId === "createSchedule").map((r) => r.variant)).toEqual([
      "ScheduleAllRequest",
      "ScheduleSpecificRequest",
      "ScheduleWhatIfRequest",
    ]);
  });

  it.each(minimalRequests.map((r) => [`${r.operationId}${r.variant ? ` (${r.variant})` : ""}`, r] as const))(
    "%s: conforms to the contract and is not refused",
    async (_, request) => {
      const problems: string[] = [];
      const client = checkedClient(problems);
      const ids = await records(client, request.operationId);
      const { response, error } = await request.send(client, ids);
      expect(response.status, JSON.stringify(error)).not.toBe(400);
      expect(response.ok, `${response.status} ${JSON.stringify(error)}`).toBe(true);
      expect(problems, "request bodies that break openapi.yaml").toEqual([]);
    },
  );
});
