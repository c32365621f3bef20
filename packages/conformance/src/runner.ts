/**
 * Runs the conformance scenarios against a server over plain HTTP and reports each one: pass, fail (with the
 * request, what `docs/api-contract.md` expects and what the server answered) or skip. Cleans up the orders it
 * created; never touches data it did not create.
 */
import { randomBytes, randomInt } from "node:crypto";
import { ConformanceClient, ContractChecker, ScenarioFailure } from "./client.js";
import { flowScenarios } from "./flow-scenarios.js";
import { ruleScenarios } from "./rule-scenarios.js";
import { type Scenario, ScenarioSkipped } from "./scenario.js";
import { Session, type SessionWorkspace, show } from "./session.js";
import { stateScenarios } from "./state-scenarios.js";

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** Base URL of the server under test, e.g. `http://127.0.0.1:4010` (a path prefix is kept). */
  baseUrl: string;
  /** API token of the organization the suite works in. */
  token: string;
  /** Run only the scenarios whose name matches this regular expression (case-insensitive). */
  only?: string;
  /** Time limit of each scenario, requests and action polling included, in milliseconds. Default 30,000. */
  timeoutMs?: number;
  /** The workspace to work in. Default: the first of `GET /v2/workspaces`. */
  workspaceUuid?: string;
  /** The delivery date the run uses (and the 11 days after it). Default: a random day of 2090 to 2099. */
  date?: string;
  /** The `fetch` to use. Default: the global one. */
  fetch?: typeof fetch;
  /** Called with each result as soon as it is known (the CLI prints as it goes). */
  onResult?: (result: ScenarioResult) => void;
}

/** The outcome of one scenario. */
export interface ScenarioResult {
  name: string;
  /** The sections of `docs/api-contract.md` it checks. */
  section: string;
  status: "pass" | "fail" | "skip";
  durationMs: number;
  /** On failure: the request, what was expected and what came. */
  failure?: { request: string; expected: string; actual: string };
  /** On skip: why. */
  reason?: string;
}

/** The report of a run. */
export interface ConformanceReport {
  baseUrl: string;
  runId: string;
  date: string;
  workspaceUuid: string | null;
  /** Whether the server has the fake's `/_fake/` control endpoints (the scenarios that need them ran). */
  controlEndpoints: boolean;
  results: ScenarioResult[];
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
  /** What the run created and could not delete: completed orders, orders on published routes, and routes. */
  leftovers: { orders: string[]; routes: string[] };
}

/** Every scenario, in the order they run. */
export const conformanceScenarios: readonly Scenario[] = [...flowScenarios, ...stateScenarios, ...ruleScenarios];

const SETUP = "setup: list the workspaces and pick one";
const CLEANUP = "cleanup: delete the orders this run created";

function randomDate(): string {
  const day = new Date(Date.UTC(2090, 0, 1));
  day.setUTCDate(day.getUTCDate() + randomInt(0, 3640));
  return day.toISOString().slice(0, 10);
}

function failureOf(error: unknown): NonNullable<ScenarioResult["failure"]> {
  if (error instanceof ScenarioFailure)
    return { request: error.request, expected: error.expected, actual: error.actual };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { request: "(none)", expected: "no exception", actual: message };
}

/** Run the conformance suite against `options.baseUrl`; resolves with the report (it never throws for a failure). */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const only = options.only === undefined ? undefined : new RegExp(options.only, "i");
  const runId = `conformance-${randomBytes(4).toString("hex")}`;
  const date = options.date ?? randomDate();
  let deadline = 0;
  const client = new ConformanceClient(
    options.baseUrl,
    options.token,
    new ContractChecker(),
    () => deadline,
    options.fetch,
  );
  const results: ScenarioResult[] = [];
  const record = (result: ScenarioResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  const timed = async (name: string, section: string, body: () => Promise<void>) => {
    const t0 = performance.now();
    deadline = t0 + timeoutMs;
    try {
      await body();
      record({ name, section, status: "pass", durationMs: Math.round(performance.now() - t0) });
    } catch (error) {
      const durationMs = Math.round(performance.now() - t0);
      if (error instanceof ScenarioSkipped)
        record({ name, section, status: "skip", durationMs, reason: error.message });
      else record({ name, section, status: "fail", durationMs, failure: failureOf(error) });
    }
  };

  let workspace: SessionWorkspace | undefined;
  let hasControl = false;
  await timed(SETUP, "2", async () => {
    const listed = await client.request("GET", "/v2/workspaces?perPage=500");
    if (listed.status !== 200)
      throw new ScenarioFailure(listed.request, "200 with the workspaces", `${listed.status} ${show(listed.body)}`);
    const all = listed.body.data as SessionWorkspace[];
    workspace = options.workspaceUuid === undefined ? all[0] : all.find((w) => w.uuid === options.workspaceUuid);
    if (!workspace)
      throw new ScenarioFailure(
        listed.request,
        options.workspaceUuid ? `workspace ${options.workspaceUuid}` : "at least one workspace",
        show(all),
      );
    // The fake's control endpoints answer without a token; the real service answers 401 or 404 here.
    const control = await client.request("GET", "/_fake/clock", { token: null, unchecked: true });
    hasControl = control.status === 200;
  });

  const session = workspace ? new Session(client, options.token, runId, date, workspace, hasControl) : undefined;
  if (session) {
    for (const scenario of conformanceScenarios) {
      if (only && !only.test(scenario.name)) continue;
      await timed(scenario.name, scenario.section, () => scenario.run(session));
    }
  }

  const leftovers = { orders: [] as string[], routes: [...(session?.createdRoutes ?? [])] };
  if (session && session.createdOrders.size > 0) {
    await timed(CLEANUP, "3", async () => {
      const uuids = [...session.createdOrders];
      for (let i = 0; i < uuids.length; i += 500) {
        const chunk = uuids.slice(i, i + 500);
        const answer = await client.request("DELETE", "/v2/orders", { json: chunk });
        const result =
          answer.status === 202
            ? (await session.awaitAction(answer, "/v2/orders/actions", "delete")).actionSummary
            : answer.body;
        if (answer.status !== 200 && answer.status !== 202)
          throw new ScenarioFailure(answer.request, "200 or 202", `${answer.status} ${show(answer.body)}`);
        for (const failed of result?.failed ?? [])
          if (failed.reason !== "not_found") leftovers.orders.push(failed.uuid);
      }
    });
  }

  const count = (status: ScenarioResult["status"]) => results.filter((r) => r.status === status).length;
  return {
    baseUrl: options.baseUrl,
    runId,
    date,
    workspaceUuid: workspace?.uuid ?? null,
    controlEndpoints: hasControl,
    results,
    passed: count("pass"),
    failed: count("fail"),
    skipped: count("skip"),
    durationMs: Math.round(performance.now() - started),
    leftovers,
  };
}

/** One report line per result (and, on failure, the request and expected versus actual). */
export function formatResult(result: ScenarioResult): string {
  const head = `${result.status.toUpperCase().padEnd(4)}  ${result.name} [api-contract section ${result.section}] (${result.durationMs} ms)`;
  if (result.failure)
    return `${head}\n      ${result.failure.request}\n      expected ${result.failure.expected}; got ${result.failure.actual}`;
  if (result.reason) return `${head}\n      skipped: ${result.reason}`;
  return head;
}

/** The summary lines of a report. */
export function formatSummary(report: ConformanceReport): string {
  const left =
    report.leftovers.orders.length + report.leftovers.routes.length > 0
      ? `\nLeft on the server (the API cannot delete them): ${report.leftovers.orders.length} completed or published orders and ${report.leftovers.routes.length} routes, named "${report.runId} …", on ${report.date} and the 11 days after it.`
      : "";
  return `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${report.durationMs} ms; run ${report.runId}, date ${report.date})${left}`;
}
