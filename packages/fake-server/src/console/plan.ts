/**
 * The console's plan bar, above the date's panels: schedule the chosen date (`POST /v2/schedules` with the
 * options the user picked) and publish it (`POST /v2/routes/publish`), as a client of the API would, with each
 * action's progress and outcome. The outcome is read from the control API's actions (the snapshot), never by
 * polling the action's API endpoint: a poll counts towards an `afterPolls` policy the user set for their app.
 * Its inputs are made once, so what the user picked survives the panels' redraws.
 */
import type { components as api } from "@dispatchkit/sdk";
import type { ConsoleApi } from "./api.js";
import { badge, type Child, fill, h } from "./dom.js";
import type { ControlAction, Snapshot } from "./model.js";

/** The scheduling options the bar sends (openapi.yaml's `ScheduleOptions`). */
type ScheduleOptions = api["schemas"]["ScheduleOptions"];
type Accepted = api["schemas"]["Action"];
type Kind = "schedule" | "publish";

/** An action the bar started: its uuid once accepted, or why the request failed (both null while it is sent). */
interface Started {
  uuid: string | null;
  error: string | null;
}

/** What the bar needs from the console: its client, and a read of everything after a change. */
export interface PlanContext {
  api: ConsoleApi;
  refresh(): Promise<void>;
}

/** The bar: its element, and a redraw from a snapshot for a date. */
export interface PlanBar {
  element: HTMLElement;
  draw(snap: Snapshot, date: string | null): void;
}

// How often and how many times the bar reads everything again while its action is pending, before it leaves the
// rest to the console's own reads (every two seconds): a run of a few dozen orders ends within a second.
const QUICK_READ_MS = 400;
const QUICK_READS = 10;

/** The workspaces with orders or routes on a date. */
function workspacesOfDate(snap: Snapshot, date: string | null): Snapshot["workspaces"] {
  return snap.workspaces.filter(
    (w) =>
      snap.orders.some((o) => o.workspaceUuid === w.uuid && o.deliveryDate === date) ||
      snap.routes.some((r) => r.workspaceUuid === w.uuid && r.date === date),
  );
}

/** The options as the controls give them. */
function optionsOf(objective: HTMLSelectElement, balance: HTMLInputElement, travel: HTMLSelectElement) {
  return {
    minimizeRoutes: objective.value === "minimizeRoutes",
    balance: balance.checked,
    travelMode: travel.value === "bicycle" ? "bicycle" : "car",
  } satisfies ScheduleOptions;
}

/** A scheduling run's outcome: its counts, or why it failed. */
function scheduleOutcome(action: ControlAction): Child {
  const summary = (action.summary ?? {}) as Partial<api["schemas"]["ScheduleSummary"]>;
  if (action.status === "failed") return h("span", { class: "error" }, `reason: ${action.reason ?? "none given"}`);
  if (action.status === "pending") return action.held ? "held (release it in Actions)" : "running…";
  return `${summary.routesUsed ?? 0} routes used · ${summary.ordersScheduled ?? 0} orders scheduled · ${summary.ordersUnscheduled ?? 0} unscheduled`;
}

/** A publication's outcome: how many routes were published, skipped and failed, and each error. */
function publishOutcome(action: ControlAction, snap: Snapshot): Child {
  if (action.status === "pending") return action.held ? "held (release it in Actions)" : "running…";
  const routes = ((action.summary ?? {}) as Partial<api["schemas"]["PublishSummary"]>).routes ?? [];
  const count = (status: string) => routes.filter((r) => r.status === status).length;
  const name = (uuid: string) => snap.routes.find((r) => r.uuid === uuid)?.name ?? uuid;
  const errors = routes.filter((r) => r.error !== undefined);
  return [
    action.status === "failed" ? h("span", { class: "error" }, `reason: ${action.reason ?? "none given"} · `) : "",
    `${count("finished")} published · ${count("skipped")} skipped · ${count("failed")} failed`,
    errors.length > 0
      ? h(
          "ul",
          { class: "route-errors" },
          errors.map((r) => h("li", { "data-route": r.uuid, "data-status": r.status }, `${name(r.uuid)}: ${r.error}`)),
        )
      : "",
  ];
}

/** One outcome line: the action's status and what it did, or why the request failed. */
function outcomeLine(kind: Kind, started: Started | undefined, snap: Snapshot): Child {
  if (!started) return "";
  const label = kind === "schedule" ? "Schedule" : "Publish";
  if (started.uuid === null && started.error === null)
    return h("p", { id: `${kind}-outcome`, "data-status": "sending" }, `${label}: sending…`);
  if (started.error !== null)
    return h(
      "p",
      { id: `${kind}-outcome`, "data-status": "error" },
      `${label}: `,
      h("span", { class: "error" }, started.error),
    );
  const action = snap.actions.find((a) => a.uuid === started.uuid);
  // Accepted, not read yet: the next read has it.
  const status = action?.status ?? "pending";
  return h(
    "p",
    { id: `${kind}-outcome`, "data-status": status, "data-action": started.uuid },
    `${label}: `,
    badge(status),
    " ",
    action ? (kind === "schedule" ? scheduleOutcome(action) : publishOutcome(action, snap)) : "accepted…",
  );
}

/** The bar's elements, made once. */
function planElements() {
  const objective = h(
    "select",
    { id: "schedule-objective", "aria-label": "Objective" },
    h("option", { value: "default" }, "default"),
    h("option", { value: "minimizeRoutes" }, "minimizeRoutes"),
  );
  const balance = h("input", { type: "checkbox", id: "schedule-balance" });
  const travel = h(
    "select",
    { id: "schedule-travel-mode", "aria-label": "Travel mode" },
    h("option", { value: "car" }, "car"),
    h("option", { value: "bicycle" }, "bicycle"),
  );
  const workspace = h("select", { id: "schedule-workspace", "aria-label": "Workspace" });
  const scheduleButton = h("button", { id: "schedule", type: "button" }, "Schedule");
  const publishButton = h("button", { id: "publish", type: "button" }, "Publish");
  const title = h("h2", {});
  const outcomes = h("div", { class: "outcomes" });
  const element = h(
    "section",
    { id: "plan", class: "plan" },
    title,
    h(
      "div",
      { class: "plan-controls" },
      workspace,
      h("label", {}, "Objective ", objective),
      h("label", {}, balance, " balance"),
      h("label", {}, "Travel mode ", travel),
      scheduleButton,
      publishButton,
    ),
    outcomes,
  );
  return { element, objective, balance, travel, workspace, scheduleButton, publishButton, title, outcomes };
}

/** The plan bar of the console. */
export function createPlanBar(context: PlanContext): PlanBar {
  const { element, objective, balance, travel, workspace, scheduleButton, publishButton, title, outcomes } =
    planElements();
  // What the bar started, by date and kind (a page load forgets it; the Actions tab lists every run).
  const started = new Map<string, Started>();
  let last: { snap: Snapshot; date: string | null } | null = null;

  async function start(kind: Kind, path: string, body: unknown, date: string): Promise<void> {
    const key = `${date} ${kind}`;
    started.set(key, { uuid: null, error: null });
    if (last) draw(last.snap, last.date);
    try {
      const accepted = await context.api.send<Accepted>("POST", path, body);
      started.set(key, { uuid: accepted.actionUuid, error: null });
    } catch (error) {
      started.set(key, { uuid: null, error: error instanceof Error ? error.message : String(error) });
    }
    await context.refresh();
    for (let i = 0; i < QUICK_READS && isPending(key); i++) {
      await new Promise((resolve) => setTimeout(resolve, QUICK_READ_MS));
      await context.refresh();
    }
  }

  /** Whether the bar's action of this key is being sent or has not ended. */
  function isPending(key: string): boolean {
    const run = started.get(key);
    if (!run || run.error !== null) return false;
    const action = last?.snap.actions.find((a) => a.uuid === run.uuid);
    return run.uuid === null || action === undefined || action.status === "pending";
  }

  function onClick(kind: Kind): void {
    if (!last?.date || workspace.value === "") return;
    const { date } = last;
    const target = { workspaceUuid: workspace.value, date };
    if (kind === "schedule")
      void start(kind, "/v2/schedules", { ...target, options: optionsOf(objective, balance, travel) }, date);
    else void start(kind, "/v2/routes/publish", target, date);
  }
  scheduleButton.addEventListener("click", () => onClick("schedule"));
  publishButton.addEventListener("click", () => onClick("publish"));

  function draw(snap: Snapshot, date: string | null): void {
    last = { snap, date };
    title.textContent = `Schedule and publish ${date ?? "—"}`;
    const workspaces = workspacesOfDate(snap, date);
    const chosen = workspaces.some((w) => w.uuid === workspace.value) ? workspace.value : workspaces[0]?.uuid;
    fill(
      workspace,
      workspaces.map((w) => h("option", { value: w.uuid, selected: w.uuid === chosen }, w.name)),
    );
    // One workspace on the date (the usual case) needs no choice.
    workspace.hidden = workspaces.length < 2;
    // One run of each kind at a time from the bar: a second click while it runs would start another.
    scheduleButton.disabled = workspaces.length === 0 || isPending(`${date} schedule`);
    publishButton.disabled = workspaces.length === 0 || isPending(`${date} publish`);
    fill(
      outcomes,
      outcomeLine("schedule", started.get(`${date} schedule`), snap),
      outcomeLine("publish", started.get(`${date} publish`), snap),
    );
  }

  return { element, draw };
}
