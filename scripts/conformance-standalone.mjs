#!/usr/bin/env node
// `dispatch-conformance` as a user runs it, against `dispatch-fake serve` as a user runs it: both from the built
// packages (packages/conformance/dist/cli.js, so the bundled contract is what validates, and
// packages/fake-server/dist/cli.js), each a process of its own.
// `--runs N` runs the suite N times against one server and prints each wall time and the median (bench/RESULTS.md).
// Exit code: the suite's (0 nothing failed, 1 a scenario failed), or 1 when the server does not start.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "1" } } });
const runs = Number(values.runs);
const fakeCli = new URL("../packages/fake-server/dist/cli.js", import.meta.url).pathname;
const conformanceCli = new URL("../packages/conformance/dist/cli.js", import.meta.url).pathname;
const token = "conformance-ci-token";

const server = spawn(process.execPath, [fakeCli, "serve", "--port", "0", "--token", token], {
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.setEncoding("utf8").on("data", (chunk) => {
    out += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
  server.on("exit", (code) => reject(new Error(`Failed to start dispatch-fake serve: exit code ${code}\n${out}`)));
});
console.log(`conformance: dispatch-fake serve at ${url}`);

const times = [];
let code = 0;
for (let i = 0; i < runs && code === 0; i++) {
  const started = performance.now();
  code = await new Promise((resolve) => {
    const suite = spawn(process.execPath, [conformanceCli, "--base-url", url, "--token", token], {
      stdio: "inherit",
    });
    suite.on("exit", (exit) => resolve(exit ?? 1));
  });
  times.push(Math.round(performance.now() - started));
}
server.kill("SIGTERM");
if (runs > 1) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `conformance: ${times.length} runs, wall times ${times.join(", ")} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms`,
  );
}
process.exit(code);
