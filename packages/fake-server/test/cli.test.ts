// The `dispatch-fake` command as users run it: spawned from its bundle (test/support/fake-cli.ts), as `dist/cli.js`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFake } from "@dispatchkit/fake";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";
import { createContractValidator, createControlValidator } from "../../../test/support/openapi-validator.js";
import { type Body, caller } from "./support/same-calls.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const validator = createContractValidator();
const controlValidator = createControlValidator();

const runCli = startFakeCli;
afterAll(stopFakeClis);

const urlOf = (stdout: string) => /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? "";

// Concurrent: each test waits mostly for its own child process to start.
describe.concurrent("dispatch-fake serve", () => {
  it("prints the base URL, the token, the demo data and the control endpoints it serves", async () => {
    const cli = runCli([
      "serve",
      "--port",
      "0",
      "--token",
      "cli-token",
      "--seed",
      "1",
      "--now",
      "2026-11-23T08:00:00Z",
    ]);
    const url = urlOf(await cli.waitFor(/stop: .*\n/));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Every control endpoint it serves, as its home (`GET /`) lists them.
    const home = (await (await fetch(`${url}/`)).json()) as { control: { method: string; url: string }[] };
    const endpoints = home.control.map(({ method, url }) => `${method} ${url}`);
    expect(endpoints).toEqual(
      expect.arrayContaining([
        `POST ${url}/_fake/tokens`,
        `POST ${url}/_fake/tokens/{token}/expire`,
        `POST ${url}/_fake/organizations`,
      ]),
    );
    expect(cli.stdout().split("\n")).toEqual([
      `Dispatch fake listening on ${url}`,
      `  console:   ${url}/_fake/console`,
      "  token:     cli-token",
      "  workspace: Main uuid=591c8dd8-cd65-47c9-b8ed-16a25ac30b60 workspaceId=1001",
      "  demo data: 24 orders and 3 routes for 2026-11-23",
      "  seed:      1",
      "  clock:     frozen at 2026-11-23T08:00:00.000Z (POST /_fake/clock/advance moves it)",
      ...endpoints.map((line, i) => `${i === 0 ? "  control:   " : "             "}${line}`),
      `  try:       curl -H "Authorization: Bearer cli-token" ${url}/v2/workspaces`,
      "  stop:      Ctrl-C or SIGTERM",
      "",
    ]);

    // What it printed works: the console, the token, the demo data, a control endpoint.
    expect((await fetch(`${url}/_fake/console`)).headers.get("content-type")).toBe("text/html; charset=utf-8");
    const orders = await fetch(`${url}/v2/orders?workspaceUuid=591c8dd8-cd65-47c9-b8ed-16a25ac30b60&perPage=1`, {
      headers: { authorization: "Bearer cli-token" },
    });
    const text = await orders.text();
    expect(validator.check("GET", orders.url, orders.status, orders.headers, text)).toEqual([]);
    expect(JSON.parse(text).metadata.totalItems).toBe(24);
    const token = await fetch(`${url}/_fake/tokens`, { method: "POST" });
    expect(token.status).toBe(201);

    cli.child.kill("SIGINT");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toBe("");
  });

  it("stops on SIGTERM: refuses new connections, finishes the request in flight, exits 0 (no command = serve)", async () => {
    const cli = runCli(["--port", "0", "--empty", "--now", "2026-11-23T08:00:00Z"]);
    const url = new URL(urlOf(await cli.waitFor(/stop: .*\n/)));
    const body = JSON.stringify([{ name: "In flight", deliveryDate: "2026-11-24", locations: [{ address: "A 1" }] }]);
    const workspaceUuid = "591c8dd8-cd65-47c9-b8ed-16a25ac30b60";
    // `Expect: 100-continue` makes the server say when it has read the request's headers: from then on the
    // request is in flight (half its body sent), and stays so until the rest is sent after the signal.
    let headersRead = () => {};
    const inFlight = new Promise<void>((resolve) => {
      headersRead = resolve;
    });
    let sendTheRest = () => {};
    const answered = new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            method: "POST",
            path: `/v2/orders?workspaceUuid=${workspaceUuid}`,
            headers: {
              authorization: "Bearer dev-token",
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              expect: "100-continue",
            },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8").on("data", (chunk: string) => {
              text += chunk;
            });
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
            );
          },
        );
        req.on("error", reject);
        req.on("continue", () => {
          req.write(body.slice(0, 20));
          headersRead();
        });
        req.flushHeaders();
        sendTheRest = () => req.end(body.slice(20));
      },
    );
    await inFlight;
    cli.child.kill("SIGTERM");
    await cli.waitFor(/SIGTERM, stopping/);
    await expect(fetch(`${url.origin}/v2/workspaces`)).rejects.toThrow();
    sendTheRest();
    const res = await answered;
    expect(res.status).toBe(201);
    expect(res.connection).toBe("close");
    expect(JSON.parse(res.body).data[0].name).toBe("In flight");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toBe("");
  });

  it("says in one line that the port is busy, and exits 1", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const cli = runCli(["serve", "--port", String(port)]);
      expect(await cli.exited).toEqual({ code: 1, signal: null });
      expect(cli.stderr()).toBe(
        `dispatch-fake: --port ${port}: the port is already in use (try --port 0 or another port)\n`,
      );
      expect(cli.stdout()).toBe("");
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("refuses a wrong command line in one line per problem and one line pointing to --help, exit code 2", async () => {
    const cli = runCli(["start", "--prot", "4011"]);
    expect(await cli.exited).toEqual({ code: 2, signal: null });
    expect(cli.stderr()).toBe(
      "dispatch-fake: unknown option --prot; did you mean --port?\n" +
        "dispatch-fake: unknown command start (the commands are serve, the default, and conformance)\n" +
        "Run dispatch-fake --help for every option.\n",
    );
    expect(cli.stdout()).toBe("");
  });

  it("refuses a --host that is no address before using it, and one whose name does not resolve, in one line", async () => {
    const invalid = runCli(["--host", "999.1.1.1"]);
    const unresolved = runCli(["--port", "0"], { DISPATCH_FAKE_HOST: "no.such.host.invalid" });
    expect(await invalid.exited).toEqual({ code: 2, signal: null });
    expect(invalid.stderr()).toBe(
      "dispatch-fake: --host 999.1.1.1: is not an IP address: an IPv4 address is 4 numbers from 0 to 255 (for example --host 127.0.0.1)\n" +
        "Run dispatch-fake --help for every option.\n",
    );
    expect(await unresolved.exited).toEqual({ code: 1, signal: null });
    expect(unresolved.stderr()).toBe(
      "dispatch-fake: DISPATCH_FAKE_HOST=no.such.host.invalid: no such host name here; give an IP address such as 127.0.0.1, or a name this machine resolves such as localhost\n",
    );
    expect(unresolved.stdout()).toBe("");
  });
});

/** The lines of a child's stdout that are request log lines of its text format. */
const textLogLines = (stdout: string) =>
  stdout.split("\n").filter((line) => /^\d{4}-\d{2}-\d{2}T\S+Z (GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD) /.test(line));

/** Poll `GET url` until it answers 200, as `wait-on` does; the answer's body. */
async function waitForHealth(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return res.json();
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Failed to reach ${url}: no 200 in 5 s`);
}

describe.concurrent("dispatch-fake serve: secrets", () => {
  it("mints tokens and webhook secrets nobody can compute from --seed, across a --state restart; uuids stay seeded", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-secrets-"));
    /** Subscribe a webhook and mint a token on a server started with seed 1, as a client of it would. */
    async function secretsOf(url: string) {
      const sub = await fetch(`${url}/v2/webhooks`, {
        method: "POST",
        headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
        body: JSON.stringify({ url: "https://hooks.example.com/x", events: ["route.published"] }),
      });
      expect(sub.status).toBe(201);
      const { uuid, secret } = await sub.json();
      const minted = await fetch(`${url}/_fake/tokens`, { method: "POST" });
      expect(minted.status).toBe(201);
      return { uuid, secret, token: (await minted.json()).token };
    }
    try {
      const state = join(dir, "fake-state.json");
      const args = ["--port", "0", "--empty", "--quiet", "--seed", "1", "--now", "2026-11-23T08:00:00Z"];
      const a = runCli([...args, "--state", state]);
      const b = runCli(args);
      const [urlA, urlB] = [urlOf(await a.waitFor(/stop: .*\n/)), urlOf(await b.waitFor(/stop: .*\n/))];
      const [first, second] = [await secretsOf(urlA), await secretsOf(urlB)];
      // What the seed alone gives, in process.
      const seeded = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", token: "dev-token" });
      const predicted = await (
        await seeded.fetch("/v2/webhooks", {
          method: "POST",
          headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
          body: JSON.stringify({ url: "https://hooks.example.com/x", events: ["route.published"] }),
        })
      ).json();
      const predictedToken = seeded.control.createToken();
      expect(first.uuid).toBe(predicted.uuid);
      expect(second.uuid).toBe(predicted.uuid);
      expect(first.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect(new Set([first.secret, second.secret, predicted.secret]).size).toBe(3);
      expect(new Set([first.token, second.token, predictedToken]).size).toBe(3);
      // Restarted from its state file, the server goes on with unpredictable secrets.
      a.child.kill("SIGTERM");
      expect(await a.exited).toEqual({ code: 0, signal: null });
      const again = runCli(["--port", "0", "--quiet", "--state", state]);
      const next = await secretsOf(urlOf(await again.waitFor(/stop: .*\n/)));
      expect(next.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      expect([first.secret, second.secret, predicted.secret]).not.toContain(next.secret);
      again.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      await Promise.all([again.exited, b.exited]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.concurrent("dispatch-fake serve: what users of other mock servers reach for", () => {
  it("GET /_fake/health answers without a token: the version, the uptime, the state file and its saves", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-health-"));
    try {
      const state = join(dir, "fake-state.json");
      const cli = runCli(["--port", "0", "--empty", "--state", state, "--quiet"]);
      const url = urlOf(await cli.waitFor(/stop: .*\n/));
      const health = await waitForHealth(`${url}/_fake/health`);
      const { version } = JSON.parse(readFileSync(join(ROOT, "packages/fake/package.json"), "utf8"));
      expect(health).toEqual({
        status: "ok",
        version,
        uptimeSeconds: expect.any(Number),
        stateFile: { path: state, savedAt: expect.any(String), error: null },
      });
      expect(health.uptimeSeconds).toBeGreaterThan(0);
      expect(health.uptimeSeconds).toBeLessThan(60);
      const res = await fetch(`${url}/_fake/health`);
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
      const text = await res.text();
      expect(controlValidator.check("GET", res.url, res.status, res.headers, text)).toEqual([]);
      // Like every control endpoint: another site's page is refused (docs/security.md).
      const foreign = await fetch(`${url}/_fake/health`, { headers: { origin: "https://evil.example" } });
      expect(foreign.status).toBe(403);
      // Without --state: null.
      const memory = runCli(["--port", "0", "--empty", "--quiet"]);
      const memoryUrl = urlOf(await memory.waitFor(/stop: .*\n/));
      expect((await waitForHealth(`${memoryUrl}/_fake/health`)).stateFile).toBeNull();
      cli.child.kill("SIGTERM");
      memory.child.kill("SIGTERM");
      expect(await cli.exited).toEqual({ code: 0, signal: null });
      expect(await memory.exited).toEqual({ code: 0, signal: null });
      // --quiet: no request line.
      expect(textLogLines(cli.stdout())).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("plans a scheduling run on a worker thread: other requests are answered meanwhile, and the plan is the one made in process", async () => {
    const now = "2026-11-24T06:00:00Z";
    const date = "2026-11-24";
    const cli = runCli(["--port", "0", "--empty", "--now", now, "--seed", "5", "--quiet"]);
    const url = urlOf(await cli.waitFor(/stop: .*\n/));
    const inProcess = createFake({ seed: 5, now, token: "dev-token" });
    const over = caller(inProcess, url);
    const local = caller(inProcess);
    // A run long enough to watch (300 orders on 30 routes: about a second of planning), the same on both.
    const workspaceUuid = inProcess.workspaces[0]?.uuid ?? "";
    const orders = Array.from({ length: 300 }, (_, i) => ({
      deliveryDate: date,
      duration: 180 + (i % 5) * 60,
      locations: [
        {
          address: `Street ${i}`,
          latitude: 52.45 + ((i * 37) % 150) / 1000,
          longitude: 13.3 + ((i * 53) % 200) / 1000,
        },
      ],
    }));
    const depot = { address: "Depot", latitude: 52.52, longitude: 13.405 };
    const routes = Array.from({ length: 30 }, (_, i) => ({
      name: `R${i}`,
      date,
      startTime: "08:00",
      endTime: "18:00",
      startLocation: depot,
    }));
    const started: Body[] = [];
    for (const call of [over, local]) {
      expect((await call("POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, orders)).status).toBe(201);
      expect((await call("POST", "/v2/routes", { workspaceUuid, routes })).status).toBe(201);
      const run = await call("POST", "/v2/schedules", { workspaceUuid, date });
      expect(run.status).toBe(202);
      started.push(run.body);
      if (call === over) {
        // While the worker plans, the server answers another client, and the run is still pending after that answer.
        expect((await fetch(`${url}/_fake/health`)).status).toBe(200);
        expect(
          (await over("GET", `/v2/orders?workspaceUuid=${workspaceUuid}&deliveryDate=${date}&perPage=1`)).status,
        ).toBe(200);
        expect((await over("GET", `/v2/schedules/${run.body.actionUuid}`)).body.status).toBe("pending");
      }
    }
    expect(started[0]?.actionUuid).toBe(started[1]?.actionUuid);
    const uuid = started[0]?.actionUuid as string;
    for (let polls = 0; (await over("GET", `/v2/schedules/${uuid}`)).body.status === "pending"; polls++) {
      expect(polls).toBeLessThan(6000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const there = (await over("GET", `/v2/schedules/${uuid}/solution`)).body;
    const here = (await local("GET", `/v2/schedules/${uuid}/solution`)).body;
    expect(there.summary).toEqual(here.summary);
    expect(there.summary?.ordersScheduled).toBeGreaterThan(0);
    const stops = (solution: Body) =>
      (solution.routes ?? []).map((r) => [r.routeUuid, r.stops.map((stop) => stop.orderUuid)]);
    expect(stops(there)).toEqual(stops(here));
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("logs one line per request on stdout: time, method, path, status, duration, request id", async () => {
    const cli = runCli(["--port", "0", "--empty", "--now", "2026-11-23T08:00:00Z"]);
    const url = urlOf(await cli.waitFor(/stop: .*\n/));
    const ok = await fetch(`${url}/v2/workspaces?perPage=1`, { headers: { authorization: "Bearer dev-token" } });
    const unauthorized = await fetch(`${url}/v2/workspaces`);
    const refused = await fetch(`${url}/_fake/clock`, { headers: { origin: "https://evil.example" } });
    await cli.waitFor(/ 403 /);
    const lines = textLogLines(cli.stdout());
    const pattern = (method: string, path: string, status: number, id: string | null) =>
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z ${method} ${path.replaceAll("?", "\\?")} ${status} \\d+(\\.\\d)?ms ${id ?? "-"}$`,
      );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(pattern("GET", "/v2/workspaces?perPage=1", 200, ok.headers.get("x-request-id")));
    expect(lines[1]).toMatch(pattern("GET", "/v2/workspaces", 401, unauthorized.headers.get("x-request-id")));
    expect(lines[2]).toMatch(pattern("GET", "/_fake/clock", 403, refused.headers.get("x-request-id")));
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("--log-format json: every line of stdout is one JSON object, the start line and each request", async () => {
    const cli = runCli(["--port", "0", "--empty", "--log-format", "json"]);
    await cli.waitFor(/\}\n/);
    const start = JSON.parse(cli.stdout().split("\n")[0] ?? "");
    expect(start).toMatchObject({
      message: expect.stringMatching(/^Dispatch fake listening on /),
      token: "dev-token",
      // The settings that change the answers: none set here.
      seed: null,
      frozenAt: null,
      latencyMs: 0,
      rateLimit: null,
    });
    const url: string = start.url;
    const res = await fetch(`${url}/v2/orders`, { method: "POST", headers: { authorization: "Bearer dev-token" } });
    await cli.waitFor(/"status":\d+/);
    const lines = cli
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({
      time: expect.stringMatching(/Z$/),
      method: "POST",
      path: "/v2/orders",
      status: res.status,
      durationMs: expect.any(Number),
      requestId: res.headers.get("x-request-id"),
    });
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    // The stopping line too: every line of stdout parses.
    const all = cli
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(all).toContainEqual({ time: expect.any(String), message: expect.stringMatching(/SIGTERM, stopping/) });
  });

  it("takes every option from its DISPATCH_FAKE_ environment variable, and the option wins over it", async () => {
    const env = {
      DISPATCH_FAKE_PORT: "0",
      DISPATCH_FAKE_TOKEN: "env-token",
      DISPATCH_FAKE_EMPTY: "true",
      DISPATCH_FAKE_NOW: "2026-11-23T08:00:00Z",
      DISPATCH_FAKE_QUIET: "1",
      DISPATCH_FAKE_ALLOW_ORIGIN: "http://localhost:5173, http://localhost:3000",
      DISPATCH_FAKE_RATE_LIMIT: "2/60",
    };
    const fromEnv = runCli([], env);
    const url = urlOf(await fromEnv.waitFor(/stop: .*\n/));
    expect(fromEnv.stdout()).toContain("  token:     env-token");
    expect(fromEnv.stdout()).not.toContain("demo data");
    expect((await (await fetch(`${url}/_fake/clock`)).json()).now).toBe("2026-11-23T08:00:00.000Z");
    for (const origin of ["http://localhost:5173", "http://localhost:3000"]) {
      expect((await fetch(`${url}/_fake/clock`, { headers: { origin } })).status).toBe(200);
    }
    const auth = { headers: { authorization: "Bearer env-token" } };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/v2/workspaces`, auth)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(textLogLines(fromEnv.stdout())).toEqual([]);

    const flagWins = runCli(["--token", "flag-token", "--log-format", "text"], {
      ...env,
      DISPATCH_FAKE_LOG_FORMAT: "json",
      DISPATCH_FAKE_QUIET: "false",
    });
    const flagUrl = urlOf(await flagWins.waitFor(/stop: .*\n/));
    expect(flagWins.stdout()).toContain("  token:     flag-token");
    expect((await fetch(`${flagUrl}/v2/workspaces`, { headers: { authorization: "Bearer flag-token" } })).status).toBe(
      200,
    );
    await flagWins.waitFor(/ GET \/v2\/workspaces 200 /);

    const wrong = runCli([], { DISPATCH_FAKE_EMPTY: "maybe" });
    expect(await wrong.exited).toEqual({ code: 2, signal: null });
    expect(wrong.stderr()).toBe(
      "dispatch-fake: DISPATCH_FAKE_EMPTY=maybe: must be true or false (or 1 or 0) (for example DISPATCH_FAKE_EMPTY=true)\n" +
        "Run dispatch-fake --help for every option.\n",
    );
    for (const cli of [fromEnv, flagWins]) {
      cli.child.kill("SIGTERM");
      expect(await cli.exited).toEqual({ code: 0, signal: null });
    }
  });

  it("names an option the state file overrides by where it was set: the flag, or its environment variable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-env-state-"));
    try {
      const state = join(dir, "fake-state.json");
      const first = runCli(["--port", "0", "--empty", "--quiet", "--state", state]);
      await first.waitFor(/stop: .*\n/);
      first.child.kill("SIGTERM");
      expect(await first.exited).toEqual({ code: 0, signal: null });
      const second = runCli(["--now", "2030-01-01T00:00:00Z"], {
        DISPATCH_FAKE_PORT: "0",
        DISPATCH_FAKE_SEED: "7",
        DISPATCH_FAKE_STATE: state,
      });
      expect(await second.waitFor(/stop: .*\n/)).toContain(`  state:     ${state} (loaded)\n`);
      expect(second.stderr()).toBe("dispatch-fake: DISPATCH_FAKE_SEED, --now ignored: the state file decides them\n");
      second.child.kill("SIGTERM");
      expect(await second.exited).toEqual({ code: 0, signal: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--latency MS delays every API call (not /_fake/), --rate-limit N/SECONDS answers 429 with Retry-After; the start lines say both", async () => {
    const cli = runCli(["--port", "0", "--empty", "--quiet", "--latency", "300", "--rate-limit", "1/30"]);
    const url = urlOf(await cli.waitFor(/stop: .*\n/));
    expect(cli.stdout()).toContain(
      "  latency:   300 ms before every API answer\n  rate:      1 API call per token per 30 s, then 429\n",
    );
    const timed = async (path: string, init?: RequestInit) => {
      const start = performance.now();
      const res = await fetch(`${url}${path}`, init);
      return { res, ms: performance.now() - start };
    };
    const auth = { headers: { authorization: "Bearer dev-token" } };
    const first = await timed("/v2/workspaces", auth);
    expect(first.res.status).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(290);
    const second = await timed("/v2/workspaces", auth);
    expect(second.res.status).toBe(429);
    expect(second.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await second.res.json()).code).toBe("RATE_LIMITED");
    const control = await timed("/_fake/clock");
    expect(control.res.status).toBe(200);
    expect(control.ms).toBeLessThan(250);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });

    // Every message of a wrong value: test/cli-config.test.ts, in process.
    const wrong = runCli(["--latency", "-5"]);
    expect(await wrong.exited).toEqual({ code: 2, signal: null });
    expect(wrong.stderr()).toBe(
      "dispatch-fake: --latency -5: must be a whole number of milliseconds, 0 to 600000 (for example --latency 200)\n" +
        "Run dispatch-fake --help for every option.\n",
    );
  });

  it("serves openapi.yaml and control-openapi.yaml at stable paths, byte for byte, and lists them on GET /", async () => {
    const cli = runCli(["--port", "0", "--empty", "--quiet"]);
    const url = urlOf(await cli.waitFor(/stop: .*\n/));
    for (const [path, file] of [
      ["/_fake/openapi.yaml", "openapi.yaml"],
      ["/_fake/control-openapi.yaml", "packages/fake/control-openapi.yaml"],
    ] as const) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/yaml; charset=utf-8");
      expect(await res.text()).toBe(readFileSync(join(ROOT, file), "utf8"));
    }
    const home = await (await fetch(`${url}/`)).json();
    expect(home.openapi).toEqual({ api: `${url}/_fake/openapi.yaml`, control: `${url}/_fake/control-openapi.yaml` });
    expect(home.health).toBe(`${url}/_fake/health`);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("--help names every option's environment variable", async () => {
    const cli = runCli(["--help"]);
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    for (const option of [
      "port",
      "host",
      "token",
      "seed",
      "now",
      "empty",
      "fixtures",
      "state",
      "allow-origin",
      "allow-host",
      "quiet",
      "log-format",
      "latency",
      "rate-limit",
    ]) {
      expect(cli.stdout()).toContain(`--${option} `);
      expect(cli.stdout()).toContain(`DISPATCH_FAKE_${option.toUpperCase().replaceAll("-", "_")}`);
    }
  });
});
