/**
 * The work of pending actions as plain data: each command builds its work from params (`savableWork`), so a saved
 * held, delayed or poll-counted action ends after a restart exactly as it would have without one.
 */
import { z } from "zod";
import { paramsOfWork } from "../domain/actions.js";
import type { ActionWork } from "../domain/context.js";
import { deleteWork } from "../domain/order-deletion.js";
import { updateWork } from "../domain/order-update.js";
import { publishWork } from "../domain/publishing.js";
import type { ActionKind } from "../domain/records.js";
import { scheduleWork } from "../domain/scheduling/runs.js";

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

/** Build a kind's work again from its saved params (checked by {@link pendingWorkJson}). */
function rebuild(kind: ActionKind, params: unknown): ActionWork {
  switch (kind) {
    case "schedule":
      return scheduleWork(params as Parameters<typeof scheduleWork>[0]);
    case "publish":
      return publishWork(params as Parameters<typeof publishWork>[0]);
    case "update":
      return updateWork(params as Parameters<typeof updateWork>[0]);
    case "delete":
      return deleteWork(params as Parameters<typeof deleteWork>[0]);
  }
}

/** The saveable work of the pending actions, oldest first (work not built from params is left out). */
export function encodePendingWork(
  works: ReadonlyMap<string, ActionWork>,
  kindOf: (uuid: string) => ActionKind | undefined,
): PendingWorkJson[] {
  const out: PendingWorkJson[] = [];
  for (const [uuid, work] of works) {
    const kind = kindOf(uuid);
    const params = paramsOfWork(work);
    if (kind !== undefined && params !== undefined) out.push({ uuid, kind, params: structuredClone(params) });
  }
  return out;
}

/** The works of saved pending actions, by action uuid. */
export function decodePendingWork(saved: readonly PendingWorkJson[]): Map<string, ActionWork> {
  return new Map(saved.map(({ uuid, kind, params }) => [uuid, rebuild(kind, structuredClone(params))]));
}
