/**
 * Organizations, tokens and authentication.
 * @see `docs/api-contract.md` section 1 (auth)
 */
import type { Context } from "./context.js";
import { DomainError, notFound } from "./errors.js";
import type { ServiceArea } from "./geo.js";
import type { Organization, Principal, TokenRecord, Workspace } from "./records.js";

/** What a new workspace may be given. */
export interface WorkspaceInit {
  name?: string;
  timezone?: string;
  serviceArea?: ServiceArea;
}

/** Default service area of new workspaces: central Berlin, 15 km. */
const DEFAULT_SERVICE_AREA: ServiceArea = { latitude: 52.52, longitude: 13.405, radiusKm: 15 };

/** Create an organization with its workspaces. */
export function createOrganization(
  ctx: Context,
  init: { name?: string; workspaces?: WorkspaceInit[] } = {},
): { organization: Organization; workspaces: Workspace[] } {
  // Every workspace is checked before anything is created: bad input changes nothing (not even the id sequence).
  (init.workspaces ?? []).forEach((w, i) => {
    assertTimeZone(w.timezone ?? "Europe/Berlin", `workspaces[${i}].timezone`);
  });
  const organization: Organization = {
    id: ctx.ids.uuid(),
    name: init.name ?? `Organization ${ctx.state.organizations.size + 1}`,
  };
  ctx.state.organizations.set(organization.id, organization);
  const workspaces = (init.workspaces ?? [{}]).map((w) => createWorkspace(ctx, organization.id, w));
  return { organization, workspaces };
}

/** Add a workspace to an organization. */
export function createWorkspace(ctx: Context, organizationId: string, init: WorkspaceInit = {}): Workspace {
  if (!ctx.state.organizations.has(organizationId)) throw notFound("organization", organizationId);
  const timezone = init.timezone ?? "Europe/Berlin";
  assertTimeZone(timezone);
  const workspace: Workspace = {
    uuid: ctx.ids.uuid(),
    workspaceId: ctx.state.nextWorkspaceId++,
    organizationId,
    name: init.name ?? `Workspace ${ctx.state.workspaces.size + 1}`,
    timezone,
    serviceArea: init.serviceArea ?? DEFAULT_SERVICE_AREA,
    createdAt: ctx.clock.now(),
  };
  ctx.state.workspaces.set(workspace.uuid, workspace);
  return workspace;
}

/**
 * The time zones found valid: building an `Intl.DateTimeFormat` to check one costs about a quarter of a millisecond,
 * and every `createFake()` and `reset()` checks the seeded workspace's. A memo of a pure check, shared harmlessly.
 */
const validTimeZones = new Set<string>();

/** Whether `timezone` names an IANA time zone this runtime knows. */
export function isTimeZone(timezone: string): boolean {
  if (validTimeZones.has(timezone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    if (validTimeZones.size < 1000) validTimeZones.add(timezone);
    return true;
  } catch {
    return false;
  }
}

function assertTimeZone(timezone: string, path = "timezone"): void {
  if (!isTimeZone(timezone)) {
    throw new DomainError("VALIDATION_FAILED", `Failed to create workspace: unknown IANA time zone ${timezone}`, [
      { path, message: `unknown IANA time zone ${JSON.stringify(timezone)}` },
    ]);
  }
}

/** Issue a token for an organization; `token` picks its value (else a seeded random one). */
export function issueToken(
  ctx: Context,
  organizationId: string,
  options: { token?: string; expiresAt?: number | null } = {},
): TokenRecord {
  if (!ctx.state.organizations.has(organizationId)) throw notFound("organization", organizationId);
  const token = options.token ?? ctx.ids.token();
  if (ctx.state.tokens.has(token)) {
    throw new DomainError("CONFLICT", `Failed to issue token: the token ${JSON.stringify(token)} already exists`);
  }
  const record: TokenRecord = {
    token,
    organizationId,
    createdAt: ctx.clock.now(),
    expiresAt: options.expiresAt ?? null,
  };
  ctx.state.tokens.set(token, record);
  return record;
}

/** Make a token expire now: from this instant it answers 401 TOKEN_EXPIRED. */
export function expireToken(ctx: Context, token: string): TokenRecord {
  const record = ctx.state.tokens.get(token);
  if (!record) throw notFound("token", token);
  record.expiresAt = ctx.clock.now();
  return record;
}

/**
 * Resolve the bearer token of a request. A missing or unknown token is 401 UNAUTHORIZED, an expired one
 * 401 TOKEN_EXPIRED.
 */
export function authenticate(ctx: Context, token: string | undefined): Principal {
  if (!token) {
    throw new DomainError(
      "UNAUTHORIZED",
      "Failed to authenticate the request: the Authorization header has no Bearer token",
    );
  }
  const record = ctx.state.tokens.get(token);
  if (!record) throw new DomainError("UNAUTHORIZED", "Failed to authenticate the request: the API token is not valid");
  if (record.expiresAt !== null && ctx.clock.now() >= record.expiresAt) {
    throw new DomainError(
      "TOKEN_EXPIRED",
      "Failed to authenticate the request: the API token has expired; create a new token",
    );
  }
  return { organizationId: record.organizationId, token };
}
