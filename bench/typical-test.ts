/**
 * The cost of a typical test against the fake (a benchmark, not a test), against the same calls answered by trivial
 * MSW handlers with the fake's own answers:
 *
 *   npm run build && npx tsx bench/typical-test.ts [--runs 7] [--tests 40] [--from-source]
 *
 * One "test": `createFake`, `setupServer(...fake.handlers)` and `listen`, 10 orders and 2 routes created through the
 * SDK, `scheduleAndWait` (start, poll, read the solution), `close`. The baseline runs the same SDK calls through
 * `setupServer` with one trivial handler per call, each answering the bytes the fake answered (recorded once). The two
 * alternate test by test; a run's ratio is its fake time over its baseline time (wall and this process's CPU), and
 * the medians of the runs are printed with the machine.
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { fromSource, loadFake, loadSdk } from "./packages.js";

const { createFake } = await loadFake();
const { createClient, scheduleAndWait, unwrap } = await loadSdk();

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const RUNS = arg("runs", 7);
const TESTS = arg("tests", 40);
const NOW = "2026-11-23T08:00:00Z";
const DATE = "2026-11-24";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** What every variant does: the calls of the test, through an SDK client pointed at `baseUrl`. */
async function calls(baseUrl: string, token: string, workspaceUuid: string, sleep: (ms: number) => Promise<void>) {
  const client = createClient({ baseUrl, token, retries: 0 });
  const orders = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: Array.from({ length: 10 }, (_, i) => ({
        name: `Customer ${i + 1}`,
        deliveryDate: DATE,
        locations: [{ address: `Teststraße ${i + 1}, Berlin` }],
        timeWindows: [{ startTime: "09:00", endTime: "17:00" }],
      })),
    }),
  );
  const routes = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [1, 2].map((n) => ({
          name: `Van ${n}`,
          date: DATE,
          startTime: "08:00",
          endTime: "18:00",
          startLocation: { address: "Depot", latitude: 52.52, longitude: 13.405 },
        })),
      },
    }),
  );
  const solution = await scheduleAndWait(
    client,
    {
      workspaceUuid,
      date: DATE,
      orders: orders.data.map((o) => o.uuid),
      routes: routes.data.map((r) => r.uuid),
    },
    { sleep },
  );
  if (solution.unscheduled.length !== 0) throw new Error("Failed to schedule every order in the bench");
}

/** The typical test against a fresh fake. */
async function withFake(): Promise<void> {
  const fake = createFake({ seed: 1, now: NOW });
  const server = setupServer(...fake.handlers);
  server.listen({ onUnhandledRequest: "error" });
  try {
    await calls(fake.baseUrl, fake.token, fake.workspaces[0]!.uuid, (ms) => fake.advance(ms));
  } finally {
    server.close();
  }
}

/** One recorded answer of the fake: status, headers, body. */
interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Run the test once against a fake and record its answers, by method and path template. */
async function record(): Promise<{ baseUrl: string; token: string; workspaceUuid: string; answers: Recorded[] }> {
  const fake = createFake({ seed: 1, now: NOW });
  const server = setupServer(...fake.handlers);
  const answers: Recorded[] = [];
  server.events.on("response:mocked", async ({ response }) => {
    answers.push({ status: response.status, headers: [...response.headers], body: await response.clone().text() });
  });
  server.listen({ onUnhandledRequest: "error" });
  try {
    await calls(fake.baseUrl, fake.token, fake.workspaces[0]!.uuid, (ms) => fake.advance(ms));
  } finally {
    server.close();
  }
  return { baseUrl: fake.baseUrl, token: fake.token, workspaceUuid: fake.workspaces[0]!.uuid, answers };
}

const recorded = await record();
if (recorded.answers.length !== 5) {
  throw new Error(`Failed to record the test's answers: expected 5 calls, got ${recorded.answers.length}`);
}
const [ordersAnswer, routesAnswer, startAnswer, pollAnswer, solutionAnswer] = recorded.answers as [
  Recorded,
  Recorded,
  Recorded,
  Recorded,
  Recorded,
];
const reply = (a: Recorded) => () => new HttpResponse(a.body, { status: a.status, headers: a.headers });

/** The same calls answered by trivial handlers with the fake's answers. */
async function withTrivialHandlers(): Promise<void> {
  const base = recorded.baseUrl;
  const server = setupServer(
    http.post(`${base}/v2/orders`, reply(ordersAnswer)),
    http.post(`${base}/v2/routes`, reply(routesAnswer)),
    http.post(`${base}/v2/schedules`, reply(startAnswer)),
    http.get(`${base}/v2/schedules/actions/:actionUuid`, reply(pollAnswer)),
    http.get(`${base}/v2/schedules/:actionUuid/solution`, reply(solutionAnswer)),
  );
  server.listen({ onUnhandledRequest: "error" });
  try {
    await calls(base, recorded.token, recorded.workspaceUuid, async () => {});
  } finally {
    server.close();
  }
}

async function timed(fn: () => Promise<void>) {
  const t0 = performance.now();
  const c0 = cpuMs();
  await fn();
  return { ms: performance.now() - t0, cpu: cpuMs() - c0 };
}

const loadBefore = load();
for (let i = 0; i < 10; i++) {
  await withFake();
  await withTrivialHandlers();
}
const wallRatios: number[] = [];
const cpuRatios: number[] = [];
const fakeMs: number[] = [];
const trivialMs: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const totals = { fake: { ms: 0, cpu: 0 }, trivial: { ms: 0, cpu: 0 } };
  for (let test = 0; test < TESTS; test++) {
    // Alternate which goes first, so drift on a shared machine hits both alike.
    const order = test % 2 === 0 ? (["fake", "trivial"] as const) : (["trivial", "fake"] as const);
    for (const who of order) {
      const t = await timed(who === "fake" ? withFake : withTrivialHandlers);
      totals[who].ms += t.ms;
      totals[who].cpu += t.cpu;
    }
  }
  wallRatios.push(totals.fake.ms / totals.trivial.ms);
  cpuRatios.push(totals.fake.cpu / totals.trivial.cpu);
  fakeMs.push(totals.fake.ms / TESTS);
  trivialMs.push(totals.trivial.ms / TESTS);
  console.error(
    `  run ${run + 1}: fake ${(totals.fake.ms / TESTS).toFixed(2)} ms per test, trivial ${(totals.trivial.ms / TESTS).toFixed(2)} ms (load ${load()})`,
  );
}

console.log(`### The typical test (${TESTS} tests × ${RUNS} runs, alternating)\n`);
console.log(
  "| test | fake (ms per test) | trivial handlers (ms per test) | ratio, wall (median) | ratio, CPU (median) | target | met |",
);
console.log("|---|---|---|---|---|---|---|");
const wall = median(wallRatios);
console.log(
  `| createFake, setupServer, 10 orders, 2 routes, scheduleAndWait | ${median(fakeMs).toFixed(2)} | ${median(trivialMs).toFixed(2)} | ${wall.toFixed(2)} (${wallRatios.map((r) => r.toFixed(2)).join(", ")}) | ${median(cpuRatios).toFixed(2)} | ≤ 2 | ${wall <= 2 ? "yes" : "no"} |`,
);
console.log(
  `\nPackages: ${fromSource ? "the sources, through tsx" : "the built packages (dist/)"}. Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}; load average before ${loadBefore}, after ${load()}.`,
);
