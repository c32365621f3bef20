/**
 * Names for the API's main resources, from the generated contract types, so code can say `Order` instead of
 * `components["schemas"]["Order"]`.
 */
import type { components } from "./generated/openapi.js";

/**
 * A workspace (`GET /v2/workspaces`): `uuid` for v2 endpoints, `workspaceId` for v1 ones.
 *
 * @example
 * ```ts
 * const [first]: Workspace[] = (await unwrap(client.GET("/v2/workspaces"))).data;
 * ```
 */
export type Workspace = components["schemas"]["Workspace"];

/**
 * An order as the API returns it.
 *
 * @example
 * ```ts
 * function label(order: Order) {
 *   return `${order.orderNumber} (${order.status})`;
 * }
 * ```
 */
export type Order = components["schemas"]["Order"];

/**
 * A route: a driver's day, with its timeline of stops at `GET /v2/routes/{routeUuid}/timeline`.
 *
 * @example
 * ```ts
 * const published = (routes: Route[]) => routes.filter((route) => route.status === "published");
 * ```
 */
export type Route = components["schemas"]["Route"];

/**
 * A webhook subscription (its signing secret is only in the answer that created it).
 *
 * @example
 * ```ts
 * const hooks: Webhook[] = (await unwrap(client.GET("/v2/webhooks"))).data;
 * ```
 */
export type Webhook = components["schemas"]["Webhook"];

/**
 * A scheduling run (`actionName: "schedule"`); its summary counts what was planned.
 *
 * @example
 * ```ts
 * const onRun = (action: ScheduleAction) => console.log(action.actionSummary?.ordersScheduled);
 * ```
 */
export type ScheduleAction = components["schemas"]["ScheduleAction"];

/**
 * A publish (`actionName: "publish"`); its summary lists each route and whether it was published.
 *
 * @example
 * ```ts
 * const failedRoutes = (action: PublishAction) => action.actionSummary?.routes.filter((r) => r.status === "failed");
 * ```
 */
export type PublishAction = components["schemas"]["PublishAction"];

/**
 * An update of scheduled orders (`actionName: "update"`); its summary lists each order's new state.
 *
 * @example
 * ```ts
 * const moved = (action: UpdateAction) => action.actionSummary?.orders.map((o) => o.routeUuid);
 * ```
 */
export type UpdateAction = components["schemas"]["UpdateAction"];

/**
 * A deletion of scheduled orders (`actionName: "delete"`); its summary lists what was deleted and what was not.
 *
 * @example
 * ```ts
 * const kept = (action: DeleteAction) => action.actionSummary?.failed.map((f) => `${f.uuid}: ${f.reason}`);
 * ```
 */
export type DeleteAction = components["schemas"]["DeleteAction"];
