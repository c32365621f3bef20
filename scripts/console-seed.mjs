// A standalone fake seeded through its HTTP API for the console's checks and benchmark: orders around Berlin on
// one date, routes scheduled by the fake's optimizer and published. Imports the built fake (packages/fake/dist).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fakeDist = join(root, "packages/fake/dist/index.js");
const fakeNodeDist = join(root, "packages/fake/dist/node.js");

/** The angle of the i-th seeded order around the depot (a golden-angle spiral), in radians. */
export const angleOf = (i) => i * 2.399963;

/** The date the seeded plan is for; the clock starts at 07:00 Berlin time on it. */
export const DATE = "2026-11-24";
export const TOKEN = "console-check-token";

/** The chromium binary, or undefined. */
export const chromiumPath = [
  process.env.CHROMIUM,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
]
  .filter(Boolean)
  .find((path) => existsSync(path));

/** Start a built standalone fake on a free port (dies with a message when the build is missing). */
export async function startFake() {
  for (const file of [fakeDist, fakeNodeDist]) {
    if (!existsSync(file)) {
      console.error(`${file} is missing; run \`npm run build\` first`);
      process.exit(1);
    }
  }
  const { createFake } = await import(fakeDist);
  const { startServer } = await import(fakeNodeDist);
  const fake = createFake({ baseUrl: "http://127.0.0.1", token: TOKEN, now: `${DATE}T06:00:00Z` });
  const running = await startServer(fake, { port: 0 });
  return { fake, running, api: apiOf(running.url) };
}

/** JSON calls to the server: the API with the token, `/_fake/` without. */
export function apiOf(url) {
  return async function call(method, path, body) {
    const headers = path.startsWith("/_fake/") ? {} : { authorization: `Bearer ${TOKEN}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? JSON.parse(text) : null;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return json;
  };
}

/** Wait until an action (polled at `path`) is no longer pending. */
async function settle(call, path) {
  for (let i = 0; i < 200; i++) {
    const action = await call("GET", path);
    if (action.status !== "pending") return action;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} stayed pending`);
}

/**
 * Seed `orders` orders (a spiral within ~8 km of Alexanderplatz, every 7th with a morning window) and `routes`
 * routes of `capacity` from the depot, schedule them with the optimizer and publish the plan.
 */
export async function seedPlan(call, { orders = 14, routes = 3, capacity = 6, schedule = true, publish = true } = {}) {
  const { data: workspaces } = await call("GET", "/v2/workspaces");
  const workspaceUuid = workspaces[0].uuid;
  const [lat, lon] = [52.5219, 13.4132];
  const created = [];
  for (let start = 0; start < orders; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, orders - start) }, (_, k) => {
      const i = start + k;
      const angle = angleOf(i);
      const radiusKm = 1 + ((i * 37) % 70) / 10;
      const window = i % 3 === 0 ? ["08:00", "12:00"] : i % 3 === 1 ? ["10:00", "15:00"] : ["12:00", "18:00"];
      return {
        name: `Customer ${i + 1}`,
        deliveryDate: DATE,
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
    date: DATE,
    startTime: "07:30",
    endTime: "19:00",
    startLocation: { address: "Depot, Alexanderplatz 1, Berlin", latitude: lat, longitude: lon },
    capacity,
  }));
  for (let start = 0; start < routes; start += 500) {
    await call("POST", "/v2/routes", { workspaceUuid, routes: routeInputs.slice(start, start + 500) });
  }
  if (!schedule) return { workspaceUuid, orders: created, schedule: null };
  const run = await call("POST", "/v2/schedules", { workspaceUuid, date: DATE });
  const action = await settle(call, `/v2/schedules/actions/${run.actionUuid ?? run.uuid}`);
  if (publish) await publishPlan(call, workspaceUuid);
  return { workspaceUuid, orders: created, schedule: action };
}

/** Publish every route of {@link DATE} and wait for the publication to end. */
export async function publishPlan(call, workspaceUuid) {
  const published = await call("POST", "/v2/routes/publish", { workspaceUuid, date: DATE });
  await settle(call, `/v2/routes/actions/${published.actionUuid ?? published.uuid}`);
}
