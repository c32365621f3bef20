/**
 * Workspace queries, always scoped to the caller's organization.
 * @see `docs/api-contract.md` section 2
 */
import type { Context } from "./context.js";
import { notFound } from "./errors.js";
import { findOwned } from "./ownership.js";
import type { Principal, Workspace } from "./records.js";

/** The caller's organization's workspaces, in creation order. */
export function listWorkspaces(ctx: Context, principal: Principal): Workspace[] {
  return [...ctx.state.workspaces.values()].filter((w) => w.organizationId === principal.organizationId);
}

/** A workspace of the caller's organization by uuid (v2); 404 for unknown or foreign ones. */
export function getWorkspace(ctx: Context, principal: Principal, uuid: string): Workspace {
  return findOwned(ctx.state.workspaces, principal, "workspace", uuid);
}

/** A workspace of the caller's organization by numeric workspaceId (v1); 404 for unknown or foreign ones. */
export function getWorkspaceById(ctx: Context, principal: Principal, workspaceId: number): Workspace {
  for (const workspace of ctx.state.workspaces.values()) {
    if (workspace.workspaceId === workspaceId && workspace.organizationId === principal.organizationId) {
      return workspace;
    }
  }
  throw notFound("workspace", String(workspaceId));
}
