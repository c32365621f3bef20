/**
 * The work of pending actions in the state file: already plain data (`{ kind, params }`, run by the domain's one
 * table of runners), so a saved held, delayed or poll-counted action ends after a restart exactly as it would have
 * without one. Loading checks each kind's params.
 */
import type { WorkParams } from "../domain/action-work.js";
import type { ActionWork } from "../domain/context.js";

/**
 * One pending action's work as the state file keeps it: the action's uuid, and its work (`kind`, `params`) typed by
 * kind. The state file's schema is generated from this type (scripts/generate-types.mjs).
 */
export type PendingWorkJson = {
  [K in keyof WorkParams]: { uuid: string; kind: K; params: WorkParams[K] };
}[keyof WorkParams];

/** The saveable work of the pending actions, oldest first: plain data already, copied. */
export function encodePendingWork(works: ReadonlyMap<string, ActionWork>): PendingWorkJson[] {
  return [...works].map(([uuid, work]) => ({ uuid, ...structuredClone(work) }));
}

/** The works of saved pending actions, by action uuid. */
export function decodePendingWork(saved: readonly PendingWorkJson[]): Map<string, ActionWork> {
  return new Map(
    saved.map((entry) => {
      const { uuid, ...work } = structuredClone(entry);
      return [uuid, work];
    }),
  );
}
