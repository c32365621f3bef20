/**
 * Time, a leaf of the domain: calendar dates, and local dates and times of day in a workspace's IANA time zone
 * converted to instants and back, without any time-zone library (Intl only). Correct across daylight-saving
 * changes.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const known = offsets.get(timeZone);
  const cached = known?.get(instant);
  if (cached !== undefined) return cached;
  // Computed first: a zone that is not one throws here and is never kept.
  const offset = computeZoneOffsetMs(instant, timeZone);
  if (known === undefined) offsets.set(timeZone, new Map([[instant, offset]]));
  else {
    if (known.size >= MAX_OFFSETS) known.clear();
    known.set(instant, offset);
  }
  return offset;
}

/**
 * The offsets computed lately, per zone and exact instant: a route's timeline converts the same local times again
 * on every change, and `formatToParts` costs microseconds each. A memo of a pure function, bounded per zone.
 */
const offsets = new Map<string, Map<number, number>>();
const MAX_OFFSETS = 8192;

function computeZoneOffsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return asUtc - whole;
}

/** Minutes since midnight of a `HH:MM` (or `H:MM`) time of day; `24:00` is 1440. */
export function minutesOfDay(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!m) throw new RangeError(`Failed to read time of day: ${JSON.stringify(time)} is not HH:MM`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The instant (epoch ms) of a local wall-clock time: `date` `YYYY-MM-DD` plus `minutes` since local midnight. */
export function localInstant(date: string, minutes: number, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Failed to read date: ${JSON.stringify(date)} is not YYYY-MM-DD`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + minutes * 60_000;
  // Two passes settle the offset, also next to a daylight-saving change.
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/** `2026-11-23T09:05:00.000+01:00`: an instant as ISO-8601 in the zone's local time, with its offset. */
export function isoWithOffset(instant: number, timeZone: string): string {
  const offset = zoneOffsetMs(instant, timeZone);
  const local = new Date(instant + offset).toISOString().slice(0, -1);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset) / 60_000;
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${sign}${hh}:${mm}`;
}

/** Whether `YYYY-MM-DD` names a real day (2026-02-30 does not). */
export function isCalendarDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  // A real day of a real month (29 February only in a leap year), without formatting a Date back to text.
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  // Date.UTC reads years 0-99 as 1900-1999: such a date never was one here either.
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
