/**
 * `dispatch-conformance --base-url URL --token TOKEN [--only PATTERN] [--json] [--timeout MS] [--workspace UUID]`
 * (also `dispatch-fake conformance …`): the conformance suite as a command. Exit code 0 when no scenario failed, 1
 * when one did, 2 for a wrong command line.
 */
import { parseArgs } from "node:util";
import { formatResult, formatSummary, runConformance } from "./runner.js";

/** The usage text of the command, run as `command` (`dispatch-conformance`, or the fake's alias). */
function conformanceUsage(command: string): string {
  return `Usage: ${command} --base-url URL --token TOKEN [--only PATTERN] [--json] [--timeout MS] [--workspace UUID]

Checks a server that claims to implement the Delivery Dispatch Platform API (the real service's sandbox, the
fake) against the contract, over plain HTTP: the whole flow in v1 and v2 and every error rule, each answer
validated against openapi.yaml. Prints one line per scenario, then "N passed, M failed, K skipped".
It works on its own delivery date (a random day of 2090-2099) with unique names, deletes the orders it created,
and touches nothing else; completed orders, orders on published routes and routes cannot be deleted through
the API and stay. Scenarios that need the fake's /_fake/ control endpoints are skipped on other servers.
  --base-url   the server's base URL, e.g. http://127.0.0.1:4010                      required
  --token      an API token of the organization to work in                         required
  --only       run only the scenarios whose name matches this regular expression
  --json       print the report as one JSON object instead of lines
  --timeout    time limit of each scenario in milliseconds                         default 30000
  --workspace  the workspace uuid to work in                                       default: the first one
Exit code: 0 nothing failed, 1 a scenario failed, 2 the command line is wrong.`;
}

/**
 * Run the command with its arguments (after the command's name); resolves with the exit code. `command` names it in
 * the usage and in errors: `dispatch-conformance`, or `dispatch-fake conformance` for the fake's alias.
 */
export async function conformanceCommand(args: string[], command = "dispatch-conformance"): Promise<number> {
  const usageError = (message: string): number => {
    console.error(`${command}: ${message}\n\n${conformanceUsage(command)}`);
    return 2;
  };
  let values: ReturnType<typeof parse>["values"];
  try {
    ({ values } = parse(args));
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(conformanceUsage(command));
    return 0;
  }
  if (!values["base-url"]) return usageError("--base-url is required");
  if (!values.token) return usageError("--token is required");
  try {
    new URL(values["base-url"]);
  } catch {
    return usageError(`--base-url must be an absolute URL, got ${values["base-url"]}`);
  }
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    return usageError(`--timeout must be a positive integer, got ${values.timeout}`);
  if (values.only !== undefined) {
    try {
      new RegExp(values.only, "i");
    } catch {
      return usageError(`--only must be a regular expression, got ${values.only}`);
    }
  }
  const json = values.json === true;
  const report = await runConformance({
    baseUrl: values["base-url"],
    token: values.token,
    timeoutMs,
    ...(values.only !== undefined ? { only: values.only } : {}),
    ...(values.workspace !== undefined ? { workspaceUuid: values.workspace } : {}),
    ...(json ? {} : { onResult: (result) => console.log(formatResult(result)) }),
  });
  console.log(json ? JSON.stringify(report, null, 2) : formatSummary(report));
  return report.failed === 0 ? 0 : 1;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      "base-url": { type: "string" },
      token: { type: "string" },
      only: { type: "string" },
      json: { type: "boolean", default: false },
      timeout: { type: "string", default: "30000" },
      workspace: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: false,
    strict: true,
  });
}
