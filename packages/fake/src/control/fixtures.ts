/**
 * Fixtures: a fake's starting data in one document (organizations with their tokens, workspaces, routes, orders,
 * webhook subscriptions), for `dispatch-fake --fixtures FILE`, `POST /_fake/fixtures`, `createFake({ fixtures })` and
 * `fake.control.loadFixtures()`. The document's own shape is the `Fixtures` schema of control-openapi.yaml (generated
 * into FIXTURES_SCHEMA); a route's, an order's and a subscription's fields are checked with the API's own body
 * schemas and checks, and created through the domain operations the API calls, so they get the same defaults.
 * Every problem is found before anything is created; the creation is undone should it fail all the same.
 * @see docs/decisions/0026-fixtures.md
 */
import { z } from "zod";
import type { Context } from "../domain/context.js";
import { type ErrorDetail, validationFailed } from "../domain/errors.js";
import { checkOrderInput, createOrders, type OrderInput } from "../domain/orders.js";
import { createOrganization, createWorkspace, issueToken, isTimeZone } from "../domain/organizations.js";
import type { Principal, Workspace } from "../domain/records.js";
import { assignOrdersToRoute, checkRouteInput, createRoutes, type RouteInput } from "../domain/routes.js";
import { createSubscription, type SubscriptionInput } from "../domain/webhooks.js";
import type { components as Api } from "../http/contract-types.js";
import { toWorkspaceBody } from "../http/handlers/workspaces.js";
import { formatPath, zodDetails } from "../http/input.js";
import type { OwnUrls } from "../http/own-urls.js";
import { orderInput, routeInput } from "../http/schemas.js";
import { webhookInput } from "../http/webhook-schemas.js";
import type { components } from "./generated/control-openapi.js";
import { FIXTURES_SCHEMA } from "./generated/fixtures-schema.js";

type Schemas = components["schemas"];

/** A route of the fixtures: its key, its workspace, and the fields of a route of `POST /v2/routes`. */
export type FixtureRoute = Pick<Schemas["FixtureRoute"], "key" | "workspace"> & Api["schemas"]["RouteInput"];

/** An order of the fixtures: its key, workspace and route, and the fields of an order of `POST /v2/orders`. */
export type FixtureOrder = Pick<Schemas["FixtureOrder"], "key" | "workspace" | "route"> & Api["schemas"]["OrderInput"];

/** A subscription of the fixtures: its owner, its secret, and `url` and `events` as `POST /v2/webhooks` takes them. */
export type FixtureWebhook = Pick<Schemas["FixtureWebhook"], "key" | "organization" | "workspace" | "secret"> &
  Omit<Api["schemas"]["WebhookInput"], "workspaceUuid">;

/** A fake's starting data (`Fixtures` of control-openapi.yaml; docs/standalone.md, "Start with your own data"). */
export type Fixtures = Omit<Schemas["Fixtures"], "routes" | "orders" | "webhooks"> & {
  routes?: FixtureRoute[];
  orders?: FixtureOrder[];
  webhooks?: FixtureWebhook[];
};

/** What loading fixtures created, each list in the order of the fixtures' (`LoadedFixtures` of control-openapi.yaml). */
export type LoadedFixtures = Schemas["LoadedFixtures"];

const ACTION = "load fixtures";

/** Built on first use: most fakes never load fixtures. */
let documentSchema: z.ZodType | undefined;
function fixturesSchema(): z.ZodType {
  documentSchema ??= z.fromJSONSchema(FIXTURES_SCHEMA as never);
  return documentSchema;
}

/** A workspace named by a fixture: one of the fixtures' (by index) or one the fake holds. */
type WorkspaceRef = { readonly file: number } | { readonly held: Workspace };

/** The fixtures checked, every reference resolved: what {@link createFixtures} creates. */
export interface CheckedFixtures {
  readonly organizations: readonly { key: string; name: string | undefined; tokens: readonly string[] }[];
  readonly workspaces: readonly { key: string; organization: number; init: Schemas["FixtureWorkspace"] }[];
  readonly routes: readonly { key: string | null; workspace: WorkspaceRef; input: RouteInput }[];
  readonly orders: readonly { key: string | null; workspace: WorkspaceRef; route: number | null; input: OrderInput }[];
  readonly webhooks: readonly {
    key: string | null;
    owner: { readonly organization: number } | { readonly workspace: WorkspaceRef };
    input: Omit<SubscriptionInput, "workspaceUuid">;
    secret: string | undefined;
  }[];
}

/** The index of each key of a list; a key given twice is a problem of the later record. */
function keysOf(records: readonly { key?: string | undefined }[], list: string, details: ErrorDetail[]) {
  const index = new Map<string, number>();
  records.forEach((record, i) => {
    if (record.key === undefined) return;
    const first = index.get(record.key);
    if (first !== undefined) {
      details.push({
        path: formatPath([list, i, "key"]),
        message: `duplicate key ${JSON.stringify(record.key)} (${list}[${first}] has it)`,
      });
    } else index.set(record.key, i);
  });
  return index;
}

/** Fields of a record that are the fixtures' own, and the rest: what the API's body schema checks. */
function split(record: object, own: readonly string[]): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...record };
  for (const key of own) delete rest[key];
  return rest;
}

/** `rest` parsed with one of the API's body schemas, problems under `prefix`; undefined when it has problems. */
function parseApiFields<S extends z.ZodType>(
  schema: S,
  rest: Record<string, unknown>,
  prefix: readonly PropertyKey[],
  details: ErrorDetail[],
): z.output<S> | undefined {
  const result = schema.safeParse(rest);
  if (result.success) return result.data;
  details.push(...zodDetails(result.error, prefix, rest));
  return undefined;
}

/**
 * Check `value` as fixtures for the fake of `ctx`: the document's schema, then each record with the API's checks,
 * then the references and tokens. Throws 400 VALIDATION_FAILED naming every problem (`orders[3].locations`).
 */
export function checkFixtures(ctx: Context, value: unknown, own: OwnUrls): CheckedFixtures {
  const parsed = fixturesSchema().safeParse(value);
  if (!parsed.success) throw validationFailed(ACTION, zodDetails(parsed.error, [], value));
  // The schema checked it; the record fields the API checks are read from the value itself (the schema's copy of an
  // open object is not needed).
  const fixtures = value as Fixtures;
  const details: ErrorDetail[] = [];
  const organizations = fixtures.organizations ?? [];
  const workspaces = fixtures.workspaces ?? [];
  const routes = fixtures.routes ?? [];
  const orders = fixtures.orders ?? [];
  const webhooks = fixtures.webhooks ?? [];
  const organizationKeys = keysOf(organizations, "organizations", details);
  const workspaceKeys = keysOf(workspaces, "workspaces", details);
  const routeKeys = keysOf(routes, "routes", details);
  keysOf(orders, "orders", details);
  keysOf(webhooks, "webhooks", details);

  const tokens = new Map<string, string>();
  organizations.forEach((organization, i) => {
    organization.tokens.forEach((token, t) => {
      const path = `organizations[${i}].tokens[${t}]`;
      const first = tokens.get(token);
      if (ctx.state.tokens.has(token)) {
        details.push({ path, message: `token ${JSON.stringify(token)} exists already: choose another` });
      } else if (first !== undefined) {
        details.push({ path, message: `token ${JSON.stringify(token)} is given twice (${first} has it)` });
      } else tokens.set(token, path);
    });
  });

  const checkedWorkspaces = workspaces.map((workspace, i) => {
    const organization = organizationKeys.get(workspace.organization);
    if (organization === undefined) {
      details.push({
        path: `workspaces[${i}].organization`,
        message: `names no organization of the fixtures: no organization has the key ${JSON.stringify(workspace.organization)}`,
      });
    }
    if (workspace.timezone !== undefined && !isTimeZone(workspace.timezone)) {
      details.push({
        path: `workspaces[${i}].timezone`,
        message: `unknown IANA time zone ${JSON.stringify(workspace.timezone)}`,
      });
    }
    return { key: workspace.key, organization: organization ?? -1, init: workspace };
  });

  /** The workspace a reference names, or a problem at `path`. */
  const workspaceRef = (reference: string, path: string): WorkspaceRef | undefined => {
    const file = workspaceKeys.get(reference);
    if (file !== undefined) return { file };
    const held = ctx.state.workspaces.get(reference);
    if (held) return { held };
    details.push({
      path,
      message: `names no workspace: ${JSON.stringify(reference)} is neither the key of a workspace of the fixtures nor the uuid of one the fake holds`,
    });
    return undefined;
  };
  const sameWorkspace = (a: WorkspaceRef, b: WorkspaceRef) =>
    "file" in a ? "file" in b && a.file === b.file : "held" in b && a.held.uuid === b.held.uuid;

  const checkedRoutes = routes.map((route, i) => {
    const workspace = workspaceRef(route.workspace, `routes[${i}].workspace`);
    const input = parseApiFields(routeInput, split(route, ["key", "workspace"]), ["routes", i], details);
    if (input) checkRouteInput(input, `routes[${i}].`, details);
    return { key: route.key ?? null, workspace, input };
  });

  const checkedOrders = orders.map((order, i) => {
    const workspace = workspaceRef(order.workspace, `orders[${i}].workspace`);
    const input = parseApiFields(orderInput, split(order, ["key", "workspace", "route"]), ["orders", i], details);
    if (input) checkOrderInput(input, `orders[${i}].`, details);
    let route: number | null = null;
    if (order.route !== undefined) {
      const index = routeKeys.get(order.route);
      const target = index === undefined ? undefined : checkedRoutes[index];
      if (index === undefined || target === undefined) {
        details.push({
          path: `orders[${i}].route`,
          message: `names no route of the fixtures: no route has the key ${JSON.stringify(order.route)}`,
        });
      } else {
        route = index;
        if (workspace && target.workspace && !sameWorkspace(workspace, target.workspace)) {
          details.push({
            path: `orders[${i}].route`,
            message: `route ${JSON.stringify(order.route)} is in workspace ${JSON.stringify(routes[index]?.workspace)}, the order in ${JSON.stringify(order.workspace)}`,
          });
        }
        if (input && target.input && input.deliveryDate !== target.input.date) {
          details.push({
            path: `orders[${i}].route`,
            message: `route ${JSON.stringify(order.route)} is for ${target.input.date}, the order's deliveryDate is ${input.deliveryDate}`,
          });
        }
      }
    }
    return { key: order.key ?? null, workspace, route, input };
  });

  const checkedWebhooks = webhooks.map((webhook, i) => {
    const rest = split(webhook, ["key", "organization", "workspace", "secret"]);
    if ("workspaceUuid" in rest) {
      details.push({
        path: `webhooks[${i}].workspaceUuid`,
        message: "name the workspace with workspace (its key, or its uuid) instead",
      });
      delete rest.workspaceUuid;
    }
    const input = parseApiFields(webhookInput, rest, ["webhooks", i], details);
    const fake = input ? own.reached(input.url) : undefined;
    if (fake !== undefined) {
      details.push({
        path: `webhooks[${i}].url`,
        message: `must not point at the fake itself (${fake}): its deliveries would call the fake's own API`,
      });
    }
    let owner: CheckedFixtures["webhooks"][number]["owner"] | undefined;
    if ((webhook.organization === undefined) === (webhook.workspace === undefined)) {
      details.push({
        path: `webhooks[${i}].organization`,
        message: "give exactly one of organization (every workspace of it), workspace (that workspace only)",
      });
    } else if (webhook.organization !== undefined) {
      const organization = organizationKeys.get(webhook.organization);
      if (organization === undefined) {
        details.push({
          path: `webhooks[${i}].organization`,
          message: `names no organization of the fixtures: no organization has the key ${JSON.stringify(webhook.organization)}`,
        });
      } else owner = { organization };
    } else if (webhook.workspace !== undefined) {
      const workspace = workspaceRef(webhook.workspace, `webhooks[${i}].workspace`);
      if (workspace) owner = { workspace };
    }
    return { key: webhook.key ?? null, owner, input, secret: webhook.secret };
  });

  if (details.length > 0) throw validationFailed(ACTION, details);
  // No problem: every reference resolved and every record parsed.
  return {
    organizations: organizations.map((o) => ({ key: o.key, name: o.name, tokens: o.tokens })),
    workspaces: checkedWorkspaces,
    routes: checkedRoutes as CheckedFixtures["routes"],
    orders: checkedOrders as CheckedFixtures["orders"],
    webhooks: checkedWebhooks as CheckedFixtures["webhooks"],
  };
}

/**
 * Create what {@link checkFixtures} checked, in the fixtures' order (organizations and their tokens, workspaces,
 * routes, orders, the orders on their routes, subscriptions), through the operations the API and the control API
 * use. The caller undoes it should it throw (it does not for checked fixtures and the fake's own geocoder).
 */
export function createFixtures(ctx: Context, fixtures: CheckedFixtures): LoadedFixtures {
  const organizations = fixtures.organizations.map(({ name, tokens }) => {
    const { organization } = createOrganization(ctx, { ...(name !== undefined ? { name } : {}), workspaces: [] });
    for (const token of tokens) issueToken(ctx, organization.id, { token });
    return organization;
  });
  const workspaces = fixtures.workspaces.map(({ organization, init }) => {
    const owner = organizations[organization] as (typeof organizations)[number];
    return createWorkspace(ctx, owner.id, {
      ...(init.name !== undefined ? { name: init.name } : {}),
      ...(init.timezone !== undefined ? { timezone: init.timezone } : {}),
      ...(init.serviceArea !== undefined ? { serviceArea: init.serviceArea } : {}),
    });
  });
  const workspaceOf = (ref: WorkspaceRef) => ("file" in ref ? (workspaces[ref.file] as Workspace) : ref.held);
  // The API acts for a token's organization; fixtures act for the organization of each record's workspace.
  const principalOf = (workspace: Workspace): Principal => ({ organizationId: workspace.organizationId, token: "" });

  const routes = fixtures.routes.map(({ workspace: ref, input }, i) => {
    const workspace = workspaceOf(ref);
    const [route] = createRoutes(ctx, principalOf(workspace), workspace, [input], () => `routes[${i}].`);
    return route as NonNullable<typeof route>;
  });
  const orders = fixtures.orders.map(({ workspace: ref, input }, i) => {
    const workspace = workspaceOf(ref);
    const [order] = createOrders(ctx, principalOf(workspace), workspace, [input], () => `orders[${i}].`);
    return order as NonNullable<typeof order>;
  });
  // Each route's orders in the fixtures' order, as a committed scheduling run puts them.
  const onRoute = new Map<number, string[]>();
  fixtures.orders.forEach(({ route }, i) => {
    if (route === null) return;
    const list = onRoute.get(route) ?? [];
    list.push((orders[i] as (typeof orders)[number]).uuid);
    onRoute.set(route, list);
  });
  for (const [index, orderUuids] of onRoute) {
    assignOrdersToRoute(ctx, (routes[index] as (typeof routes)[number]).uuid, orderUuids);
  }
  const webhooks = fixtures.webhooks.map(({ owner, input, secret }) => {
    const workspace = "workspace" in owner ? workspaceOf(owner.workspace) : undefined;
    const organizationId =
      workspace?.organizationId ?? (organizations[(owner as { organization: number }).organization]?.id as string);
    const subscription = createSubscription(
      ctx,
      { organizationId, token: "" },
      { ...input, ...(workspace ? { workspaceUuid: workspace.uuid } : {}) },
    );
    // A secret of the fixtures' own, so a receiver can know it before the fake starts.
    if (secret !== undefined) subscription.secret = secret;
    return subscription;
  });

  return {
    organizations: fixtures.organizations.map(({ key, tokens }, i) => ({
      key,
      name: (organizations[i] as (typeof organizations)[number]).name,
      tokens: [...tokens],
    })),
    workspaces: workspaces.map((workspace, i) => ({
      key: (fixtures.workspaces[i] as CheckedFixtures["workspaces"][number]).key,
      ...toWorkspaceBody(workspace),
    })),
    routes: routes.map((route, i) => ({
      key: fixtures.routes[i]?.key ?? null,
      uuid: route.uuid,
      workspaceUuid: route.workspaceUuid,
      orderUuids: [...route.orderUuids],
    })),
    orders: orders.map((order, i) => ({
      key: fixtures.orders[i]?.key ?? null,
      uuid: order.uuid,
      orderNumber: order.orderNumber,
      workspaceUuid: order.workspaceUuid,
      routeUuid: order.routeUuid,
    })),
    webhooks: webhooks.map((subscription, i) => ({
      key: fixtures.webhooks[i]?.key ?? null,
      uuid: subscription.uuid,
      workspaceUuid: subscription.workspaceUuid,
      secret: subscription.secret,
    })),
  };
}
