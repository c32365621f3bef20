/**
 * The plan of a date as an SVG map: depots, stops and each route's path in its own colour, from the coordinates
 * alone (an equirectangular projection, scaled by the cosine of the mean latitude so distances look right near
 * the centre; no tiles, so it works offline). Orders left unscheduled are crosses, with their reason as a title.
 */
import { routeColour, STATUS_COLOURS } from "./colours.js";
import { type Child, s } from "./dom.js";
import type { Order, Place, Route, TimelineStop } from "./model.js";

const WIDTH = 900;
const HEIGHT = 560;
const PAD = 24;

/** What the map draws. */
export interface MapInput {
  routes: Route[];
  orders: Order[];
  timelines: Map<string, TimelineStop[]>;
  /** Why each unscheduled order of the date was left out, by order uuid. */
  reasons: Map<string, string>;
  selectedOrder: string | null;
  onSelect: (orderUuid: string) => void;
}

type Point = [number, number];

const coordinates = (place: Place | null | undefined): Point | null =>
  place && place.latitude !== null && place.longitude !== null ? [place.longitude, place.latitude] : null;

/** Where a coordinate falls on the map. */
type Project = (point: Point) => Point;

/** The SVG map of one date's plan. */
export function planMap(input: MapInput): SVGElement {
  const byUuid = new Map(input.orders.map((o) => [o.uuid, o]));
  const project = projection(input);
  if (!project)
    return s("svg", { viewBox: `0 0 ${WIDTH} 80`, class: "map" }, s("text", { x: 10, y: 40 }, "nothing to draw"));
  const paths: Child[] = [];
  const stops: Child[] = [];
  const depots: Child[] = [];
  input.routes.forEach((route, index) => {
    const colour = routeColour(index);
    depots.push(depot(route, colour, project));
    const timeline = input.timelines.get(route.uuid);
    if (!timeline || route.ordersCount === 0) return;
    paths.push(routePath(route, timeline, byUuid, colour, project));
    stops.push(routeStops(input, route, timeline, byUuid, colour, project));
  });
  return s(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "map", role: "img", "aria-label": "Plan map" },
    s("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: "#f4f6f9" }),
    paths,
    depots,
    unscheduledCrosses(input, project),
    stops,
  );
}

/** The projection that fits every depot and order of the plan in the map, or null when none has coordinates. */
function projection(input: MapInput): Project | null {
  const points: Point[] = [];
  for (const r of input.routes) {
    for (const p of [coordinates(r.startLocation), coordinates(r.endLocation)]) if (p) points.push(p);
  }
  for (const o of input.orders) {
    const p = coordinates(o.locations[0]);
    if (p) points.push(p);
  }
  if (points.length === 0) return null;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * kx, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const scale = Math.min((WIDTH - 2 * PAD) / spanX, (HEIGHT - 2 * PAD) / spanY);
  const offX = (WIDTH - spanX * scale) / 2;
  const offY = (HEIGHT - spanY * scale) / 2;
  return ([lon, lat]) => [
    Math.round((offX + (lon - minLon) * kx * scale) * 10) / 10,
    Math.round((HEIGHT - offY - (lat - minLat) * scale) * 10) / 10,
  ];
}

/** A route's depot (its start location) as a square in the route's colour, or nothing without coordinates. */
function depot(route: Route, colour: string, project: Project): Child {
  const start = coordinates(route.startLocation);
  if (!start) return null;
  const [x, y] = project(start);
  return s(
    "rect",
    {
      class: "depot",
      x: x - 6,
      y: y - 6,
      width: 12,
      height: 12,
      fill: "#222",
      stroke: colour,
      "stroke-width": 2,
    },
    s("title", {}, `Depot of ${route.name}: ${route.startLocation.address}`),
  );
}

/** A route's path: its start, its delivering stops and its end in sequence order, each where it has coordinates. */
function routePath(
  route: Route,
  timeline: TimelineStop[],
  byUuid: Map<string, Order>,
  colour: string,
  project: Project,
): SVGElement {
  const line: Point[] = [];
  for (const stop of [...timeline].sort((a, b) => a.sequence - b.sequence)) {
    if (stop.type === "start_location") {
      const start = coordinates(route.startLocation);
      if (start) line.push(start);
    } else if (stop.type === "end_location") {
      const end = coordinates(route.endLocation);
      if (end) line.push(end);
    } else if (stop.type === "delivering_stop") {
      const order = byUuid.get(stop.orders[0]?.uuid ?? "");
      const p = coordinates(order?.locations[0]);
      if (p) line.push(p);
    }
  }
  return s(
    "polyline",
    {
      class: "route-path",
      "data-route": route.uuid,
      points: line.map((p) => project(p).join(",")).join(" "),
      fill: "none",
      stroke: colour,
      "stroke-width": 2.5,
      "stroke-linejoin": "round",
      opacity: 0.85,
    },
    s("title", {}, route.name),
  );
}

/** A circle per order of a route's delivering stops, filled by its status; the selected order's is larger. */
function routeStops(
  input: MapInput,
  route: Route,
  timeline: TimelineStop[],
  byUuid: Map<string, Order>,
  colour: string,
  project: Project,
): Child[] {
  const stops: Child[] = [];
  for (const stop of timeline) {
    if (stop.type !== "delivering_stop") continue;
    for (const o of stop.orders) {
      const order = byUuid.get(o.uuid);
      const p = coordinates(order?.locations[0]);
      if (!order || !p) continue;
      const [x, y] = project(p);
      const done =
        o.status === "delivered" ? STATUS_COLOURS.delivered : o.status === "missed" ? STATUS_COLOURS.missed : "#fff";
      stops.push(
        s(
          "circle",
          {
            class: `stop${input.selectedOrder === o.uuid ? " selected" : ""}`,
            "data-order": o.uuid,
            cx: x,
            cy: y,
            r: input.selectedOrder === o.uuid ? 8 : 5,
            fill: done,
            stroke: colour,
            "stroke-width": 2.5,
            onclick: () => input.onSelect(o.uuid),
          },
          s("title", {}, `${order.orderNumber} ${order.name ?? ""} (${route.name}, ${o.status})`),
        ),
      );
    }
  }
  return stops;
}

/** A cross per order on no route, with why it was left out as its title. */
function unscheduledCrosses(input: MapInput, project: Project): Child[] {
  const unscheduled: Child[] = [];
  for (const order of input.orders) {
    if (order.routeUuid !== null) continue;
    const p = coordinates(order.locations[0]);
    if (!p) continue;
    const [x, y] = project(p);
    const reason = input.reasons.get(order.uuid) ?? "not scheduled yet";
    unscheduled.push(
      s(
        "g",
        { class: "unscheduled", "data-order": order.uuid, onclick: () => input.onSelect(order.uuid) },
        s("path", {
          d: `M${x - 5},${y - 5}L${x + 5},${y + 5}M${x - 5},${y + 5}L${x + 5},${y - 5}`,
          stroke: STATUS_COLOURS.unscheduled,
          "stroke-width": 2.5,
        }),
        s("circle", { cx: x, cy: y, r: 7, fill: "transparent" }),
        s("title", {}, `${order.orderNumber} unscheduled: ${reason}`),
      ),
    );
  }
  return unscheduled;
}
