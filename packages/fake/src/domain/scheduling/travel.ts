/**
 * Travel between points: the fake's default is great-circle distance × 1.3 road factor at the travel mode's
 * speed. A user can inject any other provider (an OSRM-style adapter, a recorded matrix).
 * @see contract.md section 9
 */

/** A point on the map, in decimal degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** How the drivers travel (contract.md section 5 `options.travelMode`). */
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
export const EARTH_RADIUS_KM = 6371.0088;

/** Road distance is the great-circle distance times this factor. */
export const ROAD_FACTOR = 1.3;

/** Speeds of the default provider, in km/h. */
export const TRAVEL_SPEED_KMH: Readonly<Record<TravelMode, number>> = { car: 40, bicycle: 15 };

const RAD = Math.PI / 180;

/** Great-circle (haversine) distance between two points, in kilometres. */
export function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * The fake's default travel: road distance = great-circle × {@link ROAD_FACTOR}; duration = road distance at
 * {@link TRAVEL_SPEED_KMH} of the mode, rounded to whole seconds; distances in whole metres.
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
  const metresPerSecond = (TRAVEL_SPEED_KMH[mode] * 1000) / 3600;
  const durations: number[][] = [];
  const distances: number[][] = [];
  for (let a = 0; a < n; a++) {
    durations.push(new Array<number>(n).fill(0));
    distances.push(new Array<number>(n).fill(0));
  }
  for (let a = 0; a < n; a++) {
    const pa = points[a]!;
    const durRow = durations[a]!;
    const distRow = distances[a]!;
    for (let b = a + 1; b < n; b++) {
      const metres = Math.round(greatCircleKm(pa, points[b]!) * ROAD_FACTOR * 1000);
      const seconds = Math.round(metres / metresPerSecond);
      distRow[b] = metres;
      durRow[b] = seconds;
      distances[b]![a] = metres;
      durations[b]![a] = seconds;
    }
  }
  return { durations, distances };
};
