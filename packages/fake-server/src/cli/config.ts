/**
 * `dispatch-fake`'s command line and `DISPATCH_FAKE_*` environment read into what to run, without side effects:
 * {@link readConfig} returns the server's configuration, or every problem as one line that names the flag or the
 * variable the user set, echoes its value and gives a good one. It neither prints nor exits (cli.ts does), nor
 * asks the machine anything (whether a host name resolves, whether a folder exists: cli-checks.ts).
 */
import { isIP } from "node:net";
import { closest, didYouMean, echo, type OptionKind, type OptionShape, splitWords } from "./args.js";

/** A check of one value: what it reads as, or why it cannot be used (`must be …`). */
type Check<T> = (text: string) => { value: T } | { problem: string };

interface OptionSpec<T = unknown> extends OptionShape {
  /** The value when neither the flag nor its variable is given (none: unset). */
  default?: T;
  check: Check<T>;
}

const ok = <T>(value: T) => ({ value });
const no = (problem: string) => ({ problem });

/** A host name of letters, digits, `-` and `_` (docker's service names) in dot-separated labels, or `localhost`. */
const HOST_NAME =
  /^(?=.{1,253}\.?$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

/** `--host`: an IP address (IPv6 with or without brackets) or a host name, nothing else. */
const checkHost: Check<string> = (text) => {
  if (text === "") return no("must not be empty");
  if (text.includes("://")) return no("must be an address or a name alone, without a scheme");
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (isIP(bare) !== 0) return ok(bare);
  if (/^[\d.]+$/.test(text)) return no("is not an IP address: an IPv4 address is 4 numbers from 0 to 255");
  if (/^[^:]+:\d+$/.test(text)) return no("must be the address alone: the port is --port");
  if (!HOST_NAME.test(text) || /^[\d.]+\.?$/.test(text)) {
    return no("must be an IP address (127.0.0.1, ::1) or a host name (localhost)");
  }
  return ok(text);
};

/** A whole number from `min` to `max`, in decimal digits (no `1e3`, no `0x10`). */
const wholeNumber =
  (min: number, max: number, what: string): Check<number> =>
  (text) =>
    /^-?\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? ok(Number(text)) : no(what);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

const checkNow: Check<string> = (text) =>
  ISO_INSTANT.test(text) && Number.isFinite(Date.parse(text))
    ? ok(text)
    : no("must be an ISO instant with its time zone");

const checkRateLimit: Check<{ requests: number; perSeconds: number }> = (text) => {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text.trim());
  const requests = Number(match?.[1]);
  const perSeconds = Number(match?.[2]);
  if (!match || requests < 1 || perSeconds <= 0) {
    return no("must be N/SECONDS: N API calls (1 or more) per token per window of SECONDS (above 0)");
  }
  return ok({ requests, perSeconds });
};

const checkOrigin: Check<string> = (text) => {
  if (text === "*") return ok(text);
  try {
    if (new URL(text).origin !== "null") return ok(text);
  } catch {}
  return no("must be an origin: scheme, host and port (or * for any)");
};

const checkAllowHost: Check<string> = (text) => {
  const name = text.replace(/:\d+$/, "");
  return HOST_NAME.test(name) || isIP(name.replace(/^\[|\]$/g, "")) !== 0
    ? ok(text)
    : no("must be a host name, without a scheme or a path");
};

const checkToken: Check<string> = (text) => {
  if (text === "") return no("must not be empty");
  return /^[\x21-\x7e]+$/.test(text)
    ? ok(text)
    : no("must be letters, digits and signs without spaces: clients send it in an Authorization header");
};

const checkPath: Check<string> = (text) => (text === "" ? no("must not be empty") : ok(text));

const checkLogFormat: Check<"text" | "json"> = (text) =>
  text === "text" || text === "json" ? ok(text) : no("must be text or json");

/** A flag's check: it has no value to check (its variable's true/false is read by {@link readBoolean}). */
const checkFlag: Check<boolean> = () => ok(true);

const option = <T>(kind: OptionKind, example: string, check: Check<T>, defaultValue?: T): OptionSpec<T> => ({
  kind,
  example,
  check,
  ...(defaultValue !== undefined ? { default: defaultValue } : {}),
});

/** The options of `serve`, in `--help`'s order: how each is given, a good value, its check and its default. */
const OPTIONS = {
  port: option(
    "value",
    "4010",
    wholeNumber(0, 65535, "must be a port number from 0 to 65535 (0 picks a free one)"),
    4010,
  ),
  host: option("value", "127.0.0.1", checkHost, "127.0.0.1"),
  token: option("value", "dev-token", checkToken, "dev-token"),
  seed: option(
    "value",
    "1",
    wholeNumber(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, "must be a whole number"),
    1,
  ),
  now: option("value", "2026-11-23T08:00:00Z", checkNow),
  empty: option("flag", "true", checkFlag, false),
  fixtures: option("value", "fixtures.json", checkPath),
  state: option("value", "fake-state.json", checkPath),
  "allow-origin": option("list", "http://localhost:5173", checkOrigin),
  "allow-host": option("list", "dispatch-fake", checkAllowHost),
  quiet: option("flag", "true", checkFlag, false),
  "log-format": option("value", "json", checkLogFormat, "text"),
  latency: option("value", "200", wholeNumber(0, 600_000, "must be a whole number of milliseconds, 0 to 600000"), 0),
  "rate-limit": option("value", "100/1", checkRateLimit),
  "allow-link-local-webhooks": option("flag", "true", checkFlag, false),
} satisfies Record<string, OptionSpec<unknown>>;

export type OptionName = keyof typeof OPTIONS;
const NAMES = Object.keys(OPTIONS) as OptionName[];
type ValueOf<N extends OptionName> = (typeof OPTIONS)[N] extends OptionSpec<infer T> ? T : never;

/** The environment variable of each option: `--allow-origin` is `DISPATCH_FAKE_ALLOW_ORIGIN`. */
const envName = (option: string) => `DISPATCH_FAKE_${option.toUpperCase().replaceAll("-", "_")}`;

/** Where the user set an option: its flag (`--seed`) or its variable (`DISPATCH_FAKE_SEED`), and as they wrote it. */
interface Setting {
  name: string;
  /** `--host 999.1.1.1` or `DISPATCH_FAKE_HOST=999.1.1.1`: what a message about its value echoes. */
  shown: string;
}

/** The configuration of `dispatch-fake serve`: every value checked, and where each one set came from. */
export interface ServeConfig {
  port: number;
  host: string;
  token: string;
  seed: number;
  now: string | undefined;
  empty: boolean;
  fixtures: string | undefined;
  state: string | undefined;
  allowOrigins: string[];
  allowHosts: string[];
  quiet: boolean;
  logFormat: "text" | "json";
  latencyMs: number;
  rateLimit: { requests: number; perSeconds: number } | undefined;
  /** Webhook subscriptions may target link-local and unspecified addresses (`169.254.169.254`, `0.0.0.0`). */
  allowLinkLocalWebhooks: boolean;
  /** The options the user set, by flag or by variable (the others have their defaults). */
  given: Partial<Record<OptionName, Setting>>;
}

/** What the command line asks for: the usage, the conformance command, a server, or nothing but its problems. */
export type CliRequest =
  | { command: "help" }
  | { command: "conformance"; args: string[] }
  | { command: "serve"; config: ServeConfig; warnings: string[] }
  | { command: "error"; errors: string[] };

const COMMANDS = ["serve", "conformance"];

/** A message about a value the user set: `--latency -5: must be … (for example --latency 200)`. */
function problemOf(name: OptionName, fromEnv: boolean, value: string, problem: string): string {
  const { example } = OPTIONS[name];
  const [shown, good] = fromEnv
    ? [`${envName(name)}=${echo(value)}`, `${envName(name)}=${example}`]
    : [`--${name} ${echo(value)}`, `--${name} ${example}`];
  return `${shown}: ${problem} (for example ${good})`;
}

/** A boolean variable: true/1/yes or false/0/no, any case. */
function readBoolean(text: string): { value: boolean } | { problem: string } {
  const v = text.trim().toLowerCase();
  if (["true", "1", "yes"].includes(v)) return ok(true);
  if (["false", "0", "no"].includes(v)) return ok(false);
  return no("must be true or false (or 1 or 0)");
}

/** The raw values of one option, from its flag, else from its variable (comma-separated for a list), else none. */
function rawValues(name: OptionName, flags: Map<string, string | string[] | true>, env: Env) {
  const flag = flags.get(name);
  if (flag !== undefined) return { fromEnv: false, values: flag === true ? [] : ([] as string[]).concat(flag) };
  const text = env[envName(name)];
  if (text === undefined || text === "") return undefined;
  const values = OPTIONS[name].kind === "list" ? text.split(",").map((v) => v.trim()) : [text];
  return { fromEnv: true, values: values.filter((v) => OPTIONS[name].kind !== "list" || v !== "") };
}

type Env = Readonly<Record<string, string | undefined>>;

/** Every option's value (checked), where it came from, and the problems of those that cannot be used. */
function readOptions(flags: Map<string, string | string[] | true>, env: Env) {
  const values: Partial<Record<OptionName, unknown>> = {};
  const given: Partial<Record<OptionName, Setting>> = {};
  const problems: string[] = [];
  for (const name of NAMES) {
    const spec: OptionSpec = OPTIONS[name];
    const raw = rawValues(name, flags, env);
    if (raw === undefined) {
      values[name] = spec.kind === "list" ? [] : spec.default;
      continue;
    }
    const first = raw.values[0] ?? "";
    given[name] = raw.fromEnv
      ? { name: envName(name), shown: `${envName(name)}=${echo(env[envName(name)] ?? "")}` }
      : { name: `--${name}`, shown: spec.kind === "flag" ? `--${name}` : `--${name} ${echo(first)}` };
    const read = raw.values.map((text) => ({
      text,
      result: spec.kind === "flag" ? readBoolean(text) : spec.check(text),
    }));
    if (spec.kind === "flag" && !raw.fromEnv) read.push({ text: "", result: ok(true) });
    for (const { text, result } of read) {
      if ("problem" in result) problems.push(problemOf(name, raw.fromEnv, text, result.problem));
    }
    const checked = read.flatMap(({ result }) => ("value" in result ? [result.value] : []));
    values[name] = spec.kind === "list" ? checked : checked[checked.length - 1];
  }
  return { values: values as { [N in OptionName]: ValueOf<N> }, given, problems };
}

/** Whether `host` (as {@link checkHost} read it) is a loopback address or `localhost`: only this machine reaches it. */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost") || name === "::1") return true;
  if (isIP(name) === 4) return name.startsWith("127.");
  if (isIP(name) !== 6) return false;
  // IPv6 as a URL writes it: 0:0::1 is ::1, and ::ffff:127.0.0.1 (IPv4 loopback) is ::ffff:7f00:1.
  const written = new URL(`http://[${name}]/`).hostname;
  return written === "[::1]" || written.startsWith("[::ffff:7f");
}

/** Notes that start nothing and stop nothing: a mistyped variable, a server open to the network. */
function warningsOf(env: Env, host: string): string[] {
  const warnings: string[] = [];
  const known = NAMES.map(envName);
  for (const name of Object.keys(env).filter((n) => n.startsWith("DISPATCH_FAKE_") && !known.includes(n))) {
    const near = closest(name, known);
    // A variable of the user's own (DISPATCH_FAKE_URL for their app) is theirs: only a near miss is named.
    if (near.length > 0) warnings.push(`${name} is not one of its variables and is ignored${didYouMean(near)}`);
  }
  if (host === "0.0.0.0" || host === "::") {
    warnings.push(
      `listening on every interface (--host ${host}): the control endpoints under /_fake/ take no token, so anyone who reaches this machine can reset the fake, read its journal and mint tokens`,
    );
  } else if (!isLoopback(host)) {
    warnings.push(
      `listening on ${host}, which is not a loopback address: the control endpoints under /_fake/ take no token, so anyone who reaches ${host} can reset the fake, read its journal and mint tokens`,
    );
  }
  return warnings;
}

/** The command the positional words name (serve by default), or the problem with them. */
function commandProblem(positionals: string[]): string | undefined {
  const [command = "serve", extra] = positionals;
  if (!COMMANDS.includes(command)) {
    const near = closest(command, COMMANDS);
    return near.length > 0
      ? `unknown command ${echo(command)}${didYouMean(near)}`
      : `unknown command ${echo(command)} (the commands are serve, the default, and conformance)`;
  }
  if (command === "conformance")
    return "conformance comes first: dispatch-fake conformance --base-url URL --token TOKEN";
  if (extra !== undefined) {
    return `unexpected argument ${echo(extra)}: every setting of serve is an option with its name (for example --port 4010)`;
  }
  return undefined;
}

/**
 * Read `dispatch-fake`'s arguments (`process.argv.slice(2)`) and environment into what to run: the usage for
 * `--help` (whatever else is wrong), the conformance command with its own arguments, the server's configuration
 * with its warnings, or every problem found, each one line naming the flag or the variable.
 */
export function readConfig(argv: readonly string[], env: Env): CliRequest {
  // `conformance` is @dispatchkit/conformance's command, which reads its own options.
  if (argv[0] === "conformance") return { command: "conformance", args: argv.slice(1) };
  const words = splitWords(argv, new Map(NAMES.map((name) => [name, OPTIONS[name]])));
  if (words.help) return { command: "help" };
  const command = commandProblem(words.positionals);
  const { values, given, problems } = readOptions(words.options, env);
  const errors = [...words.problems, ...(command ? [command] : []), ...problems];
  if (errors.length > 0) return { command: "error", errors };
  const config: ServeConfig = {
    port: values.port,
    host: values.host,
    token: values.token,
    seed: values.seed,
    now: values.now,
    empty: values.empty,
    fixtures: values.fixtures,
    state: values.state,
    allowOrigins: values["allow-origin"] as unknown as string[],
    allowHosts: values["allow-host"] as unknown as string[],
    quiet: values.quiet,
    logFormat: values["log-format"],
    latencyMs: values.latency,
    rateLimit: values["rate-limit"],
    allowLinkLocalWebhooks: values["allow-link-local-webhooks"],
    given,
  };
  return { command: "serve", config, warnings: warningsOf(env, config.host) };
}
