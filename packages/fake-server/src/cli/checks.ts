/**
 * What `dispatch-fake serve` checks against the machine before it starts, once its configuration reads well
 * (cli-config.ts): that `--host`'s name resolves and that `--state`'s folder exists. Each problem is one line naming
 * the flag or the variable the user set, with its value. The machine is passed in, so tests give their own.
 */
import { lookup } from "node:dns/promises";
import { statSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, join, resolve } from "node:path";
import type { OptionName, ServeConfig } from "./config.js";

/** What the checks ask the machine. */
export interface Machine {
  /** Resolves when `host` names an address; rejects with the resolver's error (its `code`: ENOTFOUND…) when not. */
  lookup(host: string): Promise<unknown>;
  /** What is at `path`. */
  kindOf(path: string): "file" | "folder" | "missing" | "other";
}

/** This machine: its resolver (as `listen` resolves the name) and its file system. */
const THIS_MACHINE: Machine = {
  lookup: (host) => lookup(host),
  kindOf(path) {
    try {
      const stat = statSync(path);
      return stat.isDirectory() ? "folder" : stat.isFile() ? "file" : "other";
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "other";
    }
  },
};

/** `--host x` or `DISPATCH_FAKE_HOST=x`, as the user set it (the flag form for a default). */
const shownOf = (config: ServeConfig, name: OptionName, value: string) =>
  config.given[name]?.shown ?? `--${name} ${value}`;

/** The problem with `--host`'s name, if it does not resolve; an IP address is not looked up. */
async function hostProblem(config: ServeConfig, machine: Machine): Promise<string | undefined> {
  if (isIP(config.host) !== 0) return undefined;
  try {
    await machine.lookup(config.host);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);
    const why =
      code === "ENOTFOUND" || code === "ENODATA"
        ? "no such host name here"
        : `the name could not be looked up now (${code}: is the DNS server reachable?)`;
    return `${shownOf(config, "host", config.host)}: ${why}; give an IP address such as 127.0.0.1, or a name this machine resolves such as localhost`;
  }
}

/** The problem with `--state`'s path, if its folder is missing or it names a folder. */
function stateProblem(config: ServeConfig, machine: Machine): string | undefined {
  if (config.state === undefined) return undefined;
  const path = resolve(config.state);
  const folder = dirname(path);
  const shown = shownOf(config, "state", config.state);
  if (machine.kindOf(path) === "folder") {
    return `${shown}: is a folder; give a file in it (for example --state ${join(config.state, "fake-state.json")})`;
  }
  const kind = machine.kindOf(folder);
  if (kind === "missing")
    return `${shown}: the folder ${folder} does not exist (create it first, or give a file in an existing folder)`;
  if (kind !== "folder") return `${shown}: ${folder} is not a folder`;
  return undefined;
}

/** Every problem of `config` on `machine`, each one line; none when the server may start. */
export async function checkOnMachine(config: ServeConfig, machine: Machine = THIS_MACHINE): Promise<string[]> {
  const problems = [await hostProblem(config, machine), stateProblem(config, machine)];
  return problems.filter((problem): problem is string => problem !== undefined);
}

/** One line for an error of `listen` a user can act on (a port in use, a port or an address it may not take). */
export function listenProblem(error: unknown, config: ServeConfig): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const port = shownOf(config, "port", String(config.port));
  if (code === "EADDRINUSE") return `${port}: the port is already in use (try --port 0 or another port)`;
  if (code === "EACCES") return `${port}: the port needs more privileges (try a port above 1023, or --port 0)`;
  if (code === "EADDRNOTAVAIL") {
    const host = shownOf(config, "host", config.host);
    return `${host}: not an address of this machine, so it cannot listen there (try --host 127.0.0.1)`;
  }
  return undefined;
}
