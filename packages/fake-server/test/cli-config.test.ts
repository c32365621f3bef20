/**
 * `dispatch-fake`'s command line and environment read in process (cli-config.ts `readConfig`), with what it checks
 * on the machine (cli-checks.ts, on a machine of the test's) and its fixtures files (fixtures-file.ts): every problem
 * one line naming the flag or the variable the user set, echoing the value and giving a good one.
 */
import { describe, expect, it } from "vitest";
import { useControlServer } from "../../fake/test/support/control-server.js";
import { closest } from "../src/cli/args.js";
import { checkOnMachine, listenProblem, type Machine } from "../src/cli/checks.js";
import { type CliRequest, readConfig, type ServeConfig } from "../src/cli/config.js";
import { parseFixturesText } from "../src/cli/fixtures-file.js";
import { jsonSyntaxProblem } from "../src/cli/json-syntax.js";

/** The problems `readConfig` finds in these arguments and variables (none: it reads as a server's configuration). */
function errorsOf(argv: string[], env: Record<string, string> = {}): string[] {
  const request = readConfig(argv, env);
  return request.command === "error" ? request.errors : [];
}

function serveConfig(argv: string[], env: Record<string, string> = {}): ServeConfig & { warnings: string[] } {
  const request: CliRequest = readConfig(argv, env);
  if (request.command !== "serve") throw new Error(`expected serve, got ${JSON.stringify(request)}`);
  return { ...request.config, warnings: request.warnings };
}

describe("readConfig: what it reads", () => {
  it("gives every option its default, and takes a flag over its variable", () => {
    expect(serveConfig([])).toMatchObject({
      port: 4010,
      host: "127.0.0.1",
      token: "dev-token",
      seed: 1,
      now: undefined,
      empty: false,
      fixtures: undefined,
      state: undefined,
      allowOrigins: [],
      allowHosts: [],
      quiet: false,
      logFormat: "text",
      latencyMs: 0,
      rateLimit: undefined,
      allowLinkLocalWebhooks: false,
      given: {},
      warnings: [],
    });
    expect(serveConfig(["--allow-link-local-webhooks"]).allowLinkLocalWebhooks).toBe(true);
    expect(serveConfig([], { DISPATCH_FAKE_ALLOW_LINK_LOCAL_WEBHOOKS: "1" }).allowLinkLocalWebhooks).toBe(true);
    expect(serveConfig([], { DISPATCH_FAKE_ALLOW_LINK_LOCAL_WEBHOOKS: "false" }).allowLinkLocalWebhooks).toBe(false);
    expect(errorsOf([], { DISPATCH_FAKE_ALLOW_LINK_LOCAL_WEBHOOKS: "maybe" })).toEqual([
      "DISPATCH_FAKE_ALLOW_LINK_LOCAL_WEBHOOKS=maybe: must be true or false (or 1 or 0) (for example DISPATCH_FAKE_ALLOW_LINK_LOCAL_WEBHOOKS=true)",
    ]);
    const config = serveConfig(["serve", "--port=0", "--latency", "200", "--empty", "--allow-origin", "*"], {
      DISPATCH_FAKE_PORT: "5000",
      DISPATCH_FAKE_SEED: "7",
      DISPATCH_FAKE_QUIET: "yes",
      DISPATCH_FAKE_ALLOW_HOST: "dispatch-fake, app:3000",
      DISPATCH_FAKE_RATE_LIMIT: "5/0.5",
    });
    expect(config).toMatchObject({
      port: 0,
      seed: 7,
      latencyMs: 200,
      empty: true,
      quiet: true,
      allowOrigins: ["*"],
      allowHosts: ["dispatch-fake", "app:3000"],
      rateLimit: { requests: 5, perSeconds: 0.5 },
    });
    expect(config.given.port).toEqual({ name: "--port", shown: "--port 0" });
    expect(config.given.seed).toEqual({ name: "DISPATCH_FAKE_SEED", shown: "DISPATCH_FAKE_SEED=7" });
    expect(config.given.empty).toEqual({ name: "--empty", shown: "--empty" });
  });

  it("reads an IPv6 address with or without brackets, a host name, and a negative seed as values", () => {
    expect(serveConfig(["--host", "[::1]"]).host).toBe("::1");
    expect(serveConfig(["--host", "::1"]).host).toBe("::1");
    expect(serveConfig(["--host", "dispatch_fake.local"]).host).toBe("dispatch_fake.local");
    expect(serveConfig(["--seed", "-5"]).seed).toBe(-5);
  });

  it("answers --help (even among mistakes) and hands conformance its own arguments", () => {
    expect(readConfig(["--prot", "1", "--help"], {})).toEqual({ command: "help" });
    expect(readConfig(["-h"], {})).toEqual({ command: "help" });
    expect(readConfig(["conformance", "--base-url", "x", "--bogus"], {})).toEqual({
      command: "conformance",
      args: ["--base-url", "x", "--bogus"],
    });
  });

  it("warns of a server open to every interface and of a DISPATCH_FAKE_ variable that is nearly one of its own", () => {
    const { warnings } = serveConfig(["--host", "0.0.0.0"], { DISPATCH_FAKE_PROT: "1", DISPATCH_FAKE_URL: "x" });
    expect(warnings).toEqual([
      "DISPATCH_FAKE_PROT is not one of its variables and is ignored; did you mean DISPATCH_FAKE_PORT?",
      expect.stringMatching(/^listening on every interface \(--host 0\.0\.0\.0\): the control endpoints/),
    ]);
  });

  it("warns of any address that is not loopback (a LAN address, a name), not of loopback ones", () => {
    for (const host of ["192.168.1.20", "10.0.0.5", "fe80::1", "dispatch-fake", "::ffff:192.168.1.20"]) {
      expect([host, serveConfig(["--host", host]).warnings]).toEqual([
        host,
        [
          `listening on ${host}, which is not a loopback address: the control endpoints under /_fake/ take no token, so anyone who reaches ${host} can reset the fake, read its journal and mint tokens`,
        ],
      ]);
    }
    for (const host of [
      "127.0.0.1",
      "127.0.1.1",
      "::1",
      "[::1]",
      "0:0::1",
      "::ffff:127.0.0.1",
      "localhost",
      "app.localhost",
    ]) {
      expect([host, serveConfig(["--host", host]).warnings]).toEqual([host, []]);
    }
  });
});

describe("readConfig: a problem per line, naming the flag or the variable set, its value and a good value", () => {
  it.each([
    [
      ["--port", "70000"],
      "--port 70000: must be a port number from 0 to 65535 (0 picks a free one) (for example --port 4010)",
    ],
    [
      ["--port", "4010.5"],
      "--port 4010.5: must be a port number from 0 to 65535 (0 picks a free one) (for example --port 4010)",
    ],
    [
      ["--host", "999.1.1.1"],
      "--host 999.1.1.1: is not an IP address: an IPv4 address is 4 numbers from 0 to 255 (for example --host 127.0.0.1)",
    ],
    [
      ["--host", "http://localhost"],
      "--host http://localhost: must be an address or a name alone, without a scheme (for example --host 127.0.0.1)",
    ],
    [
      ["--host", "localhost:4010"],
      "--host localhost:4010: must be the address alone: the port is --port (for example --host 127.0.0.1)",
    ],
    [
      ["--host", "my host"],
      '--host "my host": must be an IP address (127.0.0.1, ::1) or a host name (localhost) (for example --host 127.0.0.1)',
    ],
    [["--host="], '--host "": must not be empty (for example --host 127.0.0.1)'],
    [
      ["--token", "dev token"],
      '--token "dev token": must be letters, digits and signs without spaces: clients send it in an Authorization header (for example --token dev-token)',
    ],
    [["--seed", "1e3"], "--seed 1e3: must be a whole number (for example --seed 1)"],
    [
      ["--now", "tomorrow"],
      "--now tomorrow: must be an ISO instant with its time zone (for example --now 2026-11-23T08:00:00Z)",
    ],
    [
      ["--now", "2026-11-23T08:00:00"],
      "--now 2026-11-23T08:00:00: must be an ISO instant with its time zone (for example --now 2026-11-23T08:00:00Z)",
    ],
    [["--fixtures="], '--fixtures "": must not be empty (for example --fixtures fixtures.json)'],
    [
      ["--allow-origin", "localhost:5173"],
      "--allow-origin localhost:5173: must be an origin: scheme, host and port (or * for any) (for example --allow-origin http://localhost:5173)",
    ],
    [
      ["--allow-host", "http://app/"],
      "--allow-host http://app/: must be a host name, without a scheme or a path (for example --allow-host dispatch-fake)",
    ],
    [["--log-format", "yaml"], "--log-format yaml: must be text or json (for example --log-format json)"],
    [
      ["--latency", "-5"],
      "--latency -5: must be a whole number of milliseconds, 0 to 600000 (for example --latency 200)",
    ],
    [
      ["--latency", "1.5"],
      "--latency 1.5: must be a whole number of milliseconds, 0 to 600000 (for example --latency 200)",
    ],
    [
      ["--rate-limit", "100"],
      "--rate-limit 100: must be N/SECONDS: N API calls (1 or more) per token per window of SECONDS (above 0) (for example --rate-limit 100/1)",
    ],
    [
      ["--rate-limit", "0/1"],
      "--rate-limit 0/1: must be N/SECONDS: N API calls (1 or more) per token per window of SECONDS (above 0) (for example --rate-limit 100/1)",
    ],
  ])("%j", (argv, message) => {
    expect(errorsOf(argv)).toEqual([message]);
  });

  it.each([
    [
      "DISPATCH_FAKE_LATENCY",
      "-1",
      "DISPATCH_FAKE_LATENCY=-1: must be a whole number of milliseconds, 0 to 600000 (for example DISPATCH_FAKE_LATENCY=200)",
    ],
    [
      "DISPATCH_FAKE_PORT",
      "http",
      "DISPATCH_FAKE_PORT=http: must be a port number from 0 to 65535 (0 picks a free one) (for example DISPATCH_FAKE_PORT=4010)",
    ],
    [
      "DISPATCH_FAKE_HOST",
      "999.1.1.1",
      "DISPATCH_FAKE_HOST=999.1.1.1: is not an IP address: an IPv4 address is 4 numbers from 0 to 255 (for example DISPATCH_FAKE_HOST=127.0.0.1)",
    ],
    [
      "DISPATCH_FAKE_TOKEN",
      " ",
      'DISPATCH_FAKE_TOKEN=" ": must be letters, digits and signs without spaces: clients send it in an Authorization header (for example DISPATCH_FAKE_TOKEN=dev-token)',
    ],
    ["DISPATCH_FAKE_SEED", "one", "DISPATCH_FAKE_SEED=one: must be a whole number (for example DISPATCH_FAKE_SEED=1)"],
    [
      "DISPATCH_FAKE_NOW",
      "now",
      "DISPATCH_FAKE_NOW=now: must be an ISO instant with its time zone (for example DISPATCH_FAKE_NOW=2026-11-23T08:00:00Z)",
    ],
    [
      "DISPATCH_FAKE_EMPTY",
      "maybe",
      "DISPATCH_FAKE_EMPTY=maybe: must be true or false (or 1 or 0) (for example DISPATCH_FAKE_EMPTY=true)",
    ],
    [
      "DISPATCH_FAKE_QUIET",
      "on",
      "DISPATCH_FAKE_QUIET=on: must be true or false (or 1 or 0) (for example DISPATCH_FAKE_QUIET=true)",
    ],
    [
      "DISPATCH_FAKE_ALLOW_ORIGIN",
      "http://localhost:5173,nope",
      "DISPATCH_FAKE_ALLOW_ORIGIN=nope: must be an origin: scheme, host and port (or * for any) (for example DISPATCH_FAKE_ALLOW_ORIGIN=http://localhost:5173)",
    ],
    [
      "DISPATCH_FAKE_ALLOW_HOST",
      "a/b",
      "DISPATCH_FAKE_ALLOW_HOST=a/b: must be a host name, without a scheme or a path (for example DISPATCH_FAKE_ALLOW_HOST=dispatch-fake)",
    ],
    [
      "DISPATCH_FAKE_LOG_FORMAT",
      "JSON",
      "DISPATCH_FAKE_LOG_FORMAT=JSON: must be text or json (for example DISPATCH_FAKE_LOG_FORMAT=json)",
    ],
    [
      "DISPATCH_FAKE_RATE_LIMIT",
      "fast",
      "DISPATCH_FAKE_RATE_LIMIT=fast: must be N/SECONDS: N API calls (1 or more) per token per window of SECONDS (above 0) (for example DISPATCH_FAKE_RATE_LIMIT=100/1)",
    ],
  ])("%s=%j", (name, value, message) => {
    expect(errorsOf([], { [name]: value })).toEqual([message]);
  });

  it("names the flag, not the variable, when both are given and the flag is wrong; an empty variable is unset", () => {
    expect(errorsOf(["--latency", "x"], { DISPATCH_FAKE_LATENCY: "100" })).toEqual([
      "--latency x: must be a whole number of milliseconds, 0 to 600000 (for example --latency 200)",
    ]);
    expect(errorsOf(["--latency", "100"], { DISPATCH_FAKE_LATENCY: "x" })).toEqual([]);
    expect(serveConfig([], { DISPATCH_FAKE_PORT: "" }).port).toBe(4010);
  });

  it("answers an unknown option with the closest known ones, and takes its value with it", () => {
    expect(errorsOf(["--prot", "4011"])).toEqual(["unknown option --prot; did you mean --port?"]);
    expect(errorsOf(["--prot=4011"])).toEqual(["unknown option --prot; did you mean --port?"]);
    expect(errorsOf(["--latncy", "5", "--quite"])).toEqual([
      "unknown option --latncy; did you mean --latency?",
      "unknown option --quite; did you mean --quiet?",
    ]);
    expect(errorsOf(["--rate", "1/1"])).toEqual(["unknown option --rate; did you mean --rate-limit?"]);
    expect(errorsOf(["--state-file", "s.json"])).toEqual(["unknown option --state-file; did you mean --state?"]);
    expect(errorsOf(["--allow", "x"])).toEqual([
      "unknown option --allow; did you mean --allow-origin or --allow-host or --allow-link-local-webhooks?",
    ]);
    expect(errorsOf(["-p", "4011"])).toEqual(["unknown option -p; did you mean --port?"]);
    expect(errorsOf(["--verbose"])).toEqual(["unknown option --verbose"]);
    expect(closest("prot", ["port", "host"])).toEqual(["port"]);
  });

  it("reads a value that starts with - as the value, and an option where a value should be as a missing value", () => {
    expect(errorsOf(["--latency", "-5", "--port", "0"])).toEqual([
      "--latency -5: must be a whole number of milliseconds, 0 to 600000 (for example --latency 200)",
    ]);
    expect(errorsOf(["--port", "--empty"])).toEqual(["--port needs a value (for example --port 4010)"]);
    expect(errorsOf(["--token"])).toEqual(["--token needs a value (for example --token dev-token)"]);
    expect(errorsOf(["--empty=false"])).toEqual([
      "--empty takes no value, got --empty=false (write --empty alone to turn it on)",
    ]);
  });

  it("answers an unknown command with the closest one, and an argument that is not an option", () => {
    expect(errorsOf(["srve"])).toEqual(["unknown command srve; did you mean serve?"]);
    expect(errorsOf(["start"])).toEqual([
      "unknown command start (the commands are serve, the default, and conformance)",
    ]);
    expect(errorsOf(["serve", "4011"])).toEqual([
      "unexpected argument 4011: every setting of serve is an option with its name (for example --port 4010)",
    ]);
    expect(errorsOf(["--port", "0", "conformance"])).toEqual([
      "conformance comes first: dispatch-fake conformance --base-url URL --token TOKEN",
    ]);
  });

  it("lists every problem at once", () => {
    expect(errorsOf(["--prot", "1", "--latency", "-1"], { DISPATCH_FAKE_NOW: "x" })).toEqual([
      "unknown option --prot; did you mean --port?",
      "DISPATCH_FAKE_NOW=x: must be an ISO instant with its time zone (for example DISPATCH_FAKE_NOW=2026-11-23T08:00:00Z)",
      "--latency -1: must be a whole number of milliseconds, 0 to 600000 (for example --latency 200)",
    ]);
  });
});

describe("checkOnMachine: what the machine says of --host and --state", () => {
  /** A machine with these folders and files, whose resolver knows `localhost` only. */
  const machine = (paths: Record<string, "file" | "folder">): Machine => ({
    lookup: async (host) => {
      if (host !== "localhost") throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    },
    kindOf: (path) => paths[path] ?? "missing",
  });
  const here = machine({ "/data": "folder", "/data/state.json": "file", "/data/file": "file" });

  it("takes an IP address without a lookup, and a name that resolves", async () => {
    const asking: Machine = { ...here, lookup: () => Promise.reject(new Error("looked up")) };
    expect(await checkOnMachine(serveConfig(["--host", "10.0.0.1"]), asking)).toEqual([]);
    expect(await checkOnMachine(serveConfig(["--host", "localhost", "--state", "/data/state.json"]), here)).toEqual([]);
    expect(await checkOnMachine(serveConfig(["--state", "/data/new.json"]), here)).toEqual([]);
  });

  it("names --host or its variable, with the value, when the name does not resolve", async () => {
    expect(await checkOnMachine(serveConfig(["--host", "no.such.host.invalid"]), here)).toEqual([
      "--host no.such.host.invalid: no such host name here; give an IP address such as 127.0.0.1, or a name this machine resolves such as localhost",
    ]);
    const offline: Machine = {
      ...here,
      lookup: () => Promise.reject(Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" })),
    };
    expect(await checkOnMachine(serveConfig([], { DISPATCH_FAKE_HOST: "db" }), offline)).toEqual([
      "DISPATCH_FAKE_HOST=db: the name could not be looked up now (EAI_AGAIN: is the DNS server reachable?); give an IP address such as 127.0.0.1, or a name this machine resolves such as localhost",
    ]);
  });

  it("names --state or its variable when its folder does not exist, is a file, or the path is a folder", async () => {
    expect(await checkOnMachine(serveConfig(["--state", "/nowhere/state.json"]), here)).toEqual([
      "--state /nowhere/state.json: the folder /nowhere does not exist (create it first, or give a file in an existing folder)",
    ]);
    expect(await checkOnMachine(serveConfig([], { DISPATCH_FAKE_STATE: "/data/file/state.json" }), here)).toEqual([
      "DISPATCH_FAKE_STATE=/data/file/state.json: /data/file is not a folder",
    ]);
    expect(await checkOnMachine(serveConfig(["--state", "/data"]), here)).toEqual([
      "--state /data: is a folder; give a file in it (for example --state /data/fake-state.json)",
    ]);
  });
});

describe("listenProblem: an error of listen in one line naming the option", () => {
  const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

  it.each([
    ["EADDRINUSE", ["--port", "4011"], "--port 4011: the port is already in use (try --port 0 or another port)"],
    ["EACCES", [], "--port 4010: the port needs more privileges (try a port above 1023, or --port 0)"],
    [
      "EADDRNOTAVAIL",
      ["--host", "10.9.9.9"],
      "--host 10.9.9.9: not an address of this machine, so it cannot listen there (try --host 127.0.0.1)",
    ],
  ])("%s", (code, argv, message) => {
    expect(listenProblem(failure(code), serveConfig(argv))).toBe(message);
  });

  it("leaves any other error to the stack trace", () => {
    expect(listenProblem(failure("EMFILE"), serveConfig([]))).toBeUndefined();
  });
});

describe("a fixtures file: JSON problems by line and column, one JSON object", () => {
  it.each([
    ["{ not json", "not valid JSON at line 1, column 3: expected a property name in double quotes, found 'n'"],
    [
      '{\n  "orders": [\n    { "a": 1 }\n    { "b": 2 }\n  ]\n}',
      "not valid JSON at line 4, column 5: expected ',' or ']' after an item, found '{'",
    ],
    [
      '{\n  "orders": [],\n}',
      "not valid JSON at line 3, column 1: a comma before '}': JSON takes no comma after the last property",
    ],
    [
      "{\n  'orders': []\n}",
      'not valid JSON at line 2, column 3: expected a property name in double quotes, found "\'" (JSON strings take double quotes)',
    ],
    [
      '{\n  // my data\n  "orders": []\n}',
      "not valid JSON at line 2, column 3: expected a property name in double quotes, found '/' (JSON has no comments)",
    ],
    ['{\n  "orders": [\n', "not valid JSON at line 3, column 1: expected a value, found the end of the file"],
    ['{"a": "line\nbreak"}', "not valid JSON at line 1, column 12: a string is not closed before the end of its line"],
    ['{"a": 1} {"b": 2}', "not valid JSON at line 1, column 10: more after the JSON value: found '{'"],
    ['{"a": tru}', "not valid JSON at line 1, column 10: expected 'true', found '}'"],
    ["", 'the file is empty: it must hold one JSON object, such as {"orders": []}'],
    [
      "[]",
      "the file must hold one JSON object (of organizations, workspaces, routes, orders, webhooks), it holds an array",
    ],
    [
      '"orders"',
      "the file must hold one JSON object (of organizations, workspaces, routes, orders, webhooks), it holds a string",
    ],
    [
      "null",
      "the file must hold one JSON object (of organizations, workspaces, routes, orders, webhooks), it holds null",
    ],
  ])("%j", (text, problem) => {
    expect(parseFixturesText(text)).toEqual({ problem });
  });

  it("reads one JSON object, after a byte order mark too", () => {
    expect(parseFixturesText('\uFEFF{"orders": []}')).toEqual({ fixtures: { orders: [] } });
  });

  it("finds no problem in JSON, and one wherever JSON.parse finds one", () => {
    const texts = ['{"a":[1,-2.5e3,true,false,null,"\\u00e9\\n"]}', "[1,2", '{"a":01}', '"\\x"', "-", "{,}", "[1,]"];
    for (const text of texts) {
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      expect(jsonSyntaxProblem(text) === undefined, text).toBe(parses);
    }
  });
});

describe("POST /_fake/fixtures keeps the API's error shape", () => {
  const server = useControlServer();

  it("answers an array with 400 VALIDATION_FAILED naming the body", async () => {
    const refused = await server.call("POST", "/_fake/fixtures", { body: [] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "body", message: "must be an object, got an array" }],
    });
  });
});
