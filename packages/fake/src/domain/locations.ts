/**
 * Locations of orders and routes: always with coordinates. Coordinates sent by the caller win; an address
 * without them is geocoded by the context's geocoder (deterministic by default).
 * @see `docs/api-contract.md` sections 3 and 9
 */
import type { Context } from "./context.js";
import type { LocationInput } from "./inputs.js";
import type { Location, Workspace } from "./records.js";

export type { LocationInput } from "./inputs.js";

/** Resolve a location input to a stored location, geocoding inside the workspace's service area if needed. */
export function resolveLocation(ctx: Context, workspace: Workspace, input: LocationInput): Location {
  if (input.latitude !== undefined && input.longitude !== undefined) {
    return { address: input.address, latitude: input.latitude, longitude: input.longitude };
  }
  const point = ctx.geocoder(input.address, workspace.serviceArea);
  return { address: input.address, latitude: point.latitude, longitude: point.longitude };
}

/** Whether two stored locations are the same (address and coordinates). */
export function sameLocation(a: Location, b: Location): boolean {
  return a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;
}
