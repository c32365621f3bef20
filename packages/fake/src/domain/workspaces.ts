/**
 * Workspace queries, always scoped to the caller's organization.
 * @see contract.md section 2
 */
import { notFound } from "./errors.js";
import type { Context, Principal, Workspace } from "./state.js";

/** The caller's organization's workspaces, in creation order. */
export function listWorkspaces(ctx: Context, principal: Principal): Workspace[] {
  return [...ctx.state.workspaces.values()].filter((w) => w.organizationId === principal.organizationId);
}

/** A workspace of the caller's organization by uuid (v2); 404 for unknown or foreign ones. */
export function getWorkspace(ctx: Context, principal: Principal, uuid: string): Workspace {
  const workspace = ctx.state.workspaces.get(uuid);
  if (!workspace || workspace.organizationId !== principal.organizationId) throw notFound("workspace", uuid);
  return workspace;
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
