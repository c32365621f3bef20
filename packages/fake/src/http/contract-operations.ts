/**
 * Every operation of openapi.yaml, by operationId. A test keeps this list equal to the spec's paths; the
 * router answers 501 NOT_IMPLEMENTED for those the fake does not serve.
 */
import type { operations } from "./contract-types.js";
import type { HttpMethod } from "./router.js";

/** The operationId of an operation of openapi.yaml, e.g. `"listOrders"`. */
export type OperationId = keyof operations;

/** One operation of the contract. */
export interface ContractOperation {
  operationId: OperationId;
  method: HttpMethod;
  path: string;
}

const op = (operationId: OperationId, method: HttpMethod, path: string): ContractOperation => ({
  operationId,
  method,
  path,
});

/** All operations of openapi.yaml. */
export const CONTRACT_OPERATIONS: readonly ContractOperation[] = [
  op("listWorkspaces", "get", "/v2/workspaces"),
  op("listWorkspacesV1", "get", "/workspaces"),
  op("createOrders", "post", "/v2/orders"),
  op("listOrders", "get", "/v2/orders"),
  op("deleteOrders", "delete", "/v2/orders"),
  op("getOrder", "get", "/v2/orders/{orderUuid}"),
  op("updateOrder", "put", "/v2/orders/{orderUuid}"),
  op("deleteOrder", "delete", "/v2/orders/{orderUuid}"),
  op("createOrdersV1", "post", "/v1/orders"),
  op("getOrderV1", "get", "/v1/orders/{orderUuid}"),
  op("updateOrderV1", "put", "/v1/orders/{orderUuid}"),
  op("completeOrder", "post", "/v2/orders/{orderUuid}/complete"),
  op("completeOrderAlias", "post", "/v2/orders/{orderUuid}/completion"),
  op("getOrderAction", "get", "/v2/orders/actions/{actionUuid}"),
  op("createRoutes", "post", "/v2/routes"),
  op("listRoutes", "get", "/v2/routes"),
  op("getRoute", "get", "/v2/routes/{routeUuid}"),
  op("updateRoute", "patch", "/v2/routes/{routeUuid}"),
  op("getRouteTimeline", "get", "/v2/routes/{routeUuid}/timeline"),
  op("publishRoutes", "post", "/v2/routes/publish"),
  op("getPublishAction", "get", "/v2/routes/actions/{actionUuid}"),
  op("createRoutesV1", "post", "/v1/routes"),
  op("listRoutesV1", "get", "/v1/routes"),
  op("createSchedule", "post", "/v2/schedules"),
  op("listSchedules", "get", "/v2/schedules"),
  op("getSchedule", "get", "/v2/schedules/{actionUuid}"),
  op("getScheduleAction", "get", "/v2/schedules/actions/{actionUuid}"),
  op("getScheduleSolution", "get", "/v2/schedules/{actionUuid}/solution"),
  op("createWebhook", "post", "/v2/webhooks"),
  op("listWebhooks", "get", "/v2/webhooks"),
  op("deleteWebhook", "delete", "/v2/webhooks/{uuid}"),
];
