/**
 * The actions engine: every piece of background work (schedule, publish, update, delete) is an action on the
 * fake's clock.
 *
 * Timing (the fake's rule, documented in docs/fake.md and docs/testing-control.md): each kind has a policy
 * ({@link actionPolicy}), fixed on the action when it is created.
 * - `immediate` (the default): the work runs inside {@link startAction}, so the action has already ended when
 *   the 202 is answered; the 202 body is the snapshot taken at creation (`pending`, as the service answers),
 *   and the first poll reveals `finished` or `failed`.
 * - `hold` (options `hold`, all kinds or a list of kinds, or a per-kind policy): the action stays `pending`
 *   until the test releases it ({@link releaseActions}) or fails it ({@link failAction}). The work then runs
 *   against the state of that moment (each kind's work re-checks what it needs).
 * - `afterMs` (option `delayMs`, or a per-kind policy): pending until the clock reaches `createdAt + afterMs`;
 *   settled by the fake's background work as its clock moves, and lazily on the next read of any action.
 * - `afterPolls`: pending for that many polls at its endpoint ({@link pollAction}); the next poll ends it.
 * - `fail`: when its time comes the action ends `failed` with the policy's reason; the work never runs.
 *
 * Order: the actions of one workspace and delivery date (a scheduling run, a publish) run in the order they were
 * accepted. An action whose time has come while an earlier one of its workspace and date is still pending (held,
 * delayed, waiting for polls, or planning on a worker thread) stays pending until that one has ended, then runs at
 * once, against the state it left ({@link waitsFor}). So a publish accepted right after a run publishes the run's plan.
 *
 * @see `docs/api-contract.md` section 7
 */
import type { ActionOptions, ActionPolicy, ActionWork, Context, WorkRunner, WorkRunners, WorkStep } from "./context.js";
import { DomainError, notFound } from "./errors.js";
import { actionListKey, type ListView } from "./list-index.js";
import { isOwned } from "./ownership.js";
import type { ActionKind, ActionRecord, Principal } from "./records.js";

/** Every kind of action, in the order the control API lists them. */
export const ACTION_KINDS: readonly ActionKind[] = ["schedule", "publish", "update", "delete"];

function isHeld(options: ActionOptions, kind: ActionKind): boolean {
  const hold = options.hold;
  return hold === true || (Array.isArray(hold) && hold.includes(kind));
}

/**
 * The policy new actions of `kind` get: the kind's own policy when it has one, else `hold` when the kind is
 * held, else `afterMs: delayMs` when there is a delay, else `immediate`.
 */
export function actionPolicy(options: ActionOptions, kind: ActionKind): ActionPolicy {
  const own = options.policies?.[kind];
  if (own !== undefined) return own;
  if (isHeld(options, kind)) return { hold: true };
  const delay = options.delayMs ?? 0;
  return delay > 0 ? { afterMs: delay } : "immediate";
}

/** Set the policy of new actions of one kind (actions already pending keep theirs). */
export function setActionPolicy(ctx: Context, kind: ActionKind, policy: ActionPolicy): void {
  const options = ctx.actions.options;
  options.policies = { ...options.policies, [kind]: policy };
}

/** End an action as its policy says: `failed` with the policy's reason, or by running its work. */
function end(ctx: Context, action: ActionRecord, work: ActionWork | undefined): void {
  if (action.failWith !== null) {
    const reason = action.failWith;
    run(ctx, action, () => ({ status: "failed", reason }), work);
  } else if (work) {
    run(ctx, action, stepOf(ctx.actions.runners, work), work);
  } else {
    run(ctx, action, () => ({ status: "failed", reason: "the action's work was lost (fake reset)" }));
  }
}

/** The step that performs `work`: its kind's runner, given its params (typed together, kind by kind). */
function stepOf<K extends ActionKind>(
  runners: WorkRunners,
  work: ActionWork<K>,
): (ctx: Context, action: ActionRecord) => WorkStep {
  const runner: WorkRunner<K> = runners[work.kind];
  return (ctx, action) => runner(ctx, action, work.params);
}

/** Whether an action's work goes on elsewhere now (see `ActionRuntime.running`). */
const isRunning = (ctx: Context, action: ActionRecord) => ctx.actions.running.has(action);

/**
 * The delivery date a work is about, or null: a publish's `date`, a scheduling run's `request.date` (update and delete
 * work names orders, not a date, and keeps no order).
 */
function dateOf(work: ActionWork | undefined): string | null {
  // Defensive: the engine's own tests give every kind params of their own.
  if (work?.kind === "publish") return work.params?.date ?? null;
  if (work?.kind === "schedule") return work.params?.request?.date ?? null;
  return null;
}

/**
 * The queue an action runs in, in acceptance order: its workspace and date, or null when it runs on its own. `work`:
 * the action's work when it is no longer among the pending works (it is ending).
 */
function queueOf(ctx: Context, action: ActionRecord, work = ctx.state.works.get(action.uuid)): string | null {
  const date = dateOf(work);
  return action.workspaceUuid === null || date === null ? null : `${action.workspaceUuid} ${date}`;
}

/**
 * The earliest action accepted before `action` on its workspace and date that is still pending, which `action` waits
 * for; undefined when it may run. The actions are kept in the order they were accepted.
 */
function waitsFor(ctx: Context, action: ActionRecord): ActionRecord | undefined {
  const queue = queueOf(ctx, action);
  if (queue === null) return undefined;
  // Every pending action of a queue has its work kept: look at the few of them before the whole list of actions.
  let others = false;
  for (const uuid of ctx.state.works.keys()) {
    const other = ctx.state.actions.get(uuid);
    if (other !== undefined && other !== action && other.status === "pending" && queueOf(ctx, other) === queue) {
      others = true;
      break;
    }
  }
  if (!others) return undefined;
  for (const earlier of ctx.state.actions.values()) {
    if (earlier === action) return undefined;
    if (earlier.status === "pending" && queueOf(ctx, earlier) === queue) return earlier;
  }
  return undefined;
}

/**
 * After an action ended: run the actions of its workspace and date that waited for it and whose time has come, each
 * once no action accepted before it on its workspace and date is pending ({@link waitsFor}: the order of `works` is
 * not always the order of acceptance, as a run that goes on elsewhere is kept again at its end).
 */
function runFollowers(ctx: Context, ended: ActionRecord, queue: string | null): void {
  if (queue === null) return;
  const now = ctx.clock.now();
  for (const [uuid, work] of [...ctx.state.works]) {
    const action = ctx.state.actions.get(uuid);
    if (action === undefined || action === ended || action.status !== "pending" || queueOf(ctx, action) !== queue)
      continue;
    endIfDue(ctx, uuid, action, work, now);
  }
}

/** End a pending action whose time has come, unless it is held, running elsewhere or waits for an earlier one. */
function endIfDue(ctx: Context, uuid: string, action: ActionRecord, work: ActionWork, now: number): void {
  if (action.held || isRunning(ctx, action) || waitsFor(ctx, action)) return;
  const due = dueAt(action);
  if (due === null || due > now) return;
  ctx.state.works.delete(uuid);
  end(ctx, action, work);
}

function run(
  ctx: Context,
  action: ActionRecord,
  step: (ctx: Context, action: ActionRecord) => WorkStep,
  work?: ActionWork,
): void {
  let outcome: WorkStep;
  try {
    outcome = step(ctx, action);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    outcome = { status: "failed", reason: error.message };
  }
  if (outcome instanceof Promise) {
    goOnElsewhere(ctx, action, outcome, work);
    return;
  }
  const queue = queueOf(ctx, action, work ?? ctx.state.works.get(action.uuid));
  action.status = outcome.status;
  action.finishedAt = ctx.clock.now();
  action.dueAt = null;
  action.held = false;
  if (outcome.status === "finished") {
    action.summary = outcome.summary;
    action.reason = null;
  } else {
    action.summary = outcome.summary ?? null;
    action.reason = outcome.reason;
  }
  runFollowers(ctx, action, queue);
}

/**
 * A part of an action's work goes on elsewhere: the action stays pending (its work kept, so a save runs it again after
 * a restart) until the part is done, then the next step runs on the fake's thread, unless the action was failed,
 * reset or restored meanwhile. A part that fails fails the action with its message.
 */
function goOnElsewhere(
  ctx: Context,
  action: ActionRecord,
  pending: Promise<(ctx: Context, action: ActionRecord) => WorkStep>,
  work: ActionWork | undefined,
): void {
  const runtime = ctx.actions;
  runtime.running.add(action);
  if (work) ctx.state.works.set(action.uuid, work);
  const current = () => {
    const still = ctx.actions === runtime && ctx.state.actions.get(action.uuid) === action && isRunning(ctx, action);
    runtime.running.delete(action);
    if (still) ctx.state.works.delete(action.uuid);
    return still && action.status === "pending";
  };
  pending.then(
    (next) => {
      if (current()) run(ctx, action, next, work);
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      if (current()) run(ctx, action, () => ({ status: "failed", reason }));
    },
  );
}

/**
 * Start a background action: records it `pending` with its work as data (`kind` and `params`, run by the kind's
 * runner of {@link ActionRuntime.runners}) and, unless held or delayed, runs that work at once.
 * Returns a copy of the action as created (always `pending`): answer it with 202.
 *
 * @example
 * ```ts
 * const work = { kind: "delete", params: { principal, uuids } } as const;
 * const accepted = startAction(ctx, principal, work, { workspaceUuid: workspace.uuid });
 * return { status: 202, body: toActionBody(accepted) };
 * ```
 */
export function startAction(
  ctx: Context,
  principal: Principal,
  work: ActionWork,
  options: { workspaceUuid?: string | null } = {},
): ActionRecord {
  const { kind } = work;
  const runtime = ctx.actions;
  const now = ctx.clock.now();
  const policy = actionPolicy(runtime.options, kind);
  const timing: Exclude<ActionPolicy, "immediate"> | Record<string, never> = typeof policy === "string" ? {} : policy;
  const held = timing.hold === true;
  const delay = timing.afterMs ?? 0;
  const afterPolls = timing.afterPolls !== undefined && timing.afterPolls > 0 ? timing.afterPolls : null;
  const action: ActionRecord = {
    uuid: ctx.ids.uuid(),
    organizationId: principal.organizationId,
    workspaceUuid: options.workspaceUuid ?? null,
    kind,
    status: "pending",
    createdAt: now,
    finishedAt: null,
    summary: null,
    reason: null,
    dueAt: delay > 0 ? now + delay : null,
    held,
    afterPolls,
    polls: 0,
    failWith: timing.fail ?? null,
  };
  ctx.state.actions.set(action.uuid, action);
  ctx.lists.actions.touch(ctx.state.actions, action);
  const accepted = { ...action };
  ctx.state.works.set(action.uuid, work);
  // Immediate: it runs now, unless an earlier action of its workspace and date is pending (it then runs after it).
  if (!held && delay === 0 && afterPolls === null && !waitsFor(ctx, action)) {
    ctx.state.works.delete(action.uuid);
    end(ctx, action, work);
  }
  return accepted;
}

/**
 * When a pending action with work ends by itself: its due time when delayed; at once when it has no timing of its own
 * (its work was going on elsewhere when the state was saved or snapshotted: it runs again); never when it waits for
 * polls.
 */
function dueAt(action: ActionRecord): number | null {
  if (action.dueAt !== null) return action.dueAt;
  return action.afterPolls === null ? action.createdAt : null;
}

/**
 * The earliest instant a delayed action is due, or null when none waits for the clock (an action waiting for an
 * earlier one of its workspace and date runs when that one ends, not at an instant).
 */
export function nextActionDueAt(ctx: Context): number | null {
  let earliest: number | null = null;
  for (const uuid of ctx.state.works.keys()) {
    const action = ctx.state.actions.get(uuid);
    if (action?.status !== "pending" || action.held || isRunning(ctx, action) || waitsFor(ctx, action)) continue;
    const due = dueAt(action);
    if (due !== null && (earliest === null || due < earliest)) earliest = due;
  }
  return earliest;
}

/**
 * Run the work of every delayed action whose time has come (oldest first), each after the earlier pending actions of
 * its workspace and date.
 */
export function settleActions(ctx: Context): void {
  const _runtime = ctx.actions;
  if (ctx.state.works.size === 0) return;
  const now = ctx.clock.now();
  for (const [uuid, work] of [...ctx.state.works]) {
    const action = ctx.state.actions.get(uuid);
    if (action?.status !== "pending") ctx.state.works.delete(uuid);
    else endIfDue(ctx, uuid, action, work, now);
  }
}

/**
 * An action of the caller's organization, polled at its kind's endpoint: `kinds` are the kinds that endpoint
 * serves (e.g. `["update", "delete"]` for /v2/orders/actions). Unknown, foreign or other-kind actions: 404.
 */
export function getAction(
  ctx: Context,
  principal: Principal,
  uuid: string,
  kinds: readonly ActionKind[],
): ActionRecord {
  settleActions(ctx);
  const action = ctx.state.actions.get(uuid);
  if (!isOwned(principal, action) || !kinds.includes(action.kind)) {
    throw notFound("action", uuid);
  }
  return action;
}

/**
 * An action polled at its kind's endpoint: {@link getAction}, counting the poll. A pending action with an
 * `afterPolls` policy ends on the poll after its last `pending` one, and that poll answers it ended.
 */
export function pollAction(
  ctx: Context,
  principal: Principal,
  uuid: string,
  kinds: readonly ActionKind[],
): ActionRecord {
  const action = getAction(ctx, principal, uuid, kinds);
  if (
    action.status === "pending" &&
    action.afterPolls !== null &&
    action.polls >= action.afterPolls &&
    !isRunning(ctx, action) &&
    !waitsFor(ctx, action)
  ) {
    const work = ctx.state.works.get(action.uuid);
    ctx.state.works.delete(action.uuid);
    end(ctx, action, work);
  }
  action.polls += 1;
  return action;
}

/** The caller's organization's actions of one kind, newest first (a view over the action index). */
export function listActions(ctx: Context, principal: Principal, kind: ActionKind): ListView<ActionRecord> {
  settleActions(ctx);
  return ctx.lists.actions.list(ctx.state.actions, actionListKey(principal.organizationId, kind), {
    newestFirst: true,
  });
}

/** `Retry-After` hint in seconds for a poll: a number while pending, undefined once ended. */
export function retryAfterSeconds(ctx: Context, action: ActionRecord): number | undefined {
  if (action.status !== "pending") return undefined;
  return ctx.actions.options.retryAfterSeconds ?? 1;
}

/** Actions still pending (held or delayed), oldest first, across organizations. */
export function pendingActions(ctx: Context): ActionRecord[] {
  settleActions(ctx);
  return [...ctx.state.actions.values()].filter((a) => a.status === "pending");
}

/**
 * End a pending action now (or every pending action when `uuid` is omitted, oldest first), whatever its hold, delay or
 * polls: its work runs, or with a `fail` policy it fails with the policy's reason. Returns the actions as they ended.
 * An action still runs after the earlier actions of its workspace and date: one whose earlier action planning
 * elsewhere has not ended yet is returned pending and runs once that one ends. An unknown or already ended uuid is a
 * NOT_FOUND / CONFLICT, and so is an action that waits for an earlier one held, delayed or waiting for polls
 * (release or fail that one first).
 */
export function releaseActions(ctx: Context, uuid?: string): ActionRecord[] {
  const _runtime = ctx.actions;
  // An action whose work already goes on elsewhere is not started again.
  const targets =
    uuid === undefined
      ? pendingActions(ctx).filter((action) => !isRunning(ctx, action))
      : [pendingAction(ctx, uuid, "release")];
  for (const action of targets) {
    // Released by an earlier one's end (it waited for it), or already going on elsewhere.
    if (action.status !== "pending" || isRunning(ctx, action)) continue;
    if (waitsFor(ctx, action)) {
      // Its time has come: it runs when the earlier action (all released here, or planning elsewhere) ends.
      action.held = false;
      action.dueAt = null;
      action.afterPolls = null;
      continue;
    }
    const work = ctx.state.works.get(action.uuid);
    ctx.state.works.delete(action.uuid);
    end(ctx, action, work);
  }
  return targets;
}

/** End a pending action as `failed` with `reason`, without running its work. */
export function failAction(ctx: Context, uuid: string, reason: string): ActionRecord {
  const action = pendingAction(ctx, uuid, "fail");
  const work = ctx.state.works.get(uuid);
  ctx.state.works.delete(uuid);
  run(ctx, action, () => ({ status: "failed", reason }), work);
  return action;
}

function pendingAction(ctx: Context, uuid: string, verb: string): ActionRecord {
  const action = ctx.state.actions.get(uuid);
  if (!action) throw notFound("action", uuid);
  if (action.status !== "pending") {
    throw new DomainError("CONFLICT", `Failed to ${verb} action: action ${uuid} has already ${action.status}`);
  }
  if (verb === "release" && isRunning(ctx, action)) {
    throw new DomainError("CONFLICT", `Failed to release action: action ${uuid} is already running`);
  }
  const earlier = verb === "release" ? waitsFor(ctx, action) : undefined;
  if (earlier !== undefined && !isRunning(ctx, earlier)) {
    throw new DomainError(
      "CONFLICT",
      `Failed to release action: action ${uuid} runs after ${earlier.kind} action ${earlier.uuid} of the same workspace and date, which is still pending; release or fail that one first`,
    );
  }
  return action;
}

/** Change how new actions run (existing pending actions keep their hold or due time). */
function configureActions(ctx: Context, options: ActionOptions): void {
  const runtime = ctx.actions;
  runtime.options = { ...runtime.options, ...options };
}

/**
 * Hold new actions of every kind (`true`) or of the listed kinds, or stop holding (`false`). Holding a kind
 * replaces its own policy; `false` also drops the policies that hold, so the last call wins.
 */
export function holdActions(ctx: Context, kinds: boolean | readonly ActionKind[]): void {
  const options = ctx.actions.options;
  const policies = { ...options.policies };
  for (const kind of ACTION_KINDS) {
    const policy = policies[kind];
    const named = kinds === true || (Array.isArray(kinds) && kinds.includes(kind));
    const holds = typeof policy === "object" && policy.hold === true;
    if (named || (kinds === false && holds)) delete policies[kind];
  }
  configureActions(ctx, { hold: kinds, policies });
}
