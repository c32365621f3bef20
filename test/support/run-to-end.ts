/**
 * Run a node command from the repository root to its end, collecting what it printed: for tests of the commands
 * (`dispatch-fake`, `dispatch-conformance`) that check one run's output and exit code.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { collectOutput } from "./child-output.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What one run printed, and how it ended. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node <args>` from the repository root, without colours; resolves once its pipes have closed. */
export function runToEnd(args: readonly string[]): Promise<Run> {
  const child = spawn(process.execPath, [...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
  const output = collectOutput(child);
  // "close", not "exit": the pipes have then handed over every line the command wrote.
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ code, stdout: output.stdout(), stderr: output.stderr() })),
  );
}
