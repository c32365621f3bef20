/**
 * Test control of a fake's background actions (`fake.actions`): observe, hold, release or fail them, and set how
 * new ones end.
 */
import {
  ACTION_KINDS,
  actionPolicy,
  failAction,
  holdActions,
  pendingActions,
  releaseActions,
  setActionPolicy,
} from "../domain/actions.js";
import type { ActionPolicy, Context } from "../domain/context.js";
import { validationFailed } from "../domain/errors.js";
import type { ActionKind, ActionRecord } from "../domain/records.js";
import { parsePolicy } from "./schemas.js";
import { type InspectedAction, inspectAction } from "./views.js";

/** Test control of a fake's background actions. Actions are returned as {@link InspectedAction} copies. */
export interface FakeActions {
  /** Every action of every organization, oldest first. */
  list(): InspectedAction[];
  /**
   * The actions still pending (held, delayed, waiting for polls, or waiting for an earlier action of their workspace
   * and date), oldest first.
   */
  pending(): InspectedAction[];
  /**
   * Run a pending action's work now (every pending action when `uuid` is omitted, oldest first); returns them as
   * ended. The actions of one workspace and date still run in the order they were accepted: releasing one that waits
   * for an earlier held, delayed or poll-waiting one throws 409 `CONFLICT` naming it (release or fail that one first).
   */
  release(uuid?: string): InspectedAction[];
  /** End a pending action as `failed` with `reason`, without running its work. */
  fail(uuid: string, reason: string): InspectedAction;
  /**
   * Hold new actions (all kinds, or the given kinds) until released; `hold(false)` stops holding. Holding a kind
   * replaces its {@link FakeActions.policy}, and `hold(false)` drops the policies that hold: the last call wins.
   */
  hold(kinds?: boolean | readonly ActionKind[]): void;
  /**
   * How new actions of `kind` end: `"immediate"`, `{ afterPolls: n }`, `{ afterMs: t }`, `{ hold: true }`, and
   * `fail: reason` alone or beside one of those (see {@link ActionPolicy}). Actions already pending keep theirs.
   * A bad kind or policy throws 400 `VALIDATION_FAILED` naming the field.
   */
  policy(kind: ActionKind, policy: ActionPolicy): void;
  /** The policy new actions of each kind get now. */
  policies(): Record<ActionKind, ActionPolicy>;
}

/** `fake.actions` over `ctx`: each call reads the context's state of the moment (a reset or restore replaces it). */
export function createFakeActions(ctx: Context): FakeActions {
  const view = (action: ActionRecord) => inspectAction(ctx, action);
  return {
    list: () => [...ctx.state.actions.values()].map(view),
    pending: () => pendingActions(ctx).map(view),
    release: (uuid) => releaseActions(ctx, uuid).map(view),
    fail: (uuid, reason) => view(failAction(ctx, uuid, reason)),
    hold: (kinds = true) => holdActions(ctx, kinds),
    policy(kind, policy) {
      if (!ACTION_KINDS.includes(kind)) {
        throw validationFailed("set action policy", [
          { path: "kind", message: `must be one of ${ACTION_KINDS.join(", ")}, got ${JSON.stringify(kind)}` },
        ]);
      }
      setActionPolicy(ctx, kind, parsePolicy(policy, "set action policy"));
    },
    policies: () =>
      Object.fromEntries(ACTION_KINDS.map((kind) => [kind, actionPolicy(ctx.actions.options, kind)])) as Record<
        ActionKind,
        ActionPolicy
      >,
  };
}
