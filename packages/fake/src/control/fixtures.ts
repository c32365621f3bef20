/**
 * Fixtures: a fake's starting data in one document (organizations with their tokens, workspaces, routes, orders,
 * webhook subscriptions), for `dispatch-fake --fixtures FILE`, `POST /_fake/fixtures`, `createFake({ fixtures })` and
 * `fake.control.loadFixtures()`. The document's own shape is the `Fixtures` schema of control-openapi.yaml (generated
 * into FIXTURES_SCHEMA); a route's, an order's and a subscription's fields are checked with the API's own body
 * schemas and checks, and created through the domain operations the API calls, so they get the same defaults.
 * Every problem is found before anything is created; the creation is undone should it fail all the same.
 * @see docs/decisions/0006-test-control-and-fixtures.md
 */
import { z } from "zod";
import type { Context } from "../domain/context.js";
import { type ErrorDetail, validationFailed } from "../domain/errors.js";
import { checkOrderInput, createOrders, type OrderInput } from "../domain/orders.js";
import { createOrganization, createWorkspace, issueToken, isTimeZone } from "../domain/organizations.js";
import type { Principal, Workspace } from "../domain/records.js";
import { assignOrdersToRoute, checkRouteInput, createRoutes, type RouteInput } from "../domain/routes.js";
import { mapInSteps, runSteps, STEP_ITEMS, type Steps, stepCounter } from "../domain/steps.js";
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
type FixtureWorkspace = Schemas["FixtureWorkspace"];

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

/** The lists of a fixtures document, in the document's order. */
const LISTS = ["organizations", "workspaces", "routes", "orders", "webhooks"] as const;

/**
 * The document's schema in two parts: the document with its lists' items left unchecked (its own fields, each list's
 * type and bound), and each list's item schema, so that 50,000 orders are checked one step of them at a time.
 */
interface DocumentSchemas {
  readonly shell: z.ZodType;
  readonly items: Readonly<Record<(typeof LISTS)[number], z.ZodType>>;
}

/** Built on first use: most fakes never load fixtures. */
let documentSchemas: DocumentSchemas | undefined;
function fixturesSchemas(): DocumentSchemas {
  if (documentSchemas) return documentSchemas;
  const schema = FIXTURES_SCHEMA as {
    $schema: string;
    properties: Record<string, { items?: { $ref: string } }>;
    $defs: Record<string, object>;
  };
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [
      name,
      property.items ? { ...property, items: {} } : property,
    ]),
  );
  const item = (list: string) => {
    const name = (schema.properties[list]?.items?.$ref ?? "").replace("#/$defs/", "");
    return z.fromJSONSchema({ $schema: schema.$schema, ...schema.$defs[name], $defs: schema.$defs } as never);
  };
  documentSchemas = {
    shell: z.fromJSONSchema({ ...schema, properties } as never),
    items: Object.fromEntries(LISTS.map((list) => [list, item(list)])) as DocumentSchemas["items"],
  };
  return documentSchemas;
}

/**
 * The problems the document's schema finds in `value`, in steps, in the order one parse of the whole document gives
 * them: field by field (a list's own problems, then its items' under `orders[3]`), then the document's (unknown
 * fields).
 */
function* schemaDetails(value: unknown): Steps<ErrorDetail[]> {
  const { shell, items } = fixturesSchemas();
  const parsed = shell.safeParse(value);
  const issues = parsed.success ? [] : parsed.error.issues;
  const document = objectOf(value);
  const details: ErrorDetail[] = [];
  const shellDetails = (field: PropertyKey | undefined) => {
    const own = issues.filter((issue) => issue.path[0] === field);
    if (own.length > 0) details.push(...zodDetails(new z.ZodError(own), [], value));
  };
  const step = stepCounter();
  for (const field of Object.keys(FIXTURES_SCHEMA.properties as object)) {
    shellDetails(field);
    const records = document?.[field];
    const schema = items[field as (typeof LISTS)[number]];
    if (!schema || !Array.isArray(records)) continue;
    for (let i = 0; i < records.length; i++) {
      const record: unknown = records[i];
      const result = schema.safeParse(record);
      if (!result.success) details.push(...zodDetails(result.error, [field, i], record));
      if (step.tick()) yield;
    }
  }
  shellDetails(undefined);
  return details;
}

/** A workspace named by a fixture: one of the fixtures' (by index) or one the fake holds. */
type WorkspaceRef = { readonly file: number } | { readonly held: Workspace };

/** The fixtures checked, every reference resolved: what {@link createFixtures} creates. */
export interface CheckedFixtures {
  readonly organizations: readonly { key: string; name: string | undefined; tokens: readonly string[] }[];
  readonly workspaces: readonly { key: string; organization: number; init: FixtureWorkspace }[];
  readonly routes: readonly { key: string | null; workspace: WorkspaceRef; input: RouteInput }[];
  readonly orders: readonly { key: string | null; workspace: WorkspaceRef; route: number | null; input: OrderInput }[];
  readonly webhooks: readonly {
    key: string | null;
    owner: { readonly organization: number } | { readonly workspace: WorkspaceRef };
    input: Omit<SubscriptionInput, "workspaceUuid">;
    secret: string | undefined;
  }[];
}

/** A JSON object, or undefined for anything else. */
function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A string, or undefined for anything else (the schema names a value of another type). */
const stringOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The records of one list of the document, as objects (undefined where an item is not one). */
/** One record of the fixtures as read, before its checks. */
type FixtureRecord = Record<string, unknown>;

function recordsOf(document: Record<string, unknown>, list: string): (Record<string, unknown> | undefined)[] {
  const items = document[list];
  return Array.isArray(items) ? items.map(objectOf) : [];
}

/** The index of each key of a list; a key given twice is a problem of the later record. */
function keysOf(records: readonly (Record<string, unknown> | undefined)[], list: string, details: ErrorDetail[]) {
  const index = new Map<string, number>();
  records.forEach((record, i) => {
    const key = stringOf(record?.key);
    if (key === undefined) return;
    const first = index.get(key);
    if (first !== undefined) {
      details.push({
        path: formatPath([list, i, "key"]),
        message: `duplicate key ${JSON.stringify(key)} (${list}[${first}] has it)`,
      });
    } else index.set(key, i);
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

/** Every token of the fixtures' organizations is new and given once. */
function checkTokens(
  ctx: Context,
  organizations: readonly (FixtureRecord | undefined)[],
  details: ErrorDetail[],
): void {
  const tokens = new Map<string, string>();
  organizations.forEach((organization, i) => {
    const given = organization?.tokens;
    (Array.isArray(given) ? given : []).forEach((token: unknown, t) => {
      if (typeof token !== "string") return;
      const path = `organizations[${i}].tokens[${t}]`;
      const first = tokens.get(token);
      if (ctx.state.tokens.has(token)) {
        details.push({ path, message: `token ${JSON.stringify(token)} exists already: choose another` });
      } else if (first !== undefined) {
        details.push({ path, message: `token ${JSON.stringify(token)} is given twice (${first} has it)` });
      } else tokens.set(token, path);
    });
  });
}

const sameWorkspace = (a: WorkspaceRef, b: WorkspaceRef) =>
  "file" in a ? "file" in b && a.file === b.file : "held" in b && a.held.uuid === b.held.uuid;

/** The index of the fixtures' route an order names (same workspace, same date), or null; problems into `details`. */
function orderRoute(
  order: FixtureRecord | undefined,
  i: number,
  { workspace, input }: { workspace: WorkspaceRef | undefined; input: OrderInput | undefined },
  routes: {
    keys: ReadonlyMap<string, number>;
    checked: readonly { workspace: WorkspaceRef | undefined; input: RouteInput | undefined }[];
    routes: readonly (FixtureRecord | undefined)[];
  },
  details: ErrorDetail[],
): number | null {
  const routeKey = stringOf(order?.route);
  if (routeKey === undefined) return null;
  const index = routes.keys.get(routeKey);
  const target = index === undefined ? undefined : routes.checked[index];
  if (index === undefined || target === undefined) {
    details.push({
      path: `orders[${i}].route`,
      message: `names no route of the fixtures: no route has the key ${JSON.stringify(routeKey)}`,
    });
    return null;
  }
  if (workspace && target.workspace && !sameWorkspace(workspace, target.workspace)) {
    details.push({
      path: `orders[${i}].route`,
      message: `route ${JSON.stringify(routeKey)} is in workspace ${JSON.stringify(routes.routes[index]?.workspace)}, the order in ${JSON.stringify(order?.workspace)}`,
    });
  }
  if (input && target.input && input.deliveryDate !== target.input.date) {
    details.push({
      path: `orders[${i}].route`,
      message: `route ${JSON.stringify(routeKey)} is for ${target.input.date}, the order's deliveryDate is ${input.deliveryDate}`,
    });
  }
  return index;
}

/** How the checks of a record resolve the organizations and workspaces it names. */
interface FixtureRefs {
  organization(reference: unknown, path: string): number | undefined;
  workspace(reference: unknown, path: string): WorkspaceRef | undefined;
}

/** One subscription of the fixtures checked: its fields as the API's, its URL, its one owner. */
function checkWebhook(
  webhook: FixtureRecord | undefined,
  i: number,
  own: OwnUrls,
  refs: FixtureRefs,
  details: ErrorDetail[],
) {
  const rest = webhook ? split(webhook, ["key", "organization", "workspace", "secret"]) : undefined;
  if (rest && "workspaceUuid" in rest) {
    details.push({
      path: `webhooks[${i}].workspaceUuid`,
      message: "name the workspace with workspace (its key, or its uuid) instead",
    });
    delete rest.workspaceUuid;
  }
  const input = rest && parseApiFields(webhookInput, rest, ["webhooks", i], details);
  // As written (fixtures load synchronously); each attempt checks the addresses the host resolves to.
  const refused = input ? own.refusal(input.url) : undefined;
  if (refused !== undefined) details.push({ path: `webhooks[${i}].url`, message: refused });
  let owner: CheckedFixtures["webhooks"][number]["owner"] | undefined;
  if (webhook && (webhook.organization === undefined) === (webhook.workspace === undefined)) {
    details.push({
      path: `webhooks[${i}].organization`,
      message: "give exactly one of organization (every workspace of it), workspace (that workspace only)",
    });
  } else if (webhook?.organization !== undefined) {
    const organization = refs.organization(webhook.organization, `webhooks[${i}].organization`);
    if (organization !== undefined) owner = { organization };
  } else {
    const workspace = refs.workspace(webhook?.workspace, `webhooks[${i}].workspace`);
    if (workspace) owner = { workspace };
  }
  return { key: stringOf(webhook?.key) ?? null, owner, input, secret: stringOf(webhook?.secret) };
}

/**
 * Check `value` as fixtures for the fake of `ctx`: the document's schema, each record with the API's checks, the
 * keys, tokens and references. Throws 400 VALIDATION_FAILED naming every problem (`orders[3].locations`): the
 * records are checked even when the document's own fields have problems, so one run shows them all.
 */
export function checkFixtures(ctx: Context, value: unknown, own: OwnUrls): CheckedFixtures {
  return runSteps(checkFixturesInSteps(ctx, value, own));
}

/** {@link checkFixtures} in steps (`control/staged.ts`): `ctx`'s state must not change until it ends. */
export function* checkFixturesInSteps(ctx: Context, value: unknown, own: OwnUrls): Steps<CheckedFixtures> {
  const details: ErrorDetail[] = yield* schemaDetails(value);
  // The records are read from the value itself, defensively: where the schema found a problem, the field may be of any
  // type, and the checks below skip what they cannot read (the schema's detail names it).
  const document = objectOf(value) ?? {};
  const organizations = recordsOf(document, "organizations");
  const workspaces = recordsOf(document, "workspaces");
  const routes = recordsOf(document, "routes");
  const orders = recordsOf(document, "orders");
  const webhooks = recordsOf(document, "webhooks");
  const organizationKeys = keysOf(organizations, "organizations", details);
  const workspaceKeys = keysOf(workspaces, "workspaces", details);
  const routeKeys = keysOf(routes, "routes", details);
  keysOf(orders, "orders", details);
  keysOf(webhooks, "webhooks", details);

  checkTokens(ctx, organizations, details);

  const organizationRef = (reference: unknown, path: string): number | undefined => {
    const key = stringOf(reference);
    if (key === undefined) return undefined;
    const index = organizationKeys.get(key);
    if (index === undefined) {
      details.push({
        path,
        message: `names no organization of the fixtures: no organization has the key ${JSON.stringify(key)}`,
      });
    }
    return index;
  };
  const checkedWorkspaces = workspaces.map((workspace, i) => {
    const organization = organizationRef(workspace?.organization, `workspaces[${i}].organization`);
    const timezone = stringOf(workspace?.timezone);
    if (timezone !== undefined && !isTimeZone(timezone)) {
      details.push({
        path: `workspaces[${i}].timezone`,
        message: `unknown IANA time zone ${JSON.stringify(timezone)}`,
      });
    }
    return { key: workspace?.key as string, organization: organization ?? -1, init: workspace as FixtureWorkspace };
  });

  /** The workspace a reference names, or a problem at `path`. */
  const workspaceRef = (reference: unknown, path: string): WorkspaceRef | undefined => {
    const name = stringOf(reference);
    if (name === undefined) return undefined;
    const file = workspaceKeys.get(name);
    if (file !== undefined) return { file };
    const held = ctx.state.workspaces.get(name);
    if (held) return { held };
    details.push({
      path,
      message: `names no workspace: ${JSON.stringify(name)} is neither the key of a workspace of the fixtures nor the uuid of one the fake holds`,
    });
    return undefined;
  };
  const checkedRoutes = yield* mapInSteps(routes, (route, i) => {
    const workspace = workspaceRef(route?.workspace, `routes[${i}].workspace`);
    const input = route && parseApiFields(routeInput, split(route, ["key", "workspace"]), ["routes", i], details);
    if (input) checkRouteInput(input, `routes[${i}].`, details);
    return { key: stringOf(route?.key) ?? null, workspace, input };
  });

  const checkedOrders = yield* mapInSteps(orders, (order, i) => {
    const workspace = workspaceRef(order?.workspace, `orders[${i}].workspace`);
    const rest = order && split(order, ["key", "workspace", "route"]);
    const input = rest && parseApiFields(orderInput, rest, ["orders", i], details);
    if (input) checkOrderInput(input, `orders[${i}].`, details);
    const route = orderRoute(
      order,
      i,
      { workspace, input },
      { keys: routeKeys, checked: checkedRoutes, routes },
      details,
    );
    return { key: stringOf(order?.key) ?? null, workspace, route, input };
  });

  const refs = { organization: organizationRef, workspace: workspaceRef };
  const checkedWebhooks = yield* mapInSteps(webhooks, (webhook, i) => checkWebhook(webhook, i, own, refs, details));

  if (details.length > 0) throw validationFailed(ACTION, details);
  // No problem: the document matches its schema, every reference resolved and every record parsed.
  return {
    organizations: (organizations as Schemas["FixtureOrganization"][]).map((o) => ({
      key: o.key,
      name: o.name,
      tokens: o.tokens,
    })),
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
  return runSteps(createFixturesInSteps(ctx, fixtures));
}

/** {@link createFixtures} in steps (`control/staged.ts`, which creates them in a copy of the state). */
export function* createFixturesInSteps(ctx: Context, fixtures: CheckedFixtures): Steps<LoadedFixtures> {
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

  const routes = yield* mapInSteps(fixtures.routes, ({ workspace: ref, input }, i) => {
    const workspace = workspaceOf(ref);
    const [route] = createRoutes(ctx, principalOf(workspace), workspace, [input], () => `routes[${i}].`);
    return route as NonNullable<typeof route>;
  });
  const orders = yield* mapInSteps(fixtures.orders, ({ workspace: ref, input }, i) => {
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
  let assigned = 0;
  for (const [index, orderUuids] of onRoute) {
    assignOrdersToRoute(ctx, (routes[index] as (typeof routes)[number]).uuid, orderUuids);
    // A route's orders count as items of the step (its timeline is computed over them).
    assigned += orderUuids.length;
    if (assigned >= STEP_ITEMS) {
      assigned = 0;
      yield;
    }
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
    orders: yield* mapInSteps(orders, (order, i) => ({
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
