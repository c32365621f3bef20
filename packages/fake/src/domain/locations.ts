/**
 * Locations of orders and routes: always with coordinates. Coordinates sent by the caller win; an address
 * without them is geocoded by the context's geocoder (deterministic by default).
 * @see contract.md sections 3 and 9
 */
import { type Geocoder, hashGeocoder } from "./scheduling/geocoding.js";
import { greatCircleTravel, type TravelProvider } from "./scheduling/travel.js";
import type { Context, Workspace } from "./state.js";

/** A stored location: the address as sent and its coordinates (sent, or geocoded). */
export interface Location {
  address: string;
  latitude: number;
  longitude: number;
}

/** A location as sent: coordinates optional (both or neither). */
export interface LocationInput {
  address: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

/** The context's geocoder, or the default hash geocoder. */
export function geocoderOf(ctx: Context): Geocoder {
  return ctx.geocoder ?? hashGeocoder;
}

/** The context's travel-time provider, or the default great-circle provider. */
export function travelOf(ctx: Context): TravelProvider {
  return ctx.travel ?? greatCircleTravel;
}

/** Resolve a location input to a stored location, geocoding inside the workspace's service area if needed. */
export function resolveLocation(ctx: Context, workspace: Workspace, input: LocationInput): Location {
  if (input.latitude !== undefined && input.longitude !== undefined) {
    return { address: input.address, latitude: input.latitude, longitude: input.longitude };
  }
  const point = geocoderOf(ctx)(input.address, workspace.serviceArea);
  return { address: input.address, latitude: point.latitude, longitude: point.longitude };
}

/** Whether two stored locations are the same (address and coordinates). */
export function sameLocation(a: Location, b: Location): boolean {
  return a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;
}
