/**
 * Type tests: results, errors, actions, pages and webhook events are typed from openapi.yaml.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { DeleteOrdersResult } from "../src/actions.js";
import {
  type ActionFailedError,
  type ActionOf,
  type ApiError,
  type components,
  createClient,
  deleteOrders,
  type ErrorBody,
  type ErrorCode,
  type ItemOf,
  type PublishOutcome,
  paginate,
  publishAndWait,
  type RateLimitError,
  type Solution,
  scheduleAndWait,
  unwrap,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  waitForAction,
} from "../src/index.js";
import type { ListPath } from "../src/pagination.js";

type Schemas = components["schemas"];
const client = createClient({ baseUrl: "https://api.test", token: "t" });

describe("calls", () => {
  it("types data and error of a call from the contract", async () => {
    const { data, error } = await client.GET("/v2/workspaces");
    expectTypeOf(data).toEqualTypeOf<Schemas["WorkspaceList"] | undefined>();
    expectTypeOf(error).toEqualTypeOf<ErrorBody | undefined>();
    if (data) expectTypeOf(data.data[0]).toEqualTypeOf<Schemas["Workspace"] | undefined>();
  });

  it("reaches v1 operations too", async () => {
    const { data } = await client.GET("/v1/orders/{orderUuid}", { params: { path: { orderUuid: "x" } } });
    expectTypeOf(data).not.toBeAny();
    expectTypeOf<NonNullable<typeof data>>().toHaveProperty("workspaceId");
  });

  it("unwrap returns the success body", async () => {
    expectTypeOf(await unwrap(client.GET("/v2/workspaces"))).toEqualTypeOf<Schemas["WorkspaceList"]>();
    const order = await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "x" } } }));
    expectTypeOf(order.status).toEqualTypeOf<Schemas["OrderStatus"]>();
    const deleted = await unwrap(client.DELETE("/v2/orders", { body: ["x"] }));
    expectTypeOf(deleted).toEqualTypeOf<Schemas["DeleteResult"] | Schemas["Action"]>();
  });

  it("rejects unknown paths and wrong bodies", () => {
    // @ts-expect-error: not a path of the contract
    void client.GET("/v2/nope");
    // @ts-expect-error: the workspaceUuid query parameter is required
    void client.GET("/v2/orders", {});
    // @ts-expect-error: deleteOrders takes uuid strings
    void client.DELETE("/v2/orders", { body: [1] });
  });
});

describe("errors", () => {
  it("types the error fields", () => {
    expectTypeOf<ApiError["code"]>().toEqualTypeOf<ErrorCode | "UNKNOWN">();
    expectTypeOf<ApiError["details"]>().toEqualTypeOf<Schemas["ErrorDetail"][]>();
    expectTypeOf<RateLimitError["retryAfter"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ActionFailedError<"publish">["action"]["actionSummary"]>().toEqualTypeOf<
      Schemas["PublishSummary"] | undefined
    >();
  });
});

describe("actions", () => {
  it("narrows the summary to the kind", async () => {
    const done = await waitForAction(client, "uuid", { kind: "delete" });
    expectTypeOf(done).toEqualTypeOf<ActionOf<"delete">>();
    expectTypeOf(done.actionSummary).toEqualTypeOf<Schemas["DeleteSummary"] | undefined>();
    // @ts-expect-error: a uuid needs a kind
    void waitForAction(client, "uuid", {});
  });

  it("types the helpers' results", () => {
    expectTypeOf(
      scheduleAndWait(client, { workspaceUuid: "w", date: "2026-11-24" }),
    ).resolves.toEqualTypeOf<Solution>();
    expectTypeOf(
      publishAndWait(client, { workspaceUuid: "w", date: "2026-11-24" }),
    ).resolves.toEqualTypeOf<PublishOutcome>();
    expectTypeOf<PublishOutcome["action"]>().toEqualTypeOf<ActionOf<"publish">>();
    expectTypeOf<PublishOutcome["skipped"][number]>().toEqualTypeOf<{ uuid: string; reason: string }>();
    expectTypeOf(deleteOrders(client, ["a"])).resolves.toEqualTypeOf<DeleteOrdersResult>();
    expectTypeOf<DeleteOrdersResult["failed"][number]["reason"]>().toEqualTypeOf<
      "order_published" | "order_completed" | "order_locked" | "not_found"
    >();
  });

  it("take a request as a caller writes it: a property with a default may be omitted", () => {
    void scheduleAndWait(client, { workspaceUuid: "w", date: "2026-11-24", options: { minimizeRoutes: true } });
    void scheduleAndWait(client, { workspaceUuid: "w", date: "2026-11-24", options: {} });
    void client.POST("/v2/schedules", { body: { workspaceUuid: "w", date: "2026-11-24", options: { balance: true } } });
    expectTypeOf<Schemas["ScheduleOptions"]>().toEqualTypeOf<{
      minimizeRoutes?: boolean;
      balance?: boolean;
      routeCost?: number;
      travelMode?: "car" | "bicycle";
    }>();
  });
});

describe("discriminated unions of the contract", () => {
  it("narrows an action on actionName, each kind with its own summary", () => {
    expectTypeOf<ActionOf<"schedule">>().toEqualTypeOf<Schemas["ScheduleAction"]>();
    expectTypeOf<ActionOf<"delete">>().toEqualTypeOf<Schemas["DeleteAction"]>();
    expectTypeOf<ActionOf<"schedule" | "publish" | "update" | "delete">>().toEqualTypeOf<Schemas["Action"]>();
    const action = {} as Schemas["Action"];
    if (action.actionName === "schedule") {
      expectTypeOf(action.actionSummary).toEqualTypeOf<Schemas["ScheduleSummary"] | undefined>();
    } else if (action.actionName === "update") {
      expectTypeOf(action.actionSummary).toEqualTypeOf<Schemas["UpdateSummary"] | undefined>();
    }
    const scheduled: Schemas["Action"] = {
      actionUuid: "a",
      actionName: "schedule",
      status: "finished",
      createdAt: "2026-11-23T17:30:00.000Z",
      actionSummary: { routesUsed: 1, ordersScheduled: 1, ordersUnscheduled: 0, committed: true },
    };
    void scheduled;
    const mismatched: Schemas["Action"] = {
      actionUuid: "a",
      actionName: "schedule",
      status: "finished",
      createdAt: "2026-11-23T17:30:00.000Z",
      // @ts-expect-error: a schedule action cannot carry a delete summary
      actionSummary: { deleted: [], failed: [] },
    };
    void mismatched;
  });

  it("requires missedReason with missed, and refuses it with delivered", () => {
    const complete = (body: Schemas["CompleteOrderRequest"]) =>
      client.POST("/v2/orders/{orderUuid}/complete", { params: { path: { orderUuid: "x" } }, body });
    void complete({ status: "delivered", notes: "n", signature: "iVBORw0KGgo=" });
    void complete({ status: "missed", missedReason: "Nobody home" });
    // @ts-expect-error: missed needs a missedReason
    void complete({ status: "missed" });
    // @ts-expect-error: delivered takes no missedReason
    void complete({ status: "delivered", missedReason: "x" });
    // @ts-expect-error: missed takes no signature
    void complete({ status: "missed", missedReason: "x", signature: "iVBORw0KGgo=" });
  });

  it("takes a location's coordinates both or neither", () => {
    const both: Schemas["LocationInput"] = { address: "a", latitude: 52.5, longitude: 13.4 };
    const neither: Schemas["LocationInput"] = { address: "a" };
    void [both, neither];
    // @ts-expect-error: latitude without longitude
    const latitudeOnly: Schemas["LocationInput"] = { address: "a", latitude: 52.5 };
    // @ts-expect-error: longitude without latitude
    const longitudeOnly: Schemas["LocationInput"] = { address: "a", longitude: 13.4 };
    void [latitudeOnly, longitudeOnly];
    const body = { deliveryDate: "2026-11-24", locations: [{ address: "a", latitude: 52.5 }] };
    // @ts-expect-error: an order whose location has one coordinate is not an OrderInput, even from a variable
    void client.POST("/v2/orders", { params: { query: { workspaceUuid: "w" } }, body });
  });
});

describe("pagination", () => {
  it("infers the item type from the path", async () => {
    for await (const order of paginate(client, "/v2/orders", { query: { workspaceUuid: "w" } })) {
      expectTypeOf(order).toEqualTypeOf<Schemas["Order"]>();
    }
    const routes = await paginate(client, "/v2/routes", { query: { workspaceUuid: "w" } }).toArray();
    expectTypeOf(routes).toEqualTypeOf<Schemas["Route"][]>();
    expectTypeOf<ItemOf<"/v2/workspaces">>().toEqualTypeOf<Schemas["Workspace"]>();
    expectTypeOf<ItemOf<"/v2/schedules">>().toEqualTypeOf<Schemas["Action"]>();
  });

  it("accepts only list paths, and requires the required parameters", () => {
    expectTypeOf<"/v2/orders">().toExtend<ListPath>();
    expectTypeOf<"/v2/orders/{orderUuid}">().not.toExtend<ListPath>();
    void paginate(client, "/v2/workspaces"); // no required parameter
    // @ts-expect-error: workspaceUuid is required
    void paginate(client, "/v2/orders");
    // @ts-expect-error: not a list
    void paginate(client, "/v2/orders/{orderUuid}", { path: { orderUuid: "x" } });
  });
});

describe("webhooks", () => {
  it("returns the event union, narrowed by type", async () => {
    const event = await verifyWebhook({ rawBody: "", headers: {}, secret: "s" });
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    expectTypeOf(event.type).toEqualTypeOf<"route.published" | "route.eta_updated" | "order.status_updated">();
    if (event.type === "order.status_updated") {
      expectTypeOf(event).toEqualTypeOf<WebhookEventOf<"order.status_updated">>();
      expectTypeOf(event.data.order.status).not.toBeAny();
    } else {
      expectTypeOf(event.data.route.uuid).toEqualTypeOf<string>();
    }
  });
});
