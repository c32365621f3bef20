/**
 * The console's pure helpers, without a browser: how a time shows its date, which date the console opens on, and
 * that route colours keep away from status hues for any number of routes (the Chromium check in
 * test/browser/console.spec.ts sees 12). The console is not public API; these modules hold no DOM code.
 */
import { describe, expect, it } from "vitest";
import { routeColour, STATUS_COLOURS } from "../src/console/colours.js";
import { type Order, openingDate, type Route, type Workspace } from "../src/console/model.js";
import { clockTime, dayName, todayIn } from "../src/console/times.js";

describe("clockTime", () => {
  const now = "2026-11-24T22:30:00.000Z";
  it("shows the clock time alone on the fake's today, in the zone asked for", () => {
    expect(clockTime("2026-11-24T08:05:09.000Z", now)).toBe("08:05");
    expect(clockTime("2026-11-24T08:05:09.000Z", now, { seconds: true })).toBe("08:05:09");
    expect(clockTime("2026-11-24T08:05:00.000Z", now, { timeZone: "Europe/Berlin" })).toBe("09:05");
  });

  it("shows the date where it is not today there", () => {
    expect(clockTime("2026-11-25T09:00:00.000Z", now)).toBe("Nov 25, 09:00");
    expect(clockTime("2026-11-23T23:59:00.000Z", now, { seconds: true })).toBe("Nov 23, 23:59:00");
    // 23:30 UTC is already the 25th in Berlin: a time of the 24th there is another day.
    const late = "2026-11-24T23:30:00.000Z";
    expect(todayIn(late, "Europe/Berlin")).toBe("2026-11-25");
    expect(clockTime("2026-11-24T08:05:00.000Z", late)).toBe("08:05");
    expect(clockTime("2026-11-24T08:05:00.000Z", late, { timeZone: "Europe/Berlin" })).toBe("Nov 24, 09:05");
    expect(clockTime("2025-11-24T08:05:00.000Z", now)).toBe("Nov 24 2025, 08:05");
    expect(clockTime(null, now)).toBe("—");
  });

  it("reads an unknown time zone as UTC", () => {
    expect(clockTime("2026-11-24T08:05:00.000Z", now, { timeZone: "Nowhere/Else" })).toBe("08:05");
    expect(dayName("2026-01-02", "2026-11-24")).toBe("Jan 2");
  });
});

describe("openingDate", () => {
  const workspaces = [{ uuid: "w", timezone: "America/Vancouver" }] as Workspace[];
  const route = (date: string) => ({ date, workspaceUuid: "w" }) as Route;
  const routes = [route("2026-11-20"), route("2026-11-24")];
  it("opens on the fake's today in the routes' workspace's zone when a route is on it", () => {
    // Vancouver is 8 hours behind UTC: 10:00 UTC on the 24th is 02:00 there, 06:00 UTC on the 25th 22:00 the 24th.
    expect(openingDate("2026-11-24T10:00:00.000Z", workspaces, [], routes)).toBe("2026-11-24");
    expect(openingDate("2026-11-25T06:00:00.000Z", workspaces, [], routes)).toBe("2026-11-24");
  });

  it("else on the first date with routes, else the first with orders", () => {
    expect(openingDate("2026-11-25T10:00:00.000Z", workspaces, [], routes)).toBe("2026-11-20");
    const orders = [{ deliveryDate: "2026-11-22" }, { deliveryDate: "2026-11-21" }] as Order[];
    expect(openingDate("2026-11-25T10:00:00.000Z", workspaces, orders, [])).toBe("2026-11-21");
    expect(openingDate("2026-11-25T10:00:00.000Z", workspaces, [], [])).toBeNull();
  });
});

/** Hue in degrees of `#rrggbb` or `hsl(H S% L%)`. */
function hueOf(colour: string): number {
  const hsl = /^hsl\((\d+) /.exec(colour);
  if (hsl) return Number(hsl[1]);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  const hue = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return hue * 60;
}

describe("routeColour", () => {
  it("keeps every route 30° or more away from every status hue, and distinct for the first 50 routes", () => {
    const statusHues = Object.values(STATUS_COLOURS).map(hueOf);
    const colours = Array.from({ length: 200 }, (_, i) => routeColour(i));
    for (const colour of colours) {
      for (const status of statusHues) {
        const distance = Math.abs(hueOf(colour) - status);
        expect(Math.min(distance, 360 - distance), `${colour} against ${status}°`).toBeGreaterThanOrEqual(30);
      }
    }
    expect(new Set(colours.slice(0, 50)).size).toBe(50);
  });
});
