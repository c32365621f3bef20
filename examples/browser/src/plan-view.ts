/**
 * Draws a {@link DeliveryPlan}: the routes on a small SVG map (the depot, each route's path through its stops) and
 * a table of every stop with its window and planned times.
 */
import type { DeliveryPlan, Point } from "./delivery-plan.js";

const SVG_NS = "http://www.w3.org/2000/svg";
/** One colour per route (colour-blind safe, after Okabe and Ito). */
const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

/** The colour of the route at `index`. */
const routeColour = (index: number) => COLOURS[index % COLOURS.length] ?? "#444";

function svg<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

function cell(row: HTMLTableRowElement, text: string, className?: string): HTMLTableCellElement {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

const hoursAndMinutes = (seconds: number) =>
  `${Math.floor(seconds / 3600)} h ${String(Math.round((seconds % 3600) / 60)).padStart(2, "0")} min`;

/** Draw the routes on `map`: a square for the depot, a numbered dot per stop, a line per route. */
export function drawMap(map: SVGSVGElement, plan: DeliveryPlan): void {
  map.replaceChildren();
  const width = map.viewBox.baseVal.width || 460;
  const height = map.viewBox.baseVal.height || 420;
  const points: Point[] = [plan.depot, ...plan.routes.flatMap((r) => r.stops)];
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  // Equirectangular: a degree of longitude is cos(latitude) of a degree of latitude; keep the aspect ratio.
  const squeeze = Math.cos((plan.depot.latitude * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * squeeze, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const margin = 24;
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const x = (p: Point) => margin + (p.longitude - minLng) * squeeze * scale;
  const y = (p: Point) => height - margin - (p.latitude - minLat) * scale;

  plan.routes.forEach((route, i) => {
    const path = [plan.depot, ...route.stops].map((p) => `${x(p).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
    const line = svg("polyline", { points: path, fill: "none", stroke: routeColour(i), "stroke-width": 2.5 });
    line.dataset.route = route.name;
    map.append(line);
  });
  plan.routes.forEach((route, i) => {
    for (const stop of route.stops) {
      const dot = svg("circle", {
        cx: x(stop),
        cy: y(stop),
        r: 8,
        fill: "#fff",
        stroke: routeColour(i),
        "stroke-width": 2,
      });
      const title = svg("title", {});
      title.textContent = `${route.name} #${stop.sequence}: ${stop.customer}, ${stop.arrival}`;
      dot.append(title);
      const label = svg("text", { x: x(stop), y: y(stop) + 3.5, "text-anchor": "middle", "font-size": 10 });
      label.textContent = String(stop.sequence);
      map.append(dot, label);
    }
  });
  const depot = svg("rect", { x: x(plan.depot) - 7, y: y(plan.depot) - 7, width: 14, height: 14, fill: "#1f2328" });
  const depotTitle = svg("title", {});
  depotTitle.textContent = "Depot";
  depot.append(depotTitle);
  map.append(depot);
}

/** Fill `table` with one row per stop, grouped by route, and a row per unscheduled customer. */
export function fillTable(table: HTMLTableElement, plan: DeliveryPlan): void {
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const title of ["Route", "#", "Customer", "Window", "Arrival", "Departure"]) {
    const th = document.createElement("th");
    th.textContent = title;
    head.append(th);
  }
  const body = table.createTBody();
  plan.routes.forEach((route, i) => {
    const summary = body.insertRow();
    summary.className = "route";
    const name = cell(summary, route.name);
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = routeColour(i);
    name.prepend(swatch);
    const totals = cell(
      summary,
      `${route.stops.length} stops · ${route.distanceInKilometers.toFixed(1)} km · ${hoursAndMinutes(route.workingTimeInSeconds)} · load ${route.load}`,
    );
    totals.colSpan = 5;
    for (const stop of route.stops) {
      const row = body.insertRow();
      row.className = "stop";
      cell(row, "");
      cell(row, String(stop.sequence), "num");
      cell(row, stop.customer);
      cell(row, stop.window);
      cell(row, stop.arrival, "num");
      cell(row, stop.departure, "num");
    }
  });
  for (const left of plan.unscheduled) {
    const row = body.insertRow();
    row.className = "unscheduled";
    cell(row, "unscheduled");
    cell(row, "");
    cell(row, left.customer);
    cell(row, left.reason).colSpan = 3;
  }
}
