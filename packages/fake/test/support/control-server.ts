/**
 * `useControlServer()`: a fake behind the standalone server (`startServer` on port 0) for one test file, called
 * over plain HTTP. Every answer is validated: the `/_fake/` control endpoints against
 * packages/fake/control-openapi.yaml, the API against openapi.yaml. A response that breaks its document fails
 * the test that caused it.
 */
import { createFake, type Fake, type FakeOptions } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { createContractValidator, createControlValidator } from "../../../../test/support/openapi-validator.js";

const contract = createContractValidator();
const control = createControlValidator();

/** An answer of the server: status, headers and the parsed JSON body (undefined when empty). */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field and asserted with known values
  body: any;
}

/** Options of one call: a token for the API, a JSON body (or a raw text body). */
interface CallOptions {
  token?: string;
  body?: unknown;
  raw?: string;
}

/** The per-file server: `fake` is reset (same seed) before each test. */
export interface ControlServerHandle {
  readonly fake: Fake;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Call the server over HTTP and validate the answer against its document. */
  call(method: string, path: string, options?: CallOptions): Promise<HttpAnswer>;
}

/** Install a validated standalone server for the current test file. */
export function useControlServer(options: FakeOptions = {}): ControlServerHandle {
  const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", ...options });
  let running: RunningServer | undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    running = await startServer(fake, { port: 0 });
  });
  afterAll(() => running?.close());
  beforeEach(() => {
    fake.reset();
    problems.length = 0;
  });
  afterEach(() => {
    expect(problems, "responses that break openapi.yaml or control-openapi.yaml").toEqual([]);
  });

  const handle: ControlServerHandle = {
    fake,
    get url() {
      if (!running) throw new Error("the server is not running (call inside a test)");
      return running.url;
    },
    async call(method, path, callOptions = {}) {
      const headers: Record<string, string> = {};
      if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
      const body = callOptions.raw ?? (callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body));
      if (body !== undefined) headers["content-type"] = "application/json";
      const url = `${handle.url}${path}`;
      const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      const validator = path.startsWith("/_fake/") ? control : contract;
      problems.push(...validator.check(method, url, res.status, res.headers, text));
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    },
  };
  return handle;
}

/**
 * A published route over HTTP: `n` orders and a route of 2026-11-23 made through the API with `token`'s first
 * workspace, the orders put on the route in-process (what a committed run does), then a publish of the date.
 */
export async function publishedRouteOverHttp(server: ControlServerHandle, token: string, n: number) {
  const api = (method: string, path: string, body: unknown) => server.call(method, path, { token, body });
  const workspace = (await server.call("GET", "/v2/workspaces", { token })).body.data[0];
  const orders = await api(
    "POST",
    `/v2/orders?workspaceUuid=${workspace.uuid}`,
    Array.from({ length: n }, (_, i) => ({
      deliveryDate: "2026-11-23",
      locations: [{ address: `Street ${i}`, latitude: 52.52 + i / 200, longitude: 13.405 }],
    })),
  );
  const routes = await api("POST", "/v2/routes", {
    workspaceUuid: workspace.uuid,
    routes: [
      {
        name: "R1",
        date: "2026-11-23",
        startTime: "09:00",
        endTime: "18:00",
        startLocation: { address: "Depot", latitude: 52.5, longitude: 13.4 },
      },
    ],
  });
  const route: string = routes.body.data[0].uuid;
  const uuids: string[] = orders.body.data.map((o: { uuid: string }) => o.uuid);
  server.fake.control.assignOrders(route, uuids);
  const published = await api("POST", "/v2/routes/publish", { workspaceUuid: workspace.uuid, date: "2026-11-23" });
  return {
    workspaceUuid: workspace.uuid as string,
    route,
    orders: uuids,
    publishUuid: published.body.actionUuid as string,
  };
}
