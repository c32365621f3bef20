/**
 * Routes, v2 and v1: create, list, fetch, lock/unlock, timeline, publish and the publish action poll.
 * @see `docs/api-contract.md` sections 4, 7 and 8
 */
import { pollAction } from "../../domain/actions.js";
import { publishRoutes } from "../../domain/publishing.js";
import { createRoutes, getRoute, listRoutes, setRouteLocked } from "../../domain/routes.js";
import { toTimelineView } from "../../domain/views.js";
import { toActionBody, toPollReply, toRouteBody, toRouteV1Body } from "../bodies.js";
import { dateQuery, parseWith, workspaceFromBody, workspaceFromQuery, workspaceFromV1Query } from "../input.js";
import { mapPage, paginate } from "../pagination.js";
import type { Operation } from "../router.js";
import { publishInput, routeCreateInput, routeCreateInputV1, routeUpdateInput } from "../schemas.js";
import { defineOperation } from "../typed.js";

/** The route operations (v2 and v1). */
export function routeOperations(): Operation[] {
  return [
    defineOperation("/v2/routes", "post", async (req) => {
      const input = parseWith(routeCreateInput, await req.json(), "create routes");
      const workspace = workspaceFromBody(req.domain, req.principal, input.workspaceUuid);
      const routes = createRoutes(req.domain, req.principal, workspace, input.routes);
      return { status: 201, body: { data: routes.map(toRouteBody) } };
    }),
    defineOperation("/v2/routes", "get", ({ domain, principal, query, url }) => {
      const workspace = workspaceFromQuery(domain, principal, query, "list routes");
      const routes = listRoutes(domain, principal, workspace, dateQuery(query, "list routes"));
      const page = paginate(routes, url);
      return { status: 200, body: { ...page, data: page.data.map(toRouteBody) } };
    }),
    defineOperation("/v2/routes/{routeUuid}", "get", ({ domain, principal, params }) => ({
      status: 200,
      body: toRouteBody(getRoute(domain, principal, params.routeUuid)),
    })),
    defineOperation("/v2/routes/{routeUuid}", "patch", async (req) => {
      const uuid = req.params.routeUuid;
      getRoute(req.domain, req.principal, uuid);
      const input = parseWith(routeUpdateInput, await req.json(), "update route");
      return { status: 200, body: toRouteBody(setRouteLocked(req.domain, req.principal, uuid, input.locked)) };
    }),
    defineOperation("/v2/routes/{routeUuid}/timeline", "get", ({ domain, principal, params, url }) => {
      const route = getRoute(domain, principal, params.routeUuid);
      return { status: 200, body: paginate(toTimelineView(domain, route), url) };
    }),
    defineOperation("/v2/routes/publish", "post", async (req) => {
      const input = parseWith(publishInput, await req.json(), "publish routes");
      const workspace = workspaceFromBody(req.domain, req.principal, input.workspaceUuid);
      const action = publishRoutes(req.domain, req.principal, workspace, {
        date: input.date,
        routeUuids: input.routeUuids,
      });
      return { status: 202, body: toActionBody(action) };
    }),
    defineOperation("/v2/routes/actions/{actionUuid}", "get", ({ domain, principal, params }) => {
      const action = pollAction(domain, principal, params.actionUuid, ["publish"]);
      return toPollReply(domain, action);
    }),
    defineOperation("/v1/routes", "post", async (req) => {
      const workspace = workspaceFromV1Query(req.domain, req.principal, req.query, "create routes");
      const inputs = parseWith(routeCreateInputV1, await req.json(), "create routes");
      const routes = createRoutes(req.domain, req.principal, workspace, inputs, (i) => `[${i}].`);
      return { status: 201, body: { data: routes.map((r) => toRouteV1Body(req.domain, r)) } };
    }),
    defineOperation("/v1/routes", "get", ({ domain, principal, query, url }) => {
      const workspace = workspaceFromV1Query(domain, principal, query, "list routes");
      const routes = listRoutes(domain, principal, workspace, dateQuery(query, "list routes"));
      return {
        status: 200,
        body: mapPage(paginate(routes, url), (r) => toRouteV1Body(domain, r)),
      };
    }),
  ];
}
