/**
 * Background actions (answers 202): wait for one, resume a wait from a stored `actionUuid`, and the helpers built
 * on it: `scheduleAndWait`, `publishAndWait`, `deleteOrders`.
 *
 * @see `docs/api-contract.md` section 7 (actions), section 3 (bulk delete), section 4 (publish), section 5 (scheduling)
 */
import { type DispatchClient, unwrap } from "./client.js";
import type { Sleep } from "./client-options.js";
import { abortableSleep, defaultSleep, withDeadline } from "./deadline.js";
import { ApiError, DispatchError, type DispatchErrorJson, named, TimeoutError } from "./errors.js";
import type { components } from "./generated/openapi.js";
import { retryAfterMs } from "./retry-rules.js";

/**
 * A background action as the API returns it (`components.schemas.Action`): a union discriminated by
 * `actionName` (`ScheduleAction`, `PublishAction`, `UpdateAction`, `DeleteAction`), each kind with its own
 * `actionSummary` type.
 *
 * @example
 * ```ts
 * const accepted: Action = await unwrap(client.POST("/v2/schedules", { body: { workspaceUuid, date } }));
 * if (accepted.actionName === "publish") console.log(accepted.actionSummary?.routes); // narrowed to PublishAction
 * ```
 */
export type Action = components["schemas"]["Action"];

/**
 * The kinds of action: `schedule`, `publish`, `update`, `delete`.
 *
 * @inline
 */
export type ActionKind = Action["actionName"];

/**
 * An action of kind `K`: the member of the {@link Action} union whose `actionName` is `K` (`ScheduleAction`,
 * `PublishAction`, `UpdateAction` or `DeleteAction`), so its `actionSummary` is that kind's summary.
 *
 * @example
 * ```ts
 * const done: ActionOf<"publish"> = await waitForAction(client, uuid, { kind: "publish" });
 * done.actionSummary?.routes;
 * ```
 */
export type ActionOf<K extends ActionKind> = Extract<Action, { actionName: K }>;

/**
 * The plan of a finished scheduling run (`GET /v2/schedules/{actionUuid}/solution`).
 *
 * @example
 * ```ts
 * const solution: Solution = await scheduleAndWait(client, { workspaceUuid, date: "2026-11-24" });
 * ```
 */
export type Solution = components["schemas"]["Solution"];

/**
 * Body of `POST /v2/schedules`: schedule all, schedule specific, or what-if.
 */
export type ScheduleRequest = components["schemas"]["ScheduleRequest"];

/**
 * Body of `POST /v2/routes/publish`.
 */
export type PublishRequest = components["schemas"]["PublishRequest"];

/**
 * One route or order that a failed action could not handle, and why.
 *
 * @inline
 */
export interface ActionFailure {
  /** A route (of a publish) or an order (of a delete). */
  kind: "route" | "order";
  uuid: string;
  /** The route's `error` (`route doesn't exist`) or the order's reason (`order_locked`). */
  reason: string;
}

/** How many failures the message of an {@link ActionFailedError} names; `failures` has them all. */
const FAILURES_NAMED = 5;

/** The routes or orders a finished-or-failed action reports as not done. */
function failuresOf(action: Action): ActionFailure[] {
  if (action.actionName === "publish") {
    return (action.actionSummary?.routes ?? [])
      .filter((route) => route.status === "failed")
      .map((route) => ({ kind: "route", uuid: route.uuid, reason: route.error ?? "failed" }));
  }
  if (action.actionName === "delete") {
    return (action.actionSummary?.failed ?? []).map((order) => ({
      kind: "order",
      uuid: order.uuid,
      reason: order.reason,
    }));
  }
  return [];
}

/** `; 2 routes failed: <uuid> (route doesn't exist), <uuid> (route is on 2026-11-25, not 2026-11-24)` */
function describeFailures(failures: ActionFailure[]): string {
  const [first] = failures;
  if (!first) return "";
  const noun = `${first.kind}${failures.length > 1 ? "s" : ""}`;
  const named = failures.slice(0, FAILURES_NAMED).map((f) => `${f.uuid} (${f.reason})`);
  const more = failures.length > FAILURES_NAMED ? ` and ${failures.length - FAILURES_NAMED} more` : "";
  return `; ${failures.length} ${noun} failed: ${named.join(", ")}${more}`;
}

/**
 * A background action ended with `status: "failed"`. `action` is the final action, `reason` its `reason`, and
 * `failures` the routes (publish) or orders (delete) that were not done and why; the message names them.
 *
 * @example
 * ```ts
 * try {
 *   await publishAndWait(client, { workspaceUuid, date: "2026-11-24" });
 * } catch (error) {
 *   if (!(error instanceof ActionFailedError)) throw error;
 *   for (const failure of error.failures) console.warn(`route ${failure.uuid} not published: ${failure.reason}`);
 * }
 * ```
 */
export class ActionFailedError<K extends ActionKind = ActionKind> extends DispatchError {
  /** The failed action, as last polled. */
  readonly action: ActionOf<K>;
  /** Why it failed (`no_routes`, `no_orders`, `route_failed`…), when the API said. */
  readonly reason: string | undefined;
  /** The routes or orders that were not done, each with its reason (empty when the action names none). */
  readonly failures: ActionFailure[];

  static {
    named(ActionFailedError, "ActionFailedError");
  }

  constructor(action: ActionOf<K>) {
    const failures = failuresOf(action);
    const what = `Failed to ${action.actionName} (action ${action.actionUuid})`;
    super(`${what}: ${action.reason ?? "the action failed"}${describeFailures(failures)}`);
    this.action = action;
    this.reason = action.reason;
    this.failures = failures;
  }

  override toJSON(): DispatchErrorJson & {
    actionUuid: string;
    actionName: K;
    reason: string | undefined;
    failures: ActionFailure[];
  } {
    return {
      ...super.toJSON(),
      actionUuid: this.action.actionUuid,
      actionName: this.action.actionName as K,
      reason: this.reason,
      failures: this.failures,
    };
  }
}

/**
 * Whether an answer's body is an action, i.e. the operation answered 202 and goes on in the background. Narrows
 * the union of an operation that answers 200 or 202: `Order | Action` to the action, and to `Order` otherwise.
 *
 * @example
 * ```ts
 * const result = await unwrap(client.PUT("/v2/orders/{orderUuid}", { params: { path: { orderUuid } }, body: order }));
 * if (isAction(result)) await waitForAction(client, result, { kind: "update" });
 * else console.log(result.status); // the updated Order
 * ```
 */
export function isAction<T extends object | null | undefined>(value: T): value is Extract<T, Action>;
export function isAction(value: unknown): value is Action;
export function isAction(value: unknown): value is Action {
  if (typeof value !== "object" || value === null) return false;
  const { actionUuid, actionName, status } = value as Record<string, unknown>;
  return typeof actionUuid === "string" && typeof actionName === "string" && typeof status === "string";
}

/**
 * Whether a call's result is a 202 answer, narrowing its `data` to the action. Works on `{ data, response }` from a
 * call or from {@link withResponse}.
 *
 * @example
 * ```ts
 * const result = await withResponse(client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }));
 * if (isAccepted(result)) console.log(`deleting in the background: ${result.data.actionUuid}`);
 * ```
 */
export function isAccepted<D>(result: {
  data?: D;
  response: Response;
}): result is { data: Extract<NonNullable<D>, Action>; response: Response } {
  return result.response.status === 202 && isAction(result.data);
}

/** The answer of a start call as the action of its kind, or an error saying what came instead. */
function expectAction<K extends ActionKind>(answer: unknown, kind: K, doing: string): ActionOf<K> {
  if (isAction(answer) && answer.actionName === kind) return answer as ActionOf<K>;
  throw new DispatchError(`Failed to ${doing}: the API answered without a ${kind} action`);
}

/**
 * Options of {@link waitForAction}.
 *
 * @example
 * ```ts
 * const options: WaitOptions<"schedule"> = { kind: "schedule", timeoutMs: 120_000, onProgress: (a) => console.log(a.status) };
 * ```
 */
export interface WaitOptions<K extends ActionKind = ActionKind> {
  /** The kind of action; decides the polling endpoint. Required when resuming from an `actionUuid` string. */
  kind?: K;
  /** Stops the wait (rejects with the signal's reason) as soon as it aborts, also during a pause. */
  signal?: AbortSignal;
  /** Give up after this many milliseconds with a {@link TimeoutError} (default: no limit). */
  timeoutMs?: number;
  /**
   * Longest pause between polls when the API sends no `Retry-After` hint (default 1000). Polling starts at a
   * quarter of it (at most 250 ms) and doubles up to it, so short actions are seen quickly.
   */
  intervalMs?: number;
  /** Called with every polled state of the action (pending ones included). */
  onProgress?: (action: ActionOf<K>) => void;
  /** The sleep used between polls (default `setTimeout`); inject one for tests, e.g. one that advances a fake clock. */
  sleep?: Sleep;
}

/**
 * Options of {@link scheduleAndWait} and {@link publishAndWait}.
 *
 * @inline
 */
export interface StartAndWaitOptions<K extends ActionKind> extends Omit<WaitOptions<K>, "kind"> {
  /** Called with the accepted (pending) action: store `actionUuid` to resume the wait after a restart. */
  onAccepted?: (action: ActionOf<K>) => void;
}

const POLL_PATHS = {
  schedule: "/v2/schedules/actions/{actionUuid}",
  publish: "/v2/routes/actions/{actionUuid}",
  update: "/v2/orders/actions/{actionUuid}",
  delete: "/v2/orders/actions/{actionUuid}",
} as const;

function poll(client: DispatchClient, kind: ActionKind, actionUuid: string, signal: AbortSignal | undefined) {
  const init = { params: { path: { actionUuid } }, ...(signal ? { signal } : {}) };
  return client.GET(POLL_PATHS[kind], init);
}

/**
 * Wait until a background action ends. Polls the action's own endpoint (`/v2/schedules/actions/{id}`,
 * `/v2/routes/actions/{id}`, `/v2/orders/actions/{id}` for update and delete): the first poll at once (short
 * actions are often done by then), then after the server's `Retry-After` hint, or a pause that starts short and
 * backs off to `intervalMs` when there is none.
 *
 * Resolves with the finished action (its `actionSummary` typed by kind); rejects with {@link ActionFailedError}
 * when it failed, {@link TimeoutError} after `timeoutMs`, the signal's reason when `signal` aborts, or an
 * {@link ApiError} when a poll is refused (e.g. {@link NotFoundError} for an unknown action). An action passed
 * in that has already ended settles at once, without a request. Pass `kind` to wait for a 202's action (typed
 * `Action`) or a stored `actionUuid`: the result is typed by that kind.
 *
 * @example
 * ```ts
 * const accepted = await unwrap(client.POST("/v2/routes/publish", { body: { workspaceUuid, date } }));
 * await db.save("publish", accepted.actionUuid); // resumable
 * const done = await waitForAction(client, accepted, { kind: "publish", timeoutMs: 60_000 });
 * console.log(done.actionSummary?.routes);
 *
 * // after a restart:
 * const again = await waitForAction(client, await db.load("publish"), { kind: "publish" });
 * ```
 */
export async function waitForAction<K extends ActionKind>(
  client: DispatchClient,
  action: string | Action,
  options: WaitOptions<K> & { kind: K },
): Promise<ActionOf<K>>;
export async function waitForAction<K extends ActionKind>(
  client: DispatchClient,
  action: ActionOf<K>,
  options?: WaitOptions<K>,
): Promise<ActionOf<K>>;
export async function waitForAction(
  client: DispatchClient,
  action: Action,
  options?: WaitOptions<ActionKind>,
): Promise<Action>;
export async function waitForAction(
  client: DispatchClient,
  action: string | Action,
  options: WaitOptions = {},
): Promise<Action> {
  const kind = options.kind ?? (typeof action === "string" ? undefined : action.actionName);
  if (!kind || !(kind in POLL_PATHS)) {
    throw new TypeError(
      `Failed to wait for action: kind must be one of schedule, publish, update, delete (got ${String(kind)})`,
    );
  }
  const actionUuid = typeof action === "string" ? action : action.actionUuid;
  if (typeof action !== "string" && action.actionName !== kind) {
    throw new TypeError(
      `Failed to wait for action ${actionUuid}: options.kind is ${kind}, but the action's kind is ${action.actionName}`,
    );
  }
  const intervalMs = options.intervalMs ?? 1000;
  const sleep = options.sleep ?? defaultSleep;

  const limit = options.timeoutMs;
  const deadline =
    limit === undefined
      ? undefined
      : withDeadline(
          options.signal,
          limit,
          () =>
            new TimeoutError(`Failed to wait for ${kind} action ${actionUuid}: not finished within ${limit} ms`, limit),
        );
  const signal = deadline?.signal ?? options.signal;

  try {
    let current: Action | undefined = typeof action === "string" ? undefined : action;
    // Short actions are common: poll a fresh one at once, then pause briefly and back off to intervalMs.
    let backoffMs = Math.min(250, intervalMs / 4);
    let pauseMs: number | undefined; // undefined until the first poll: no pause before it
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      if (current) {
        if (current.status === "finished") return current;
        if (current.status === "failed") throw new ActionFailedError(current);
      }
      if (pauseMs !== undefined) await abortableSleep(sleep, pauseMs, signal);
      const { data, error, response } = await poll(client, kind, actionUuid, signal);
      if (data === undefined) throw ApiError.from(response, error);
      current = data;
      pauseMs = retryAfterMs(response.headers) ?? backoffMs;
      backoffMs = Math.min(intervalMs, backoffMs * 2);
      options.onProgress?.(current);
    }
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  } finally {
    deadline?.dispose();
  }
}

function signalInit(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

/**
 * Start a scheduling run (`POST /v2/schedules`), wait for it, and return its plan
 * (`GET /v2/schedules/{actionUuid}/solution`). Rejects with {@link ActionFailedError} when the run fails
 * (`no_routes`, `no_orders`).
 *
 * @example
 * ```ts
 * const solution = await scheduleAndWait(client, { workspaceUuid, date: "2026-11-24" }, { timeoutMs: 120_000 });
 * console.log(solution.summary.ordersScheduled, solution.unscheduled);
 * ```
 */
export async function scheduleAndWait(
  client: DispatchClient,
  body: ScheduleRequest,
  options: StartAndWaitOptions<"schedule"> = {},
): Promise<Solution> {
  const { onAccepted, ...wait } = options;
  const answer = await unwrap(client.POST("/v2/schedules", { body, ...signalInit(options.signal) }));
  const accepted = expectAction(answer, "schedule", "start a scheduling run");
  onAccepted?.(accepted);
  const finished = await waitForAction(client, accepted, { ...wait, kind: "schedule" });
  return unwrap(
    client.GET("/v2/schedules/{actionUuid}/solution", {
      params: { path: { actionUuid: finished.actionUuid } },
      ...signalInit(options.signal),
    }),
  );
}

/**
 * A route a publish action did not publish, and why (`route has no orders`, `route doesn't exist`).
 *
 * @inline
 */
export interface PublishRouteNotDone {
  uuid: string;
  /** The route's `error` in the action's summary. */
  reason: string;
}

/**
 * The per-route outcomes of a publish action, from its `actionSummary.routes`, in the summary's order.
 *
 * @example
 * ```ts
 * const { published, skipped } = await publishAndWait(client, { workspaceUuid, date: "2026-11-24" });
 * console.log(`${published.length} routes sent to drivers, ${skipped.length} empty ones skipped`);
 * ```
 */
export interface PublishOutcome {
  /** The ended action, as last polled. */
  action: ActionOf<"publish">;
  /** The routes published (per-route `finished`): sent to the driver app, `route.published` fired for each. */
  published: { uuid: string }[];
  /** The routes skipped (per-route `skipped`, e.g. `route has no orders`): not published; they never fail the action. */
  skipped: PublishRouteNotDone[];
  /**
   * The routes that failed (per-route `failed`, e.g. `route doesn't exist`, or a status this SDK does not know):
   * not published, and the action failed with `reason: "route_failed"`. Always empty in what {@link publishAndWait} resolves with, which rejects instead;
   * read it from a failed action with {@link publishOutcome}.
   */
  failed: PublishRouteNotDone[];
}

/**
 * Sort a publish action's `actionSummary.routes` into published, skipped and failed routes. Works on a finished
 * action and on a failed one (an {@link ActionFailedError}'s `action`), whose published routes were published all
 * the same.
 *
 * @example
 * ```ts
 * try {
 *   await publishAndWait(client, { workspaceUuid, date: "2026-11-24" });
 * } catch (error) {
 *   if (!(error instanceof ActionFailedError) || error.action.actionName !== "publish") throw error;
 *   const { published, failed } = publishOutcome(error.action);
 *   console.warn(`${published.length} published; not: ${failed.map((r) => `${r.uuid} (${r.reason})`).join(", ")}`);
 * }
 * ```
 */
export function publishOutcome(action: ActionOf<"publish">): PublishOutcome {
  const outcome: PublishOutcome = { action, published: [], skipped: [], failed: [] };
  for (const route of action.actionSummary?.routes ?? []) {
    const status: string = route.status;
    if (status === "finished") outcome.published.push({ uuid: route.uuid });
    // A status this SDK does not know (the service's per-route status is open-ended) was not published either.
    else
      (status === "skipped" ? outcome.skipped : outcome.failed).push({
        uuid: route.uuid,
        reason: route.error ?? status,
      });
  }
  return outcome;
}

/**
 * Publish routes (`POST /v2/routes/publish`), wait for the action, and sort its routes: resolves with the routes
 * `published`, those `skipped` (a route without orders is skipped, not failed, so a date where the plan left a van
 * empty still finishes) and `failed` (empty here), and the `action`. Rejects with {@link ActionFailedError} only
 * when the action failed: a route failed (`route_failed`; its message and `failures` name each failed route and
 * why, and {@link publishOutcome} of its `action` lists the routes published all the same) or the date has no
 * routes (`no_routes`).
 *
 * @example
 * ```ts
 * const { published, skipped } = await publishAndWait(client, { workspaceUuid, date: "2026-11-24" });
 * console.log(published.map((r) => r.uuid));
 * for (const route of skipped) console.log(`not published: ${route.uuid} (${route.reason})`);
 * ```
 */
export async function publishAndWait(
  client: DispatchClient,
  body: PublishRequest,
  options: StartAndWaitOptions<"publish"> = {},
): Promise<PublishOutcome> {
  const { onAccepted, ...wait } = options;
  const answer = await unwrap(client.POST("/v2/routes/publish", { body, ...signalInit(options.signal) }));
  const accepted = expectAction(answer, "publish", "publish routes");
  onAccepted?.(accepted);
  return publishOutcome(await waitForAction(client, accepted, { ...wait, kind: "publish" }));
}

/**
 * Why an order could not be deleted.
 *
 * @inline
 */
export type DeleteFailureReason =
  | components["schemas"]["DeleteResult"]["failed"][number]["reason"]
  | components["schemas"]["DeleteSummary"]["failed"][number]["reason"];

/**
 * The merged outcome of {@link deleteOrders}.
 *
 * @inline
 */
export interface DeleteOrdersResult {
  deleted: { uuid: string }[];
  failed: { uuid: string; reason: DeleteFailureReason }[];
}

/**
 * Options of {@link deleteOrders}: how the 202 answers are waited for, and the batch size.
 *
 * @inline
 */
export interface DeleteOrdersOptions extends Omit<WaitOptions<"delete">, "kind"> {
  /** Uuids per `DELETE /v2/orders` call, at most (and by default) 500. */
  batchSize?: number;
  /** Called after each batch with its own outcome. */
  onBatch?: (result: DeleteOrdersResult, batch: readonly string[]) => void;
}

/** The API's limit of uuids per `DELETE /v2/orders` call. */
const MAX_DELETE_BATCH = 500;

/**
 * Delete any number of orders: dedupes the uuids, sends them in calls of at most 500 (`DELETE /v2/orders`), waits
 * for the `delete` action when a call answers 202, and merges every answer into one `{ deleted, failed }`.
 * Orders that could not be deleted are listed in `failed` with their reason; an error answer rejects.
 *
 * @example
 * ```ts
 * const { deleted, failed } = await deleteOrders(client, uuids, { timeoutMs: 60_000 });
 * for (const f of failed) console.warn(`${f.uuid} kept: ${f.reason}`);
 * ```
 */
export async function deleteOrders(
  client: DispatchClient,
  uuids: Iterable<string>,
  options: DeleteOrdersOptions = {},
): Promise<DeleteOrdersResult> {
  const { batchSize = MAX_DELETE_BATCH, onBatch, ...wait } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_DELETE_BATCH) {
    throw new RangeError(`Failed to delete orders: batchSize must be an integer in 1..${MAX_DELETE_BATCH}`);
  }
  const unique = [...new Set(uuids)];
  const result: DeleteOrdersResult = { deleted: [], failed: [] };
  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize);
    const answer = await unwrap(client.DELETE("/v2/orders", { body: batch, ...signalInit(options.signal) }));
    let outcome: DeleteOrdersResult;
    if (isAction(answer)) {
      const finished = await waitForAction(client, answer, { ...wait, kind: "delete" });
      if (!finished.actionSummary) {
        throw new DispatchError(`Failed to delete orders: action ${finished.actionUuid} finished without a summary`);
      }
      outcome = finished.actionSummary;
    } else {
      outcome = answer;
    }
    result.deleted.push(...outcome.deleted);
    result.failed.push(...outcome.failed);
    onBatch?.(outcome, batch);
  }
  return result;
}
