/**
 * What the fake's benches share: seeded order bodies spread around a centre (bench/fake-throughput.ts,
 * bench/scale.ts), and this process's CPU time.
 */
import { createRandom } from "../packages/fake/src/domain/ids.js";

/** The date every bench order is delivered on. */
export const BENCH_DATE = "2026-11-24";

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * `count` seeded orders within ~10 km of `centre`, numbered from `from + 1`: a third with a 2- or 4-hour window,
 * service times of 3 to 7 minutes, loads of 1 to 3. The same seed gives the same orders.
 */
export function orderBodies(count: number, seed: number, centre: { latitude: number; longitude: number }, from = 0) {
  const next = createRandom(seed);
  const u = () => next() / 0x1_0000_0000;
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const r = 10 * Math.sqrt(u());
    const a = 2 * Math.PI * u();
    const latitude = centre.latitude + (r * Math.cos(a)) / 111.2;
    const longitude = centre.longitude + (r * Math.sin(a)) / (111.2 * Math.cos((centre.latitude * Math.PI) / 180));
    const startHour = 9 + Math.floor(u() * 5);
    const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
    return {
      deliveryDate: BENCH_DATE,
      name: `Customer ${i + 1}`,
      locations: [{ address: `Bench street ${i + 1}`, latitude: round6(latitude), longitude: round6(longitude) }],
      ...(i % 3 === 0 ? { timeWindows: [{ startTime: hh(startHour), endTime: hh(startHour + 2 + (i % 2) * 2) }] } : {}),
      duration: 180 + Math.floor(u() * 240),
      load: 1 + Math.floor(u() * 3),
    };
  });
}

/** CPU time (user + system) of this process in ms: against wall time it shows how much other load slowed a run. */
export const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
