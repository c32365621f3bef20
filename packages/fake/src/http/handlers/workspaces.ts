/**
 * GET /v2/workspaces and GET /workspaces.
 * @see `docs/api-contract.md` section 2
 */
import type { Workspace } from "../../domain/records.js";
import { listWorkspaces } from "../../domain/workspaces.js";
import type { components } from "../contract-types.js";
import { paginate } from "../pagination.js";
import type { Operation } from "../router.js";
import { defineOperation } from "../typed.js";

type WorkspaceBody = components["schemas"]["Workspace"];

/** The wire shape of a workspace (the same in v1 and v2). */
export function toWorkspaceBody(
  workspace: Pick<Workspace, "uuid" | "workspaceId" | "name" | "timezone">,
): WorkspaceBody {
  return {
    uuid: workspace.uuid,
    workspaceId: workspace.workspaceId,
    name: workspace.name,
    timezone: workspace.timezone,
  };
}

/** The workspace operations. */
export function workspaceOperations(): Operation[] {
  return [
    defineOperation("/v2/workspaces", "get", ({ domain, principal, url }) => ({
      status: 200,
      body: paginate(listWorkspaces(domain, principal).map(toWorkspaceBody), url),
    })),
    defineOperation("/workspaces", "get", ({ domain, principal, url }) => ({
      status: 200,
      body: paginate(listWorkspaces(domain, principal).map(toWorkspaceBody), url),
    })),
  ];
}
