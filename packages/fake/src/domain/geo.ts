/**
 * Geography, a leaf of the domain: points, travel between them and geocoding of addresses.
 *
 * Travel: the fake's default is great-circle distance × 1.3 road factor at the travel mode's speed. A user can
 * inject any other provider (an OSRM-style adapter, a recorded matrix).
 *
 * Geocoding: an address without coordinates gets a point derived from a hash of the address, inside the
 * workspace's service area. The same address always lands on the same point. Injectable.
 * @see `docs/api-contract.md` section 9
 */

/** A point on the map, in decimal degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Where the deterministic geocoder places addresses without coordinates: a disc around a centre. */
export interface ServiceArea {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** How the drivers travel (`docs/api-contract.md` section 5, `options.travelMode`). */
export type TravelMode = "car" | "bicycle";

/** Square matrices over a list of points: `durations[a][b]` seconds and `distances[a][b]` metres from a to b. */
export interface TravelMatrix {
  durations: number[][];
  distances: number[][];
}

/**
 * A travel-time provider: the matrix of durations (seconds) and distances (metres) between every pair of points.
 * It must be synchronous and pure (the same points and mode give the same matrix) to keep runs deterministic.
 */
export type TravelProvider = (points: readonly GeoPoint[], mode: TravelMode) => TravelMatrix;

/** Mean Earth radius in kilometres (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;

/** Road distance is the great-circle distance times this factor. */
const ROAD_FACTOR = 1.3;

/** Speeds of the default provider, in km/h. */
const TRAVEL_SPEED_KMH: Readonly<Record<TravelMode, number>> = { car: 40, bicycle: 15 };

const RAD = Math.PI / 180;

/** Great-circle (haversine) distance between two points, in kilometres. */
export function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * The fake's default travel: road distance = great-circle × 1.3 (`ROAD_FACTOR`); duration = road distance at
 * the mode's speed (`TRAVEL_SPEED_KMH`: car 40 km/h, bicycle 15 km/h), rounded to whole seconds; distances in whole metres.
 *
 * @example
 * ```ts
 * const { durations, distances } = greatCircleTravel(
 *   [{ latitude: 52.52, longitude: 13.405 }, { latitude: 52.5, longitude: 13.4 }],
 *   "car",
 * );
 * // distances[0][1] ≈ 2,930 m; durations[0][1] ≈ 264 s
 * ```
 */
export const greatCircleTravel: TravelProvider = (points, mode) => {
  const n = points.length;
  const legs = greatCircleLegs(points, mode);
  const metresPerSecond = (TRAVEL_SPEED_KMH[mode] * 1000) / 3600;
  const durations: number[][] = [];
  const distances: number[][] = [];
  for (let a = 0; a < n; a++) {
    durations.push(new Array<number>(n).fill(0));
    distances.push(new Array<number>(n).fill(0));
  }
  for (let a = 0; a < n; a++) {
    const durRow = durations[a]!;
    const distRow = distances[a]!;
    for (let b = a + 1; b < n; b++) {
      const metres = legs.distance(a, b);
      const seconds = Math.round(metres / metresPerSecond);
      distRow[b] = metres;
      durRow[b] = seconds;
      distances[b]![a] = metres;
      durations[b]![a] = seconds;
    }
  }
  return { durations, distances };
};

/**
 * The default travel of {@link greatCircleTravel} between two of `points` on demand, without building the square
 * matrices: the same numbers (whole seconds and metres) for any pair. The planner uses it for large runs.
 */
export function greatCircleLegs(
  points: readonly GeoPoint[],
  mode: TravelMode,
): { duration: (a: number, b: number) => number; distance: (a: number, b: number) => number } {
  const n = points.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const cosLat = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lat[i] = points[i]!.latitude;
    lon[i] = points[i]!.longitude;
    cosLat[i] = Math.cos(lat[i]! * RAD);
  }
  const metresPerSecond = (TRAVEL_SPEED_KMH[mode] * 1000) / 3600;
  // The same operations, in the same order, as greatCircleKm(points[a], points[b]) with a < b.
  const distance = (x: number, y: number) => {
    if (x === y) return 0;
    const a = Math.min(x, y);
    const b = Math.max(x, y);
    const dLat = (lat[b]! - lat[a]!) * RAD;
    const dLon = (lon[b]! - lon[a]!) * RAD;
    const s = Math.sin(dLat / 2) ** 2 + cosLat[a]! * cosLat[b]! * Math.sin(dLon / 2) ** 2;
    return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(s))) * ROAD_FACTOR * 1000);
  };
  return { distance, duration: (a, b) => Math.round(distance(a, b) / metresPerSecond) };
}

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
function normalizeAddress(address: string): string {
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
