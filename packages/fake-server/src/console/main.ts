/**
 * The console of the standalone fake (served at `/_fake/console`): what the fake holds, drawn and driven from a
 * browser through the public API and the control API. It reads everything again every two seconds and after each
 * button; each panel is drawn from that one snapshot.
 */
import { type ConsoleApi, createConsoleApi } from "./api.js";
import { PLANNED_COLOUR, routeColour, STATUS_COLOURS } from "./colours.js";
import { badge, type Child, fill, h, table } from "./dom.js";
import { drawDriver } from "./driver.js";
import { gantt } from "./gantt.js";
import { planMap } from "./map.js";
import {
  type ControlAction,
  datesOf,
  type Order,
  readSnapshot,
  type Snapshot,
  type Solution,
  timeZoneOf,
} from "./model.js";
import { createPlanBar } from "./plan.js";
import { STYLES } from "./styles.js";
import { clockTime } from "./times.js";

const POLL_MS = 2000;
const TABS = ["overview", "orders", "map", "timelines", "driver", "actions", "webhooks", "control"] as const;
type Tab = (typeof TABS)[number];
const TAB_NAMES: Record<Tab, string> = {
  overview: "Overview",
  orders: "Orders",
  map: "Map",
  timelines: "Timelines",
  driver: "Driver",
  actions: "Actions",
  webhooks: "Webhooks",
  control: "Clock, faults, journal",
};
/** The tabs of the chosen date's plan, which the plan bar (schedule, publish) heads. */
const PLAN_TABS: readonly Tab[] = ["orders", "map", "timelines", "driver"];
const STATUSES = ["not_scheduled", "scheduled", "delivered", "missed"];
const ADVANCE_STEPS: [string, number][] = [
  ["+1 min", 60_000],
  ["+5 min", 300_000],
  ["+15 min", 900_000],
  ["+1 h", 3_600_000],
];

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
const basePath = meta("dispatch-base-path");
const api: ConsoleApi = createConsoleApi(
  basePath,
  localStorage.getItem("dispatch-console-token") ?? meta("dispatch-token"),
);

interface View {
  tab: Tab;
  date: string | null;
  status: string;
  selectedOrder: string | null;
  autoDriver: boolean;
}
const view: View = {
  tab: "overview",
  date: null,
  status: "",
  selectedOrder: null,
  autoDriver: false,
};
let snapshot: Snapshot | null = null;
let solutions = new Map<string, Solution>();

const tabFromHash = (): Tab => {
  const name = location.hash.slice(1) as Tab;
  return TABS.includes(name) ? name : "overview";
};

// The shell: header (token, date, clock), tabs, a problem line, the panel.
const style = h("style", {}, STYLES);
const tokenInput = h("input", { id: "token", size: 14, value: api.token, "aria-label": "API token" });
const dateSelect = h("select", { id: "date", "aria-label": "Date" });
const clockText = h("span", { id: "now" }, "…");
const nav = h("nav", {});
const problem = h("div", { id: "problem", role: "alert" });
const panel = h("main", { id: "panel" });
const planBar = createPlanBar({ api, refresh: () => refresh() });
const planSlot = h("div", { class: "plan-bar" }, planBar.element);
document.head.append(style);
document.body.append(
  h(
    "header",
    {},
    h("h1", {}, "Dispatch fake console"),
    h(
      "label",
      {},
      "Token",
      tokenInput,
      h(
        "button",
        {
          onclick: () => {
            api.token = tokenInput.value.trim();
            localStorage.setItem("dispatch-console-token", api.token);
            changed();
          },
        },
        "Use",
      ),
    ),
    h("label", {}, "Date", dateSelect),
    h(
      "span",
      { class: "clock" },
      "Now ",
      clockText,
      " ",
      ADVANCE_STEPS.map(([label, ms]) =>
        h(
          "button",
          { "data-advance": ms, onclick: () => act(() => api.send("POST", "/_fake/clock/advance", { ms })) },
          label,
        ),
      ),
    ),
  ),
  nav,
  problem,
  planSlot,
  panel,
);
dateSelect.addEventListener("change", () => {
  view.date = dateSelect.value || null;
  view.selectedOrder = null;
  changed();
});
window.addEventListener("hashchange", () => {
  view.tab = tabFromHash();
  draw();
  // The journal is read only for its tab: a read begun on another tab answers without it.
  changed();
});

/** Run a button's call, then read everything again; a failure shows in the problem line. Resolves whether it succeeded. */
async function act(call: () => Promise<unknown>): Promise<boolean> {
  let succeeded = true;
  try {
    await call();
    problem.textContent = "";
  } catch (error) {
    succeeded = false;
    problem.textContent = error instanceof Error ? error.message : String(error);
  }
  await refresh();
  return succeeded;
}

/** A read of the fake in flight: how to abandon it, and its end. */
interface Read {
  controller: AbortController;
  done: Promise<void>;
}

// Counts the user's changes of what is read (the date, the tab, the token). A read answers the view it began
// with; once the view changed, its answer is stale and must not be drawn, nor set the date back.
let generation = 0;
let reading: Read | null = null;
let again = false;

/** The user changed what the console reads: abandon the read in flight and read for the new view now. */
function changed(): void {
  generation++;
  reading?.controller.abort();
  reading = null;
  again = false;
  void refresh();
}

/** Read a new snapshot and draw it; a call while reading reads once more after. */
async function refresh(): Promise<void> {
  if (reading) {
    again = true;
    return reading.done;
  }
  const controller = new AbortController();
  const mine = generation;
  const read: Read = {
    controller,
    done: (async () => {
      try {
        const next = await readSnapshot(api, view.date, view.tab === "control", solutions, controller.signal);
        if (mine !== generation) return;
        solutions = next.solutions;
        snapshot = next;
        view.date = next.date;
        if (problem.dataset.source === "read") problem.textContent = "";
        draw();
      } catch (error) {
        // An abandoned read fails with an AbortError: nothing went wrong.
        if (mine !== generation) return;
        problem.dataset.source = "read";
        problem.textContent = `Failed to read the fake: ${error instanceof Error ? error.message : String(error)}`;
      }
    })(),
  };
  reading = read;
  await read.done;
  // A change of view while reading has started a read of its own already.
  if (reading !== read) return;
  reading = null;
  if (again) {
    again = false;
    await refresh();
  }
}

const ordersOfDate = (snap: Snapshot) => snap.orders.filter((o) => o.deliveryDate === view.date);
const routesOfDate = (snap: Snapshot) => snap.routes.filter((r) => r.date === view.date);

/** Why each unscheduled order of the date was left out: the latest committed run of the date says. */
function unscheduledReasons(snap: Snapshot): Map<string, string> {
  const reasons = new Map<string, string>();
  const runs = snap.actions
    .filter((a) => a.kind === "schedule" && snap.solutions.get(a.uuid)?.date === view.date)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const run of runs) {
    const solution = snap.solutions.get(run.uuid);
    if (!solution?.committed) continue;
    reasons.clear();
    for (const u of solution.unscheduled) reasons.set(u.orderUuid, u.reason);
  }
  return reasons;
}

function select(orderUuid: string): void {
  view.selectedOrder = orderUuid;
  draw();
  // The card is sticky beside the list; where it still is out of view (a narrow window), bring it in.
  const card = document.getElementById("order-details");
  const box = card?.getBoundingClientRect();
  if (card && box && (box.top < 0 || box.bottom > window.innerHeight)) card.scrollIntoView({ block: "nearest" });
}

/** An instant of the control API in UTC, with seconds, and its date where it is not the fake's today in UTC. */
function utcTime(snap: Snapshot, iso: string | null | undefined, className: string): Child {
  if (!iso) return "—";
  return h("time", { class: className, datetime: iso }, clockTime(iso, snap.now, { seconds: true }));
}

/** What happened to an order, for its card: when it was delivered, or when and why it was missed. */
function outcomeOf(snap: Snapshot, order: Order): [string, Child][] {
  const timeZone = timeZoneOf(snap.workspaces, order.workspaceUuid);
  const at = h("time", { datetime: order.deliveryTime ?? "" }, clockTime(order.deliveryTime, snap.now, { timeZone }));
  const notes: [string, Child] = ["Delivery notes", order.deliveryNotes ?? "none"];
  if (order.status === "delivered") return [["Delivered at", at], notes];
  if (order.status === "missed")
    return [["Missed at", at], ["Missed reason", order.deliveryMissedReason ?? "none given"], notes];
  return [];
}

/** One order's fields, for the details pane. */
function orderDetails(snap: Snapshot, uuid: string | null): Child {
  const order = snap.orders.find((o) => o.uuid === uuid);
  if (!order) return h("p", { class: "muted" }, "Select an order to see it.");
  const route = snap.routes.find((r) => r.uuid === order.routeUuid);
  const reason = unscheduledReasons(snap).get(order.uuid);
  const location = order.locations[0];
  const fields: [string, Child][] = [
    ["Order", order.orderNumber],
    ["Name", order.name ?? "—"],
    ["Status", badge(order.status)],
    ["Route", route ? route.name : reason ? `unscheduled: ${reason}` : "—"],
    ["Date", order.deliveryDate],
    ["Address", location?.address ?? "—"],
    ["Coordinates", location?.latitude != null ? `${location.latitude}, ${location.longitude}` : "—"],
    ["Time windows", order.timeWindows.map((w) => `${w.startTime}–${w.endTime}`).join(", ") || "any time"],
    ...outcomeOf(snap, order),
  ];
  return h(
    "div",
    { id: "order-details", "data-order": order.uuid },
    h(
      "dl",
      {},
      fields.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]),
    ),
    h("details", {}, h("summary", {}, "JSON"), h("pre", {}, JSON.stringify(order, null, 2))),
  );
}

function drawOverview(snap: Snapshot): Child {
  return snap.workspaces.map((w) => {
    const orders = snap.orders.filter((o) => o.workspaceUuid === w.uuid);
    const routes = snap.routes.filter((r) => r.workspaceUuid === w.uuid);
    const dates = [...new Set([...orders.map((o) => o.deliveryDate), ...routes.map((r) => r.date)])].sort();
    return h(
      "section",
      { class: "workspace", "data-workspace": w.uuid },
      h(
        "h2",
        {},
        `${w.name} `,
        h("span", { class: "muted" }, `${w.timezone} · uuid ${w.uuid} · workspaceId ${w.workspaceId}`),
      ),
      table(
        ["Date", "Orders", "Routes", ...STATUSES, ""],
        dates.map((date) => {
          const ofDate = orders.filter((o) => o.deliveryDate === date);
          return [
            date,
            ofDate.length,
            routes.filter((r) => r.date === date).length,
            ...STATUSES.map((st) => ofDate.filter((o) => o.status === st).length),
            h(
              "a",
              {
                href: "#map",
                // The tab's change (hashchange) reads for this date.
                onclick: () => {
                  view.date = date;
                  view.selectedOrder = null;
                },
              },
              "map",
            ),
          ];
        }),
      ),
    );
  });
}

function drawOrders(snap: Snapshot): Child {
  const statusSelect = h(
    "select",
    { id: "status-filter", "aria-label": "Status" },
    h("option", { value: "" }, "any status"),
    STATUSES.map((st) => h("option", { value: st, selected: view.status === st }, st)),
  );
  statusSelect.addEventListener("change", () => {
    view.status = statusSelect.value;
    draw();
  });
  const orders = ordersOfDate(snap).filter((o) => view.status === "" || o.status === view.status);
  const routeName = new Map(snap.routes.map((r) => [r.uuid, r.name]));
  const reasons = unscheduledReasons(snap);
  const rows = orders.map((o) =>
    h(
      "tr",
      {
        class: `clickable${o.uuid === view.selectedOrder ? " selected" : ""}`,
        "data-order": o.uuid,
        onclick: () => select(o.uuid),
      },
      h("td", {}, o.orderNumber),
      h("td", {}, o.name ?? "—"),
      h("td", {}, badge(o.status)),
      h("td", {}, o.routeUuid ? (routeName.get(o.routeUuid) ?? "—") : (reasons.get(o.uuid) ?? "—")),
      h("td", {}, o.timeWindows.map((w) => `${w.startTime}–${w.endTime}`).join(", ")),
      h("td", {}, o.locations[0]?.address ?? ""),
    ),
  );
  const list = table(["Order", "Name", "Status", "Route or reason", "Windows", "Address"], []);
  list.tBodies[0]?.replaceChildren(...rows);
  return h(
    "div",
    { class: "split" },
    h(
      "section",
      {},
      h(
        "h2",
        {},
        `Orders of ${view.date ?? "—"} `,
        statusSelect,
        h("span", { class: "muted" }, ` ${orders.length} shown`),
      ),
      list,
    ),
    h("section", { class: "card" }, h("h2", {}, "Order"), orderDetails(snap, view.selectedOrder)),
  );
}

function drawMap(snap: Snapshot): Child {
  const routes = routesOfDate(snap);
  const reasons = unscheduledReasons(snap);
  return h(
    "div",
    { class: "split" },
    h(
      "section",
      {},
      h("h2", {}, `Plan of ${view.date ?? "—"}`),
      planMap({
        routes,
        orders: ordersOfDate(snap),
        timelines: snap.timelines,
        reasons,
        selectedOrder: view.selectedOrder,
        onSelect: select,
      }),
      h(
        "div",
        { class: "legend" },
        routes.map((r, i) =>
          h(
            "span",
            {},
            h("i", { class: "route-swatch", style: `background:${routeColour(i)}` }),
            `${r.name} (${r.ordersCount})`,
          ),
        ),
        h("span", {}, "■ depot · ○ stop, filled:"),
        h("span", {}, h("i", { class: "status-swatch", style: `background:${STATUS_COLOURS.delivered}` }), "delivered"),
        h("span", {}, h("i", { class: "status-swatch", style: `background:${STATUS_COLOURS.missed}` }), "missed"),
        h("span", {}, "✕ unscheduled"),
      ),
    ),
    h("section", { class: "card" }, h("h2", {}, "Selected"), orderDetails(snap, view.selectedOrder)),
  );
}

function drawTimelines(snap: Snapshot): Child {
  const routes = routesOfDate(snap);
  const swatch = (colour: string) => h("i", { class: "status-swatch", style: `background:${colour}` });
  return h(
    "section",
    {},
    h("h2", {}, `Timelines of ${view.date ?? "—"} (the workspace's local time; the dashed line is now)`),
    view.date === null
      ? h("p", { class: "muted" }, "No date with routes yet.")
      : gantt({
          date: view.date,
          routes,
          timelines: snap.timelines,
          orders: new Map(snap.orders.map((o) => [o.uuid, o])),
          now: snap.now,
          timeZone: timeZoneOf(snap.workspaces, routes[0]?.workspaceUuid),
        }),
    h(
      "div",
      { class: "legend" },
      h("span", {}, h("i", { style: `background:${PLANNED_COLOUR}` }), "planned"),
      h("span", {}, swatch(STATUS_COLOURS.estimated), "estimated arrival"),
      h("span", {}, swatch(STATUS_COLOURS.delivered), "actual (delivered)"),
      h("span", {}, swatch(STATUS_COLOURS.missed), "actual (missed)"),
      h("span", {}, h("i", { style: `background:${routeColour(0)};opacity:.15` }), "time windows (route colour)"),
    ),
  );
}

function drawDriverTab(snap: Snapshot): Child {
  return drawDriver(snap, {
    api,
    date: view.date,
    routes: routesOfDate(snap),
    autoDriver: view.autoDriver,
    setAutoDriver: (on) => {
      view.autoDriver = on;
      void act(() => api.send("POST", "/_fake/driver/auto", { on }));
    },
    act,
    timelines: drawTimelines(snap),
  });
}

function actionRow(snap: Snapshot, a: ControlAction): Child[] {
  const workspace = snap.workspaces.find((w) => w.uuid === a.workspaceUuid)?.name ?? a.workspaceUuid;
  return [
    a.kind,
    badge(a.status),
    a.held ? "held" : "",
    workspace,
    utcTime(snap, a.createdAt, "created"),
    utcTime(snap, a.finishedAt, "finished"),
    a.reason ?? (a.summary ? h("code", {}, JSON.stringify(a.summary)) : "—"),
    a.status === "pending"
      ? h(
          "div",
          { class: "row-actions" },
          h(
            "button",
            {
              class: "release",
              "data-action": a.uuid,
              onclick: () => act(() => api.send("POST", `/_fake/actions/${a.uuid}/release`)),
            },
            "Release",
          ),
          h(
            "button",
            {
              class: "fail",
              "data-action": a.uuid,
              onclick: () => act(() => api.send("POST", `/_fake/actions/${a.uuid}/fail`, {})),
            },
            "Fail",
          ),
        )
      : "",
  ];
}

function drawActions(snap: Snapshot): Child {
  const pending = snap.actions.filter((a) => a.status === "pending");
  const runs = snap.actions.filter((a) => a.kind === "schedule").reverse();
  const headers = ["Kind", "Status", "Held", "Workspace", "Created (UTC)", "Finished (UTC)", "Summary or reason", ""];
  const row = (a: ControlAction) => actionRow(snap, a);
  return [
    h(
      "section",
      {},
      h("h2", {}, `Pending and held actions (${pending.length})`),
      table(headers, pending.map(row), { id: "pending-actions" }),
    ),
    h(
      "section",
      {},
      h("h2", {}, "Schedule runs"),
      table(
        ["Status", "Date", "Committed", "Routes used", "Scheduled", "Unscheduled", "Distance km", "Created (UTC)"],
        runs.map((a) => {
          const solution = snap.solutions.get(a.uuid);
          const summary = { ...(a.summary ?? {}), ...(solution?.summary ?? {}) } as Record<string, unknown>;
          return [
            badge(a.status),
            solution?.date ?? "—",
            solution ? (solution.committed ? "yes" : "what-if") : "—",
            String(summary.routesUsed ?? "—"),
            String(summary.ordersScheduled ?? "—"),
            String(summary.ordersUnscheduled ?? "—"),
            String(summary.distanceInKilometers ?? "—"),
            utcTime(snap, a.createdAt, "created"),
          ];
        }),
      ),
    ),
    h(
      "section",
      {},
      h("h2", {}, "All actions"),
      table(headers, [...snap.actions].reverse().map(row), { id: "all-actions" }),
    ),
  ];
}

function drawWebhooks(snap: Snapshot): Child {
  return [
    h(
      "section",
      {},
      h("h2", {}, "Subscriptions"),
      table(
        ["Uuid", "URL", "Events"],
        snap.subscriptions.map((sub) => [h("code", {}, sub.uuid), sub.url, sub.events.join(", ")]),
      ),
    ),
    h(
      "section",
      {},
      h("h2", {}, `Delivery log (${snap.deliveries.length})`),
      table(
        ["Delivery", "Event", "URL", "Status", "Attempts (UTC)", "Next attempt", ""],
        [...snap.deliveries].reverse().map((d) => [
          h("code", {}, d.id),
          d.eventType,
          d.url,
          badge(d.status),
          h(
            "ol",
            { class: "attempts" },
            d.attempts.map((at) =>
              h(
                "li",
                {},
                utcTime(snap, at.at, "at"),
                ` ${at.result}${at.status !== null ? ` ${at.status}` : ""}${at.error ? ` (${at.error})` : ""}`,
              ),
            ),
          ),
          utcTime(snap, d.nextAttemptAt, "next"),
          h(
            "button",
            {
              class: "redeliver",
              onclick: () => act(() => api.send("POST", `/_fake/webhook-deliveries/${d.id}/redeliver`)),
            },
            "Redeliver",
          ),
        ]),
        { id: "deliveries" },
      ),
    ),
  ];
}

const faultText = h(
  "textarea",
  { id: "fault-input", rows: 4, "aria-label": "Fault" },
  '{ "operationId": "listOrders", "status": 503, "times": 1 }',
);

function drawControl(snap: Snapshot): Child {
  const journal = [...(snap.journal ?? [])].reverse();
  return [
    h(
      "section",
      {},
      h("h2", {}, "Clock"),
      h(
        "p",
        {},
        `The fake's clock reads ${snap.now}. Advance it with the buttons at the top; the auto-driver, delayed actions and webhook retries follow it.`,
      ),
    ),
    h(
      "section",
      {},
      h("h2", {}, "Faults"),
      h("p", { class: "muted" }, "Faults answer your app's calls; the console's own reads pass by them."),
      faultText,
      h(
        "div",
        { class: "row-actions" },
        h(
          "button",
          { onclick: () => act(() => api.send("POST", "/_fake/faults", JSON.parse(faultText.value))) },
          "Add fault",
        ),
        h("button", { onclick: () => act(() => api.send("DELETE", "/_fake/faults")) }, "Clear faults"),
      ),
      table(
        ["Id", "Operation", "Answer", "Remaining", "Hits"],
        snap.faults.map((f) => [
          f.id,
          f.operationId,
          f.networkError
            ? "network error"
            : `${f.status ?? ""} ${f.code ?? ""} ${f.latencyMs ? `+${f.latencyMs} ms` : ""}`,
          f.remaining ?? "∞",
          f.hits,
        ]),
      ),
    ),
    h(
      "section",
      {},
      h("h2", {}, "Request journal"),
      h("p", { class: "muted" }, "Every API call of your app, newest first (the console's reads are not journaled)."),
      table(
        ["At (UTC)", "Method", "Path", "Operation", "Status"],
        journal
          .slice(0, 200)
          .map((e) => [
            utcTime(snap, e.at, "at"),
            e.method,
            `${e.path}${e.query ? `?${e.query}` : ""}`,
            e.operationId ?? "—",
            e.status,
          ]),
        { id: "journal" },
      ),
    ),
  ];
}

const DRAW: Record<Tab, (snap: Snapshot) => Child> = {
  overview: drawOverview,
  orders: drawOrders,
  map: drawMap,
  timelines: drawTimelines,
  driver: drawDriverTab,
  actions: drawActions,
  webhooks: drawWebhooks,
  control: drawControl,
};

/** Draw the header, the tabs and the current panel from the last snapshot. */
function draw(): void {
  fill(
    nav,
    TABS.map((tab) => h("a", { href: `#${tab}`, class: tab === view.tab ? "active" : "" }, TAB_NAMES[tab])),
  );
  if (!snapshot) return;
  clockText.textContent = snapshot.now.replace("T", " ").replace(/\.\d+Z$/, " UTC");
  const dates = datesOf(snapshot.orders, snapshot.routes);
  fill(
    dateSelect,
    dates.map((d) => h("option", { value: d, selected: d === view.date }, d)),
  );
  planSlot.hidden = !PLAN_TABS.includes(view.tab);
  planBar.draw(snapshot, view.date);
  // Keep what the user typed and where they scrolled across redraws: a panel being typed in is left as it is.
  const scroll = window.scrollY;
  const focused = document.activeElement;
  const typing = focused === faultText || (focused instanceof HTMLInputElement && focused.closest("[data-keep-focus]"));
  if (typing && focused && panel.contains(focused)) {
    panel.dataset.drawnAt = snapshot.now;
    return;
  }
  fill(panel, DRAW[view.tab](snapshot));
  panel.dataset.tab = view.tab;
  panel.dataset.drawnAt = snapshot.now;
  window.scrollTo(0, scroll);
}

view.tab = tabFromHash();
draw();
void refresh();
setInterval(() => void refresh(), POLL_MS);
// For the benchmark (bench/console.mjs): read again, or draw the current panel from the last snapshot.
Object.assign(window, { dispatchConsole: { refresh, draw } });
