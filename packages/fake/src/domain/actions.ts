/**
 * The actions engine: every piece of background work (schedule, publish, update, delete) is an action on the
 * fake's clock.
 *
 * Timing (the fake's rule, documented in docs/fake.md):
 * - By default the work runs inside {@link startAction}, so the action has already ended when the 202 is
 *   answered; the 202 body is the snapshot taken at creation (`pending`, as the service answers), and the
 *   first poll reveals `finished` or `failed`.
 * - With `hold` (all kinds, or a list of kinds) an action stays `pending` until the test releases it
 *   ({@link releaseActions}) or fails it ({@link failAction}). The work then runs against the state of that
 *   moment (each kind's work re-checks what it needs).
 * - With `delayMs` an action stays `pending` until the clock reaches `createdAt + delayMs`; it is settled
 *   lazily, on the next read of any action ({@link getAction}, {@link listActions}, {@link settleActions}).
 *
 * @see `docs/api-contract.md` section 7
 */
import type { ActionOptions, ActionOutcome, ActionWork, Context } from "./context.js";
import { DomainError, notFound } from "./errors.js";
import { isOwned } from "./ownership.js";
import type { ActionKind, ActionRecord, Principal } from "./records.js";

function isHeld(options: ActionOptions, kind: ActionKind): boolean {
  const hold = options.hold;
  return hold === true || (Array.isArray(hold) && hold.includes(kind));
}

function run(ctx: Context, action: ActionRecord, work: ActionWork): void {
  let outcome: ActionOutcome;
  try {
    outcome = work(ctx, action);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    outcome = { status: "failed", reason: error.message };
  }
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
}

/**
 * Start a background action: records it `pending` and, unless held or delayed, runs its work at once.
 * Returns a copy of the action as created (always `pending`): answer it with 202.
 *
 * @example
 * ```ts
 * const accepted = startAction(ctx, principal, "delete", (ctx) => ({ status: "finished", summary: deleteNow(ctx) }), {
 *   workspaceUuid: workspace.uuid,
 * });
 * return { status: 202, body: toActionBody(accepted) };
 * ```
 */
export function startAction(
  ctx: Context,
  principal: Principal,
  kind: ActionKind,
  work: ActionWork,
  options: { workspaceUuid?: string | null } = {},
): ActionRecord {
  const runtime = ctx.actions;
  const now = ctx.clock.now();
  const held = isHeld(runtime.options, kind);
  const delay = runtime.options.delayMs ?? 0;
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
    dueAt: held || delay <= 0 ? null : now + delay,
    held,
  };
  ctx.state.actions.set(action.uuid, action);
  const accepted = { ...action };
  if (held || delay > 0) runtime.works.set(action.uuid, work);
  else run(ctx, action, work);
  return accepted;
}

/** The earliest instant a delayed action is due, or null when none waits for the clock. */
export function nextActionDueAt(ctx: Context): number | null {
  let earliest: number | null = null;
  for (const uuid of ctx.actions.works.keys()) {
    const action = ctx.state.actions.get(uuid);
    if (action?.status !== "pending" || action.held || action.dueAt === null) continue;
    if (earliest === null || action.dueAt < earliest) earliest = action.dueAt;
  }
  return earliest;
}

/** Run the work of every delayed action whose time has come (oldest first). */
export function settleActions(ctx: Context): void {
  const runtime = ctx.actions;
  if (runtime.works.size === 0) return;
  const now = ctx.clock.now();
  for (const [uuid, work] of [...runtime.works]) {
    const action = ctx.state.actions.get(uuid);
    if (action?.status !== "pending") {
      runtime.works.delete(uuid);
      continue;
    }
    if (action.held || action.dueAt === null || action.dueAt > now) continue;
    runtime.works.delete(uuid);
    run(ctx, action, work);
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

/** The caller's organization's actions of the given kinds, newest first. */
export function listActions(ctx: Context, principal: Principal, kinds: readonly ActionKind[]): ActionRecord[] {
  settleActions(ctx);
  return [...ctx.state.actions.values()]
    .filter((a) => a.organizationId === principal.organizationId && kinds.includes(a.kind))
    .reverse();
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
 * Run the work of a pending action now (or of every pending action when `uuid` is omitted), whatever its
 * hold or delay. Returns the actions as they ended. An unknown or already ended uuid is a NOT_FOUND / CONFLICT.
 */
export function releaseActions(ctx: Context, uuid?: string): ActionRecord[] {
  const runtime = ctx.actions;
  const targets = uuid === undefined ? pendingActions(ctx) : [pendingAction(ctx, uuid, "release")];
  for (const action of targets) {
    const work = runtime.works.get(action.uuid);
    runtime.works.delete(action.uuid);
    if (work) run(ctx, action, work);
    else run(ctx, action, () => ({ status: "failed", reason: "the action's work was lost (fake reset)" }));
  }
  return targets;
}

/** End a pending action as `failed` with `reason`, without running its work. */
export function failAction(ctx: Context, uuid: string, reason: string): ActionRecord {
  const action = pendingAction(ctx, uuid, "fail");
  ctx.actions.works.delete(uuid);
  run(ctx, action, () => ({ status: "failed", reason }));
  return action;
}

function pendingAction(ctx: Context, uuid: string, verb: string): ActionRecord {
  const action = ctx.state.actions.get(uuid);
  if (!action) throw notFound("action", uuid);
  if (action.status !== "pending") {
    throw new DomainError("CONFLICT", `Failed to ${verb} action: action ${uuid} has already ${action.status}`);
  }
  return action;
}

/** Change how new actions run (existing pending actions keep their hold or due time). */
export function configureActions(ctx: Context, options: ActionOptions): void {
  const runtime = ctx.actions;
  runtime.options = { ...runtime.options, ...options };
}
