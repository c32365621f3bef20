// `dispatch-conformance` as a process: the command line (usage, exit code 2), and a server slower than --timeout,
// where the scenario fails with the request that timed out (exit code 1). The whole suite against the fake, and the
// fake's alias `dispatch-fake conformance`, are tested in packages/fake/test/conformance.test.ts.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { runToEnd } from "../../../test/support/run-to-end.js";

const CLI = "packages/conformance/src/cli.ts";

/** `dispatch-conformance <args>` from the sources. */
const runCli = (args: string[]) => runToEnd(["--import", "tsx", CLI, ...args]);

describe("dispatch-conformance", () => {
  it("--help prints the usage, exit code 0", async () => {
    const { code, stdout } = await runCli(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: dispatch-conformance --base-url URL --token TOKEN /);
  });

  it("a wrong command line answers the usage, exit code 2", async () => {
    const { code, stderr } = await runCli(["--base-url", "http://127.0.0.1:9", "--timeout", "0", "--token", "t"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^dispatch-conformance: --timeout must be a positive integer, got 0\n\nUsage: dispatch-conformance /,
    );
  });

  it("a server slower than --timeout fails the scenario with the request that timed out, exit code 1", async () => {
    const server = createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), 1_000).unref();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { code, stdout } = await runCli(["--base-url", url, "--token", "conformance-token", "--timeout", "200"]);
      expect(code).toBe(1);
      expect(stdout).toMatch(
        /^FAIL {2}setup: list the workspaces and pick one \[api-contract section 2\] \(\d+ ms\)\n {6}GET \/v2\/workspaces\?perPage=500\n {6}expected an answer; got TimeoutError: /,
      );
      expect(stdout).toMatch(/\n0 passed, 1 failed, 0 skipped \(/);
    } finally {
      server.close();
    }
  });
});
