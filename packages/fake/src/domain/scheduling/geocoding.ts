/**
 * Deterministic geocoding: an address without coordinates gets a point derived from a hash of the address,
 * inside the workspace's service area. The same address always lands on the same point. Injectable.
 * @see contract.md section 9
 */
import type { ServiceArea } from "../state.js";
import { EARTH_RADIUS_KM, type GeoPoint } from "./travel.js";

/** Turns an address into a point; must be synchronous and deterministic. `area` is the workspace's service area. */
export type Geocoder = (address: string, area: ServiceArea) => GeoPoint;

/** 32-bit FNV-1a hash of a string, with a salt so that two independent values come out of one address. */
function fnv1a(text: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche (murmur3 fmix32) so that similar addresses spread out.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** The form of an address that is hashed: trimmed, lower-case, runs of whitespace collapsed. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * The fake's default geocoder: a point uniformly spread over the disc of the service area (its centre and
 * radius), chosen by two hashes of the normalized address. Coordinates are rounded to 6 decimals (~0.1 m).
 *
 * @example
 * ```ts
 * const point = hashGeocoder("Alexanderplatz 1, Berlin", { latitude: 52.52, longitude: 13.405, radiusKm: 15 });
 * // always the same point, at most 15 km from the centre
 * ```
 */
export const hashGeocoder: Geocoder = (address, area) => {
  const key = normalizeAddress(address);
  const u = fnv1a(key, 0x9e3779b9) / 0x1_0000_0000;
  const v = fnv1a(key, 0x7f4a7c15) / 0x1_0000_0000;
  // sqrt keeps the density uniform over the disc's area rather than crowding the centre.
  const distanceKm = area.radiusKm * Math.sqrt(u);
  const bearing = 2 * Math.PI * v;
  const dLat = ((distanceKm * Math.cos(bearing)) / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cosLat = Math.max(1e-6, Math.cos((area.latitude * Math.PI) / 180));
  const dLon = ((distanceKm * Math.sin(bearing)) / (EARTH_RADIUS_KM * cosLat)) * (180 / Math.PI);
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return { latitude: round(area.latitude + dLat), longitude: round(area.longitude + dLon) };
};
