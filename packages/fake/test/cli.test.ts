// The `dispatch-fake` command as users run it: spawned from its bundle (test/support/fake-cli.ts), as `dist/cli.js`.
import { type ChildProcessByStdio, spawn } from "node:child_process";
import { request } from "node:http";
import { createServer } from "node:net";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { createFake } from "@dispatchkit/fake";
import { afterAll, describe, expect, it } from "vitest";
import { fakeCliArgs } from "../../../test/support/fake-cli.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { runtimeOf } from "../src/runtime.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const validator = createContractValidator();

interface Cli {
  child: ChildProcessByStdio<null, Readable, Readable>;
  stdout(): string;
  stderr(): string;
  /** Resolves with stdout once it has a line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: Cli["child"][] = [];
afterAll(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, fakeCliArgs(args), {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  children.push(child);
  let out = "";
  let err = "";
  const waiters: { pattern: RegExp; resolve: (s: string) => void }[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    for (const w of waiters.splice(0)) {
      if (w.pattern.test(out)) w.resolve(out);
      else waiters.push(w);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor: (pattern) =>
      pattern.test(out)
        ? Promise.resolve(out)
        : Promise.race([
            new Promise<string>((resolve) => waiters.push({ pattern, resolve })),
            exited.then(({ code }) => {
              throw new Error(`dispatch-fake exited (${code}) before printing ${pattern}:\n${out}\n${err}`);
            }),
          ]),
    exited,
  };
}

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
    const endpoints = runtimeOf(createFake())
      .controlEndpoints()
      .map(({ method, path }) => `${method} ${url}${path}`);
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
      expect(cli.stderr()).toBe(`dispatch-fake: port ${port} is already in use (try --port 0 or another port)\n`);
      expect(cli.stdout()).toBe("");
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("refuses an unknown command with the usage, exit code 2", async () => {
    const cli = runCli(["start"]);
    expect(await cli.exited).toEqual({ code: 2, signal: null });
    expect(cli.stderr()).toMatch(
      /^dispatch-fake: unknown command "start" \(the commands are serve, the default, and conformance\)\n\nUsage: /,
    );
  });
});
