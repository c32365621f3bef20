/**
 * Organization scoping: every read or write of a record goes through the caller's organization, and a record
 * of another organization answers exactly like one that does not exist (404, never leaking which).
 * @see `docs/api-contract.md` section 1
 */
import { notFound } from "./errors.js";
import type { Principal } from "./records.js";

/** Whether a record exists and belongs to the caller's organization. */
export function isOwned<T extends { organizationId: string }>(
  principal: Principal,
  record: T | undefined,
): record is T {
  return record !== undefined && record.organizationId === principal.organizationId;
}

/** A record of the caller's organization by id; 404 NOT_FOUND (naming `kind`) for unknown or foreign ones. */
export function findOwned<T extends { organizationId: string }>(
  records: ReadonlyMap<string, T>,
  principal: Principal,
  kind: string,
  id: string,
): T {
  const record = records.get(id);
  if (!isOwned(principal, record)) throw notFound(kind, id);
  return record;
}

/** 404 NOT_FOUND unless the workspace belongs to the caller's organization. */
export function assertOwnedWorkspace(principal: Principal, workspace: { uuid: string; organizationId: string }): void {
  if (workspace.organizationId !== principal.organizationId) throw notFound("workspace", workspace.uuid);
}
