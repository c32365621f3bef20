/**
 * What the domain's commands take, as plain data: the inputs of orders, routes and scheduling runs (already
 * shape-checked at the edge), and the params each kind of background action's work is built from. Types only, and
 * a leaf (records and geo types only), so the context can type the work it keeps (`ActionWork`) without importing
 * the commands.
 */
import type { TravelMode } from "./geo.js";
import type {
  CustomFieldValue,
  OrderFields,
  OrderPriority,
  Principal,
  TimeWindowRecord,
  Workspace,
} from "./records.js";

/** A location as sent: coordinates optional (both or neither). */
export interface LocationInput {
  address: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

/** One order as sent (already shape-checked at the edge; null or absent means "default"). */
export interface OrderInput {
  name?: string | null | undefined;
  customerOrderNumber?: string | null | undefined;
  deliveryDate: string;
  locations: LocationInput[];
  timeWindows?: TimeWindowRecord[] | null | undefined;
  duration?: number | null | undefined;
  load?: number | null | undefined;
  tags?: string[] | null | undefined;
  priority?: OrderPriority | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  instructions?: string | null | undefined;
  customFields?: Record<string, CustomFieldValue> | null | undefined;
  packages?:
    | { barcode?: string | null | undefined; description?: string | null | undefined; quantity: number }[]
    | null
    | undefined;
}

/** One route as sent (already shape-checked at the edge; nulls mean "not set"). */
export interface RouteInput {
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  startLocation: LocationInput;
  endLocation?: LocationInput | null | undefined;
  capacity?: number | null | undefined;
  tags?: string[] | null | undefined;
  driver?: { name: string; email?: string | null | undefined; phone?: string | null | undefined } | null | undefined;
}

/** Options of a run (`docs/api-contract.md` section 5, `options`). */
interface ScheduleOptions {
  minimizeRoutes?: boolean | undefined;
  balance?: boolean | undefined;
  /** Fixed cost of each route used, in seconds of travel (0 to 86,400, default 0). */
  routeCost?: number | undefined;
  travelMode?: TravelMode | undefined;
}

/** A what-if order: an order input with an optional caller-chosen uuid and an optional delivery date. */
export interface WhatIfOrderInput extends Omit<OrderInput, "deliveryDate"> {
  uuid?: string | undefined;
  deliveryDate?: string | undefined;
}

/** A what-if route: a route input with an optional caller-chosen uuid. */
export interface WhatIfRouteInput extends RouteInput {
  uuid?: string | undefined;
}

/** A run as requested (already shape-checked at the edge); the mode follows from the body. */
export type ScheduleRequest =
  | { mode: "all"; workspaceUuid: string; date: string; options?: ScheduleOptions | undefined }
  | {
      mode: "specific";
      workspaceUuid: string;
      date: string;
      orders: readonly string[];
      routes: readonly string[];
      options?: ScheduleOptions | undefined;
    }
  | {
      mode: "what_if";
      workspaceUuid: string;
      date: string;
      whatIf: { orders: readonly WhatIfOrderInput[]; routes: readonly WhatIfRouteInput[] };
      options?: ScheduleOptions | undefined;
    };

/** What a `schedule` action's work is built from: the workspace as checked and the request. */
export interface ScheduleWorkParams {
  workspace: Workspace;
  request: ScheduleRequest;
}

/** What a `publish` action's work is built from: who asked, where, the date, and the routes (null: all of the date). */
export interface PublishWorkParams {
  principal: Principal;
  workspaceUuid: string;
  date: string;
  routeUuids: string[] | null;
}

/** What an `update` action's work is built from: the order and its new fields. */
export interface UpdateWorkParams {
  uuid: string;
  next: OrderFields;
}

/** What a `delete` action's work is built from: who asked, and the distinct uuids. */
export interface DeleteWorkParams {
  principal: Principal;
  uuids: string[];
}

/** What each kind of action's work is built from (`ActionWork` in context.ts pairs a kind with its params). */
export interface WorkParams {
  schedule: ScheduleWorkParams;
  publish: PublishWorkParams;
  update: UpdateWorkParams;
  delete: DeleteWorkParams;
}
