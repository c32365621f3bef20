#!/usr/bin/env node
/**
 * `dispatch-fake serve --port 4010 --token dev-token --seed 1` (`npm start -- …`): the standalone fake with demo
 * data. `serve` is the default command; `dispatch-fake conformance --base-url URL --token TOKEN` checks a server
 * against the contract: an alias of `dispatch-conformance` (@dispatchkit/conformance).
 */
import { isIP } from "node:net";
import { resolve } from "node:path";
import { conformanceCommand } from "@dispatchkit/conformance";
import { createFake, type Fake, type Fixtures } from "@dispatchkit/fake";
import { DomainError, hostOf } from "@dispatchkit/fake/node";
import { CONSOLE_PATH } from "../console-page.js";
import { seedDemoData } from "../demo.js";
import { createRequestLog, type RequestLog } from "../server/log.js";
import { type RunningServer, startServer } from "../server/server.js";
import { removeLeftTemporaries, writeFileAtomically } from "../state-file/atomic-file.js";
import { formatStateFile, type StateFile } from "../state-file/format.js";
import { lockStateFile, realStatePath } from "../state-file/lock.js";
import {
  applyStateFile,
  captureStateFile,
  createChangeGate,
  createStateSaver,
  createWorkerWriter,
  readStateFile,
  readsMayChange,
  type StateSaver,
} from "../state-file/state-file.js";
import { checkOnMachine, listenProblem } from "./checks.js";
import { readConfig, type ServeConfig } from "./config.js";
import { readFixturesFile } from "./fixtures-file.js";
import { USAGE } from "./usage.js";

/** Exit codes: 1 the server could not run, 2 the command line (or a `DISPATCH_FAKE_` variable) is wrong. */
const EXIT_CANNOT_RUN = 1;
const EXIT_USAGE = 2;

/** Problems of the command line, each one line, then where the usage is: the usage itself is `--help`'s. */
function usageErrors(errors: readonly string[]): never {
  for (const error of errors) console.error(`dispatch-fake: ${error}`);
  console.error("Run dispatch-fake --help for every option.");
  process.exit(EXIT_USAGE);
}

/** A problem that stops the server before it serves: one line, exit code 1. */
function cannotRun(message: string): never {
  console.error(`dispatch-fake: ${message}`);
  process.exit(EXIT_CANNOT_RUN);
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The request log: one line per request on stdout, as text or JSON, written in batches (see createRequestLog);
 * what waits is written on exit, whatever ends the process, and before any other line of stdout.
 */
function requestLog(config: ServeConfig): RequestLog | undefined {
  if (config.quiet) return undefined;
  const log = createRequestLog(config.logFormat, (text) => process.stdout.write(text));
  process.on("exit", log.flush);
  return log;
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

/** An address as a URL writes it: an IPv6 address in brackets. */
const urlHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/**
 * The state file of `--state`, locked for this server (one server per file, by its real path: a symlink is followed,
 * and saves write through it), and what it holds when it exists; one that cannot be used stops the server. Temporary
 * files a killed save left beside it are removed once the lock is held. An existing file decides the seed, the token
 * and the clock: the options it overrides are named, each by where the user set it (its flag, or its variable: that
 * is where they look).
 */
async function openStateFile(config: ServeConfig) {
  if (config.state === undefined) return { statePath: undefined, realPath: undefined, stored: undefined };
  const statePath = resolve(config.state);
  let realPath: string;
  try {
    realPath = realStatePath(statePath);
    const lock = await lockStateFile(realPath);
    process.on("exit", () => lock.release());
  } catch (error) {
    cannotRun(`Failed to use the state file ${statePath}: ${reasonOf(error)}`);
  }
  const removed = removeLeftTemporaries(realPath);
  if (removed.length > 0) {
    console.error(
      `dispatch-fake: removed ${removed.length} temporary file(s) an interrupted save left: ${removed.join(", ")}`,
    );
  }
  let stored: ReturnType<typeof readStateFile>;
  try {
    stored = readStateFile(realPath);
  } catch (error) {
    cannotRun(`Failed to load the state file ${statePath}: ${reasonOf(error)}; it is left untouched`);
  }
  const ignored = (["seed", "token", "now", "empty", "fixtures"] as const).flatMap((name) =>
    config.given[name] ? [config.given[name].name] : [],
  );
  if (stored && ignored.length > 0) {
    console.error(`dispatch-fake: ${ignored.join(", ")} ignored: the state file decides them`);
  }
  return { statePath, realPath, stored };
}

/** The fixtures of `--fixtures` when the server starts fresh (a state file that exists holds the data already). */
function openFixtures(config: ServeConfig, stored: StateFile | undefined) {
  if (config.fixtures === undefined || stored) return { fixturesPath: undefined, fixtures: undefined };
  const fixturesPath = resolve(config.fixtures);
  const read = readFixturesFile(fixturesPath);
  if ("problem" in read) cannotRun(`Failed to load the fixtures ${fixturesPath}: ${read.problem}`);
  return { fixturesPath, fixtures: read.fixtures };
}

/** The fake the server serves: from the state file, the fixtures, or fresh; a fixtures file with problems stops it. */
function buildFake(
  config: ServeConfig,
  stored: StateFile | undefined,
  fixtures: Loaded["fixtures"],
  rateLimit = config.rateLimit,
) {
  const now = stored ? (stored.clock.mode === "frozen" ? stored.clock.now : undefined) : config.now;
  let fake: Fake;
  try {
    fake = createFake({
      baseUrl: `http://${urlHost(config.host)}:${config.port}`,
      token: stored?.token ?? config.token,
      seed: stored?.seed ?? config.seed,
      // A server others can reach must not mint tokens and secrets that its seed (1 by default) gives away.
      secrets: "random",
      // Request ids that no other run gives, restarts from the state file included: logs are read by request id.
      requestIds: "random",
      ...(now !== undefined ? { now } : {}),
      ...(rateLimit ? { rateLimit } : {}),
      ...(fixtures !== undefined ? { fixtures } : {}),
      ...(config.allowLinkLocalWebhooks ? { webhooks: { allowLinkLocal: true } } : {}),
    });
  } catch (error) {
    if (!(error instanceof DomainError) || fixtures === undefined) throw error;
    // Every problem on a line of its own: a file may have many.
    const problems = (error.details ?? []).map(({ path, message }) => `\n  ${path}: ${message}`).join("");
    cannotRun(`Failed to load the fixtures ${resolve(config.fixtures ?? "")}:${problems || ` ${error.message}`}`);
  }
  if (stored) applyStateFile(fake, stored);
  return fake;
}

/**
 * The fake and its demo data (when it starts with no data of its own). The demo data is the server's, not a
 * client's: it is created in a fake without the rate limit, whose data the served fake then takes, so
 * `--rate-limit 2/1` leaves the first client its 2 calls.
 */
async function buildServedFake(config: ServeConfig, stored: StateFile | undefined, fixtures: Loaded["fixtures"]) {
  if (config.empty || stored || fixtures !== undefined) {
    return { fake: buildFake(config, stored, fixtures), demo: undefined };
  }
  const unlimited = buildFake(config, stored, fixtures, undefined);
  const demo = await seedDemoData(unlimited);
  if (!config.rateLimit) return { fake: unlimited, demo };
  const fake = buildFake(config, stored, fixtures);
  hostOf(fake).importData(hostOf(unlimited).exportData());
  return { fake, demo };
}

/** The saver of the state file; a missing file is created at once, so a path it cannot write stops it now. */
function startSaving(
  fake: Fake,
  files: { statePath: string; realPath: string },
  stored: StateFile | undefined,
  config: ServeConfig,
) {
  const { statePath, realPath } = files;
  const options = {
    seed: stored?.seed ?? config.seed,
    frozen: stored ? stored.clock.mode === "frozen" : config.now !== undefined,
  };
  let written = stored;
  if (!written) {
    written = captureStateFile(fake, options);
    try {
      writeFileAtomically(realPath, formatStateFile(written));
    } catch (error) {
      cannotRun(`Failed to create the state file ${statePath}: ${reasonOf(error)}`);
    }
  }
  // A save writes the live records into text in slices: changes wait meanwhile, reads are answered in between.
  const changes = createChangeGate();
  const saver = createStateSaver({
    path: realPath,
    capture: () => captureStateFile(fake, options, { copy: false }),
    report: (message) => console.error(`dispatch-fake: ${message}`),
    written,
    gate: changes,
    readsMayChange: () => readsMayChange(fake),
    // The records are stringified and written on a worker thread: this thread only copies them over.
    writer: createWorkerWriter,
  });
  return { saver, changes };
}

/** Listen as configured; an error of `listen` a user can act on stops it in one line. */
async function listen(
  fake: Fake,
  config: ServeConfig,
  saving: ReturnType<typeof startSaving> | undefined,
  log: RequestLog | undefined,
) {
  try {
    return await startServer(fake, {
      port: config.port,
      host: config.host,
      allowOrigins: config.allowOrigins,
      allowHosts: config.allowHosts,
      latencyMs: config.latencyMs,
      // A large scheduling run must not hold up other clients' requests.
      schedulingWorker: true,
      ...(log ? { onRequest: log.log } : {}),
      ...(saving
        ? {
            onActivity: saveAfter(saving.saver, () => readsMayChange(fake)),
            changes: saving.changes,
            persistence: () => {
              const { path, savedAt, error } = saving.saver.status();
              return { stateFile: path, savedAt, error };
            },
          }
        : {}),
    });
  } catch (error) {
    const problem = listenProblem(error, config);
    if (!problem) throw error;
    cannotRun(problem);
  }
}

/** What the start lines say about the server: where it is, its data, and every setting that changes its answers. */
interface Started {
  url: string;
  fake: Fake;
  config: ServeConfig;
  demo: Awaited<ReturnType<typeof seedDemoData>> | undefined;
  fixturesPath: string | undefined;
  fixtures: Loaded["fixtures"];
  statePath: string | undefined;
  stored: StateFile | undefined;
}

type Loaded = ReturnType<typeof openFixtures>;

/** The settings that change the answers, as the start lines show them (none when all are at their defaults). */
function settingsOf({ fake, config, stored }: Started) {
  const seed = stored?.seed ?? config.seed;
  return {
    seed: stored || config.given.seed ? seed : undefined,
    frozenAt: (stored ? stored.clock.mode === "frozen" : config.now !== undefined)
      ? new Date(fake.clock.now()).toISOString()
      : undefined,
    latencyMs: config.latencyMs,
    rateLimit: config.rateLimit,
  };
}

/** The text start lines: where to reach it, its data, its settings, the control endpoints, how to try and stop it. */
function startLines(started: Started): string[] {
  const { url, fake, demo, fixturesPath, fixtures, statePath, stored } = started;
  const workspace = fake.workspaces[0];
  const settings = settingsOf(started);
  const lines = [
    `Dispatch fake listening on ${url}`,
    `  console:   ${url}${CONSOLE_PATH}`,
    `  token:     ${fake.token}`,
  ];
  if (workspace)
    lines.push(`  workspace: ${workspace.name} uuid=${workspace.uuid} workspaceId=${workspace.workspaceId}`);
  if (demo) lines.push(`  demo data: ${demo.orders} orders and ${demo.routes} routes for ${demo.date}`);
  if (fixturesPath !== undefined) {
    const loaded = Object.entries(counts(fixtures))
      .map(([list, count]) => `${count} ${count === 1 ? list.slice(0, -1) : list}`)
      .join(", ");
    lines.push(`  fixtures:  ${fixturesPath} (${loaded})`);
  }
  if (statePath !== undefined) lines.push(`  state:     ${statePath} (${stored ? "loaded" : "created"})`);
  if (settings.seed !== undefined) lines.push(`  seed:      ${settings.seed}`);
  if (settings.frozenAt !== undefined) {
    lines.push(`  clock:     frozen at ${settings.frozenAt} (POST /_fake/clock/advance moves it)`);
  }
  if (settings.latencyMs > 0) lines.push(`  latency:   ${settings.latencyMs} ms before every API answer`);
  if (settings.rateLimit) {
    const { requests, perSeconds } = settings.rateLimit;
    lines.push(`  rate:      ${requests} API call${requests === 1 ? "" : "s"} per token per ${perSeconds} s, then 429`);
  }
  if (started.config.allowLinkLocalWebhooks) {
    lines.push("  webhooks:  may target link-local and unspecified addresses (169.254.169.254, 0.0.0.0)");
  }
  hostOf(fake)
    .controlEndpoints()
    .forEach(({ method, path }, i) => {
      lines.push(`${i === 0 ? "  control:   " : "             "}${method} ${url}${path}`);
    });
  lines.push(`  try:       curl -H "Authorization: Bearer ${fake.token}" ${url}/v2/workspaces`);
  lines.push("  stop:      Ctrl-C or SIGTERM");
  return lines;
}

/** The start line of `--log-format json`: one object, so a JSON-lines reader never meets a line of text. */
function startObject(started: Started) {
  const { url, fake, demo, fixturesPath, fixtures, statePath, stored } = started;
  const workspace = fake.workspaces[0];
  const settings = settingsOf(started);
  return {
    time: new Date().toISOString(),
    message: `Dispatch fake listening on ${url}`,
    url,
    console: `${url}${CONSOLE_PATH}`,
    health: `${url}/_fake/health`,
    token: fake.token,
    workspace: workspace ? { name: workspace.name, uuid: workspace.uuid, workspaceId: workspace.workspaceId } : null,
    demo: demo ?? null,
    fixtures: fixturesPath === undefined ? null : { path: fixturesPath, ...counts(fixtures) },
    state: statePath === undefined ? null : { path: statePath, loaded: stored !== undefined },
    seed: settings.seed ?? null,
    frozenAt: settings.frozenAt ?? null,
    latencyMs: settings.latencyMs,
    rateLimit: settings.rateLimit ?? null,
    allowLinkLocalWebhooks: started.config.allowLinkLocalWebhooks,
  };
}

/** `dispatch-fake serve`: check the configuration on this machine, load the data, listen, say so. */
async function serve(config: ServeConfig, warnings: readonly string[]) {
  const problems = await checkOnMachine(config);
  if (problems.length > 0) cannotRun(problems.join("\ndispatch-fake: "));
  // Once it can start: a host that does not resolve needs no warning that it is open to the network.
  for (const warning of warnings) console.error(`dispatch-fake: ${warning}`);
  const { statePath, realPath, stored } = await openStateFile(config);
  const { fixturesPath, fixtures } = openFixtures(config, stored);
  const { fake, demo } = await buildServedFake(config, stored, fixtures);
  const saving =
    statePath === undefined || realPath === undefined
      ? undefined
      : startSaving(fake, { statePath, realPath }, stored, config);
  const log = requestLog(config);
  const running = await listen(fake, config, saving, log);
  // With --log-format json every line of stdout is a JSON object, this one too. The request lines before it first.
  const json = config.logFormat === "json";
  const say = (message: string) => {
    log?.flush();
    console.log(json ? JSON.stringify({ time: new Date().toISOString(), message }) : message);
  };
  stopOnSignals(running, say, saving?.saver.flush);
  const started = { url: running.url, fake, config, demo, fixturesPath, fixtures, statePath, stored };
  console.log(json ? JSON.stringify(startObject(started)) : startLines(started).join("\n"));
}

async function main() {
  const request = readConfig(process.argv.slice(2), process.env);
  if (request.command === "help") console.log(USAGE);
  else if (request.command === "error") usageErrors(request.errors);
  else if (request.command === "conformance") {
    process.exitCode = await conformanceCommand(request.args, "dispatch-fake conformance");
  } else await serve(request.config, request.warnings);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(EXIT_CANNOT_RUN);
});
