/**
 * The in-memory state of one fake instance. Plain data in Maps, so a snapshot is a structured clone.
 */
import type { Clock } from "./clock.js";
import type { Ids } from "./ids.js";

/** An organization: owns tokens and workspaces. */
export interface Organization {
  id: string;
  name: string;
}

/** An API token of one organization. */
export interface TokenRecord {
  token: string;
  organizationId: string;
  createdAt: number;
  /** Epoch ms from which the token answers 401 TOKEN_EXPIRED; null: never expires. */
  expiresAt: number | null;
}

/** Where the deterministic geocoder places addresses without coordinates. */
export interface ServiceArea {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** A workspace: v2 identifies it by uuid, v1 by the numeric workspaceId. */
export interface Workspace {
  uuid: string;
  workspaceId: number;
  organizationId: string;
  name: string;
  /** IANA time zone of the workspace's times of day. */
  timezone: string;
  serviceArea: ServiceArea;
  createdAt: number;
}

/** All entities of one fake instance. */
export interface State {
  organizations: Map<string, Organization>;
  tokens: Map<string, TokenRecord>;
  /** By uuid, in creation order. */
  workspaces: Map<string, Workspace>;
  nextWorkspaceId: number;
}

/** Empty state. */
export function createState(): State {
  return {
    organizations: new Map(),
    tokens: new Map(),
    workspaces: new Map(),
    nextWorkspaceId: 1001,
  };
}

/** What every domain command receives: the clock, the id generator and the state. */
export interface Context {
  clock: Clock;
  ids: Ids;
  state: State;
}

/** The caller, once authenticated. */
export interface Principal {
  organizationId: string;
  token: string;
}
