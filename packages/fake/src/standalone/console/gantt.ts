/**
 * The timelines of a date as a Gantt chart: a row per route; per stop its time windows behind (pale), the planned
 * stay (blue), the estimated arrival (an orange tick) and the actual stay (green delivered, red missed). Times are
 * read as written in the workspace's offset, so the axis is the workspace's local time.
 */
import { type Child, minutesOf, minutesOfTime, routeColour, s } from "./dom.js";
import type { Order, Route, TimelineStop } from "./model.js";

const LABEL = 140;
const WIDTH = 900;
const ROW = 30;

/** A UTC instant written in the offset of another ISO instant (`…-08:00`), as `YYYY-MM-DDTHH:MM:SS`. */
function inOffsetOf(utc: string, written: string): string {
  const match = /([+-])(\d\d):(\d\d)$/.exec(written);
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(Date.parse(utc) + minutes * 60_000).toISOString().slice(0, 19);
}

/** The Gantt chart of the routes of one date. */
export function gantt(
  routes: Route[],
  timelines: Map<string, TimelineStop[]>,
  orders: Map<string, Order>,
  now: string | null,
): SVGElement {
  const used = routes.filter((r) => timelines.has(r.uuid));
  let from = Math.min(...routes.map((r) => minutesOfTime(r.startTime)), 24 * 60);
  let to = Math.max(...routes.map((r) => minutesOfTime(r.endTime)), 0);
  for (const stops of timelines.values()) {
    for (const stop of stops) {
      for (const t of [stop.plannedArrivalTime, stop.actualDepartureTime, stop.estimatedArrivalTime]) {
        if (t) {
          from = Math.min(from, minutesOf(t));
          to = Math.max(to, minutesOf(t));
        }
      }
    }
  }
  from = Math.floor(from / 60) * 60;
  to = Math.max(Math.ceil(to / 60) * 60, from + 60);
  const x = (minutes: number) => LABEL + ((minutes - from) / (to - from)) * (WIDTH - LABEL - 24);
  const height = 24 + used.length * ROW + 6;
  const grid: Child[] = [];
  for (let m = from; m <= to; m += 60) {
    grid.push(s("line", { x1: x(m), x2: x(m), y1: 18, y2: height, stroke: "#d8dde6" }));
    grid.push(
      s("text", { x: x(m), y: 13, "text-anchor": "middle", class: "axis" }, `${String(m / 60).padStart(2, "0")}:00`),
    );
  }
  const rows = used.map((route, index) => {
    const y = 24 + index * ROW;
    const colour = routeColour(routes.indexOf(route));
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
    for (const stop of timelines.get(route.uuid) ?? []) {
      if (stop.type !== "delivering_stop") continue;
      const order = orders.get(stop.orders[0]?.uuid ?? "");
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
      const title = `${order?.orderNumber ?? "?"}: planned ${stop.plannedArrivalTime?.slice(11, 16) ?? "—"}, estimated ${stop.estimatedArrivalTime?.slice(11, 16) ?? "—"}, actual ${stop.actualArrivalTime?.slice(11, 16) ?? "—"}`;
      if (stop.plannedArrivalTime && stop.plannedDepartureTime) {
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
              fill: "#5b8def",
            },
            s("title", {}, title),
          ),
        );
      }
      if (stop.estimatedArrivalTime) {
        const e = x(minutesOf(stop.estimatedArrivalTime));
        parts.push(
          s(
            "rect",
            { class: "gantt-estimated", x: e - 1, y: y + 2, width: 2, height: 12, fill: "#f57c00" },
            s("title", {}, title),
          ),
        );
      }
      if (stop.actualArrivalTime) {
        const a = x(minutesOf(stop.actualArrivalTime));
        const d = stop.actualDepartureTime ? x(minutesOf(stop.actualDepartureTime)) : a + 2;
        const missed = stop.orders.some((o) => o.status === "missed");
        parts.push(
          s(
            "rect",
            {
              class: "gantt-actual",
              "data-order": stop.orders[0]?.uuid ?? "",
              x: a,
              y: y + 15,
              width: Math.max(d - a, 3),
              height: 8,
              fill: missed ? "#c62828" : "#2e7d32",
            },
            s("title", {}, title),
          ),
        );
      }
    }
    return s("g", { class: "gantt-row", "data-route": route.uuid }, parts);
  });
  // The clock answers UTC; shown in the offset the timelines are written in.
  const sample = [...timelines.values()].flat().find((stop) => stop.plannedArrivalTime ?? stop.estimatedArrivalTime);
  const written = sample?.plannedArrivalTime ?? sample?.estimatedArrivalTime;
  const local = now && written ? inOffsetOf(now, written) : null;
  const nowLine =
    local && local.slice(0, 10) === used[0]?.date
      ? s("line", {
          class: "gantt-now",
          x1: x(minutesOf(local)),
          x2: x(minutesOf(local)),
          y1: 18,
          y2: height,
          stroke: "#c62828",
          "stroke-dasharray": "4 3",
        })
      : null;
  return s(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${height}`, class: "gantt", role: "img", "aria-label": "Timelines" },
    grid,
    rows,
    nowLine,
  );
}
