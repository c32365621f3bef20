/**
 * DO NOT EDIT: generated from openapi.yaml by openapi-typescript (npm run generate).
 * Change openapi.yaml and regenerate; CI fails when this file is stale (npm run check:generated).
 */

export interface paths {
    "/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workspaces (v1-style path)
         * @description The same answer as `GET /v2/workspaces`, served at the v1-style path without a version segment:
         *     the token's organization's workspaces, each with its `uuid` (v2 `workspaceUuid`) and its numeric
         *     `workspaceId` (v1). Paginated.
         */
        get: operations["listWorkspacesV1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workspaces
         * @description The token's organization's workspaces, each with its `uuid` (used as `workspaceUuid` by v2
         *     endpoints), its numeric `workspaceId` (used by v1 endpoints), its `name` and its IANA `timezone`
         *     (in which all times of day of the workspace are expressed). Paginated.
         */
        get: operations["listWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Lists the orders of the workspace `workspaceUuid`, optionally filtered by `deliveryDate` (`date`)
         *     and `status`. Paginated, ordered by creation. Deleted orders never appear and are not counted.
         *     An unknown workspace (or one of another organization) answers 404.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Create orders
         * @description Creates one order (body: an object) or a batch (body: an array of up to 1,000 orders) in the
         *     workspace `workspaceUuid`. Answers 201 `{ data: [order, …] }` with the created orders, in request
         *     order, each with its generated `uuid`, `status: not_scheduled` and `routeUuid: null`.
         *
         *     - **All or nothing**: one invalid order fails the whole request with 400 `VALIDATION_FAILED`, and
         *       nothing is stored. `details[].path` locates each problem, e.g. `[7].locations` for the eighth
         *       order of an array body (`locations` for an object body).
         *     - **Strict**: an unknown field answers 400 naming it (e.g. path `[0].notes`).
         *     - `deliveryDate` and `locations` (exactly one location) are required. A location with `latitude`
         *       and `longitude` keeps them; without them the address is geocoded.
         *     - `timeWindows` are `HH:MM` in the workspace's timezone, non-overlapping, `startTime < endTime`.
         *     - Omitted fields take their defaults: `duration` 300 s, `load` 1, `priority` `normal`, `tags`,
         *       `timeWindows` and `packages` `[]`, `customFields` `{}`, optional strings `null`.
         *     - `Content-Type` must be `application/json` (415 otherwise).
         */
        post: operations["createOrders"];
        /**
         * Delete orders in bulk
         * @description Deletes up to **500** orders in one call. The body is a JSON array of 1..500 order uuid strings
         *     (more than 500, an empty array, or a string longer than 255 characters: 400; duplicates count
         *     once). Deletion is permanent: deleted
         *     orders are never listed or counted again, `GET` answers 404, and they are never scheduled again.
         *     To keep an order in the workspace but take it off its route, do not use this endpoint (change its
         *     `deliveryDate` with `PUT` instead).
         *
         *     Each uuid is classified, first matching class wins:
         *
         *     | class | order | 200 answer (no class 5) | 202 action `delete` (some class 5) |
         *     |---|---|---|---|
         *     | 1 | unknown, already deleted, malformed, or of another organization | failed `not_found` | failed `not_found` |
         *     | 2 | delivered or missed | failed `order_completed` | failed `order_completed` |
         *     | 3 | on a **published** route | failed `order_published` | failed `order_locked` (a published route is locked for edits) |
         *     | 4 | on a **locked** route | failed `order_locked` | failed `order_locked` |
         *     | 5 | scheduled on an unlocked, unpublished route | (n/a) | deleted; its route's timeline is recomputed |
         *     | 6 | unscheduled | deleted | deleted |
         *
         *     - No uuid in class 5: **200** `DeleteResult` `{ deleted: [{uuid}], failed: [{uuid, reason}] }`.
         *       The answer is 200 even when some orders could not be deleted.
         *     - At least one uuid in class 5: **202** `Action` (`actionName: delete`); poll
         *       `GET /v2/orders/actions/{actionUuid}`; when finished its `actionSummary` is the same
         *       `{ deleted, failed }` shape (`DeleteSummary`).
         */
        delete: operations["deleteOrders"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/orders/{orderUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Fetch an order
         * @description Fetches one order, including its `trackingLink` (customer tracking page, stable per order) and
         *     `signatureUrl` (`null` until delivered with a signature). A deleted order answers 404.
         */
        get: operations["getOrder"];
        /**
         * Update an order
         * @description Replaces all writable fields of the order (full replace: omitted fields take their defaults, as in
         *     v1). The body has the shape of one created order (`OrderInput`), including `packages`.
         *
         *     - **Unscheduled** order: 200 with the updated order.
         *     - **Scheduled** order, only non-scheduling fields changed (`name`, `customerOrderNumber`, `phone`,
         *       `email`, `instructions`, `customFields`, `packages`): 200 with the updated order.
         *     - **Scheduled** order, scheduling constraints changed (`locations`, `timeWindows`, `duration`,
         *       `load`, `tags`, `priority`): **202** `Action` (`actionName: update`); poll
         *       `GET /v2/orders/actions/{actionUuid}`. When finished the order is still on its route, the route's
         *       timeline is recomputed, and `actionSummary` (`UpdateSummary`) lists each order with the
         *       `violations` the change caused (empty when none). A changed `deliveryDate` takes the order off
         *       its route (`status: not_scheduled`, `routeUuid: null`).
         *     - **Delivered or missed** order: 409 `ORDER_COMPLETED`.
         *     - Strict validation (unknown field: 400 naming it); `Content-Type: application/json` (else 415).
         */
        put: operations["updateOrder"];
        post?: never;
        /**
         * Delete an order
         * @description Deletes one order, scheduled or unscheduled, with the classification of `DELETE /v2/orders` applied
         *     to a one-element list, except that an order that cannot be deleted answers an error instead of a
         *     200 with a `failed` entry:
         *
         *     - unknown, already deleted or of another organization: 404 `NOT_FOUND`;
         *     - delivered or missed, on a published route, or on a locked route: 409 `CONFLICT` with
         *       `details[0].message` = the reason (`order_completed`, `order_published`, `order_locked`);
         *     - unscheduled: 200 `DeleteResult` with the order in `deleted` and `failed: []`;
         *     - scheduled on an unlocked, unpublished route: 202 `Action` (`actionName: delete`); poll
         *       `GET /v2/orders/actions/{actionUuid}`; the route's timeline is recomputed.
         *
         *     Deletion is permanent: the order is never listed or counted again and `GET` answers 404.
         */
        delete: operations["deleteOrder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/orders/{orderUuid}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete an order (delivered or missed)
         * @description Marks the order `delivered` or `missed`, exactly as a driver completing it in the driver app.
         *     Completion is **not reversible**. (`POST /v2/orders/{orderUuid}/completion` is an alias.)
         *
         *     Preconditions:
         *     - the order must be on a **published** route, else 409 `ORDER_NOT_PUBLISHED`;
         *     - it must not be delivered or missed already, else 409 `ORDER_COMPLETED`.
         *
         *     Body: `status`; `completedAt` (defaults to now); `missedReason` (required when `status` is
         *     `missed`, not allowed otherwise); `notes`; `signature` (base64 PNG, only with `delivered`).
         *
         *     Effects: the order's `status`, `deliveryTime` (= `completedAt`), `deliveryMissedReason`,
         *     `deliveryNotes` and `signatureUrl` (when a signature was sent) are set; the stop's actual arrival
         *     and departure times are recorded in the route timeline and the ETAs of the route's remaining stops
         *     are recomputed from that time; a customer notification is recorded; the events
         *     `order.status_updated` and `route.eta_updated` fire. Answers 200 with the updated order.
         */
        post: operations["completeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/orders/{orderUuid}/completion": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete an order (alias path)
         * @description Alias of `POST /v2/orders/{orderUuid}/complete` (the service's public API names the completion endpoint both
         *     ways): same body, preconditions (409 `ORDER_NOT_PUBLISHED` when not on a published route, 409
         *     `ORDER_COMPLETED` when already delivered or missed), effects (timeline actual times, ETAs
         *     recomputed, customer notification, `order.status_updated` and `route.eta_updated` events) and
         *     answer (200 with the order). Not reversible.
         */
        post: operations["completeOrderAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/orders/actions/{actionUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Poll an order update or delete action
         * @description Returns the action started by `PUT /v2/orders/{orderUuid}` (`actionName: update`) or by
         *     `DELETE /v2/orders[/{orderUuid}]` (`actionName: delete`). Poll until `status` is `finished`
         *     (`actionSummary` is an `UpdateSummary` or a `DeleteSummary`) or `failed` (`reason`). The answer
         *     may carry a `Retry-After` hint (seconds). Another kind of action answers 404.
         */
        get: operations["getOrderAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create orders (v1)
         * @description v1 form of order creation in the workspace with numeric id `workspaceId`. The body is an array of
         *     up to 1,000 orders (as in v1) or a single order object. Same rules as `POST /v2/orders`: all or
         *     nothing (400 with `details` paths like `[7].locations`, nothing stored), strict validation,
         *     `Content-Type: application/json` (415). v1 orders have no `packages`. Answers 201 with the
         *     created orders in v1 shape (`workspaceId`, no `trackingLink`, `signatureUrl` or `packages`).
         */
        post: operations["createOrdersV1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{orderUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Fetch an order (v1)
         * @description v1 fetch of an order (created through v1 or v2), in v1 shape: `workspaceId` (integer) instead of
         *     `workspaceUuid`, without `trackingLink`, `signatureUrl` and `packages`. A deleted order answers 404.
         */
        get: operations["getOrderV1"];
        /**
         * Update an order (v1)
         * @description v1 update: full replace of the writable fields (omitted fields take their defaults), with v1's
         *     rule: only an order with `status: not_scheduled` can be updated; any other order answers 400
         *     `VALIDATION_FAILED`. Never answers 202. Strict validation; `Content-Type: application/json` (415).
         *     Answers 200 with the order in v1 shape.
         */
        put: operations["updateOrderV1"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/routes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List routes
         * @description Lists the routes of the workspace `workspaceUuid`, optionally only those of `date`. Paginated,
         *     ordered by date then creation. An unknown workspace answers 404.
         */
        get: operations["listRoutes"];
        put?: never;
        /**
         * Create routes
         * @description Creates up to 500 routes in the workspace `workspaceUuid`. **All or nothing**: one invalid route
         *     fails the request with 400 `VALIDATION_FAILED` (`details` paths like `routes[3].startTime`) and
         *     nothing is stored. Strict validation (unknown field: 400 naming it); `Content-Type:
         *     application/json` (415). `startTime`/`endTime` are `HH:MM` in the workspace's timezone with
         *     `startTime < endTime`. Without `endLocation` the route ends at its last stop and `endTime` bounds
         *     the last departure. New routes are `planned`, unlocked and empty. Answers 201 `{ data: [route…] }`
         *     in request order.
         */
        post: operations["createRoutes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/routes/{routeUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The route's uuid. Any value that names none of the caller's routes (unknown, malformed or of
                 *     another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                routeUuid: components["parameters"]["routeUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Fetch a route
         * @description Fetches one route (beyond the service's public API: integrators need it to read `locked`, `status` and the
         *     totals without listing). `timeline.uri` points to its timeline.
         */
        get: operations["getRoute"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Lock or unlock a route
         * @description Sets `locked` (beyond the service's public API, which has locked routes but no way to lock one). Locked routes are
         *     left out of schedule-all and keep their orders; orders on a locked route cannot be deleted
         *     (`order_locked`). Strict validation (only `locked`); `Content-Type: application/json` (415).
         *     Answers 200 with the route.
         */
        patch: operations["updateRoute"];
        trace?: never;
    };
    "/v2/routes/{routeUuid}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The route's uuid. Any value that names none of the caller's routes (unknown, malformed or of
                 *     another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                routeUuid: components["parameters"]["routeUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Fetch a route's timeline
         * @description The route's stops in sequence (paginated): start location, delivering stops (with their orders'
         *     completion statuses and tracking links), idling periods and end location. Instants are ISO-8601
         *     date-times with the workspace's offset (e.g. `2026-11-24T09:12:00-08:00`), `null` where not yet
         *     known. Planned times are fixed when the route is published; estimated arrival times move with
         *     completions; actual times come from completions. An unscheduled (empty) route has only its start
         *     (and end) location.
         */
        get: operations["getRouteTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/routes/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish routes to the driver app
         * @description Publishes the routes of `date` in the workspace `workspaceUuid` (only `routeUuids` when given) to
         *     the driver app. Always answers **202** `Action` (`actionName: publish`); poll
         *     `GET /v2/routes/actions/{actionUuid}`. When it ends, `actionSummary.routes` lists
         *     `{ uuid, status: finished | skipped | failed, error? }` per route. A route without orders is
         *     `skipped` (`error: route has no orders`): not published, nothing sent to a driver, and it never fails
         *     the action. The action is `failed` (`reason: route_failed`) only if a route failed (e.g. `route
         *     doesn't exist`); the other routes are published all the same. A date with routes that are all empty
         *     finishes with every route skipped; a date without routes fails (`reason: no_routes`). Each route
         *     published or republished fires `route.published` (full route and planned timeline). A published route's planned times are fixed and it is locked
         *     for scheduling and deletion of its orders. Strict validation; `Content-Type: application/json`
         *     (415).
         */
        post: operations["publishRoutes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/routes/actions/{actionUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Poll a publish action
         * @description Returns the action started by `POST /v2/routes/publish`. When finished, `actionSummary` is a
         *     `PublishSummary` with one entry per route (`finished`, `skipped` or `failed`); the action's
         *     `status` is `failed` if any route failed, never because a route was skipped.
         *     The answer may carry a `Retry-After` hint (seconds). Another kind of action answers 404.
         */
        get: operations["getPublishAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/routes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List routes (v1)
         * @description v1 list of the routes of the workspace `workspaceId`, optionally only those of `date`. Paginated.
         *     Routes in v1 shape (`workspaceId`).
         */
        get: operations["listRoutesV1"];
        put?: never;
        /**
         * Create routes (v1)
         * @description v1 form of route creation in the workspace with numeric id `workspaceId`: the body is an array of
         *     up to 500 routes. Same rules as `POST /v2/routes` (all or nothing, `details` paths like
         *     `[3].startTime`, strict, 415). Answers 201 with the routes in v1 shape (`workspaceId`).
         */
        post: operations["createRoutesV1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List scheduling runs
         * @description The organization's scheduling runs (actions with `actionName: schedule`), newest first. Paginated.
         */
        get: operations["listSchedules"];
        put?: never;
        /**
         * Start a scheduling run
         * @description Starts a scheduling (optimization) run for `date` in the workspace `workspaceUuid`. Always
         *     answers **202** `Action` (`actionName: schedule`); poll `GET /v2/schedules/actions/{actionUuid}`
         *     until `finished`, then read `GET /v2/schedules/{actionUuid}/solution`.
         *
         *     Modes (the body's shape decides):
         *     - **Schedule all** `{ workspaceUuid, date }`: every `not_scheduled` order whose `deliveryDate` is
         *       `date`, plus the orders already on unlocked, unpublished routes of `date`, across those routes.
         *       Orders already placed are never dropped. Locked and published routes, and their orders, are
         *       left out.
         *     - **Schedule specific** `{ workspaceUuid, date, orders: [uuid], routes: [uuid] }`: only these
         *       orders and routes.
         *     - **What-if** `{ workspaceUuid, date, whatIf: { orders, routes } }`: self-contained; nothing is
         *       stored or committed (`committed: false`); the solution is read as usual. What-if orders and
         *       routes may carry a caller-chosen `uuid` so the solution can refer to them; otherwise the
         *       service assigns one.
         *
         *     A specific run answers 404 naming an order or route that does not exist in the workspace, 400
         *     for one of another date, and 409 (`CONFLICT`, `ORDER_COMPLETED`) for a locked or published route,
         *     an order on one, or a delivered or missed order.
         *
         *     Optional `options`: `minimizeRoutes`, `balance`, `travelMode` (`car` or `bicycle`). Hard
         *     constraints are never broken in a plan: time windows, capacity, tags, shift start and end; what
         *     cannot be placed is left unscheduled with a reason, lower priority first. A committed run sets
         *     each order's `status`/`routeUuid` and each route's timeline. The action fails (`reason`) when
         *     there is nothing to do: `no_routes` or `no_orders`. Strict validation; `Content-Type:
         *     application/json` (415).
         */
        post: operations["createSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/schedules/{actionUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Status of a scheduling run
         * @description Returns the scheduling action; the same answer as `GET /v2/schedules/actions/{actionUuid}` (the
         *     service's public API names both paths). When finished, `actionSummary` is a `ScheduleSummary`; when failed,
         *     `reason` says why (`no_routes`, `no_orders`). The answer may carry a `Retry-After` hint (seconds).
         *     An action that is not a scheduling run answers 404.
         */
        get: operations["getSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/schedules/actions/{actionUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Poll a scheduling action
         * @description The polling endpoint for scheduling runs; the same answer as `GET /v2/schedules/{actionUuid}`.
         *     Poll until `status` is `finished` (then read the solution) or `failed` (`reason`: `no_routes`,
         *     `no_orders`). The answer may carry a `Retry-After` hint (seconds). An action that is not a
         *     scheduling run answers 404.
         */
        get: operations["getScheduleAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/schedules/{actionUuid}/solution": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        /**
         * Fetch the plan of a scheduling run
         * @description The full plan of a finished scheduling run: per route its stops in sequence with arrival and
         *     departure times (ISO-8601 with the workspace's offset), distances and loads, plus the orders left
         *     unscheduled with their reason. `committed` is `false` for a what-if run. While the run is pending,
         *     or if it failed, answers 409 `ACTION_NOT_FINISHED`.
         */
        get: operations["getScheduleSolution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description The organization's webhook subscriptions, oldest first, without their secrets. Paginated.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe to webhook events
         * @description Registers `url` to receive `events`, for one workspace (`workspaceUuid`) or for all the
         *     organization's workspaces (omitted). Answers 201 with the subscription and its signing `secret`,
         *     which is returned only here. Deliveries are `POST url` with the JSON envelope
         *     `{ id, type, createdAt, data }` and the headers `x-dispatch-event-id` (same on every retry),
         *     `x-dispatch-timestamp`, `x-dispatch-topic` and `x-dispatch-signature: v0=<hex>`, hex being
         *     HMAC-SHA256(secret, `${timestamp}.${rawBody}`); during a secret rotation several comma-separated
         *     `v0=` values may arrive and any match is valid. A non-2xx answer or no answer within 10 s is
         *     retried (1 min, 5 min, 30 min, 2 h, 8 h; 6 attempts in all). A `url` that points at the service
         *     itself answers 400 `VALIDATION_FAILED` naming `url` (its deliveries would call the API). Strict
         *     validation; `Content-Type: application/json` (415).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook subscription's uuid. Any value that names none of the caller's subscriptions
                 *     (unknown, malformed or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema
                 *     is a plain string, and a validating proxy forwards what the service answers with 404.
                 */
                uuid: components["parameters"]["webhookUuidPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Deletes the subscription; no further deliveries are attempted, including pending retries. Answers 204.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "route.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * route.published
         * @description Sent once per route published or republished (`POST /v2/routes/publish`). `data` carries the full
         *     route and its planned timeline, with per-stop ETAs and each order's tracking link. Verify
         *     `x-dispatch-signature` against the raw body before trusting the payload.
         */
        post: operations["onRoutePublished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "route.eta_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * route.eta_updated
         * @description Sent when a driver's actions (or an API completion) recompute a route's ETAs. `data` carries the
         *     route and its live timeline: actual times for completed stops, updated estimates for the
         *     remaining stops. One event per affected route.
         */
        post: operations["onRouteEtaUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.status_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.status_updated
         * @description Sent when a driver or the API (`POST /v2/orders/{orderUuid}/complete`) marks an order delivered or
         *     missed. `data` carries the new status, completion time, missed reason, delivery notes and
         *     location, and the route's uuid.
         */
        post: operations["onOrderStatusUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Machine-readable error code (closed set). HTTP status: `UNAUTHORIZED`, `TOKEN_EXPIRED` 401;
         *     `FORBIDDEN` 403 (reserved: token lacks a permission); `NOT_FOUND` 404; `INVALID_JSON`,
         *     `VALIDATION_FAILED` 400; `UNSUPPORTED_MEDIA_TYPE` 415; `PAYLOAD_TOO_LARGE` 413 (a body over 5 MiB);
         *     `URI_TOO_LONG` 414, `HEADERS_TOO_LARGE` 431 and `REQUEST_TIMEOUT` 408 (answered before any operation, for a
         *     URL over 8 KiB, headers over 16 KiB, a body that stops arriving); `CONFLICT`, `ORDER_NOT_PUBLISHED`,
         *     `ORDER_COMPLETED`, `ACTION_NOT_FINISHED`, `IDEMPOTENCY_KEY_IN_USE` 409;
         *     `IDEMPOTENCY_KEY_REUSED` 422; `RATE_LIMITED` 429; `INTERNAL` 500;
         *     `NOT_IMPLEMENTED` 501 (answered only by the fake, for endpoints it does not implement yet).
         * @enum {string}
         */
        ErrorCode: "UNAUTHORIZED" | "TOKEN_EXPIRED" | "FORBIDDEN" | "NOT_FOUND" | "INVALID_JSON" | "VALIDATION_FAILED" | "UNSUPPORTED_MEDIA_TYPE" | "PAYLOAD_TOO_LARGE" | "URI_TOO_LONG" | "HEADERS_TOO_LARGE" | "REQUEST_TIMEOUT" | "CONFLICT" | "ORDER_NOT_PUBLISHED" | "ORDER_COMPLETED" | "ACTION_NOT_FINISHED" | "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "INTERNAL" | "NOT_IMPLEMENTED";
        /** @description One problem, located in the request. */
        ErrorDetail: {
            /** @description Location in the request body (`[7].locations`, `routes[0].startTime`, `orders[3].timeWindows[0].startTime`), or a parameter name. */
            path: string;
            /** @description What is wrong there. */
            message: string;
        };
        /** @description The single error body of every error response. */
        Error: {
            code: components["schemas"]["ErrorCode"];
            /** @description A human-readable sentence. */
            message: string;
            /**
             * @description Equal to the response's `x-request-id` header.
             * @example req_8f14e45fceea167a
             */
            requestId: string;
            /** @description Individual problems, where useful (validation failures, refused single delete). */
            details?: components["schemas"]["ErrorDetail"][];
        };
        PaginationMetadata: {
            /**
             * Format: uri-reference
             * @description Relative URI of the next page (same query, `page` incremented), or `null` on the last page.
             * @example /v2/orders?workspaceUuid=3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15&page=2
             */
            nextPage: string | null;
            totalPages: number;
            totalItems: number;
        };
        Workspace: {
            /**
             * Format: uuid
             * @description Used by v2 endpoints as `workspaceUuid`.
             */
            uuid: string;
            /** @description Numeric id used by v1 endpoints as `workspaceId`. */
            workspaceId: number;
            name: string;
            /**
             * @description IANA time zone in which the workspace's times of day are expressed.
             * @example America/Vancouver
             */
            timezone: string;
        };
        WorkspaceList: {
            data: components["schemas"]["Workspace"][];
            metadata: components["schemas"]["PaginationMetadata"];
        };
        /** @description A location as returned. `latitude`/`longitude` are always present (the geocoded point when the input had none). */
        Location: {
            address: string;
            latitude: number;
            longitude: number;
        };
        /**
         * @description A location as sent. `latitude` and `longitude` come both or neither: with coordinates
         *     (`LocationInputWithCoordinates`) they win and the address is only displayed; without them
         *     (`LocationInputAddressOnly`) the address is geocoded. One coordinate without the other matches
         *     neither shape and answers 400 `VALIDATION_FAILED`.
         */
        LocationInput: components["schemas"]["LocationInputWithCoordinates"] | components["schemas"]["LocationInputAddressOnly"];
        /** @description A location sent with both coordinates; they win over the address, which is only displayed. */
        LocationInputWithCoordinates: {
            address: string;
            latitude: number;
            longitude: number;
        };
        /**
         * @description A location sent without coordinates; the address is geocoded. `latitude` and `longitude` are
         *     declared `false` (never allowed) so that generated types forbid sending one of them alone.
         */
        LocationInputAddressOnly: {
            address: string;
            latitude?: never;
            longitude?: never;
        };
        /** @description A time window, `HH:MM` (24 h) in the workspace's timezone, `startTime < endTime`. */
        TimeWindow: {
            /** @example 09:00 */
            startTime: string;
            /** @example 12:00 */
            endTime: string;
        };
        /** @description A package of an order, as returned (absent optional strings are `null`). */
        Package: {
            barcode: string | null;
            description: string | null;
            quantity: number;
        };
        /** @description A package of an order, as sent. */
        PackageInput: {
            barcode?: string | null;
            description?: string | null;
            quantity: number;
        };
        /** @description Free-form custom fields; values are strings, numbers, booleans or `null`. */
        CustomFields: {
            [key: string]: string | number | boolean | null;
        };
        /**
         * @description Custom fields as sent: at most 100 characters per name; values are strings (at most 1,000
         *     characters), numbers, booleans or `null`.
         */
        CustomFieldsInput: {
            [key: string]: string | number | boolean | null;
        };
        /**
         * @description Who is left unscheduled first when not all orders fit (`low` first).
         * @default normal
         * @enum {string}
         */
        Priority: "low" | "normal" | "high";
        /**
         * @description `not_scheduled` (on no route), `scheduled` (on a route), `delivered`, `missed` (final).
         * @enum {string}
         */
        OrderStatus: "not_scheduled" | "scheduled" | "delivered" | "missed";
        /**
         * @description One order as sent to `POST /v2/orders` and `PUT /v2/orders/{orderUuid}`. Optional fields may be
         *     omitted or `null` (both mean "not set"; on update they are reset to their defaults).
         */
        OrderInput: {
            /** @description Customer or order display name. */
            name?: string | null;
            /** @description The integrator's own reference. */
            customerOrderNumber?: string | null;
            /**
             * Format: date
             * @description Delivery date; scheduling runs select orders by it.
             */
            deliveryDate: string;
            /** @description Exactly one location. */
            locations: components["schemas"]["LocationInput"][];
            /** @description 0..n non-overlapping windows. Default `[]` (any time). */
            timeWindows?: components["schemas"]["TimeWindow"][] | null;
            /** @description Service time in seconds (parking included). Default 300; at most 86400 (one day). */
            duration?: number | null;
            /** @description Unitless load, paired with route capacity. Default 1. */
            load?: number | null;
            /** @description The order may only go on a route that has all of these tags. Default `[]`. */
            tags?: string[] | null;
            priority?: components["schemas"]["Priority"] | null;
            phone?: string | null;
            /** Format: email */
            email?: string | null;
            /** @description Shown to the driver. */
            instructions?: string | null;
            customFields?: components["schemas"]["CustomFieldsInput"] | null;
            /** @description Default `[]`. */
            packages?: components["schemas"]["PackageInput"][] | null;
        };
        /** @description One order as sent to `POST /v1/orders` and `PUT /v1/orders/{orderUuid}`; as `OrderInput` without `packages`. */
        OrderInputV1: {
            name?: string | null;
            customerOrderNumber?: string | null;
            /** Format: date */
            deliveryDate: string;
            locations: components["schemas"]["LocationInput"][];
            timeWindows?: components["schemas"]["TimeWindow"][] | null;
            duration?: number | null;
            load?: number | null;
            tags?: string[] | null;
            priority?: components["schemas"]["Priority"] | null;
            phone?: string | null;
            /** Format: email */
            email?: string | null;
            instructions?: string | null;
            customFields?: components["schemas"]["CustomFieldsInput"] | null;
        };
        /** @description Body of `POST /v2/orders`, one order or an array of 1..1,000 orders. */
        OrderCreateRequest: components["schemas"]["OrderInput"] | components["schemas"]["OrderInput"][];
        /** @description Body of `POST /v1/orders`, an array of 1..1,000 orders (or one order object). */
        OrderCreateRequestV1: components["schemas"]["OrderInputV1"][] | components["schemas"]["OrderInputV1"];
        /** @description An order (v2). Every key is always present; unset optional values are `null`. */
        Order: {
            /** Format: uuid */
            uuid: string;
            /** Format: uuid */
            workspaceUuid: string;
            /**
             * @description Sequential per organization.
             * @example ORD-1655
             */
            orderNumber: string;
            name: string | null;
            customerOrderNumber: string | null;
            /** Format: date */
            deliveryDate: string;
            locations: components["schemas"]["Location"][];
            timeWindows: components["schemas"]["TimeWindow"][];
            /** @description Service time in seconds. */
            duration: number;
            load: number;
            tags: string[];
            priority: components["schemas"]["Priority"];
            phone: string | null;
            /** Format: email */
            email: string | null;
            instructions: string | null;
            customFields: components["schemas"]["CustomFields"];
            packages: components["schemas"]["Package"][];
            status: components["schemas"]["OrderStatus"];
            /**
             * Format: uuid
             * @description The route the order is on; `null` when not scheduled.
             */
            routeUuid: string | null;
            /**
             * Format: uri
             * @description URL of the customer tracking page, stable per order.
             */
            trackingLink: string;
            /**
             * Format: uri
             * @description URL of the signature image; `null` until delivered with a signature.
             */
            signatureUrl: string | null;
            /**
             * Format: date-time
             * @description Completion time (delivered or missed); `null` before completion.
             */
            deliveryTime: string | null;
            /** @description Why the delivery was missed; `null` unless missed. */
            deliveryMissedReason: string | null;
            /** @description Notes recorded on completion. */
            deliveryNotes: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description An order (v1 shape). As `Order` with `workspaceId` instead of `workspaceUuid`, and without `trackingLink`, `signatureUrl` and `packages`. */
        OrderV1: {
            /** Format: uuid */
            uuid: string;
            workspaceId: number;
            orderNumber: string;
            name: string | null;
            customerOrderNumber: string | null;
            /** Format: date */
            deliveryDate: string;
            locations: components["schemas"]["Location"][];
            timeWindows: components["schemas"]["TimeWindow"][];
            duration: number;
            load: number;
            tags: string[];
            priority: components["schemas"]["Priority"];
            phone: string | null;
            /** Format: email */
            email: string | null;
            instructions: string | null;
            customFields: components["schemas"]["CustomFields"];
            status: components["schemas"]["OrderStatus"];
            /** Format: uuid */
            routeUuid: string | null;
            /** Format: date-time */
            deliveryTime: string | null;
            deliveryMissedReason: string | null;
            deliveryNotes: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        OrderList: {
            data: components["schemas"]["Order"][];
            metadata: components["schemas"]["PaginationMetadata"];
        };
        OrderCreateResult: {
            /** @description The created orders, in request order. */
            data: components["schemas"]["Order"][];
        };
        OrderV1CreateResult: {
            /** @description The created orders (v1 shape), in request order. */
            data: components["schemas"]["OrderV1"][];
        };
        /**
         * @description Body of the completion endpoints, discriminated by `status`: `delivered`
         *     (`CompleteOrderDelivered`, may carry a `signature`) or `missed` (`CompleteOrderMissed`, requires
         *     a `missedReason`). A `missedReason` with `delivered`, or a `signature` with `missed`, matches
         *     neither shape and answers 400 `VALIDATION_FAILED`.
         */
        CompleteOrderRequest: components["schemas"]["CompleteOrderDelivered"] | components["schemas"]["CompleteOrderMissed"];
        /** @description The order was delivered. */
        CompleteOrderDelivered: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            status: "delivered";
            /**
             * Format: date-time
             * @description Completion instant; defaults to now. Becomes the order's `deliveryTime`.
             */
            completedAt?: string;
            /** @description Delivery notes. Become `deliveryNotes`. */
            notes?: string;
            /**
             * @description Base64-encoded PNG of the recipient's signature (at most 1,000,000 characters); the order's
             *     `signatureUrl` then points to it.
             */
            signature?: string;
        };
        /** @description The delivery was missed; `missedReason` says why. */
        CompleteOrderMissed: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            status: "missed";
            /**
             * Format: date-time
             * @description Completion instant; defaults to now. Becomes the order's `deliveryTime`.
             */
            completedAt?: string;
            /** @description Why the delivery was missed. Becomes `deliveryMissedReason`. */
            missedReason: string;
            /** @description Delivery notes. Become `deliveryNotes`. */
            notes?: string;
        };
        /**
         * @description Order uuids to delete, 1..500 (duplicates count once). A value that is not a known order's uuid,
         *     including a malformed one, is not rejected: it is reported in `failed` with `not_found`. Only a
         *     value longer than 255 characters answers 400.
         */
        DeleteRequest: string[];
        /** @description Outcome of a delete answered with 200. */
        DeleteResult: {
            deleted: {
                /** Format: uuid */
                uuid: string;
            }[];
            failed: {
                /** @description The uuid as sent (may be malformed when `reason` is `not_found`). */
                uuid: string;
                /** @enum {string} */
                reason: "order_published" | "order_completed" | "order_locked" | "not_found";
            }[];
        };
        /** @description The route's driver, as returned. */
        Driver: {
            name: string;
            /** Format: email */
            email: string | null;
            phone: string | null;
        };
        /** @description The route's driver, as sent. */
        DriverInput: {
            name: string;
            /** Format: email */
            email?: string | null;
            phone?: string | null;
        };
        /** @description One route as sent. `startTime < endTime`, `HH:MM` in the workspace's timezone. */
        RouteInput: {
            name: string;
            /** Format: date */
            date: string;
            /**
             * @description Shift start.
             * @example 08:00
             */
            startTime: string;
            /**
             * @description Shift end; the latest arrival at `endLocation`, or the latest departure from the last stop without one.
             * @example 17:00
             */
            endTime: string;
            startLocation: components["schemas"]["LocationInput"];
            /** @description Omitted or `null`: the route ends at its last stop. */
            endLocation?: components["schemas"]["LocationInput"] | null;
            /** @description Maximum total load; omitted or `null` means unlimited. */
            capacity?: number | null;
            /** @description Orders with tags may only go on a route that has all of them. Default `[]`. */
            tags?: string[] | null;
            driver?: components["schemas"]["DriverInput"] | null;
        };
        /** @description Body of `POST /v2/routes`. */
        RouteCreateRequest: {
            /** Format: uuid */
            workspaceUuid: string;
            routes: components["schemas"]["RouteInput"][];
        };
        /** @description Body of `POST /v1/routes`, 1..500 routes. */
        RouteCreateRequestV1: components["schemas"]["RouteInput"][];
        RouteTimelineLink: {
            /**
             * Format: uri-reference
             * @description Relative URI of the route's timeline (`/v2/routes/{routeUuid}/timeline`).
             */
            uri: string;
        };
        /** @description A route (v2). Every key is always present; unset optional values are `null`. */
        Route: {
            /** Format: uuid */
            uuid: string;
            /** Format: uuid */
            workspaceUuid: string;
            name: string;
            /** Format: date */
            date: string;
            /** @example 08:00 */
            startTime: string;
            /** @example 17:00 */
            endTime: string;
            startLocation: components["schemas"]["Location"];
            endLocation: components["schemas"]["Location"] | null;
            /** @description `null`: unlimited. */
            capacity: number | null;
            tags: string[];
            driver: components["schemas"]["Driver"] | null;
            /** @description Locked routes are left out of schedule-all and keep their orders. */
            locked: boolean;
            /** @enum {string} */
            status: "planned" | "published";
            /**
             * Format: date-time
             * @description Last (re)publication; `null` while planned.
             */
            publishedAt: string | null;
            ordersCount: number;
            distanceInKilometers: number;
            workingTimeInSeconds: number;
            timeline: components["schemas"]["RouteTimelineLink"];
        };
        /** @description A route (v1 shape). As `Route` with `workspaceId` instead of `workspaceUuid`. */
        RouteV1: {
            /** Format: uuid */
            uuid: string;
            workspaceId: number;
            name: string;
            /** Format: date */
            date: string;
            /** @example 08:00 */
            startTime: string;
            /** @example 17:00 */
            endTime: string;
            startLocation: components["schemas"]["Location"];
            endLocation: components["schemas"]["Location"] | null;
            capacity: number | null;
            tags: string[];
            driver: components["schemas"]["Driver"] | null;
            locked: boolean;
            /** @enum {string} */
            status: "planned" | "published";
            /** Format: date-time */
            publishedAt: string | null;
            ordersCount: number;
            distanceInKilometers: number;
            workingTimeInSeconds: number;
            timeline: components["schemas"]["RouteTimelineLink"];
        };
        RouteList: {
            data: components["schemas"]["Route"][];
            metadata: components["schemas"]["PaginationMetadata"];
        };
        RouteV1List: {
            data: components["schemas"]["RouteV1"][];
            metadata: components["schemas"]["PaginationMetadata"];
        };
        RouteCreateResult: {
            data: components["schemas"]["Route"][];
        };
        RouteV1CreateResult: {
            data: components["schemas"]["RouteV1"][];
        };
        /** @description Body of `PATCH /v2/routes/{routeUuid}`. */
        RouteUpdate: {
            locked: boolean;
        };
        TimelineStopOrder: {
            /** Format: uuid */
            uuid: string;
            status: components["schemas"]["OrderStatus"];
            /** Format: uri */
            trackingLink: string;
        };
        /**
         * @description One stop of a route's timeline. Instants are ISO-8601 with the workspace's offset, `null` where not
         *     (yet) known: planned times are fixed at publish (`null` before), the estimated arrival moves with
         *     completions, actual times come from completions.
         */
        TimelineStop: {
            /** @description Position in the route, from 0 (the start location). */
            sequence: number;
            /** @enum {string} */
            type: "start_location" | "delivering_stop" | "end_location" | "idling";
            /** @description The orders served at this stop (empty for other stop types). */
            orders: components["schemas"]["TimelineStopOrder"][];
            distanceFromPreviousStopInKilometers: number;
            /** Format: date-time */
            plannedArrivalTime: string | null;
            /** Format: date-time */
            plannedDepartureTime: string | null;
            /** Format: date-time */
            estimatedArrivalTime: string | null;
            /** Format: date-time */
            actualArrivalTime: string | null;
            /** Format: date-time */
            actualDepartureTime: string | null;
        };
        Timeline: {
            data: components["schemas"]["TimelineStop"][];
            metadata: components["schemas"]["PaginationMetadata"];
        };
        /** @description Body of `POST /v2/routes/publish`. Without `routeUuids`, all routes of `date` are published. */
        PublishRequest: {
            /** Format: uuid */
            workspaceUuid: string;
            /** Format: date */
            date: string;
            routeUuids?: string[];
        };
        /**
         * @description A background operation, discriminated by `actionName`: `schedule` (`ScheduleAction`), `publish`
         *     (`PublishAction`), `update` (`UpdateAction`) or `delete` (`DeleteAction`). Each kind carries its
         *     own `actionSummary` type, so an action whose summary belongs to another kind matches no shape.
         *     `pending` until it ends; then `finished` (with `actionSummary`) or `failed` (with `reason`).
         *     `finishedAt` is set once it has ended.
         */
        Action: components["schemas"]["ScheduleAction"] | components["schemas"]["PublishAction"] | components["schemas"]["UpdateAction"] | components["schemas"]["DeleteAction"];
        /**
         * @description `pending` until the action ends, then `finished` or `failed`.
         * @enum {string}
         */
        ActionStatus: "pending" | "finished" | "failed";
        /**
         * @description A scheduling run (`POST /v2/schedules`). When finished, `actionSummary` is a `ScheduleSummary`
         *     and the plan is at `GET /v2/schedules/{actionUuid}/solution`.
         */
        ScheduleAction: {
            /** Format: uuid */
            actionUuid: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            actionName: "schedule";
            status: components["schemas"]["ActionStatus"];
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description Set once the action has ended (`finished` or `failed`).
             */
            finishedAt?: string;
            actionSummary?: components["schemas"]["ScheduleSummary"];
            /** @description Why the run failed; the known values are `no_routes` and `no_orders`. */
            reason?: string;
        };
        /**
         * @description A publish action (`POST /v2/routes/publish`). `actionSummary` is a `PublishSummary`, present when
         *     finished and also when the action failed because a route failed (`reason: route_failed`). Skipped
         *     routes (no orders) never fail it.
         */
        PublishAction: {
            /** Format: uuid */
            actionUuid: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            actionName: "publish";
            status: components["schemas"]["ActionStatus"];
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description Set once the action has ended (`finished` or `failed`).
             */
            finishedAt?: string;
            actionSummary?: components["schemas"]["PublishSummary"];
            /**
             * @description Why the action failed: `route_failed` when a route failed (see `actionSummary`; a skipped route
             *     never counts), `no_routes` when the date has no routes.
             */
            reason?: string;
        };
        /**
         * @description An order update that changed a scheduled order's scheduling constraints
         *     (`PUT /v2/orders/{orderUuid}`). When finished, `actionSummary` is an `UpdateSummary`.
         */
        UpdateAction: {
            /** Format: uuid */
            actionUuid: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            actionName: "update";
            status: components["schemas"]["ActionStatus"];
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description Set once the action has ended (`finished` or `failed`).
             */
            finishedAt?: string;
            actionSummary?: components["schemas"]["UpdateSummary"];
            /** @description Why the action failed. */
            reason?: string;
        };
        /**
         * @description A deletion of scheduled orders (`DELETE /v2/orders`, `DELETE /v2/orders/{orderUuid}`). When
         *     finished, `actionSummary` is a `DeleteSummary`.
         */
        DeleteAction: {
            /** Format: uuid */
            actionUuid: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            actionName: "delete";
            status: components["schemas"]["ActionStatus"];
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description Set once the action has ended (`finished` or `failed`).
             */
            finishedAt?: string;
            actionSummary?: components["schemas"]["DeleteSummary"];
            /** @description Why the action failed. */
            reason?: string;
        };
        ActionList: {
            data: components["schemas"]["Action"][];
            metadata: components["schemas"]["PaginationMetadata"];
        };
        /** @description Summary of a finished scheduling run; the full plan is at `GET /v2/schedules/{actionUuid}/solution`. */
        ScheduleSummary: {
            routesUsed: number;
            ordersScheduled: number;
            ordersUnscheduled: number;
            /** @description `false` for a what-if run. */
            committed: boolean;
        };
        /** @description Per-route outcome of a publish action, one entry per route it was asked to publish. */
        PublishSummary: {
            routes: {
                /** Format: uuid */
                uuid: string;
                /**
                 * @description `finished`: published (`route.published` fired). `skipped`: not published because there is
                 *     nothing to send to a driver (`error: route has no orders`); it does not fail the action.
                 *     `failed`: not published, and the action fails with `reason: route_failed` (`error` says why:
                 *     `route doesn't exist`, `route is on <date>, not <date>`).
                 * @enum {string}
                 */
                status: "finished" | "skipped" | "failed";
                /**
                 * @description Why this route was skipped (`route has no orders`) or failed (`route doesn't exist`,
                 *     `route is on <date>, not <date>`); absent when it was published.
                 */
                error?: string;
            }[];
        };
        /** @description Outcome of an order update action. */
        UpdateSummary: {
            orders: {
                /** Format: uuid */
                uuid: string;
                status: components["schemas"]["OrderStatus"];
                /**
                 * Format: uuid
                 * @description `null` when a changed `deliveryDate` took the order off its route.
                 */
                routeUuid: string | null;
                /** @description Constraints the change broke on its route (`time_window`, `capacity`, `tags`, `shift`); empty when none. */
                violations: string[];
            }[];
        };
        /** @description Outcome of a delete action (same shape as `DeleteResult`; `order_published` does not occur, published routes count as locked). */
        DeleteSummary: {
            deleted: {
                /** Format: uuid */
                uuid: string;
            }[];
            failed: {
                uuid: string;
                /** @enum {string} */
                reason: "order_completed" | "order_locked" | "not_found";
            }[];
        };
        ScheduleOptions: {
            /**
             * @description Use as few routes as possible; the rest stay empty.
             * @default false
             */
            minimizeRoutes?: boolean;
            /**
             * @description Balance the work across the routes used.
             * @default false
             */
            balance?: boolean;
            /**
             * @description Fixed cost of each route used, in seconds of travel: a route is used only when it saves more travel time than this (e.g. the travel worth a driver's day). A trade-off, unlike `minimizeRoutes`, which is a priority.
             * @default 0
             */
            routeCost?: number;
            /**
             * @default car
             * @enum {string}
             */
            travelMode?: "car" | "bicycle";
        };
        /** @description Schedule all: every `not_scheduled` order of `date` plus the orders on unlocked, unpublished routes of `date`, across those routes. */
        ScheduleAllRequest: {
            /** Format: uuid */
            workspaceUuid: string;
            /** Format: date */
            date: string;
            options?: components["schemas"]["ScheduleOptions"];
        };
        /** @description Schedule specific: only these orders and routes. */
        ScheduleSpecificRequest: {
            /** Format: uuid */
            workspaceUuid: string;
            /** Format: date */
            date: string;
            orders: string[];
            routes: string[];
            options?: components["schemas"]["ScheduleOptions"];
        };
        /** @description What-if: a self-contained run; nothing is stored or committed. */
        ScheduleWhatIfRequest: {
            /** Format: uuid */
            workspaceUuid: string;
            /** Format: date */
            date: string;
            whatIf: components["schemas"]["WhatIfInput"];
            options?: components["schemas"]["ScheduleOptions"];
        };
        /** @description Body of `POST /v2/schedules`; its shape selects the mode (all, specific, what-if). */
        ScheduleRequest: components["schemas"]["ScheduleAllRequest"] | components["schemas"]["ScheduleSpecificRequest"] | components["schemas"]["ScheduleWhatIfRequest"];
        /**
         * @description An order of a what-if run: `OrderInput` plus an optional caller-chosen `uuid` (unique in the run;
         *     assigned by the service when absent) by which the solution refers to it. `deliveryDate` is
         *     optional and, when given, must equal the run's `date`.
         */
        WhatIfOrder: {
            /** Format: uuid */
            uuid?: string;
            name?: string | null;
            customerOrderNumber?: string | null;
            /** Format: date */
            deliveryDate?: string;
            locations: components["schemas"]["LocationInput"][];
            timeWindows?: components["schemas"]["TimeWindow"][] | null;
            duration?: number | null;
            load?: number | null;
            tags?: string[] | null;
            priority?: components["schemas"]["Priority"] | null;
            phone?: string | null;
            /** Format: email */
            email?: string | null;
            instructions?: string | null;
            customFields?: components["schemas"]["CustomFieldsInput"] | null;
            packages?: components["schemas"]["PackageInput"][] | null;
        };
        /**
         * @description A route of a what-if run: `RouteInput` plus an optional caller-chosen `uuid` (unique in the run;
         *     assigned by the service when absent) by which the solution refers to it. `date` must equal the
         *     run's `date`.
         */
        WhatIfRoute: {
            /** Format: uuid */
            uuid?: string;
            name: string;
            /** Format: date */
            date: string;
            /** @example 08:00 */
            startTime: string;
            /** @example 17:00 */
            endTime: string;
            startLocation: components["schemas"]["LocationInput"];
            endLocation?: components["schemas"]["LocationInput"] | null;
            capacity?: number | null;
            tags?: string[] | null;
            driver?: components["schemas"]["DriverInput"] | null;
        };
        /** @description The self-contained problem of a what-if run. */
        WhatIfInput: {
            orders: components["schemas"]["WhatIfOrder"][];
            routes: components["schemas"]["WhatIfRoute"][];
        };
        SolutionSummary: {
            routesUsed: number;
            ordersScheduled: number;
            ordersUnscheduled: number;
            distanceInKilometers: number;
            workingTimeInSeconds: number;
            idleTimeInSeconds: number;
        };
        SolutionStop: {
            /** @description Position on the route, from 1 (0 is the start location, not listed). */
            sequence: number;
            /** Format: uuid */
            orderUuid: string;
            /**
             * Format: date-time
             * @description ISO-8601 with the workspace's offset.
             */
            arrivalTime: string;
            /** Format: date-time */
            departureTime: string;
            distanceFromPreviousStopInKilometers: number;
            /** @description The load delivered at this stop (the order's `load`). */
            load: number;
        };
        SolutionRoute: {
            /** Format: uuid */
            routeUuid: string;
            stops: components["schemas"]["SolutionStop"][];
            distanceInKilometers: number;
            workingTimeInSeconds: number;
            /** @description Total load carried by the route. */
            load: number;
        };
        /**
         * @description Which hard constraint kept the order off every route (`no_route`: no usable route at all).
         * @enum {string}
         */
        UnscheduledReason: "time_window" | "capacity" | "tags" | "shift" | "no_route";
        UnscheduledOrder: {
            /** Format: uuid */
            orderUuid: string;
            reason: components["schemas"]["UnscheduledReason"];
        };
        /** @description The plan of a finished scheduling run. */
        Solution: {
            /** Format: uuid */
            actionUuid: string;
            /** Format: date */
            date: string;
            /** @description `false` for a what-if run (nothing stored). */
            committed: boolean;
            summary: components["schemas"]["SolutionSummary"];
            routes: components["schemas"]["SolutionRoute"][];
            unscheduled: components["schemas"]["UnscheduledOrder"][];
        };
        /** @enum {string} */
        EventType: "route.published" | "route.eta_updated" | "order.status_updated";
        /** @description Body of `POST /v2/webhooks`. */
        WebhookInput: {
            /**
             * Format: uri
             * @description HTTPS endpoint that receives the events.
             */
            url: string;
            events: components["schemas"]["EventType"][];
            /**
             * Format: uuid
             * @description Only events of this workspace; omitted, all the organization's workspaces.
             */
            workspaceUuid?: string;
        };
        Webhook: {
            /** Format: uuid */
            uuid: string;
            /** Format: uri */
            url: string;
            events: components["schemas"]["EventType"][];
            /**
             * Format: uuid
             * @description `null`: all the organization's workspaces.
             */
            workspaceUuid: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A subscription as returned once, at creation, with its signing secret. */
        WebhookWithSecret: {
            /** Format: uuid */
            uuid: string;
            /** Format: uri */
            url: string;
            events: components["schemas"]["EventType"][];
            /** Format: uuid */
            workspaceUuid: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description HMAC-SHA256 key for `x-dispatch-signature`. Shown only in this response. */
            secret: string;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            metadata: components["schemas"]["PaginationMetadata"];
        };
        /** @description The route and its timeline (planned for `route.published`, live for `route.eta_updated`). */
        RouteEventData: {
            route: components["schemas"]["Route"];
            /** @description All the route's stops, in sequence (not paginated). */
            timeline: components["schemas"]["TimelineStop"][];
        };
        OrderStatusUpdatedData: {
            order: {
                /** Format: uuid */
                uuid: string;
                /** @enum {string} */
                status: "delivered" | "missed";
                /** Format: date-time */
                deliveryTime: string;
                deliveryMissedReason: string | null;
                deliveryNotes: string | null;
                location: components["schemas"]["Location"];
            };
            route: {
                /** Format: uuid */
                uuid: string;
            };
        };
        RoutePublishedEvent: {
            /** @description Event id; equal to `x-dispatch-event-id`, the same on every retry. */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "route.published";
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["RouteEventData"];
        };
        RouteEtaUpdatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "route.eta_updated";
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["RouteEventData"];
        };
        OrderStatusUpdatedEvent: {
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.status_updated";
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["OrderStatusUpdatedData"];
        };
        /** @description Any webhook event body; discriminated by `type`. */
        WebhookEvent: components["schemas"]["RoutePublishedEvent"] | components["schemas"]["RouteEtaUpdatedEvent"] | components["schemas"]["OrderStatusUpdatedEvent"];
    };
    responses: {
        /**
         * @description Invalid request: `INVALID_JSON` (malformed body) or `VALIDATION_FAILED` (invalid or unknown field,
         *     invalid query parameter, too many items, a malformed `Idempotency-Key` header, or a v1 update of a
         *     scheduled order), with `details`.
         */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or unknown token (`UNAUTHORIZED`), or expired token (`TOKEN_EXPIRED`). */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `NOT_FOUND`: the resource (or the workspace named in the query) does not exist, was deleted, or
         *     belongs to another organization.
         */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The resource's state forbids the operation: `ORDER_NOT_PUBLISHED` (completion of an order not on a
         *     published route), `ORDER_COMPLETED` (order already delivered or missed), `ACTION_NOT_FINISHED`
         *     (solution of a pending or failed run), or `CONFLICT` (single delete refused; `details[0].message`
         *     is the reason: `order_published`, `order_completed` or `order_locked`).
         */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The resource's state forbids the operation (`ORDER_NOT_PUBLISHED`, `ORDER_COMPLETED` or
         *     `CONFLICT`, as described for the operation; kept and replayed for its `Idempotency-Key`), or
         *     `IDEMPOTENCY_KEY_IN_USE`: a request with the same `Idempotency-Key` is still being answered;
         *     retry after `Retry-After` seconds.
         */
        ConflictOrKeyInUse: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                /**
                 * @description Seconds to wait before retrying; sent with `IDEMPOTENCY_KEY_IN_USE` only.
                 * @example 1
                 */
                "Retry-After"?: number;
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `IDEMPOTENCY_KEY_IN_USE`: a request with the same `Idempotency-Key` is still being answered.
         *     Retry after `Retry-After` seconds: once the first request has its answer, the retry gets that
         *     answer replayed (or 422 if it is a different request).
         */
        IdempotencyKeyInUse: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `IDEMPOTENCY_KEY_REUSED`: the `Idempotency-Key` was used in the last 24 hours for a different
         *     request (another method, path, query or body). Nothing was run. A new operation needs a new key.
         */
        IdempotencyKeyReused: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `PAYLOAD_TOO_LARGE`: the request body is larger than 5 MiB (5,242,880 bytes); nothing was read or stored. */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `UNSUPPORTED_MEDIA_TYPE`: a request with a body must be sent with `Content-Type: application/json`. */
        UnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `RATE_LIMITED`: too many requests; retry after `Retry-After` seconds. */
        RateLimited: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `INTERNAL`: an unexpected error; safe to retry idempotent requests. A POST sent with an
         *     `Idempotency-Key` may have been partly carried out: its 500 is kept and replayed like any answer.
         */
        InternalError: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `NOT_IMPLEMENTED`: served by the in-memory fake for endpoints it does not implement yet (the fake
         *     answers 501 for anything it does not serve). The real service never answers it.
         */
        NotImplemented: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description 1-based page number. */
        page: number;
        /** @description Items per page (at most 500). */
        perPage: number;
        /**
         * @description The workspace's `uuid` (from `GET /v2/workspaces`). Any value that names none of the caller's
         *     workspaces (unknown, malformed or of another organization) answers 404 `NOT_FOUND`, never 400; so
         *     the schema is a plain string, and a validating proxy forwards what the service answers with 404.
         */
        workspaceUuidQuery: string;
        /** @description The workspace's numeric v1 `workspaceId`. Unknown or of another organization → 404. */
        workspaceIdQuery: number;
        /** @description Only items of this date (`YYYY-MM-DD`); for orders, their `deliveryDate`. */
        dateFilter: string;
        /** @description Only orders with this status. */
        orderStatusFilter: components["schemas"]["OrderStatus"];
        /**
         * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
         *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
         *     and a validating proxy forwards what the service answers with 404.
         */
        orderUuidPath: string;
        /**
         * @description The route's uuid. Any value that names none of the caller's routes (unknown, malformed or of
         *     another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
         *     and a validating proxy forwards what the service answers with 404.
         */
        routeUuidPath: string;
        /**
         * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
         *     (unknown, malformed, of another organization, or an action of another kind) answers 404
         *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
         *     service answers with 404.
         */
        actionUuidPath: string;
        /**
         * @description The webhook subscription's uuid. Any value that names none of the caller's subscriptions
         *     (unknown, malformed or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema
         *     is a plain string, and a validating proxy forwards what the service answers with 404.
         */
        webhookUuidPath: string;
        /**
         * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
         *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
         *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
         *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
         *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
         *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
         *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
         *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
         *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
         *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
         * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
         */
        idempotencyKeyHeader: string;
        /**
         * @description The event's id (`evt_…`, equal to the body's `id`); the same on every retry, so use it as the idempotency key.
         * @example evt_01JDQ8Z7R2M4K6P8S0T2V4X6Z8
         */
        eventIdHeader: string;
        /**
         * @description The time of this delivery attempt, in whole seconds since the Unix epoch, as decimal digits; part
         *     of the signed string `${timestamp}.${rawBody}`. Reject a timestamp too far from your clock (replay
         *     protection).
         * @example 1795539960
         */
        timestampHeader: string;
        /**
         * @description The event type (equal to the body's `type`).
         * @example route.published
         */
        topicHeader: components["schemas"]["EventType"];
        /**
         * @description `v0=<hex>`, hex being the lowercase HMAC-SHA256 of `${x-dispatch-timestamp}.${rawBody}` keyed with
         *     the subscription's secret. During a secret rotation several comma-separated `v0=` values may
         *     arrive; any match is valid. Compare in constant time, against the raw body bytes.
         * @example v0=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
         */
        signatureHeader: string;
    };
    requestBodies: {
        CompleteOrder: {
            content: {
                "application/json": components["schemas"]["CompleteOrderRequest"];
            };
        };
    };
    headers: {
        /**
         * @description Identifies the request; equal to `requestId` in an error body. Quote it when reporting a problem.
         * @example req_8f14e45fceea167a
         */
        XRequestId: string;
        /**
         * @description Seconds to wait before retrying.
         * @example 30
         */
        RetryAfter: number;
        /**
         * @description Suggested number of seconds before polling again (only while the action is pending).
         * @example 2
         */
        RetryAfterHint: number;
        /**
         * @description `true` when this answer is the replay of the first answer to the same `Idempotency-Key` (the
         *     request was not run again); absent on every other answer.
         * @example true
         */
        IdempotentReplayed: boolean;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listWorkspacesV1: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workspaces. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listWorkspaces: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workspaces. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listOrders: {
        parameters: {
            query: {
                /**
                 * @description The workspace's `uuid` (from `GET /v2/workspaces`). Any value that names none of the caller's
                 *     workspaces (unknown, malformed or of another organization) answers 404 `NOT_FOUND`, never 400; so
                 *     the schema is a plain string, and a validating proxy forwards what the service answers with 404.
                 */
                workspaceUuid: components["parameters"]["workspaceUuidQuery"];
                /** @description Only items of this date (`YYYY-MM-DD`); for orders, their `deliveryDate`. */
                date?: components["parameters"]["dateFilter"];
                /** @description Only orders with this status. */
                status?: components["parameters"]["orderStatusFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createOrders: {
        parameters: {
            query: {
                /**
                 * @description The workspace's `uuid` (from `GET /v2/workspaces`). Any value that names none of the caller's
                 *     workspaces (unknown, malformed or of another organization) answers 404 `NOT_FOUND`, never 400; so
                 *     the schema is a plain string, and a validating proxy forwards what the service answers with 404.
                 */
                workspaceUuid: components["parameters"]["workspaceUuidQuery"];
            };
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderCreateRequest"];
            };
        };
        responses: {
            /** @description The created orders, in request order. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCreateResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteRequest"];
            };
        };
        responses: {
            /** @description All involved orders were unscheduled (or undeletable); done. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteResult"];
                };
            };
            /** @description At least one order is scheduled on an unlocked, unpublished route; the deletion runs as an action. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderInput"];
            };
        };
        responses: {
            /** @description The order was updated immediately. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description A scheduled order's scheduling constraints changed; the update runs as an action. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unscheduled order was deleted. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteResult"];
                };
            };
            /** @description The order is scheduled; the deletion runs as an action. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    completeOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CompleteOrder"];
        responses: {
            /** @description The completed order. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    completeOrderAlias: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CompleteOrder"];
        responses: {
            /** @description The completed order. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getOrderAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfterHint"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createOrdersV1: {
        parameters: {
            query: {
                /** @description The workspace's numeric v1 `workspaceId`. Unknown or of another organization → 404. */
                workspaceId: components["parameters"]["workspaceIdQuery"];
            };
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderCreateRequestV1"];
            };
        };
        responses: {
            /** @description The created orders, in request order. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderV1CreateResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getOrderV1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderV1"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateOrderV1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's uuid. Any value that names none of the caller's orders (unknown, deleted, malformed
                 *     or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                orderUuid: components["parameters"]["orderUuidPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderInputV1"];
            };
        };
        responses: {
            /** @description The updated order. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderV1"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listRoutes: {
        parameters: {
            query: {
                /**
                 * @description The workspace's `uuid` (from `GET /v2/workspaces`). Any value that names none of the caller's
                 *     workspaces (unknown, malformed or of another organization) answers 404 `NOT_FOUND`, never 400; so
                 *     the schema is a plain string, and a validating proxy forwards what the service answers with 404.
                 */
                workspaceUuid: components["parameters"]["workspaceUuidQuery"];
                /** @description Only items of this date (`YYYY-MM-DD`); for orders, their `deliveryDate`. */
                date?: components["parameters"]["dateFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of routes. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createRoutes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteCreateRequest"];
            };
        };
        responses: {
            /** @description The created routes, in request order. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteCreateResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getRoute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The route's uuid. Any value that names none of the caller's routes (unknown, malformed or of
                 *     another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                routeUuid: components["parameters"]["routeUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The route. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Route"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    updateRoute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The route's uuid. Any value that names none of the caller's routes (unknown, malformed or of
                 *     another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                routeUuid: components["parameters"]["routeUuidPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteUpdate"];
            };
        };
        responses: {
            /** @description The updated route. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Route"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getRouteTimeline: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path: {
                /**
                 * @description The route's uuid. Any value that names none of the caller's routes (unknown, malformed or of
                 *     another organization) answers 404 `NOT_FOUND`, never 400; so the schema is a plain string,
                 *     and a validating proxy forwards what the service answers with 404.
                 */
                routeUuid: components["parameters"]["routeUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of timeline stops. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Timeline"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    publishRoutes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PublishRequest"];
            };
        };
        responses: {
            /** @description The publish action was accepted. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getPublishAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The action. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfterHint"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listRoutesV1: {
        parameters: {
            query: {
                /** @description The workspace's numeric v1 `workspaceId`. Unknown or of another organization → 404. */
                workspaceId: components["parameters"]["workspaceIdQuery"];
                /** @description Only items of this date (`YYYY-MM-DD`); for orders, their `deliveryDate`. */
                date?: components["parameters"]["dateFilter"];
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of routes. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteV1List"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createRoutesV1: {
        parameters: {
            query: {
                /** @description The workspace's numeric v1 `workspaceId`. Unknown or of another organization → 404. */
                workspaceId: components["parameters"]["workspaceIdQuery"];
            };
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteCreateRequestV1"];
            };
        };
        responses: {
            /** @description The created routes, in request order. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteV1CreateResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listSchedules: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of scheduling actions. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createSchedule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScheduleRequest"];
            };
        };
        responses: {
            /** @description The scheduling run was accepted. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scheduling action. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfterHint"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getScheduleAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scheduling action. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfterHint"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Action"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getScheduleSolution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The action's uuid. Any value that names none of the caller's actions of the endpoint's kinds
                 *     (unknown, malformed, of another organization, or an action of another kind) answers 404
                 *     `NOT_FOUND`, never 400; so the schema is a plain string, and a validating proxy forwards what the
                 *     service answers with 404.
                 */
                actionUuid: components["parameters"]["actionUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Solution"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["perPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes this POST safe to retry. Send a new unique key (a UUID v4) for each operation you mean to
                 *     perform once, and the same key on every retry of it. For 24 hours after the first answer, the
                 *     same key with the same request (method, path, query and a canonical hash of the JSON body, so key
                 *     order and whitespace do not matter) is not run again: the first answer is replayed (status, body
                 *     and headers, `x-request-id` included) with `Idempotent-Replayed: true`. The same key with a
                 *     different request: 422 `IDEMPOTENCY_KEY_REUSED`. The same key while its first request is still
                 *     being answered: 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per organization.
                 *     Answers that refuse the request before it runs (400, 415, 401, 429) are not kept, so the same key
                 *     can be sent again with a corrected request. A key that is not 1 to 255 printable ASCII characters
                 *     answers 400 `VALIDATION_FAILED` with the detail path `Idempotency-Key`.
                 * @example 5f0c6e1e-8a4b-4f7d-9c2e-3b1a0d9e8f76
                 */
                "Idempotency-Key"?: components["parameters"]["idempotencyKeyHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookInput"];
            };
        };
        responses: {
            /** @description The subscription, with its signing secret. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook subscription's uuid. Any value that names none of the caller's subscriptions
                 *     (unknown, malformed or of another organization) answers 404 `NOT_FOUND`, never 400; so the schema
                 *     is a plain string, and a validating proxy forwards what the service answers with 404.
                 */
                uuid: components["parameters"]["webhookUuidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    onRoutePublished: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (`evt_…`, equal to the body's `id`); the same on every retry, so use it as the idempotency key.
                 * @example evt_01JDQ8Z7R2M4K6P8S0T2V4X6Z8
                 */
                "x-dispatch-event-id": components["parameters"]["eventIdHeader"];
                /**
                 * @description The time of this delivery attempt, in whole seconds since the Unix epoch, as decimal digits; part
                 *     of the signed string `${timestamp}.${rawBody}`. Reject a timestamp too far from your clock (replay
                 *     protection).
                 * @example 1795539960
                 */
                "x-dispatch-timestamp": components["parameters"]["timestampHeader"];
                /**
                 * @description The event type (equal to the body's `type`).
                 * @example route.published
                 */
                "x-dispatch-topic": components["parameters"]["topicHeader"];
                /**
                 * @description `v0=<hex>`, hex being the lowercase HMAC-SHA256 of `${x-dispatch-timestamp}.${rawBody}` keyed with
                 *     the subscription's secret. During a secret rotation several comma-separated `v0=` values may
                 *     arrive; any match is valid. Compare in constant time, against the raw body bytes.
                 * @example v0=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "x-dispatch-signature": components["parameters"]["signatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoutePublishedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged; the event will not be sent again. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rejected (e.g. bad signature); the delivery is retried with backoff. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRouteEtaUpdated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (`evt_…`, equal to the body's `id`); the same on every retry, so use it as the idempotency key.
                 * @example evt_01JDQ8Z7R2M4K6P8S0T2V4X6Z8
                 */
                "x-dispatch-event-id": components["parameters"]["eventIdHeader"];
                /**
                 * @description The time of this delivery attempt, in whole seconds since the Unix epoch, as decimal digits; part
                 *     of the signed string `${timestamp}.${rawBody}`. Reject a timestamp too far from your clock (replay
                 *     protection).
                 * @example 1795539960
                 */
                "x-dispatch-timestamp": components["parameters"]["timestampHeader"];
                /**
                 * @description The event type (equal to the body's `type`).
                 * @example route.published
                 */
                "x-dispatch-topic": components["parameters"]["topicHeader"];
                /**
                 * @description `v0=<hex>`, hex being the lowercase HMAC-SHA256 of `${x-dispatch-timestamp}.${rawBody}` keyed with
                 *     the subscription's secret. During a secret rotation several comma-separated `v0=` values may
                 *     arrive; any match is valid. Compare in constant time, against the raw body bytes.
                 * @example v0=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "x-dispatch-signature": components["parameters"]["signatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteEtaUpdatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged; the event will not be sent again. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rejected (e.g. bad signature); the delivery is retried with backoff. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderStatusUpdated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event's id (`evt_…`, equal to the body's `id`); the same on every retry, so use it as the idempotency key.
                 * @example evt_01JDQ8Z7R2M4K6P8S0T2V4X6Z8
                 */
                "x-dispatch-event-id": components["parameters"]["eventIdHeader"];
                /**
                 * @description The time of this delivery attempt, in whole seconds since the Unix epoch, as decimal digits; part
                 *     of the signed string `${timestamp}.${rawBody}`. Reject a timestamp too far from your clock (replay
                 *     protection).
                 * @example 1795539960
                 */
                "x-dispatch-timestamp": components["parameters"]["timestampHeader"];
                /**
                 * @description The event type (equal to the body's `type`).
                 * @example route.published
                 */
                "x-dispatch-topic": components["parameters"]["topicHeader"];
                /**
                 * @description `v0=<hex>`, hex being the lowercase HMAC-SHA256 of `${x-dispatch-timestamp}.${rawBody}` keyed with
                 *     the subscription's secret. During a secret rotation several comma-separated `v0=` values may
                 *     arrive; any match is valid. Compare in constant time, against the raw body bytes.
                 * @example v0=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "x-dispatch-signature": components["parameters"]["signatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderStatusUpdatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged; the event will not be sent again. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rejected (e.g. bad signature); the delivery is retried with backoff. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
