// A standalone fake seeded through its HTTP API for the console's check (console.spec.ts) and benchmark
// (bench/console.mjs): orders around Berlin on one date, routes scheduled by the fake's optimizer and published.
// Imports the built fake (packages/fake/dist); `startDemoCli` runs its built command with the demo data instead.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { requireFiles, root } from "./chromium.js";

/** The angle of the i-th seeded order around the depot (a golden-angle spiral), in radians. */
export const angleOf = (i: number): number => i * 2.399963;

/** The date the seeded plan is for; the clock starts at 07:00 Berlin time on it. */
export const DATE = "2026-11-24";
/** The day before {@link DATE}: the console's check seeds a long list of orders and unscheduled routes on it. */
export const PREVIOUS_DATE = "2026-11-23";
/** The fake's API token. */
const TOKEN = "console-check-token";

/** A JSON call to the fake: the API with the token, `/_fake/` without; resolves with the parsed answer. */
// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field, as the API documents them.
export type Call = (method: string, path: string, body?: unknown) => Promise<any>;

/** The built fake's API used here (the built packages are loaded by path, untyped). */
interface BuiltFake {
  reset(): void;
  control: { assignOrders(routeUuid: string, orderUuids: string[]): void };
}

/** Start a built standalone fake on a free port (fails with a hint when the build is missing). */
export async function startFake(): Promise<{
  fake: BuiltFake;
  running: { url: string; close(): Promise<void> };
  api: Call;
}> {
  requireFiles(["packages/fake/dist/index.js", "packages/fake-server/dist/index.js"], "run `npm run build` first");
  const { createFake } = await import(join(root, "packages/fake/dist/index.js"));
  const { startServer } = await import(join(root, "packages/fake-server/dist/index.js"));
  const fake = createFake({ baseUrl: "http://127.0.0.1", token: TOKEN, now: `${DATE}T06:00:00Z` });
  const running = await startServer(fake, { port: 0 });
  return { fake, running, api: apiOf(running.url) };
}

/** JSON calls to the server at `url`. */
function apiOf(url: string): Call {
  return withToken(url, TOKEN);
}

/** JSON calls to the server at `url`, the API's with `token`. */
function withToken(url: string, token: string): Call {
  return async function call(method, path, body) {
    const headers: Record<string, string> = path.startsWith("/_fake/") ? {} : { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return json;
  };
}

/** Wait until an action (polled at `path`) is no longer pending. */
async function settle(call: Call, path: string) {
  for (let i = 0; i < 200; i++) {
    const action = await call("GET", path);
    if (action.status !== "pending") return action;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} stayed pending`);
}

/** What {@link seedPlan} seeds. */
export interface SeedOptions {
  orders?: number;
  routes?: number;
  capacity?: number;
  schedule?: boolean;
  publish?: boolean;
  /** The orders' and routes' date ({@link DATE} unless given). */
  date?: string;
}

/**
 * Seed `orders` orders (a spiral within ~8 km of Alexanderplatz, every 7th with a morning window) and `routes`
 * routes of `capacity` from the depot, schedule them with the optimizer and publish the plan.
 */
export async function seedPlan(
  call: Call,
  { orders = 14, routes = 3, capacity = 6, schedule = true, publish = true, date = DATE }: SeedOptions = {},
) {
  const { data: workspaces } = await call("GET", "/v2/workspaces");
  const workspaceUuid: string = workspaces[0].uuid;
  const [lat, lon] = [52.5219, 13.4132];
  // biome-ignore lint/suspicious/noExplicitAny: orders as the API answers them.
  const created: any[] = [];
  for (let start = 0; start < orders; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, orders - start) }, (_, k) => {
      const i = start + k;
      const angle = angleOf(i);
      const radiusKm = 1 + ((i * 37) % 70) / 10;
      const window = i % 3 === 0 ? ["08:00", "12:00"] : i % 3 === 1 ? ["10:00", "15:00"] : ["12:00", "18:00"];
      return {
        name: `Customer ${i + 1}`,
        deliveryDate: date,
        locations: [
          {
            address: `Street ${i + 1}, Berlin`,
            latitude: Number((lat + (radiusKm / 111) * Math.sin(angle)).toFixed(6)),
            longitude: Number((lon + (radiusKm / 68) * Math.cos(angle)).toFixed(6)),
          },
        ],
        timeWindows: [{ startTime: window[0], endTime: window[1] }],
        duration: 300,
        load: 1,
      };
    });
    created.push(...(await call("POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, batch)).data);
  }
  const routeInputs = Array.from({ length: routes }, (_, i) => ({
    name: `Van ${i + 1}`,
    date,
    startTime: "07:30",
    endTime: "19:00",
    startLocation: { address: "Depot, Alexanderplatz 1, Berlin", latitude: lat, longitude: lon },
    capacity,
  }));
  for (let start = 0; start < routes; start += 500) {
    await call("POST", "/v2/routes", { workspaceUuid, routes: routeInputs.slice(start, start + 500) });
  }
  if (!schedule) return { workspaceUuid, orders: created, schedule: null };
  const run = await call("POST", "/v2/schedules", { workspaceUuid, date });
  const action = await settle(call, `/v2/schedules/actions/${run.actionUuid ?? run.uuid}`);
  if (publish) await publishPlan(call, workspaceUuid, date);
  return { workspaceUuid, orders: created, schedule: action };
}

/** Publish every route of a date ({@link DATE} unless given) and wait for the publication to end. */
export async function publishPlan(call: Call, workspaceUuid: string, date = DATE): Promise<void> {
  const published = await call("POST", "/v2/routes/publish", { workspaceUuid, date });
  await settle(call, `/v2/routes/actions/${published.actionUuid ?? published.uuid}`);
}

/** The instant the demo server's clock is frozen at: 07:00 in Berlin on {@link DATE}, before the demo routes start. */
const DEMO_NOW = `${DATE}T06:00:00.000Z`;

/**
 * Start the built `dispatch-fake` command as `npm start` does (its demo data: 24 orders and 3 empty routes on the
 * fake's today, nothing scheduled), on a free port with the clock frozen at {@link DEMO_NOW}.
 */
export async function startDemoCli(): Promise<{ url: string; token: string; api: Call; close(): Promise<void> }> {
  requireFiles(["packages/fake-server/dist/cli.js"], "run `npm run build` first");
  const child = spawn(
    process.execPath,
    [
      join(root, "packages/fake-server/dist/cli.js"),
      "--port",
      "0",
      "--now",
      DEMO_NOW,
      "--log-format",
      "json",
      "--quiet",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const started = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      err += chunk;
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.includes('"url"'));
      if (line) resolve(JSON.parse(line));
    });
    child.once("exit", (code) => reject(new Error(`dispatch-fake exited (${code}) before listening: ${err}`)));
  });
  const api = withToken(started.url, started.token);
  return { ...started, api, close };
}
