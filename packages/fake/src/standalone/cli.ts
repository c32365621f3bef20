#!/usr/bin/env node
/**
 * `dispatch-fake serve --port 4010 --token dev-token --seed 1` (`npm start -- …`): the standalone fake with demo
 * data. `serve` is the default command; `dispatch-fake conformance --base-url URL --token TOKEN` checks a server
 * against the contract: an alias of `dispatch-conformance` (@dispatchkit/conformance).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { conformanceCommand } from "@dispatchkit/conformance";
import type { Fixtures } from "../control/fixtures.js";
import { DomainError } from "../domain/errors.js";
import { createFake } from "../fake.js";
import type { Fake } from "../fake-api.js";
import { runtimeOf } from "../runtime.js";
import { writeFileAtomically } from "./atomic-file.js";
import { CONSOLE_PATH } from "./console-page.js";
import { seedDemoData } from "./demo.js";
import { DEFAULT_SERVER_TOKEN } from "./home.js";
import { type RequestLogEntry, type RunningServer, startServer } from "./server.js";
import {
  applyStateFile,
  captureStateFile,
  createChangeGate,
  createStateSaver,
  createWorkerWriter,
  lockStateFile,
  readStateFile,
  readsMayChange,
  SAVE_DEBOUNCE_MS,
  type StateSaver,
} from "./state-file.js";
import { formatStateFile } from "./state-file-format.js";

const usage = `Usage: dispatch-fake [serve] [--port 4010] [--host 127.0.0.1] [--token dev-token] [--seed 1] [--now ISO-INSTANT] [--empty] [--fixtures FILE] [--state FILE] [--allow-origin ORIGIN]... [--allow-host NAME]... [--quiet] [--log-format text|json] [--latency MS] [--rate-limit N/SECONDS]

Serves an in-memory fake of the Delivery Dispatch Platform API over HTTP (serve is the default command).
Every option can also be set by the environment variable after it (the option wins when both are given).
  --port   port to listen on (0 picks a free one)     default 4010             DISPATCH_FAKE_PORT
  --host   interface to bind                          default 127.0.0.1        DISPATCH_FAKE_HOST
  --token  API token of the seeded organization       default dev-token        DISPATCH_FAKE_TOKEN
  --seed   seed of every generated id (tokens it      default 1                DISPATCH_FAKE_SEED
           mints, webhook secrets and request ids are random)
  --now    freeze the clock at this instant           default: real time       DISPATCH_FAKE_NOW
  --empty  start without the demo orders and routes                            DISPATCH_FAKE_EMPTY=true
  --fixtures  start with the data of this JSON file instead of the demo data:  DISPATCH_FAKE_FIXTURES
           organizations and their tokens, workspaces, routes, orders, webhook
           subscriptions (docs/standalone.md); a file it cannot load stops it.
           POST /_fake/reset goes back to it; an existing --state file wins
  --state  keep the state in this JSON file across restarts: loaded at start   DISPATCH_FAKE_STATE
           (created when missing), saved ${SAVE_DEBOUNCE_MS} ms after changes and on SIGINT/SIGTERM; a file it cannot
           read stops it. An existing file's seed, token and clock win over --seed, --token, --now and --empty
  --allow-origin  a browser origin (http://localhost:5173) whose pages may use   DISPATCH_FAKE_ALLOW_ORIGIN
           /_fake/ and the console, besides the server's own; repeat it for      (comma-separated)
           several, * for any. The API answers every origin
  --allow-host    a name the server answers to besides IP addresses and          DISPATCH_FAKE_ALLOW_HOST
           localhost (against DNS rebinding)                                     (comma-separated)
  --quiet  no log line per request (the start lines and errors still print)    DISPATCH_FAKE_QUIET=true
  --log-format  text (default) or json: one JSON object per line, the start    DISPATCH_FAKE_LOG_FORMAT
           lines included
  --latency  every API call waits this many milliseconds (real time) before    DISPATCH_FAKE_LATENCY
           it is answered, default 0; /_fake/ answers at once
  --rate-limit  N/SECONDS: each token may make N API calls per window of       DISPATCH_FAKE_RATE_LIMIT
           SECONDS on the fake's clock, then 429 RATE_LIMITED with Retry-After; default no limit
One log line per request on stdout: time, method, path, status, duration, request id.
SIGINT (Ctrl-C) or SIGTERM stops it: no new connections, requests in flight finish, exit code 0.

       dispatch-fake conformance --base-url URL --token TOKEN [--only PATTERN] [--json] [--timeout MS]

Checks any server that claims to implement the API against the contract (dispatch-fake conformance --help).`;

const COMMANDS = ["serve", "conformance"];

/** Exit codes: 1 the server could not run, 2 the command line is wrong. */
function fail(message: string): never {
  console.error(`dispatch-fake: ${message}\n\n${usage}`);
  process.exit(2);
}

/** The environment variable of each option: `--allow-origin` is `DISPATCH_FAKE_ALLOW_ORIGIN`. */
const envName = (option: string) => `DISPATCH_FAKE_${option.toUpperCase().replaceAll("-", "_")}`;

/** The options of `serve`, each with its default (none: unset unless given). */
const OPTIONS = {
  port: { type: "string", default: "4010" },
  host: { type: "string", default: "127.0.0.1" },
  token: { type: "string", default: DEFAULT_SERVER_TOKEN },
  seed: { type: "string", default: "1" },
  now: { type: "string" },
  empty: { type: "boolean", default: false },
  fixtures: { type: "string" },
  state: { type: "string" },
  "allow-origin": { type: "string", multiple: true },
  "allow-host": { type: "string", multiple: true },
  quiet: { type: "boolean", default: false },
  "log-format": { type: "string", default: "text" },
  latency: { type: "string", default: "0" },
  "rate-limit": { type: "string" },
} as const;

type OptionName = keyof typeof OPTIONS;

function parse() {
  // No defaults here: an option not given falls back to its environment variable, then to its default.
  return parseArgs({
    options: {
      ...Object.fromEntries(
        Object.entries(OPTIONS).map(([name, option]) => [
          name,
          { type: option.type, ...("multiple" in option ? { multiple: true } : {}) },
        ]),
      ),
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: true,
    strict: true,
    tokens: true,
  });
}

/** A boolean environment variable: true/1/yes or false/0/no (any case); anything else stops the command. */
function envBoolean(name: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (["true", "1", "yes"].includes(v)) return true;
  if (["false", "0", "no", ""].includes(v)) return false;
  fail(`${name} must be true or false, got ${value}`);
}

/**
 * The options as given: each from the command line, else from its environment variable, else its default. `given`
 * names those set by either (the state file's check of what it overrides).
 */
function resolveOptions(values: Record<string, unknown>, env: NodeJS.ProcessEnv) {
  const given = new Set<OptionName>();
  const resolved: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(OPTIONS) as [OptionName, (typeof OPTIONS)[OptionName]][]) {
    const fromEnv = env[envName(name)];
    if (values[name] !== undefined) {
      resolved[name] = values[name];
      given.add(name);
    } else if (fromEnv !== undefined && fromEnv !== "") {
      resolved[name] =
        option.type === "boolean"
          ? envBoolean(envName(name), fromEnv)
          : "multiple" in option
            ? fromEnv
                .split(",")
                .map((v) => v.trim())
                .filter((v) => v !== "")
            : fromEnv;
      given.add(name);
    } else {
      resolved[name] = "default" in option ? option.default : undefined;
    }
  }
  return {
    given,
    values: resolved as {
      port: string;
      host: string;
      token: string;
      seed: string;
      now: string | undefined;
      empty: boolean;
      fixtures: string | undefined;
      state: string | undefined;
      "allow-origin": string[] | undefined;
      "allow-host": string[] | undefined;
      quiet: boolean;
      "log-format": string;
      latency: string;
      "rate-limit": string | undefined;
    },
  };
}

/** `N/SECONDS` (`100/1`, `5/0.5`) as the fake's rate limit. */
function parseRateLimit(text: string): { requests: number; perSeconds: number } {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text.trim());
  const requests = Number(match?.[1]);
  const perSeconds = Number(match?.[2]);
  if (!match || requests < 1 || perSeconds <= 0) {
    fail(`--rate-limit must be N/SECONDS with N at least 1 and SECONDS above 0, such as 100/1, got ${text}`);
  }
  return { requests, perSeconds };
}

/** The request log: one line per request on stdout, as text or JSON. */
function requestLogger(format: "text" | "json"): (entry: RequestLogEntry) => void {
  return (entry) => {
    const time = new Date().toISOString();
    process.stdout.write(
      format === "json"
        ? `${JSON.stringify({ time, ...entry })}\n`
        : `${time} ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms ${entry.requestId ?? "-"}\n`,
    );
  };
}

/**
 * When the state file is saved: after every request that may have changed the state, and after a read only when a
 * read could have changed it (an action that ends on a poll was pending before it or is now). A read that changed
 * nothing saves nothing: a client polling every 10 ms would otherwise keep a large state's capture going for ever.
 */
function saveAfter(saver: StateSaver, readsMayChangeNow: () => boolean): (read?: boolean) => void {
  let mayHaveChanged = readsMayChangeNow();
  return (read) => {
    const now = readsMayChangeNow();
    if (!read || now || mayHaveChanged) saver.changed();
    mayHaveChanged = now;
  };
}

/** A fixtures file parsed as JSON (checked by createFake); one it cannot read or parse stops the server. */
function readFixtures(path: string): Fixtures {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Fixtures;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`dispatch-fake: Failed to load the fixtures ${path}: ${reason}`);
    process.exit(1);
  }
}

/** How many records of each list fixtures hold, for the start lines. */
function counts(fixtures: Fixtures | undefined) {
  return {
    organizations: fixtures?.organizations?.length ?? 0,
    workspaces: fixtures?.workspaces?.length ?? 0,
    routes: fixtures?.routes?.length ?? 0,
    orders: fixtures?.orders?.length ?? 0,
    webhooks: fixtures?.webhooks?.length ?? 0,
  };
}

/** One line for an error of `listen` a user can act on, instead of a stack trace. */
function listenProblem(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") return `port ${port} is already in use (try --port 0 or another port)`;
  if (code === "EACCES") return `port ${port} needs more privileges (try a port above 1023, or --port 0)`;
  if (code === "EADDRNOTAVAIL") return `cannot bind ${host}: no such interface on this machine (try --host 127.0.0.1)`;
  return undefined;
}

/**
 * Stop on SIGINT/SIGTERM: finish the requests in flight, run `beforeExit` (the last save of the state file), then
 * exit 0 (1 when `beforeExit` says it failed); a second signal cuts what is left.
 */
function stopOnSignals(
  running: RunningServer,
  say: (message: string) => void,
  beforeExit?: () => Promise<boolean>,
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      running.server.closeAllConnections();
      return;
    }
    stopping = true;
    say(`dispatch-fake: ${signal}, stopping (requests in flight finish first)`);
    running.close().then(
      async () => process.exit((await beforeExit?.()) === false ? 1 : 0),
      async (error: unknown) => {
        console.error(`dispatch-fake: failed to stop: ${error instanceof Error ? error.message : String(error)}`);
        await beforeExit?.();
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function main() {
  // `conformance` is @dispatchkit/conformance's command, which parses its own options.
  if (process.argv[2] === "conformance") {
    process.exitCode = await conformanceCommand(process.argv.slice(3), "dispatch-fake conformance");
    return;
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { positionals } = parsed;
  if (parsed.values.help) {
    console.log(usage);
    return;
  }
  const [command = "serve", ...extra] = positionals;
  if (!COMMANDS.includes(command))
    fail(`unknown command "${command}" (the commands are serve, the default, and conformance)`);
  if (extra.length > 0) fail(`unexpected argument "${extra[0]}"`);
  const { values, given } = resolveOptions(parsed.values, process.env);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be an integer 0-65535, got ${values.port}`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail(`--seed must be an integer, got ${values.seed}`);
  for (const origin of values["allow-origin"] ?? []) {
    let valid = origin === "*";
    try {
      valid ||= new URL(origin).origin !== "null";
    } catch {}
    if (!valid) fail(`--allow-origin must be an origin such as http://localhost:5173 (or *), got ${origin}`);
  }
  if (values.host === "0.0.0.0" || values.host === "::") {
    console.error(
      `dispatch-fake: listening on every interface (--host ${values.host}): the control endpoints under /_fake/ take no token, so anyone who reaches this machine can reset the fake, read its journal and mint tokens`,
    );
  }
  if (values.now !== undefined && !Number.isFinite(Date.parse(values.now))) fail(`--now must be an ISO instant`);
  const logFormat = values["log-format"];
  if (logFormat !== "text" && logFormat !== "json") fail(`--log-format must be text or json, got ${logFormat}`);
  const latencyMs = Number(values.latency);
  if (!Number.isInteger(latencyMs) || latencyMs < 0 || latencyMs > 600_000) {
    fail(`--latency must be a whole number of milliseconds 0-600000, got ${values.latency}`);
  }
  const rateLimit = values["rate-limit"] === undefined ? undefined : parseRateLimit(values["rate-limit"]);

  // A state file that exists decides the seed, the token and the clock; one that cannot be used stops the server.
  const statePath = values.state !== undefined ? resolve(values.state) : undefined;
  let stored: ReturnType<typeof readStateFile>;
  if (statePath !== undefined) {
    // One server per state file: a second one would overwrite the first one's saves.
    try {
      const lock = lockStateFile(statePath);
      process.on("exit", () => lock.release());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`dispatch-fake: Failed to use the state file ${statePath}: ${reason}`);
      process.exit(1);
    }
    try {
      stored = readStateFile(statePath);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`dispatch-fake: Failed to load the state file ${statePath}: ${reason}; it is left untouched`);
      process.exit(1);
    }
    const ignored = (["seed", "token", "now", "empty", "fixtures"] as const).filter((name) => given.has(name));
    if (stored && ignored.length > 0) {
      // An option set by its environment variable is named by the variable: that is where the user looks.
      const flags: Record<string, unknown> = parsed.values;
      const names = ignored.map((n) => (flags[n] === undefined ? envName(n) : `--${n}`));
      console.error(`dispatch-fake: ${names.join(", ")} ignored: the state file decides them`);
    }
  }
  const frozen = stored ? stored.clock.mode === "frozen" : values.now !== undefined;
  const now = stored ? (frozen ? stored.clock.now : undefined) : values.now;
  // Fixtures start a fresh fake: a state file that exists holds the data already (it began with them, if given).
  const fixturesPath = values.fixtures !== undefined && !stored ? resolve(values.fixtures) : undefined;
  const fixtures = fixturesPath === undefined ? undefined : readFixtures(fixturesPath);
  let fake: Fake;
  try {
    fake = createFake({
      baseUrl: `http://${values.host}:${port}`,
      token: stored?.token ?? values.token,
      seed: stored?.seed ?? seed,
      // A server others can reach must not mint tokens and secrets that its seed (1 by default) gives away.
      secrets: "random",
      // Request ids that no other run gives, restarts from the state file included: logs are read by request id.
      requestIds: "random",
      ...(now !== undefined ? { now } : {}),
      ...(rateLimit ? { rateLimit } : {}),
      ...(fixtures !== undefined ? { fixtures } : {}),
    });
  } catch (error) {
    if (!(error instanceof DomainError) || fixturesPath === undefined) throw error;
    // Every problem on a line of its own: a file may have many.
    const problems = (error.details ?? []).map(({ path, message }) => `\n  ${path}: ${message}`).join("");
    console.error(`dispatch-fake: Failed to load the fixtures ${fixturesPath}:${problems || ` ${error.message}`}`);
    process.exit(1);
  }
  if (stored) applyStateFile(fake, stored);
  const demo = values.empty || stored || fixtures !== undefined ? undefined : await seedDemoData(fake);
  let saver: StateSaver | undefined;
  // A save writes the live records into text in slices: changes wait meanwhile, reads are answered in between.
  const changes = createChangeGate();
  if (statePath !== undefined) {
    const options = { seed: stored?.seed ?? seed, frozen };
    let written = stored;
    // A missing file is created at once, so a path that cannot be written stops the server before it serves.
    if (!written) {
      written = captureStateFile(fake, options);
      try {
        writeFileAtomically(statePath, formatStateFile(written));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`dispatch-fake: Failed to create the state file ${statePath}: ${reason}`);
        process.exit(1);
      }
    }
    saver = createStateSaver({
      path: statePath,
      capture: () => captureStateFile(fake, options, { copy: false }),
      report: (message) => console.error(`dispatch-fake: ${message}`),
      written,
      gate: changes,
      readsMayChange: () => readsMayChange(fake),
      // The records are stringified and written on a worker thread: this thread only copies them over.
      writer: createWorkerWriter,
    });
  }
  let running: RunningServer;
  try {
    running = await startServer(fake, {
      port,
      host: values.host,
      allowOrigins: values["allow-origin"] ?? [],
      allowHosts: values["allow-host"] ?? [],
      latencyMs,
      // A large scheduling run must not hold up other clients' requests.
      schedulingWorker: true,
      ...(values.quiet ? {} : { onRequest: requestLogger(logFormat) }),
      ...(saver
        ? {
            onActivity: saveAfter(saver, () => readsMayChange(fake)),
            changes,
            persistence: () => {
              const { path, savedAt, error } = (saver as StateSaver).status();
              return { stateFile: path, savedAt, error };
            },
          }
        : {}),
    });
  } catch (error) {
    const problem = listenProblem(error, values.host, port);
    if (!problem) throw error;
    console.error(`dispatch-fake: ${problem}`);
    process.exit(1);
  }
  // With --log-format json every line of stdout is a JSON object, this one too.
  const say = (message: string) =>
    console.log(logFormat === "json" ? JSON.stringify({ time: new Date().toISOString(), message }) : message);
  stopOnSignals(running, say, saver?.flush);

  const workspace = fake.workspaces[0];
  const control = runtimeOf(fake)
    .controlEndpoints()
    .map(({ method, path }) => `${method} ${running.url}${path}`);
  if (logFormat === "json") {
    // One object, so a JSON-lines reader never meets a line of text.
    console.log(
      JSON.stringify({
        time: new Date().toISOString(),
        message: `Dispatch fake listening on ${running.url}`,
        url: running.url,
        console: `${running.url}${CONSOLE_PATH}`,
        health: `${running.url}/_fake/health`,
        token: fake.token,
        workspace: workspace
          ? { name: workspace.name, uuid: workspace.uuid, workspaceId: workspace.workspaceId }
          : null,
        demo: demo ?? null,
        fixtures: fixturesPath === undefined ? null : { path: fixturesPath, ...counts(fixtures) },
        state: statePath === undefined ? null : { path: statePath, loaded: stored !== undefined },
      }),
    );
    return;
  }
  console.log(`Dispatch fake listening on ${running.url}`);
  console.log(`  console:   ${running.url}${CONSOLE_PATH}`);
  console.log(`  token:     ${fake.token}`);
  if (workspace)
    console.log(`  workspace: ${workspace.name} uuid=${workspace.uuid} workspaceId=${workspace.workspaceId}`);
  if (demo) console.log(`  demo data: ${demo.orders} orders and ${demo.routes} routes for ${demo.date}`);
  if (fixturesPath !== undefined) {
    const loaded = Object.entries(counts(fixtures))
      .map(([list, count]) => `${count} ${count === 1 ? list.slice(0, -1) : list}`)
      .join(", ");
    console.log(`  fixtures:  ${fixturesPath} (${loaded})`);
  }
  if (statePath !== undefined) console.log(`  state:     ${statePath} (${stored ? "loaded" : "created"})`);
  control.forEach((line, i) => {
    console.log(`${i === 0 ? "  control:   " : "             "}${line}`);
  });
  console.log(`  try:       curl -H "Authorization: Bearer ${fake.token}" ${running.url}/v2/workspaces`);
  console.log(`  stop:      Ctrl-C or SIGTERM`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
