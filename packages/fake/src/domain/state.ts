/**
 * The in-memory state of one fake instance. Plain data in Maps, so a snapshot is a structured clone.
 */
import type { ActionRecord, ActionRuntime } from "./actions.js";
import type { Clock } from "./clock.js";
import type { EventRecord, NotificationRecord } from "./events.js";
import type { Ids } from "./ids.js";
import type { OrderRecord } from "./orders.js";
import type { RouteRecord } from "./routes.js";
import type { Geocoder } from "./scheduling/geocoding.js";
import type { ScheduleRunRecord } from "./scheduling/runs.js";
import type { TravelProvider } from "./scheduling/travel.js";

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
  /** Live orders by uuid, in creation order. Deleted orders are removed (gone for good). */
  orders: Map<string, OrderRecord>;
  /** Last `ORD-<n>` number handed out, per organization id. */
  orderNumbers: Map<string, number>;
  /** Routes by uuid, in creation order. */
  routes: Map<string, RouteRecord>;
  /** Background actions (schedule, publish, update, delete) by uuid, in creation order. */
  actions: Map<string, ActionRecord>;
  /** Every event the domain emitted, oldest first (webhook delivery reads them). */
  events: EventRecord[];
  /** Customer notifications the service "sent" (on completion), oldest first. */
  notifications: NotificationRecord[];
  /** The stored solution of every finished scheduling run, by action uuid. */
  scheduleRuns: Map<string, ScheduleRunRecord>;
}

/** Empty state. */
export function createState(): State {
  return {
    organizations: new Map(),
    tokens: new Map(),
    workspaces: new Map(),
    nextWorkspaceId: 1001,
    orders: new Map(),
    orderNumbers: new Map(),
    routes: new Map(),
    actions: new Map(),
    events: [],
    notifications: [],
    scheduleRuns: new Map(),
  };
}

/** What every domain command receives: the clock, the id generator and the state. */
export interface Context {
  clock: Clock;
  ids: Ids;
  state: State;
  /** Geocoder for addresses without coordinates; default `hashGeocoder` (see `geocoderOf`). */
  geocoder?: Geocoder;
  /** Travel-time provider; default `greatCircleTravel` (see `travelOf`). */
  travel?: TravelProvider;
  /** How background actions run (hold, pending work); default: finish as soon as the work is done. */
  actions?: ActionRuntime;
}

/** The caller, once authenticated. */
export interface Principal {
  organizationId: string;
  token: string;
}
