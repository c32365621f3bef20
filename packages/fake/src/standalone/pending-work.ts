/**
 * The work of pending actions in the state file: already plain data (`{ kind, params }`, run by the domain's one
 * table of runners), so a saved held, delayed or poll-counted action ends after a restart exactly as it would have
 * without one. Loading checks each kind's params.
 */
import { z } from "zod";
import type { ActionWork } from "../domain/context.js";
import type { ActionKind } from "../domain/records.js";

/** One pending action's work: the action's uuid and kind, and the params its command built the work from. */
export interface PendingWorkJson {
  uuid: string;
  kind: ActionKind;
  params: unknown;
}

const principal = z.looseObject({ organizationId: z.string(), token: z.string() });

/** What each kind's params must look like (loose: the command's own fields beyond these are kept). */
const paramsSchemas = {
  schedule: z.looseObject({
    workspace: z.looseObject({ uuid: z.string(), timezone: z.string(), organizationId: z.string() }),
    request: z.looseObject({
      mode: z.enum(["all", "specific", "what_if"]),
      workspaceUuid: z.string(),
      date: z.string(),
    }),
  }),
  publish: z.looseObject({
    principal,
    workspaceUuid: z.string(),
    date: z.string(),
    routeUuids: z.array(z.string()).nullable(),
  }),
  update: z.looseObject({ uuid: z.string(), next: z.looseObject({ deliveryDate: z.string() }) }),
  delete: z.looseObject({ principal, uuids: z.array(z.string()) }),
} as const;

/** The schema of one saved pending work, its params checked by its kind. */
export const pendingWorkJson = z.discriminatedUnion(
  "kind",
  (Object.keys(paramsSchemas) as ActionKind[]).map((kind) =>
    z.strictObject({ uuid: z.string(), kind: z.literal(kind), params: paramsSchemas[kind] }),
  ) as unknown as readonly [z.ZodObject, ...z.ZodObject[]],
);

/** The saveable work of the pending actions, oldest first: plain data already, copied. */
export function encodePendingWork(works: ReadonlyMap<string, ActionWork>): PendingWorkJson[] {
  return [...works].map(([uuid, { kind, params }]) => ({ uuid, kind, params: structuredClone(params) }));
}

/** The works of saved pending actions, by action uuid. */
export function decodePendingWork(saved: readonly PendingWorkJson[]): Map<string, ActionWork> {
  return new Map(saved.map(({ uuid, kind, params }) => [uuid, { kind, params: structuredClone(params) }]));
}
