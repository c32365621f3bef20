/**
 * DO NOT EDIT: generated from openapi.yaml by scripts/generate-types.mjs (npm run generate).
 * Every operation, and every variant of a `oneOf` body, with only what the document requires at every level and
 * every optional object present with its own required content. `npm run typecheck` compiles the calls against the
 * generated types, so a request type that asks for more (a property with a `default`, say) fails the build;
 * packages/sdk/test/minimal-requests.test.ts sends each one to the fake.
 */
import type { DispatchClient } from "../../src/index.js";

/** The date of every minimal request. */
export const MINIMAL_DATE = "2026-11-24";

/** The records the minimal requests name (path parameters, uuids): the caller's, so that they exist. */
export interface MinimalRequestIds {
  actionUuid: string;
  orderUuid: string;
  routeUuid: string;
  webhookUuid: string;
  workspaceId: number;
  workspaceUuid: string;
}

/** One minimal request: its operation, its body's variant (for a `oneOf` body), and the call. */
export interface MinimalRequest {
  operationId: string;
  variant?: string;
  send(client: DispatchClient, ids: MinimalRequestIds): Promise<{ response: Response; data?: unknown; error?: unknown }>;
}

/** The minimal requests, in the document's order. */
export const minimalRequests: MinimalRequest[] = [
  {
    operationId: "listWorkspacesV1",
    send: (client, ids) => client.GET("/workspaces"),
  },
  {
    operationId: "listWorkspaces",
    send: (client, ids) => client.GET("/v2/workspaces"),
  },
  {
    operationId: "listOrders",
    send: (client, ids) => client.GET("/v2/orders", { params: { query: { workspaceUuid: ids.workspaceUuid } } }),
  },
  {
    operationId: "createOrders",
    variant: "OrderInput",
    send: (client, ids) => client.POST("/v2/orders", {
      params: { query: { workspaceUuid: ids.workspaceUuid } },
      body: { deliveryDate: "2026-11-24", locations: [{ address: "x" }], customFields: {} },
    }),
  },
  {
    operationId: "createOrders",
    variant: "OrderInput[]",
    send: (client, ids) => client.POST("/v2/orders", {
      params: { query: { workspaceUuid: ids.workspaceUuid } },
      body: [{ deliveryDate: "2026-11-24", locations: [{ address: "x" }], customFields: {} }],
    }),
  },
  {
    operationId: "deleteOrders",
    send: (client, ids) => client.DELETE("/v2/orders", { body: ["x"] }),
  },
  {
    operationId: "getOrder",
    send: (client, ids) => client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: ids.orderUuid } } }),
  },
  {
    operationId: "updateOrder",
    send: (client, ids) => client.PUT("/v2/orders/{orderUuid}", {
      params: { path: { orderUuid: ids.orderUuid } },
      body: { deliveryDate: "2026-11-24", locations: [{ address: "x" }], customFields: {} },
    }),
  },
  {
    operationId: "deleteOrder",
    send: (client, ids) => client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid: ids.orderUuid } } }),
  },
  {
    operationId: "completeOrder",
    variant: "CompleteOrderDelivered",
    send: (client, ids) => client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: ids.orderUuid } },
      body: { status: "delivered" },
    }),
  },
  {
    operationId: "completeOrder",
    variant: "CompleteOrderMissed",
    send: (client, ids) => client.POST("/v2/orders/{orderUuid}/complete", {
      params: { path: { orderUuid: ids.orderUuid } },
      body: { status: "missed", missedReason: "x" },
    }),
  },
  {
    operationId: "completeOrderAlias",
    variant: "CompleteOrderDelivered",
    send: (client, ids) => client.POST("/v2/orders/{orderUuid}/completion", {
      params: { path: { orderUuid: ids.orderUuid } },
      body: { status: "delivered" },
    }),
  },
  {
    operationId: "completeOrderAlias",
    variant: "CompleteOrderMissed",
    send: (client, ids) => client.POST("/v2/orders/{orderUuid}/completion", {
      params: { path: { orderUuid: ids.orderUuid } },
      body: { status: "missed", missedReason: "x" },
    }),
  },
  {
    operationId: "getOrderAction",
    send: (client, ids) => client.GET("/v2/orders/actions/{actionUuid}", { params: { path: { actionUuid: ids.actionUuid } } }),
  },
  {
    operationId: "createOrdersV1",
    variant: "OrderInputV1[]",
    send: (client, ids) => client.POST("/v1/orders", {
      params: { query: { workspaceId: ids.workspaceId } },
      body: [{ deliveryDate: "2026-11-24", locations: [{ address: "x" }], customFields: {} }],
    }),
  },
  {
    operationId: "createOrdersV1",
    variant: "OrderInputV1",
    send: (client, ids) => client.POST("/v1/orders", {
      params: { query: { workspaceId: ids.workspaceId } },
      body: { deliveryDate: "2026-11-24", locations: [{ address: "x" }], customFields: {} },
    }),
  },
  {
    operationId: "getOrderV1",
    send: (client, ids) => client.GET("/v1/orders/{orderUuid}", { params: { path: { orderUuid: ids.orderUuid } } }),
  },
  {
    operationId: "updateOrderV1",
    send: (client, ids) => client.PUT("/v1/orders/{orderUuid}", {
      params: { path: { orderUuid: ids.orderUuid } },
      body: { deliveryDate: "2026-11-24", locations: [{ address: "x" }], customFields: {} },
    }),
  },
  {
    operationId: "listRoutes",
    send: (client, ids) => client.GET("/v2/routes", { params: { query: { workspaceUuid: ids.workspaceUuid } } }),
  },
  {
    operationId: "createRoutes",
    send: (client, ids) => client.POST("/v2/routes", {
      body: {
        workspaceUuid: ids.workspaceUuid,
        routes: [
          {
            name: "x",
            date: "2026-11-24",
            startTime: "08:00",
            endTime: "17:00",
            startLocation: { address: "x" },
            endLocation: { address: "x" },
            driver: { name: "x" },
          },
        ],
      },
    }),
  },
  {
    operationId: "getRoute",
    send: (client, ids) => client.GET("/v2/routes/{routeUuid}", { params: { path: { routeUuid: ids.routeUuid } } }),
  },
  {
    operationId: "updateRoute",
    send: (client, ids) => client.PATCH("/v2/routes/{routeUuid}", { params: { path: { routeUuid: ids.routeUuid } }, body: { locked: false } }),
  },
  {
    operationId: "getRouteTimeline",
    send: (client, ids) => client.GET("/v2/routes/{routeUuid}/timeline", { params: { path: { routeUuid: ids.routeUuid } } }),
  },
  {
    operationId: "publishRoutes",
    send: (client, ids) => client.POST("/v2/routes/publish", { body: { workspaceUuid: ids.workspaceUuid, date: "2026-11-24" } }),
  },
  {
    operationId: "getPublishAction",
    send: (client, ids) => client.GET("/v2/routes/actions/{actionUuid}", { params: { path: { actionUuid: ids.actionUuid } } }),
  },
  {
    operationId: "listRoutesV1",
    send: (client, ids) => client.GET("/v1/routes", { params: { query: { workspaceId: ids.workspaceId } } }),
  },
  {
    operationId: "createRoutesV1",
    send: (client, ids) => client.POST("/v1/routes", {
      params: { query: { workspaceId: ids.workspaceId } },
      body: [
        {
          name: "x",
          date: "2026-11-24",
          startTime: "08:00",
          endTime: "17:00",
          startLocation: { address: "x" },
          endLocation: { address: "x" },
          driver: { name: "x" },
        },
      ],
    }),
  },
  {
    operationId: "listSchedules",
    send: (client, ids) => client.GET("/v2/schedules"),
  },
  {
    operationId: "createSchedule",
    variant: "ScheduleAllRequest",
    send: (client, ids) => client.POST("/v2/schedules", { body: { workspaceUuid: ids.workspaceUuid, date: "2026-11-24", options: {} } }),
  },
  {
    operationId: "createSchedule",
    variant: "ScheduleSpecificRequest",
    send: (client, ids) => client.POST("/v2/schedules", {
      body: {
        workspaceUuid: ids.workspaceUuid,
        date: "2026-11-24",
        orders: [ids.orderUuid],
        routes: [ids.routeUuid],
        options: {},
      },
    }),
  },
  {
    operationId: "createSchedule",
    variant: "ScheduleWhatIfRequest",
    send: (client, ids) => client.POST("/v2/schedules", {
      body: {
        workspaceUuid: ids.workspaceUuid,
        date: "2026-11-24",
        whatIf: {
          orders: [{ locations: [{ address: "x" }], customFields: {} }],
          routes: [
            {
              name: "x",
              date: "2026-11-24",
              startTime: "08:00",
              endTime: "17:00",
              startLocation: { address: "x" },
              endLocation: { address: "x" },
              driver: { name: "x" },
            },
          ],
        },
        options: {},
      },
    }),
  },
  {
    operationId: "getSchedule",
    send: (client, ids) => client.GET("/v2/schedules/{actionUuid}", { params: { path: { actionUuid: ids.actionUuid } } }),
  },
  {
    operationId: "getScheduleAction",
    send: (client, ids) => client.GET("/v2/schedules/actions/{actionUuid}", { params: { path: { actionUuid: ids.actionUuid } } }),
  },
  {
    operationId: "getScheduleSolution",
    send: (client, ids) => client.GET("/v2/schedules/{actionUuid}/solution", { params: { path: { actionUuid: ids.actionUuid } } }),
  },
  {
    operationId: "listWebhooks",
    send: (client, ids) => client.GET("/v2/webhooks"),
  },
  {
    operationId: "createWebhook",
    send: (client, ids) => client.POST("/v2/webhooks", { body: { url: "https://example.com/hooks", events: ["route.published"] } }),
  },
  {
    operationId: "deleteWebhook",
    send: (client, ids) => client.DELETE("/v2/webhooks/{uuid}", { params: { path: { uuid: ids.webhookUuid } } }),
  },
];
