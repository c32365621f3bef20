/**
 * The timelines of a date as a Gantt chart: a row per route; per stop its time windows behind (pale), the planned
 * stay (grey-blue), the estimated arrival (an orange tick) and the actual stay (green delivered, red missed). Times
 * are read as written in the workspace's offset, so the axis is the workspace's local time of the chart's date.
 * A time on another date (a stop completed the next day, an arrival estimated past midnight) is not drawn on this
 * date's hours: the stop gets an arrow at its row's edge and a line in the list under the chart.
 */
import { PLANNED_COLOUR, routeColour, STATUS_COLOURS } from "./colours.js";
import { type Child, h, s } from "./dom.js";
import type { Order, Route, TimelineStop } from "./model.js";
import { clockTime, minutesOf, minutesOfTime, partsIn, writtenDate } from "./times.js";

const LABEL = 140;
const WIDTH = 900;
const ROW = 30;

/** What the chart draws. */
export interface GanttInput {
  /** The chart's date: only times on it are drawn. */
  date: string;
  routes: Route[];
  timelines: Map<string, TimelineStop[]>;
  orders: Map<string, Order>;
  /** The fake's clock (UTC): the dashed line, and whether a listed time shows its date. */
  now: string;
  /** The routes' workspace's time zone. */
  timeZone: string;
}

/** A stop with a time on another date than the chart's. */
interface Elsewhere {
  route: Route;
  stop: TimelineStop;
  order: Order | undefined;
}

/** A time as the titles and the list write it: the clock time in the workspace's zone, dated when not today. */
type At = (t: string | null | undefined) => string;

/** What every row is drawn with: the chart's date, its hours and where a minute of the day falls. */
interface Chart {
  input: GanttInput;
  /** The last hour drawn, in minutes of the day. */
  to: number;
  /** The x of a minute of the day. */
  x: (minutes: number) => number;
  at: At;
  /** Whether a time is on the chart's date. */
  onDate: (t: string | null | undefined) => t is string;
  /** Where the rows put their stops with a time on another date, in row and stop order. */
  elsewhere: Elsewhere[];
}

/** The Gantt chart of the routes of one date, and the list of stops with a time on another date. */
export function gantt(input: GanttInput): HTMLElement {
  const { date, routes, timelines, now, timeZone } = input;
  const onDate = (t: string | null | undefined): t is string => !!t && writtenDate(t) === date;
  const used = routes.filter((r) => timelines.has(r.uuid));
  const { from, to } = hours(input, onDate);
  const x = (minutes: number) => LABEL + ((minutes - from) / (to - from)) * (WIDTH - LABEL - 24);
  const height = 24 + used.length * ROW + 6;
  const at: At = (t) => clockTime(t, now, { timeZone });
  const chart: Chart = { input, to, x, at, onDate, elsewhere: [] };
  const rows = used.map((route, index) => routeRow(chart, route, 24 + index * ROW));
  const svg = s(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${height}`, class: "gantt", role: "img", "aria-label": "Timelines" },
    hourGrid(from, to, x, height),
    rows,
    nowLine(input, x, height),
  );
  return h("div", {}, svg, elsewhereList(chart.elsewhere, at));
}

/** The whole hours the chart spans: the routes' working hours and every time on the date, at least one hour. */
function hours(input: GanttInput, onDate: Chart["onDate"]): { from: number; to: number } {
  const { routes, timelines } = input;
  let from = Math.min(...routes.map((r) => minutesOfTime(r.startTime)), 24 * 60);
  let to = Math.max(...routes.map((r) => minutesOfTime(r.endTime)), 0);
  for (const stops of timelines.values()) {
    for (const stop of stops) {
      for (const t of [stop.plannedArrivalTime, stop.actualDepartureTime, stop.estimatedArrivalTime]) {
        if (onDate(t)) {
          from = Math.min(from, minutesOf(t));
          to = Math.max(to, minutesOf(t));
        }
      }
    }
  }
  from = Math.floor(from / 60) * 60;
  to = Math.max(Math.ceil(to / 60) * 60, from + 60);
  return { from, to };
}

/** A vertical line and a label per hour. */
function hourGrid(from: number, to: number, x: Chart["x"], height: number): Child[] {
  const grid: Child[] = [];
  for (let m = from; m <= to; m += 60) {
    grid.push(s("line", { x1: x(m), x2: x(m), y1: 18, y2: height, stroke: "#d8dde6" }));
    grid.push(
      s("text", { x: x(m), y: 13, "text-anchor": "middle", class: "axis" }, `${String(m / 60).padStart(2, "0")}:00`),
    );
  }
  return grid;
}

/** The dashed line of the fake's clock, in the workspace's time zone, when it is on the chart's date. */
function nowLine(input: GanttInput, x: Chart["x"], height: number): Child {
  // The clock answers UTC; drawn in the workspace's time zone, on its date only.
  const local = partsIn(input.now, input.timeZone);
  return local.date === input.date
    ? s("line", {
        class: "gantt-now",
        x1: x(minutesOf(`${local.date}T${local.time}`)),
        x2: x(minutesOf(`${local.date}T${local.time}`)),
        y1: 18,
        y2: height,
        stroke: STATUS_COLOURS.missed,
        "stroke-dasharray": "4 3",
      })
    : null;
}

/** One route's row at height y: its name, its working hours and the marks of its delivering stops. */
function routeRow(chart: Chart, route: Route, y: number): SVGElement {
  const { x, input } = chart;
  const colour = routeColour(input.routes.indexOf(route));
  const parts: Child[] = [
    s("text", { x: 4, y: y + 17, class: "label", fill: colour }, route.name),
    s("rect", {
      x: x(minutesOfTime(route.startTime)),
      y: y + 12,
      width: x(minutesOfTime(route.endTime)) - x(minutesOfTime(route.startTime)),
      height: 2,
      fill: colour,
      opacity: 0.5,
    }),
  ];
  for (const stop of input.timelines.get(route.uuid) ?? []) {
    if (stop.type !== "delivering_stop") continue;
    parts.push(stopMarks(chart, route, stop, y, colour));
  }
  return s("g", { class: "gantt-row", "data-route": route.uuid }, parts);
}

/**
 * One stop's marks, in drawing order: its order's time windows, an arrow at the row's edge when a time is on
 * another date (the stop then joins the list under the chart), the planned stay, the estimated arrival and the
 * actual stay.
 */
function stopMarks(chart: Chart, route: Route, stop: TimelineStop, y: number, colour: string): Child[] {
  const { x, at, onDate } = chart;
  const order = chart.input.orders.get(stop.orders[0]?.uuid ?? "");
  const parts: Child[] = [];
  for (const w of order?.timeWindows ?? []) {
    parts.push(
      s("rect", {
        class: "gantt-window",
        x: x(minutesOfTime(w.startTime)),
        y: y + 2,
        width: x(minutesOfTime(w.endTime)) - x(minutesOfTime(w.startTime)),
        height: ROW - 6,
        fill: colour,
        opacity: 0.08,
      }),
    );
  }
  const title = `${order?.orderNumber ?? "?"}: planned ${at(stop.plannedArrivalTime)}, estimated ${at(stop.estimatedArrivalTime)}, actual ${at(stop.actualArrivalTime)}`;
  const times = [stop.plannedArrivalTime, stop.estimatedArrivalTime, stop.actualArrivalTime];
  if (times.some((t) => t && !onDate(t))) {
    chart.elsewhere.push({ route, stop, order });
    parts.push(elsewhereArrow(chart, stop, y, colour, title));
  }
  if (onDate(stop.plannedArrivalTime) && onDate(stop.plannedDepartureTime)) {
    const a = x(minutesOf(stop.plannedArrivalTime));
    parts.push(
      s(
        "rect",
        {
          class: "gantt-planned",
          x: a,
          y: y + 4,
          width: Math.max(x(minutesOf(stop.plannedDepartureTime)) - a, 2),
          height: 8,
          fill: PLANNED_COLOUR,
        },
        s("title", {}, title),
      ),
    );
  }
  if (onDate(stop.estimatedArrivalTime)) {
    const e = x(minutesOf(stop.estimatedArrivalTime));
    parts.push(
      s(
        "rect",
        { class: "gantt-estimated", x: e - 1, y: y + 2, width: 2, height: 12, fill: STATUS_COLOURS.estimated },
        s("title", {}, title),
      ),
    );
  }
  if (onDate(stop.actualArrivalTime)) parts.push(actualStay(chart, stop, stop.actualArrivalTime, y, title));
  return parts;
}

/** The arrow at the row's edge of a stop with a time on another date: right when later, left when earlier. */
function elsewhereArrow(chart: Chart, stop: TimelineStop, y: number, colour: string, title: string): SVGElement {
  const times = [stop.plannedArrivalTime, stop.estimatedArrivalTime, stop.actualArrivalTime];
  const later = times.some((t) => t && writtenDate(t) > chart.input.date);
  const edge = later ? WIDTH - 20 : LABEL - 14;
  return s(
    "text",
    { class: "gantt-elsewhere", "data-order": stop.orders[0]?.uuid ?? "", x: edge, y: y + 17, fill: colour },
    later ? "▸" : "◂",
    s("title", {}, `${title} (another day: listed below)`),
  );
}

/** The actual stay of a stop that arrived on the chart's date: green delivered, red missed. */
function actualStay(chart: Chart, stop: TimelineStop, arrival: string, y: number, title: string): SVGElement {
  const { x, onDate } = chart;
  const a = x(minutesOf(arrival));
  // A departure past midnight is cut at the chart's last hour.
  const d = stop.actualDepartureTime
    ? onDate(stop.actualDepartureTime)
      ? x(minutesOf(stop.actualDepartureTime))
      : x(chart.to)
    : a + 2;
  const missed = stop.orders.some((o) => o.status === "missed");
  return s(
    "rect",
    {
      class: "gantt-actual",
      "data-order": stop.orders[0]?.uuid ?? "",
      x: a,
      y: y + 15,
      width: Math.max(d - a, 3),
      height: 8,
      fill: missed ? STATUS_COLOURS.missed : STATUS_COLOURS.delivered,
    },
    s("title", {}, title),
  );
}

/** The stops with a time on another date, each with what happened and when. */
function elsewhereList(stops: Elsewhere[], at: At): Child {
  if (stops.length === 0) return null;
  return h(
    "div",
    { id: "gantt-elsewhere", class: "elsewhere" },
    h("p", { class: "muted" }, "On another day, so not drawn on this date's hours (▸ later, ◂ earlier):"),
    h(
      "ul",
      {},
      stops.map(({ route, stop, order }) => {
        const status = stop.orders[0]?.status;
        const what =
          stop.actualArrivalTime && (status === "delivered" || status === "missed")
            ? `${status} ${at(stop.actualDepartureTime ?? stop.actualArrivalTime)}`
            : stop.actualArrivalTime
              ? `arrived ${at(stop.actualArrivalTime)}`
              : `estimated ${at(stop.estimatedArrivalTime)}`;
        return h(
          "li",
          { "data-order": stop.orders[0]?.uuid ?? "" },
          `${route.name} · ${order?.orderNumber ?? "?"} ${order?.name ?? ""}: ${what}`,
        );
      }),
    ),
  );
}
