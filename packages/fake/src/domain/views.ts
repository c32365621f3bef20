/**
 * The wire shapes of a route and its timeline (v2), built in the domain because events carry them as they
 * were at emission. HTTP handlers answer the same objects.
 * @see `docs/api-contract.md` sections 4 and 6
 */
// Types only: the contract generated from openapi.yaml (the domain never imports from http/).
import type { components } from "@dispatchkit/sdk";
import type { Context } from "./context.js";
import { trackingLink } from "./orders.js";
import type { RouteRecord } from "./records.js";
import { isoWithOffset } from "./time.js";

/** A route as answered (v2): the contract's `Route`, so the domain's view cannot drift from openapi.yaml. */
export type RouteView = components["schemas"]["Route"];

/** One stop of a timeline as answered (the contract's `TimelineStop`); instants with the workspace's offset. */
export type TimelineStopView = components["schemas"]["TimelineStop"];

/** The v2 wire shape of a route. */
export function toRouteView(route: RouteRecord): RouteView {
  return {
    uuid: route.uuid,
    workspaceUuid: route.workspaceUuid,
    name: route.name,
    date: route.date,
    startTime: route.startTime,
    endTime: route.endTime,
    startLocation: { ...route.startLocation },
    endLocation: route.endLocation ? { ...route.endLocation } : null,
    capacity: route.capacity,
    tags: [...route.tags],
    driver: route.driver ? { ...route.driver } : null,
    locked: route.locked,
    status: route.status,
    publishedAt: route.publishedAt === null ? null : new Date(route.publishedAt).toISOString(),
    ordersCount: route.orderUuids.length,
    distanceInKilometers: route.distanceInKilometers,
    workingTimeInSeconds: route.workingTimeInSeconds,
    timeline: { uri: `/v2/routes/${route.uuid}/timeline` },
  };
}

/** Every stop of a route's timeline in sequence, as answered (not paginated). */
export function toTimelineView(ctx: Context, route: RouteRecord): TimelineStopView[] {
  const timeZone = ctx.state.workspaces.get(route.workspaceUuid)?.timezone ?? "UTC";
  const iso = (ms: number | null) => (ms === null ? null : isoWithOffset(ms, timeZone));
  return route.timeline.map((entry, sequence) => {
    const order = entry.orderUuid ? ctx.state.orders.get(entry.orderUuid) : undefined;
    return {
      sequence,
      type: entry.type,
      orders: order ? [{ uuid: order.uuid, status: order.status, trackingLink: trackingLink(order.uuid) }] : [],
      distanceFromPreviousStopInKilometers: entry.distanceFromPreviousKm,
      plannedArrivalTime: iso(entry.plannedArrival),
      plannedDepartureTime: iso(entry.plannedDeparture),
      estimatedArrivalTime: iso(entry.estimatedArrival),
      actualArrivalTime: iso(entry.actualArrival),
      actualDepartureTime: iso(entry.actualDeparture),
    };
  });
}
