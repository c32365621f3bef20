/**
 * The console's colours. Status colours say what happened (delivered green, missed red, waiting amber, the
 * estimated arrival orange); route colours only tell routes apart, so they are taken from the hues the statuses
 * leave free (teal through magenta, 160°–320°): a red or green route would read as a missed or delivered stop.
 */

/** What happened to a stop or an order, as drawn on the map and the timelines. */
export const STATUS_COLOURS = {
  delivered: "#2e7d32",
  missed: "#c62828",
  unscheduled: "#c62828",
  estimated: "#f57c00",
} as const;

/** The planned stay on the timelines: a neutral grey-blue, neither a route's nor a status's. */
export const PLANNED_COLOUR = "#90a4ae";

// Eight routes tell apart at a glance; hues 174°–318°, alternating light and dark.
const PALETTE = ["#1f77b4", "#d81b9f", "#00897b", "#8e44ad", "#26a6ba", "#3949ab", "#ba68c8", "#5e35b1"];

/** The lowest and highest hue a route may take (degrees): 30° or more from every status hue. */
const ROUTE_HUES = [160, 320] as const;

/** A colour per route index: the palette first, then hues a golden angle apart within {@link ROUTE_HUES}. */
export function routeColour(index: number): string {
  const fixed = PALETTE[index];
  if (fixed) return fixed;
  const [low, high] = ROUTE_HUES;
  const hue = low + ((index * 137.508) % (high - low));
  const lightness = [38, 50, 30][index % 3];
  return `hsl(${Math.round(hue)} 60% ${lightness}%)`;
}
