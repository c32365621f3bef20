/**
 * Times as the console reads and shows them. A time shows its date where that date is not the fake's today in the
 * same time zone ("Nov 25, 10:00" beside "09:30"), so a completion or an attempt on another day never passes for
 * today's. Instants of the API and the control API are UTC; the timelines write theirs in the workspace's offset.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a time zone; an unknown zone (a workspace's is IANA, but read from a server) falls back to UTC. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    };
    try {
      format = new Intl.DateTimeFormat("en-CA", { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat("en-CA", { ...options, timeZone: "UTC" });
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** The calendar date (`YYYY-MM-DD`) and clock time (`HH:MM:SS`) of an instant in a time zone. */
export function partsIn(iso: string, timeZone = "UTC"): { date: string; time: string } {
  const parts = new Map(
    formatIn(timeZone)
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const part = (type: string) => parts.get(type as Intl.DateTimeFormatPartTypes) ?? "00";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}:${part("second")}`,
  };
}

/** The fake's today in a time zone: the date of its clock's `now` there. */
export function todayIn(now: string, timeZone = "UTC"): string {
  return partsIn(now, timeZone).date;
}

/** A date as the console names it: `Nov 25`, with the year when it is not `today`'s. */
export function dayName(date: string, today: string): string {
  const name = `${MONTHS[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7)} ${Number(date.slice(8, 10))}`;
  return date.slice(0, 4) === today.slice(0, 4) ? name : `${name} ${date.slice(0, 4)}`;
}

/** What {@link clockTime} shows. */
export interface ClockTimeOptions {
  /** The zone the time is read in (UTC unless given); today is the fake's today there. */
  timeZone?: string;
  /** Whether to show seconds (`HH:MM:SS`). */
  seconds?: boolean;
}

/**
 * An instant's clock time in a time zone, with its date where that is not the fake's today there:
 * `14:05` today, `Nov 24, 14:05` another day; `—` for none.
 */
export function clockTime(iso: string | null | undefined, now: string, options: ClockTimeOptions = {}): string {
  if (!iso) return "—";
  const at = partsIn(iso, options.timeZone);
  const today = todayIn(now, options.timeZone);
  const time = options.seconds ? at.time : at.time.slice(0, 5);
  return at.date === today ? time : `${dayName(at.date, today)}, ${time}`;
}

/** The date of an ISO instant as written (its own offset): `2026-11-24T23:30:00-08:00` → `2026-11-24`. */
export function writtenDate(iso: string): string {
  return iso.slice(0, 10);
}

/** Minutes since the local midnight of an ISO instant as written (its own offset), seconds included. */
export function minutesOf(iso: string): number {
  return Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16)) + Number(iso.slice(17, 19)) / 60;
}

/** Minutes since midnight of an `HH:MM` time. */
export function minutesOfTime(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}
