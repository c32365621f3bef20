/**
 * The control endpoints of the standalone server, served by the same router as the API but without a token
 * (a test server only). Each answers through the fake's public test control (`fake.control`, `fake.actions`,
 * `fake.faults`, `fake.journal`, `fake.driver`, the clock, snapshots), so in-process and over HTTP are one
 * implementation. `packages/fake/control-openapi.yaml` describes every endpoint; docs/testing-control.md shows
 * each beside its in-process call.
 */
import type { z } from "zod";
import type { ManualClock } from "../domain/clock.js";
import { isoString } from "../domain/clock.js";
import type { ActionPolicy } from "../domain/context.js";
import { notFound, validationFailed } from "../domain/errors.js";
import type { ActionKind, ActionRecord } from "../domain/records.js";
import { runSteps } from "../domain/steps.js";
import { fanOutEvents, listDeliveries } from "../domain/webhooks.js";
import { CONTRACT_OPERATIONS, type OperationId } from "../http/contract-operations.js";
import { toWorkspaceBody } from "../http/handlers/workspaces.js";
import { parseWith } from "../http/input.js";
import { mapPage, paginate } from "../http/pagination.js";
import type { PublicOperation, PublicRequestContext } from "../http/router.js";
import { runtimeOf } from "../runtime.js";
import type { FakeActions } from "./actions.js";
import { jsonBodyInSteps } from "./body.js";
import type { FakeControl } from "./control.js";
import type { DriverStop, FakeDriver } from "./driver.js";
import { eventControlOperations } from "./events-http.js";
import type { FakeFaults, FaultInput } from "./faults.js";
import type { LoadedFixtures } from "./fixtures.js";
import { healthBody } from "./health.js";
import type { FakeJournal, JournalEntry } from "./journal.js";
import {
  advanceBody,
  autoDriverSchema,
  driverArriveBody,
  driverCompleteBody,
  emptyBody,
  failBody,
  organizationBody,
  tokenBody,
  workspaceBody,
} from "./schemas.js";
import type { FakeSnapshot, SnapshotStore } from "./snapshots.js";
import { defineControlOperation } from "./typed.js";
import { toControlAction, toNotificationBody } from "./views.js";
import type { FakeWebhooks } from "./webhooks.js";
import { webhookControlOperations } from "./webhooks-http.js";

/** Path prefix of the control endpoints. */
export const CONTROL_PREFIX = "/_fake/";

/** Read a request's body text; empty means `{}`. Any content type (curl sends none). */
async function readBody({ request }: PublicRequestContext): Promise<unknown> {
  return runSteps(jsonBodyInSteps(await request.text()));
}

/** An optional JSON body checked strictly: unknown fields answer 400 naming them. */
async function readOptional<S extends z.ZodType>(
  req: PublicRequestContext,
  schema: S,
  action: string,
): Promise<z.output<S>> {
  return parseWith(schema, await readBody(req), action);
}

const iso = (ms: number | null) => (ms === null ? null : isoString(ms));

/** An object without its undefined fields (zod's optional fields, as `exactOptionalPropertyTypes` wants them). */
function withoutUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

function toJournalBody(entry: JournalEntry) {
  return { ...entry, at: isoString(entry.at) };
}

function toDriverStopBody(stop: DriverStop) {
  return { ...stop, arrivedAt: iso(stop.arrivedAt), completedAt: iso(stop.completedAt) };
}

const OPERATION_IDS = new Set<string>(CONTRACT_OPERATIONS.map((o) => o.operationId));

/**
 * What the control operations drive: a fake's test control, as `Fake` offers it (the fake is passed in; this is
 * the part of its interface they use, so test control needs nothing from the layers above it).
 */
export interface ControlledFake {
  readonly clock: ManualClock;
  readonly control: FakeControl;
  readonly actions: FakeActions;
  readonly faults: FakeFaults;
  readonly journal: FakeJournal;
  readonly driver: FakeDriver;
  readonly webhooks: FakeWebhooks;
  advance(ms: number): Promise<void>;
}

/** Tokens, organizations, workspaces, fixtures and the clock. */
function setupOperations(fake: ControlledFake): PublicOperation[] {
  const clockBody = () => ({ now: isoString(fake.clock.now()) });
  return [
    defineControlOperation("/_fake/tokens", "post", async (req) => {
      const { expiresInMs } = await readOptional(req, tokenBody, "create token");
      const expiresAt = expiresInMs === undefined ? null : fake.clock.now() + expiresInMs;
      const token = fake.control.createToken(expiresInMs === undefined ? {} : { expiresInMs });
      return { status: 201, body: { token, expiresAt: iso(expiresAt) } };
    }),
    defineControlOperation("/_fake/tokens/{token}/expire", "post", async (req) => {
      // No body: a webhook delivery aimed here (a JSON event) is refused before anything changes.
      await readOptional(req, emptyBody, "expire token");
      const expired = fake.control.expireToken(req.params.token);
      return { status: 200, body: { token: expired.token, expiresAt: expired.expiresAt ?? isoString(0) } };
    }),
    defineControlOperation("/_fake/organizations", "post", async (req) => {
      const { name, workspaces } = await readOptional(req, organizationBody, "create organization");
      const created = fake.control.createOrganization({
        ...(name !== undefined ? { name } : {}),
        ...(workspaces !== undefined ? { workspaces: workspaces.map(withoutUndefined) } : {}),
      });
      return { status: 201, body: { token: created.token, workspaces: created.workspaces.map(toWorkspaceBody) } };
    }),
    defineControlOperation("/_fake/workspaces", "post", async (req) => {
      const init = await readOptional(req, workspaceBody, "create workspace");
      return { status: 201, body: toWorkspaceBody(fake.control.createWorkspace(withoutUndefined(init))) };
    }),

    defineControlOperation("/_fake/fixtures", "post", async (req) => {
      // Checked as fake.control.loadFixtures checks it (the document's Fixtures schema and the API's own checks), in
      // steps between which a host answers other requests (control/staged.ts); the answer's body is JSON text.
      const body = await runtimeOf(fake).staged.loadFixtures(await req.request.text());
      return { status: 201, body: body as unknown as LoadedFixtures };
    }),

    defineControlOperation("/_fake/clock", "get", () => ({ status: 200, body: clockBody() })),
    defineControlOperation("/_fake/clock/advance", "post", async (req) => {
      const { ms } = await readOptional(req, advanceBody, "advance the clock");
      await fake.advance(ms);
      return { status: 200, body: clockBody() };
    }),
  ];
}

/** Background actions: list, policies, release, fail. */
function actionOperations(fake: ControlledFake): PublicOperation[] {
  return [
    defineControlOperation("/_fake/actions", "get", ({ url }) => ({
      status: 200,
      body: {
        ...mapPage(paginate([...runtimeOf(fake).context.state.actions.values()], url), toControlAction),
        policies: fake.actions.policies(),
      },
    })),
    defineControlOperation("/_fake/actions/policy/{kind}", "put", async (req) => {
      // fake.actions.policy checks the kind, then the body (the same checks in-process and over HTTP).
      const kind = req.params.kind as ActionKind;
      fake.actions.policy(kind, (await readBody(req)) as ActionPolicy);
      return { status: 200, body: { kind, policy: fake.actions.policies()[kind] } };
    }),
    defineControlOperation("/_fake/actions/{uuid}/release", "post", async (req) => {
      await readOptional(req, emptyBody, "release action");
      const uuid = req.params.uuid;
      fake.actions.release(uuid);
      // Its work may go on elsewhere (the standalone server plans runs on a worker thread): answer it as it ended.
      const stored = () => runtimeOf(fake).context.state.actions.get(uuid) as ActionRecord;
      while (stored().status === "pending") await new Promise((resolve) => setTimeout(resolve, 5));
      return { status: 200, body: toControlAction(stored()) };
    }),
    defineControlOperation("/_fake/actions/{uuid}/fail", "post", async (req) => {
      const uuid = req.params.uuid;
      // An unknown action is a 404 whatever the body says.
      if (!fake.actions.list().some((a) => a.uuid === uuid)) throw notFound("action", uuid);
      const { reason } = await readOptional(req, failBody, "fail action");
      fake.actions.fail(uuid, reason);
      return { status: 200, body: toControlAction(runtimeOf(fake).context.state.actions.get(uuid) as ActionRecord) };
    }),
  ];
}

/** Injected faults and the driver. */
function faultAndDriverOperations(fake: ControlledFake): PublicOperation[] {
  return [
    defineControlOperation("/_fake/faults", "post", async (req) => {
      // fake.faults.add checks the body (the same schema in-process and over HTTP).
      return { status: 201, body: fake.faults.add((await readBody(req)) as FaultInput) };
    }),
    defineControlOperation("/_fake/faults", "get", () => ({ status: 200, body: { data: [...fake.faults.list()] } })),
    defineControlOperation("/_fake/faults", "delete", () => {
      fake.faults.clear();
      return { status: 204 };
    }),

    defineControlOperation("/_fake/driver/arrive", "post", async (req) => {
      const { orderUuid, at } = await readOptional(req, driverArriveBody, "arrive at stop");
      return { status: 200, body: toDriverStopBody(fake.driver.arrive(orderUuid, at === undefined ? {} : { at })) };
    }),
    defineControlOperation("/_fake/driver/complete", "post", async (req) => {
      const { orderUuid, routeUuid, ...fields } = await readOptional(req, driverCompleteBody, "complete order");
      const completion = withoutUndefined(fields);
      const stop =
        orderUuid !== undefined
          ? fake.driver.complete(orderUuid, completion)
          : fake.driver.completeNext(routeUuid ?? "", completion);
      return { status: 200, body: toDriverStopBody(stop) };
    }),
    defineControlOperation("/_fake/driver/auto", "post", async (req) => {
      const { on, ...options } = await readOptional(req, autoDriverSchema, "start the auto-driver");
      if (!on) {
        fake.driver.stop();
        return { status: 200, body: { on: false } };
      }
      const settings = fake.driver.auto(withoutUndefined(options));
      const routeUuids = settings.routeUuids === null ? null : [...settings.routeUuids];
      return { status: 200, body: { on: true, ...settings, routeUuids } };
    }),
  ];
}

/** Reset and the snapshots kept over HTTP. */
function snapshotOperations(fake: ControlledFake, snapshots: SnapshotStore): PublicOperation[] {
  const snapshotBody = (id: string, snapshot: FakeSnapshot) => ({ id, takenAt: isoString(snapshot.takenAt) });
  return [
    // Reset, snapshot and restore build a whole state in steps, between which a host answers other requests
    // (control/staged.ts).
    defineControlOperation("/_fake/reset", "post", async (req) => {
      await readOptional(req, emptyBody, "reset the fake");
      await runtimeOf(fake).staged.reset();
      return { status: 204 };
    }),
    defineControlOperation("/_fake/snapshots", "post", async (req) => {
      await readOptional(req, emptyBody, "take a snapshot");
      const { id, snapshot } = await snapshots.keepTaken(() => runtimeOf(fake).staged.snapshot());
      return { status: 201, body: snapshotBody(id, snapshot) };
    }),
    defineControlOperation("/_fake/snapshots", "get", () => ({
      status: 200,
      body: { data: snapshots.list().map(({ id, snapshot }) => snapshotBody(id, snapshot)) },
    })),
    defineControlOperation("/_fake/snapshots/{id}", "delete", ({ params }) => {
      const id = params.id;
      if (!snapshots.delete(id)) throw notFound("snapshot", id);
      return { status: 204 };
    }),
    defineControlOperation("/_fake/snapshots/{id}/restore", "post", async (req) => {
      const id = req.params.id;
      const snapshot = snapshots.get(id);
      if (!snapshot) throw notFound("snapshot", id);
      await readOptional(req, emptyBody, "restore a snapshot");
      await runtimeOf(fake).staged.restore(snapshot);
      return { status: 200, body: snapshotBody(id, snapshot) };
    }),
  ];
}

/** What the fake recorded: the journal and the notifications. */
function recordOperations(fake: ControlledFake): PublicOperation[] {
  return [
    defineControlOperation("/_fake/journal", "get", ({ query, url }) => {
      const operationId = query.get("operationId");
      if (operationId !== null && !OPERATION_IDS.has(operationId)) {
        throw validationFailed("list the journal", [
          {
            path: "operationId",
            message: `must be an operationId of openapi.yaml, got ${JSON.stringify(operationId)}`,
          },
        ]);
      }
      const entries = fake.journal.list(operationId === null ? {} : { operationId: operationId as OperationId });
      return { status: 200, body: mapPage(paginate(entries, url), toJournalBody) };
    }),
    defineControlOperation("/_fake/journal", "delete", () => {
      fake.journal.clear();
      return { status: 204 };
    }),
    defineControlOperation("/_fake/notifications", "get", ({ url }) => ({
      status: 200,
      body: mapPage(paginate(runtimeOf(fake).context.state.notifications, url), toNotificationBody),
    })),
  ];
}

/** The control operations over one fake, served by its router under {@link CONTROL_PREFIX}. */
export function controlOperations(fake: ControlledFake, snapshots: SnapshotStore): PublicOperation[] {
  // Real time, as a server's uptime: the fake's clock may be frozen or advanced.
  const createdAt = Date.now();
  return [
    ...setupOperations(fake),
    ...actionOperations(fake),
    ...faultAndDriverOperations(fake),
    ...snapshotOperations(fake, snapshots),
    ...recordOperations(fake),
    ...webhookControlOperations(
      fake.webhooks,
      (req, action) => readOptional(req, emptyBody, action),
      (filter) => {
        // The records themselves, not `fake.webhooks.deliveries()`'s copies of the whole log: only a page is answered.
        const { context, staged } = runtimeOf(fake);
        // Not while a state is built aside from this one (control/staged.ts): deliveries made now would be lost with
        // it, or copied half. The events wait for the next read or background run.
        if (!staged.busy()) fanOutEvents(context);
        return listDeliveries(context, filter);
      },
    ),

    ...eventControlOperations(() => runtimeOf(fake).context.state.events),
    // Health (the standalone server answers it itself, with its own uptime and state file: standalone/server.ts)
    defineControlOperation("/_fake/health", "get", () => ({ status: 200, body: healthBody(createdAt, null) })),
  ];
}
