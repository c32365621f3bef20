/**
 * The test-control API of a fake: tokens, organizations, and orders put on routes directly. Tokens and
 * organizations are also served over HTTP by the standalone server under `/_fake/` (`control/http.ts`).
 */
import type { Context } from "../domain/context.js";
import { notFound, validationFailed } from "../domain/errors.js";
import type { TravelMode } from "../domain/geo.js";
import {
  createOrganization,
  createWorkspace,
  expireToken,
  issueToken,
  type WorkspaceInit,
} from "../domain/organizations.js";
import type { Organization } from "../domain/records.js";
import { assignOrdersToRoute } from "../domain/routes.js";
import { parseWith } from "../http/input.js";
import type { OwnUrls } from "../http/own-urls.js";
import { checkFixtures, createFixtures, type Fixtures, type LoadedFixtures } from "./fixtures.js";
import { tokenBody } from "./schemas.js";
import { restoreSnapshot, snapshotData, takeSnapshot } from "./snapshots.js";
import {
  type InspectedOrganization,
  type InspectedToken,
  type InspectedWorkspace,
  inspectOrganization,
  inspectToken,
  inspectWorkspace,
} from "./views.js";

/** Control of tokens and organizations. */
export interface FakeControl {
  /**
   * Issue a new token for the seeded organization (or `organizationId`); returns its value. It expires at
   * `expiresAt` (epoch ms) or `expiresInMs` from now on the fake's clock (then answers 401 TOKEN_EXPIRED), or never.
   */
  createToken(options?: {
    organizationId?: string;
    token?: string;
    expiresAt?: number | null;
    expiresInMs?: number;
  }): string;
  /** Make a token expire now: it then answers 401 TOKEN_EXPIRED. Unknown token: throws NOT_FOUND. */
  expireToken(token: string): InspectedToken;
  /**
   * Create a workspace in the seeded organization, or in the organization of `organizationId` or of `token`: a
   * name, an IANA time zone (default Europe/Berlin) and a service area (default central Berlin, 15 km). A bad time
   * zone throws 400 naming it; an unknown organization or token, 404.
   */
  createWorkspace(init?: WorkspaceInit & { organizationId?: string; token?: string }): InspectedWorkspace;
  /** Create another organization (one workspace by default) with a token of its own. */
  createOrganization(init?: { name?: string; workspaces?: WorkspaceInit[] }): {
    token: string;
    organization: InspectedOrganization;
    workspaces: InspectedWorkspace[];
  };
  /**
   * Put orders on a route in this sequence, as a committed scheduling run would: the orders become
   * `scheduled` on it (taken off any other route), orders of the route not listed become `not_scheduled`,
   * and the timelines are recomputed. Unknown orders, orders of another workspace or date, and completed
   * orders throw, and nothing changes.
   */
  assignOrders(routeUuid: string, orderUuids: readonly string[], options?: { travelMode?: TravelMode }): void;
  /**
   * Add fixtures: organizations with their tokens, workspaces, routes, orders (on their routes) and webhook
   * subscriptions, checked and created as the API creates them; returns what was created, in the fixtures' order.
   * All or nothing: any problem throws 400 VALIDATION_FAILED naming every field path (`orders[3].locations`), and
   * nothing changes. The same as `POST /_fake/fixtures`, `dispatch-fake --fixtures FILE` and `createFake({ fixtures })`.
   */
  loadFixtures(fixtures: Fixtures): LoadedFixtures;
}

/** What the control API needs of the fake besides its context. */
export interface ControlSetup {
  /** The seeded organization. */
  seeded: () => Organization;
  /** The fake's own addresses, which a webhook subscription may not use. */
  own: OwnUrls;
}

/**
 * Build the control API over a fake's context; `setup.seeded()` gives the seeded organization.
 *
 * @example
 * ```ts
 * const other = fake.control.createOrganization();
 * const foreign = createClient({ baseUrl: fake.baseUrl, token: other.token });
 * ```
 */
export function createControl(ctx: Context, { seeded, own }: ControlSetup): FakeControl {
  return {
    createToken(options = {}) {
      const { expiresInMs } = parseWith(
        tokenBody,
        options.expiresInMs !== undefined ? { expiresInMs: options.expiresInMs } : {},
        "create token",
      );
      if (expiresInMs !== undefined && options.expiresAt !== undefined) {
        throw validationFailed("create token", [
          { path: "expiresInMs", message: "give expiresAt or expiresInMs, not both" },
        ]);
      }
      const expiresAt = expiresInMs !== undefined ? ctx.clock.now() + expiresInMs : options.expiresAt;
      return issueToken(ctx, options.organizationId ?? seeded().id, {
        ...(options.token !== undefined ? { token: options.token } : {}),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      }).token;
    },
    expireToken: (token) => inspectToken(expireToken(ctx, token)),
    createWorkspace({ organizationId, token, ...init } = {}) {
      let owner = organizationId ?? seeded().id;
      if (token !== undefined) {
        const record = ctx.state.tokens.get(token);
        if (!record) throw notFound("token", token);
        owner = record.organizationId;
      }
      return inspectWorkspace(createWorkspace(ctx, owner, init));
    },
    createOrganization(init = {}) {
      const { organization, workspaces } = createOrganization(ctx, init);
      const { token } = issueToken(ctx, organization.id);
      return { token, organization: inspectOrganization(organization), workspaces: workspaces.map(inspectWorkspace) };
    },
    assignOrders(routeUuid, orderUuids, options = {}) {
      assignOrdersToRoute(ctx, routeUuid, orderUuids, options);
    },
    loadFixtures(fixtures) {
      const checked = checkFixtures(ctx, fixtures, own);
      // Checked fixtures create without error; a geocoder of the caller's may still throw, and then nothing stays.
      const before = takeSnapshot(ctx);
      try {
        return createFixtures(ctx, checked);
      } catch (error) {
        restoreSnapshot(ctx, snapshotData(before));
        throw error;
      }
    },
  };
}
