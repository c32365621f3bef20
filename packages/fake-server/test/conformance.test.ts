// The conformance suite (@dispatchkit/conformance, and its alias `dispatch-fake conformance`) against the standalone
// fake, in-process and as a process, and against deliberately broken servers, where the right scenario must fail
// and the exit code be 1. The suite's own tests (no fake needed) are in packages/conformance/test/.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ConformanceReport, runConformance } from "@dispatchkit/conformance";
import { createFake, type Fake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeCliArgs } from "../../../test/support/fake-cli.js";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { runToEnd } from "../../../test/support/run-to-end.js";
import { seedDemoData } from "../src/demo.js";

const TOKEN = "conformance-token";
/** How many scenarios @dispatchkit/conformance has (packages/conformance/test/scenarios.test.ts pins the number). */
const SCENARIOS = 25;
const validator = createContractValidator();

/** `fetch` that also validates every API answer with the repository's ajv validator of openapi.yaml. */
const validatingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (new URL(url).pathname.startsWith("/_fake/")) return response;
  const text = await response.clone().text();
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  const problems = validator.check(method, url, response.status, response.headers, text);
  // A method a known path does not serve is outside the document: it answers the one error body, 404 (no 405).
  if (problems.length === 1 && problems[0]?.includes("method not in openapi.yaml")) {
    expect([response.status, validator.checkSchema("Error", JSON.parse(text))]).toEqual([404, []]);
  } else expect(problems).toEqual([]);
  return response;
};

/** `dispatch-fake <args>` from the bundled CLI. */
const runCli = (args: string[]) => runToEnd(fakeCliArgs(args));

/** A proxy in front of `target` that lets `alter` change one answer (status, body) on its way back. */
async function brokenProxy(
  target: string,
  alter: (method: string, path: string, status: number, body: string) => { status: number; body: string } | undefined,
): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const method = req.method ?? "GET";
    const answer = await fetch(`${target}${req.url}`, {
      method,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const text = await answer.text();
    const changed = alter(method, new URL(req.url ?? "/", target).pathname, answer.status, text);
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "transfer-encoding") out[name] = value;
    });
    res.writeHead(changed?.status ?? answer.status, out).end(changed?.body ?? text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let fake: Fake;
let running: RunningServer;
const proxies: Server[] = [];

beforeAll(async () => {
  fake = createFake({ token: TOKEN, now: "2026-11-23T08:00:00Z" });
  await seedDemoData(fake);
  running = await startServer(fake, { port: 0 });
});
afterAll(async () => {
  for (const proxy of proxies) proxy.close();
  await running.close();
});

/** Every order and route the server holds for the workspace on `date`, as the API lists them. */
async function listed(date: string): Promise<unknown> {
  const workspace = fake.workspaces[0]?.uuid;
  const headers = { authorization: `Bearer ${TOKEN}` };
  const read = async (path: string) => (await fetch(`${running.url}${path}`, { headers })).json();
  return {
    orders: await read(`/v2/orders?workspaceUuid=${workspace}&date=${date}&perPage=500`),
    routes: await read(`/v2/routes?workspaceUuid=${workspace}&date=${date}&perPage=500`),
  };
}

const names = (report: ConformanceReport, status: string) =>
  report.results.filter((r) => r.status === status).map((r) => r.name);

describe("dispatch-fake conformance against the standalone fake", () => {
  it("passes every scenario, cleans up its deletable orders and leaves the demo data as it was", async () => {
    const before = await listed("2026-11-23");
    const report = await runConformance({
      baseUrl: running.url,
      token: TOKEN,
      fetch: validatingFetch,
      date: "2091-03-10",
    });
    expect(names(report, "fail")).toEqual([]);
    expect(names(report, "skip")).toEqual([]);
    // The setup, the 25 scenarios, the clean-up: 27 results.
    expect(report.passed).toBe(SCENARIOS + 2);
    expect(report.controlEndpoints).toBe(true);
    expect(await listed("2026-11-23")).toEqual(before);
    // What is left on the run's first date: the routes it created and the orders the API cannot delete.
    const left = (await listed("2091-03-10")) as { orders: { data: { uuid: string; status: string }[] } };
    expect(left.orders.data.map((o) => o.uuid).sort()).toEqual(
      report.leftovers.orders.filter((uuid) => left.orders.data.some((o) => o.uuid === uuid)).sort(),
    );
    expect(left.orders.data.filter((o) => o.status === "not_scheduled")).toEqual([]);
  });

  it("skips the scenarios that need the control endpoints on a server without them (fake.fetch serves the API only)", async () => {
    const apiOnly = createFake({ token: TOKEN });
    const report = await runConformance({ baseUrl: apiOnly.baseUrl, token: TOKEN, fetch: apiOnly.fetch });
    expect(names(report, "fail")).toEqual([]);
    expect(names(report, "skip")).toEqual([
      "auth (control endpoints): an expired token answers 401 TOKEN_EXPIRED",
      "isolation (control endpoints): another organization's token sees none of this run's orders, routes or workspace",
    ]);
    expect(report.controlEndpoints).toBe(false);
  });

  it("runs only the scenarios --only matches", async () => {
    const report = await runConformance({ baseUrl: running.url, token: TOKEN, only: "^pagination|^IDEMPOTENCY" });
    expect(report.results.map((r) => [r.name.split(":")[0], r.status])).toEqual([
      ["setup", "pass"],
      ["idempotency", "pass"],
      ["pagination", "pass"],
      ["idempotency", "pass"],
      ["cleanup", "pass"],
    ]);
  });

  it("as a process: --json report, exit code 0", async () => {
    const { code, stdout } = await runCli([
      "conformance",
      "--base-url",
      running.url,
      "--token",
      TOKEN,
      "--json",
      "--only",
      "^(auth|webhooks)",
    ]);
    const report = JSON.parse(stdout) as ConformanceReport;
    expect([code, report.failed, report.passed]).toEqual([0, 0, 4]);
    expect(report.results.map((r) => r.status)).toEqual(["pass", "pass", "pass", "pass"]);
  });

  it("as a process: a wrong command line answers the usage, exit code 2", async () => {
    const { code, stderr } = await runCli(["conformance", "--base-url", running.url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^dispatch-fake conformance: --token is required\n\nUsage: dispatch-fake conformance /);
  });
});

describe("dispatch-fake conformance against a broken server", () => {
  it("a changed status code (400 instead of 409 ORDER_NOT_PUBLISHED) fails the completion scenario only, exit code 1", async () => {
    const proxy = await brokenProxy(running.url, (method, path, status, body) =>
      method === "POST" && path.endsWith("/complete") && status === 409 ? { status: 400, body } : undefined,
    );
    proxies.push(proxy.server);
    const { code, stdout } = await runCli([
      "conformance",
      "--base-url",
      proxy.url,
      "--token",
      TOKEN,
      "--only",
      "^(complete|auth):",
    ]);
    expect(code).toBe(1);
    const lines = stdout.split("\n");
    expect(lines.filter((l) => /^(PASS|FAIL|SKIP)/.test(l)).map((l) => l.split(":")[0])).toEqual([
      "PASS  setup",
      "FAIL  complete",
      "PASS  auth",
      "PASS  cleanup",
    ]);
    const failure = lines.findIndex((l) => l.startsWith("FAIL"));
    expect(lines[failure + 1]).toMatch(/^ {6}POST \/v2\/orders\/[0-9a-f-]{36}\/complete$/);
    expect(lines[failure + 2]).toMatch(/^ {6}expected 409 ORDER_NOT_PUBLISHED; got 400 \{"code":"ORDER_NOT_PUBLISHED"/);
    expect(stdout).toMatch(/\n3 passed, 1 failed, 0 skipped \(/);
  });

  it("a dropped field (a route without publishedAt) fails the v2 flow with the schema problem", async () => {
    const proxy = await brokenProxy(running.url, (method, path, status, body) => {
      if (method !== "GET" || !/^\/v2\/routes\/[0-9a-f-]{36}$/.test(path) || status !== 200) return undefined;
      const { publishedAt: _dropped, ...route } = JSON.parse(body) as Record<string, unknown>;
      return { status, body: JSON.stringify(route) };
    });
    proxies.push(proxy.server);
    const report = await runConformance({ baseUrl: proxy.url, token: TOKEN, only: "^flow v2" });
    expect(names(report, "fail")).toEqual([
      "flow v2: create, schedule, publish, complete delivered and missed, read back",
    ]);
    const failure = report.results.find((r) => r.status === "fail")?.failure;
    expect(failure?.request).toMatch(/^GET \/v2\/routes\/[0-9a-f-]{36}$/);
    expect(failure?.expected).toBe("an answer that conforms to openapi.yaml");
    expect(failure?.actual).toBe("200: body.publishedAt: is required");
  });
});
