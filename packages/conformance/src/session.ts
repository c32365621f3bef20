/**
 * What a scenario works with: the client, the run's workspace and date, fixtures that create data (and remember
 * it for the clean-up), and expectations that fail with the request, the expectation and the answer.
 */
import { type ConformanceClient, type Exchange, ScenarioFailure } from "./client.js";

/** The workspace the suite works in. */
export interface SessionWorkspace {
  uuid: string;
  workspaceId: number;
  timezone: string;
}

const COORDINATES = [
  [52.5208, 13.4094],
  [52.5301, 13.3849],
  [52.5125, 13.4201],
  [52.5079, 13.3762],
  [52.5402, 13.4123],
  [52.4987, 13.4011],
] as const;

/** Short JSON of a value for a report line. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** A scenario's view of the run. */
export class Session {
  /** Orders this run created and may still delete at the end. */
  readonly createdOrders = new Set<string>();
  /** Routes this run created (the API cannot delete routes; they are reported). */
  readonly createdRoutes = new Set<string>();
  private counter = 0;

  constructor(
    readonly client: ConformanceClient,
    /** The API token the run was given. */
    readonly token: string,
    /** Unique per run; every name the run gives starts with it. */
    readonly runId: string,
    /** The run's own delivery date, far from other data. */
    readonly date: string,
    readonly workspace: SessionWorkspace,
    /** Whether the server has the fake's `/_fake/` control endpoints. */
    readonly hasControl: boolean,
  ) {}

  /** A unique name for something this run creates. */
  name(label: string): string {
    this.counter += 1;
    return `${this.runId} ${label} ${this.counter}`;
  }

  /** The run's date moved by `days` (other dates of the run, for scenarios that need a date of their own). */
  day(days: number): string {
    const date = new Date(`${this.date}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  }

  /** A v2 order input on the run's date. */
  order(extra: Record<string, unknown> = {}): Record<string, unknown> {
    const [latitude, longitude] = COORDINATES[this.counter % COORDINATES.length] ?? COORDINATES[0];
    return {
      name: this.name("order"),
      deliveryDate: this.date,
      locations: [{ address: `Conformance street ${this.counter}, Berlin`, latitude, longitude }],
      ...extra,
    };
  }

  /** A route input on the run's date: 08:00 to 18:00 from central Berlin. */
  route(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: this.name("route"),
      date: this.date,
      startTime: "08:00",
      endTime: "18:00",
      startLocation: { address: "Alexanderplatz 1, Berlin", latitude: 52.5219, longitude: 13.4132 },
      ...extra,
    };
  }

  /** `POST /v2/orders` with an array body; expects 201 and returns the orders. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against openapi.yaml by the client
  async createOrders(inputs: Record<string, unknown>[]): Promise<any[]> {
    const ex = await this.client.request("POST", `/v2/orders?workspaceUuid=${this.workspace.uuid}`, { json: inputs });
    this.expectStatus(ex, 201);
    for (const order of ex.body.data) this.createdOrders.add(order.uuid);
    return ex.body.data;
  }

  /** `POST /v2/routes`; expects 201 and returns the routes. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against openapi.yaml by the client
  async createRoutes(inputs: Record<string, unknown>[]): Promise<any[]> {
    const ex = await this.client.request("POST", "/v2/routes", {
      json: { workspaceUuid: this.workspace.uuid, routes: inputs },
    });
    this.expectStatus(ex, 201);
    for (const route of ex.body.data) this.createdRoutes.add(route.uuid);
    return ex.body.data;
  }

  /**
   * Poll an action from its 202 until it has ended (the first poll at once, then as `Retry-After` says, at most
   * every 2 s); returns the ended action.
   */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against openapi.yaml by the client
  async awaitAction(accepted: Exchange, pollPath: string, actionName: string): Promise<any> {
    this.expectStatus(accepted, 202);
    this.expectEqual(accepted, "actionName", accepted.body.actionName, actionName);
    this.expectEqual(accepted, "status of the 202", accepted.body.status, "pending");
    // Section 7: the 202 is the action as created, without finishedAt, actionSummary or reason.
    const ended = ["finishedAt", "actionSummary", "reason"].filter((key) => key in accepted.body);
    this.expectEqual(accepted, "keys of an ended action in the 202", ended, []);
    for (;;) {
      const poll = await this.client.request("GET", `${pollPath}/${accepted.body.actionUuid}`);
      this.expectStatus(poll, 200);
      this.expectEqual(poll, "actionUuid", poll.body.actionUuid, accepted.body.actionUuid);
      if (poll.body.status !== "pending") {
        this.expectThat(poll, "finishedAt on an ended action", typeof poll.body.finishedAt === "string", poll.body);
        return poll.body;
      }
      const seconds = Number(poll.headers.get("retry-after") ?? "1");
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(seconds) ? seconds : 1, 2) * 1000));
    }
  }

  /** A specific schedule of these orders on these routes, polled until it has ended. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against openapi.yaml by the client
  async schedule(orders: string[], routes: string[], date = this.date): Promise<any> {
    const accepted = await this.client.request("POST", "/v2/schedules", {
      json: { workspaceUuid: this.workspace.uuid, date, orders, routes },
    });
    return this.awaitAction(accepted, "/v2/schedules/actions", "schedule");
  }

  /** Publish these routes, polled until the action has ended. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against openapi.yaml by the client
  async publish(routeUuids: string[], date = this.date): Promise<any> {
    const accepted = await this.client.request("POST", "/v2/routes/publish", {
      json: { workspaceUuid: this.workspace.uuid, date, routeUuids },
    });
    return this.awaitAction(accepted, "/v2/routes/actions", "publish");
  }

  /** Scheduled and published orders on one new route: the state completion and delete rules need. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked against openapi.yaml by the client
  async publishedRoute(orderCount: number): Promise<{ route: any; orders: any[] }> {
    const orders = await this.createOrders(Array.from({ length: orderCount }, () => this.order()));
    const [route] = await this.createRoutes([this.route()]);
    const uuids = orders.map((o) => o.uuid);
    const run = await this.schedule(uuids, [route.uuid]);
    this.expectValue("the schedule action", run.status, "finished");
    const published = await this.publish([route.uuid]);
    this.expectValue("the publish action", published.status, "finished");
    return { route, orders };
  }

  /** Fails unless the answer has this status. */
  expectStatus(ex: Exchange, status: number): void {
    if (ex.status !== status)
      throw new ScenarioFailure(ex.request, `status ${status}`, `${ex.status} ${show(ex.body ?? ex.text)}`);
  }

  /** Fails unless the answer is the error body with this status and code (and a detail at `detailPath`). */
  expectError(ex: Exchange, status: number, code: string, detailPath?: string): void {
    const expected = `${status} ${code}${detailPath ? ` with a detail at "${detailPath}"` : ""}`;
    const actual = `${ex.status} ${show(ex.body ?? ex.text)}`;
    if (ex.status !== status || ex.body?.code !== code) throw new ScenarioFailure(ex.request, expected, actual);
    // Section 1: one error body, its message "Failed to <verb> <noun>: <reason>", its requestId the header's.
    if (typeof ex.body.message !== "string" || !/^Failed to \S+.*: ./.test(ex.body.message))
      throw new ScenarioFailure(ex.request, 'a message "Failed to <verb> …: <reason>"', actual);
    if (ex.body.requestId !== ex.headers.get("x-request-id"))
      throw new ScenarioFailure(ex.request, "requestId equal to the x-request-id header", actual);
    if (detailPath !== undefined && !(ex.body.details ?? []).some((d: { path: string }) => d.path === detailPath))
      throw new ScenarioFailure(ex.request, expected, actual);
  }

  /** Fails unless `actual` deep-equals `expected`; `what` names the value in the answer to `ex`. */
  expectEqual(ex: Exchange, what: string, actual: unknown, expected: unknown): void {
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      throw new ScenarioFailure(ex.request, `${what} ${show(expected)}`, show(actual));
  }

  /** Fails unless `actual` deep-equals `expected`, for values read from earlier answers. */
  expectValue(what: string, actual: unknown, expected: unknown): void {
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      throw new ScenarioFailure(what, show(expected), show(actual));
  }

  /** Fails unless `condition` holds. */
  expectThat(ex: Exchange, expected: string, condition: boolean, actual: unknown): void {
    if (!condition) throw new ScenarioFailure(ex.request, expected, show(actual));
  }
}
