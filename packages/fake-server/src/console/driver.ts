/**
 * The console's driver panel: each route of the date with its next stop, **Delivered** (at once) and **Missed**
 * (a small form in the row asks the reason, which the API requires, and optional notes), and the auto-driver. The
 * completions go to `POST /_fake/driver/complete` without a time, so the fake completes the stop when a dispatcher
 * would expect it (see docs/console.md).
 */
import type { ConsoleApi } from "./api.js";
import { badge, type Child, h, table } from "./dom.js";
import type { Order, Route, Snapshot } from "./model.js";

/** What the panel needs from the console. */
export interface DriverContext {
  api: ConsoleApi;
  date: string | null;
  /** The date's routes. */
  routes: readonly Route[];
  autoDriver: boolean;
  setAutoDriver(on: boolean): void;
  /** Run a button's call and read everything again; resolves whether the call succeeded. */
  act(call: () => Promise<unknown>): Promise<boolean>;
  /** The timelines panel, drawn under the routes. */
  timelines: Child;
}

/** The missed form open in a route's row (one at a time): made once, so what was typed survives redraws. */
interface MissedForm {
  routeUuid: string;
  form: HTMLFormElement;
}
let missed: MissedForm | null = null;

/** The route's next stop: its first delivering stop in sequence with an order still scheduled. */
function nextStop(snap: Snapshot, routeUuid: string): Order | undefined {
  const stop = (snap.timelines.get(routeUuid) ?? [])
    .filter((st) => st.type === "delivering_stop")
    .sort((a, b) => a.sequence - b.sequence)
    .find((st) => st.orders.some((o) => o.status === "scheduled"));
  const uuid = stop?.orders.find((o) => o.status === "scheduled")?.uuid;
  return snap.orders.find((o) => o.uuid === uuid);
}

/** The form that asks why a route's next stop was missed, and sends it. */
function missedForm(context: DriverContext, routeUuid: string, stop: Order): HTMLFormElement {
  const reason = h("input", {
    name: "missedReason",
    class: "missed-reason",
    maxlength: 1000,
    placeholder: "Nobody home",
    "aria-label": "Missed reason",
  });
  const notes = h("input", {
    name: "notes",
    class: "missed-notes",
    maxlength: 2000,
    placeholder: "optional",
    "aria-label": "Delivery notes",
  });
  const message = h("span", { class: "error", role: "alert" });
  const close = () => {
    missed = null;
    form.remove();
  };
  const form = h(
    "form",
    { class: "missed-form", "data-route": routeUuid, "data-keep-focus": true, novalidate: true },
    h("span", {}, `Why was ${stop.orderNumber} missed?`),
    h("label", {}, "Reason ", reason),
    h("label", {}, "Notes ", notes),
    h("button", { type: "submit", class: "send-missed" }, "Mark missed"),
    h("button", { type: "button", class: "cancel-missed", onclick: close }, "Cancel"),
    message,
  );
  // A message answers the last try: typing again clears it.
  form.addEventListener("input", () => {
    message.textContent = "";
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const missedReason = reason.value.trim();
    if (missedReason === "") {
      message.textContent = "Give a reason: the API requires one for a missed stop (missedReason).";
      reason.focus();
      return;
    }
    message.textContent = "";
    const body = {
      routeUuid,
      status: "missed",
      missedReason,
      ...(notes.value.trim() ? { notes: notes.value.trim() } : {}),
    };
    void context.act(async () => {
      await context.api.send("POST", "/_fake/driver/complete", body);
      // Closed before the read that follows draws the row again; a failure keeps it open, as typed.
      if (missed?.form === form) missed = null;
      form.remove();
    });
  });
  return form;
}

/** Open the missed form in a route's row (closing another one), focused on the reason. */
function openMissed(context: DriverContext, routeUuid: string, stop: Order, cell: HTMLElement): void {
  missed?.form.remove();
  missed = { routeUuid, form: missedForm(context, routeUuid, stop) };
  cell.append(missed.form);
  missed.form.querySelector("input")?.focus();
}

/** A route's row of the driver table. */
function routeRow(snap: Snapshot, context: DriverContext, r: Route): Child[] {
  const next = nextStop(snap, r.uuid);
  const stops = snap.timelines.get(r.uuid)?.filter((st) => st.type === "delivering_stop") ?? [];
  const done = stops.filter((st) => st.actualDepartureTime !== null).length;
  const drivable = next !== undefined && r.publishedAt !== null;
  if (missed?.routeUuid === r.uuid && !drivable) missed = null;
  const cell = h(
    "div",
    { class: "row-actions" },
    h(
      "button",
      {
        class: "deliver",
        "data-route": r.uuid,
        disabled: !drivable,
        onclick: () =>
          context.act(() =>
            context.api.send("POST", "/_fake/driver/complete", { routeUuid: r.uuid, status: "delivered" }),
          ),
      },
      "Delivered",
    ),
    h(
      "button",
      {
        class: "miss",
        "data-route": r.uuid,
        disabled: !drivable,
        onclick: () => next && openMissed(context, r.uuid, next, cell),
      },
      "Missed…",
    ),
    missed?.routeUuid === r.uuid ? missed.form : null,
  );
  return [
    r.name,
    badge(r.status),
    `${done} / ${stops.length}`,
    next ? `${next.orderNumber} ${next.name ?? ""}` : "—",
    cell,
  ];
}

/** The driver panel of the date. */
export function drawDriver(snap: Snapshot, context: DriverContext): Child {
  const routes = context.routes.filter((r) => r.ordersCount > 0);
  return [
    h(
      "section",
      {},
      h("h2", {}, `Driver of ${context.date ?? "—"}`),
      h(
        "p",
        { class: "muted" },
        "Complete each route's next stop, or let the auto-driver complete stops as the clock reaches them. Only published routes can be driven.",
      ),
      h(
        "label",
        {},
        h("input", {
          type: "checkbox",
          id: "auto-driver",
          checked: context.autoDriver,
          onchange: (event: Event) => context.setAutoDriver((event.target as HTMLInputElement).checked),
        }),
        " auto-driver",
      ),
      table(
        ["Route", "Status", "Done", "Next stop", ""],
        routes.map((r) => routeRow(snap, context, r)),
        { id: "driver-routes" },
      ),
    ),
    context.timelines,
  ];
}
