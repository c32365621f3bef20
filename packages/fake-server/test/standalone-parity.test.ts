// The standalone server reads requests without building a `Request` (the pipeline's IncomingRequest); in process
// the pipeline gets a `Request`. Both must answer the same bytes: two fakes with the same seed get the same calls,
// one through `fake.fetch` (or `handleControlRequest`), one over HTTP, and every answer must match, request ids
// included.
import { request as httpRequest } from "node:http";
import { createFake } from "@dispatchkit/fake";
import { handleControlRequest, type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, expect, it } from "vitest";

const NOW = "2026-11-23T08:00:00Z";
const inProcess = createFake({ seed: 7, now: NOW, token: "parity-token", baseUrl: "http://127.0.0.1:4010" });
const overHttp = createFake({ seed: 7, now: NOW, token: "parity-token", baseUrl: "http://127.0.0.1:4010" });
let running: RunningServer;
beforeAll(async () => {
  running = await startServer(overHttp, { port: 0 });
});
afterAll(() => running.close());

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

async function both(call: Call) {
  const init = (base: string) =>
    new Request(`${base}${call.path}`, {
      method: call.method,
      headers: call.headers ?? {},
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
  const local = call.path.startsWith("/_fake/")
    ? await handleControlRequest(inProcess, init(inProcess.baseUrl))
    : await inProcess.fetch(init(inProcess.baseUrl));
  const remote = await fetch(init(running.url));
  const read = async (res: Response | undefined) => ({
    status: res?.status,
    requestId: res?.headers.get("x-request-id"),
    contentType: res?.headers.get("content-type"),
    body: await res?.text(),
  });
  return { local: await read(local), remote: await read(remote) };
}

const auth = { authorization: "Bearer parity-token" };
const json = { ...auth, "content-type": "application/json" };
const workspaceUuid = inProcess.workspaces[0]!.uuid;
const bom = new Uint8Array([
  0xef,
  0xbb,
  0xbf,
  ...new TextEncoder().encode('{"deliveryDate":"2026-11-24","locations":[{"address":"BOM 1"}]}'),
]);

const calls: [string, Call][] = [
  ["a list", { method: "GET", path: "/v2/workspaces", headers: auth }],
  ["no token", { method: "GET", path: "/v2/workspaces" }],
  ["a malformed token header", { method: "GET", path: "/v2/workspaces", headers: { authorization: "Basic abc" } }],
  [
    "a batch with unicode",
    {
      method: "POST",
      path: `/v2/orders?workspaceUuid=${workspaceUuid}`,
      headers: json,
      body: JSON.stringify([
        { name: "Zoë 🚚", deliveryDate: "2026-11-24", locations: [{ address: "Straße 1" }] },
        {
          name: "Ada",
          deliveryDate: "2026-11-24",
          locations: [{ address: "Torstraße 2", latitude: 52.5, longitude: 13.4 }],
        },
      ]),
    },
  ],
  [
    "a body with a UTF-8 byte order mark",
    { method: "POST", path: `/v2/orders?workspaceUuid=${workspaceUuid}`, headers: json, body: bom },
  ],
  ["invalid JSON", { method: "POST", path: `/v2/orders?workspaceUuid=${workspaceUuid}`, headers: json, body: "{" }],
  [
    "a body that is not JSON",
    {
      method: "POST",
      path: `/v2/orders?workspaceUuid=${workspaceUuid}`,
      headers: { ...auth, "content-type": "text/plain" },
      body: "{}",
    },
  ],
  ["an empty body", { method: "POST", path: `/v2/orders?workspaceUuid=${workspaceUuid}`, headers: json, body: "" }],
  [
    "the orders, paginated",
    { method: "GET", path: `/v2/orders?workspaceUuid=${workspaceUuid}&perPage=2`, headers: auth },
  ],
  ["a malformed escape in a path id", { method: "GET", path: "/v2/orders/%ZZ", headers: auth }],
  ["a path that starts with two slashes", { method: "GET", path: "//v2/workspaces", headers: auth }],
  ["a wrong method", { method: "PATCH", path: "/v2/workspaces", headers: json, body: "{}" }],
  ["an operation the fake does not serve", { method: "GET", path: "/v2/webhooks", headers: auth }],
  [
    "a control call that reads its body",
    { method: "POST", path: "/_fake/organizations", body: '{"name":"Parity Ltd"}' },
  ],
  ["a control call with an unknown field", { method: "POST", path: "/_fake/tokens", body: '{"colour":"red"}' }],
  ["an unknown control endpoint", { method: "GET", path: "/_fake/nothing" }],
];

it.each(calls)("%s: the same answer in process and over HTTP", async (_, call) => {
  const { local, remote } = await both(call);
  expect(remote).toEqual(local);
  expect(local.requestId).toMatch(/^req_[0-9a-f]{24}$/);
});

it("leaves both fakes holding the same state", () => {
  expect(overHttp.inspect()).toEqual(inProcess.inspect());
  expect(inProcess.inspect().counts.orders).toBe(3);
});

// The server reads a plain request target without parsing a URL (docs/decisions/0005-request-pipeline.md); any other it
// parses. Either way it must name what a URL parser names: fetch normalizes targets before sending, so these are
// sent raw with node:http.
const rawTargets: [string, string, string][] = [
  ["a dot segment", "/v2/./workspaces", "/v2/workspaces"],
  ["a parent segment", "/v2/orders/../workspaces", "/v2/workspaces"],
  ["an escaped parent segment", "/v2/orders/%2E%2e/workspaces", "/v2/workspaces"],
  ["an empty query", "/v2/workspaces?", "/v2/workspaces"],
  [
    "a quote in the query",
    `/v2/orders?workspaceUuid=${workspaceUuid}&status='x'`,
    `/v2/orders?workspaceUuid=${workspaceUuid}&status=%27x%27`,
  ],
  ["a fragment", "/v2/workspaces#top", "/v2/workspaces"],
];

function rawGet(target: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: target, headers: auth }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const withoutRequestId = (body: string) => body.replace(/req_[0-9a-f]{24}/g, "req_");

it.each(rawTargets)("%s in a raw target names what a URL parser names", async (_, raw, parsed) => {
  const viaRaw = await rawGet(raw);
  const viaFetch = await fetch(`${running.url}${parsed}`, { headers: auth });
  expect({ status: viaRaw.status, body: withoutRequestId(viaRaw.body) }).toEqual({
    status: viaFetch.status,
    body: withoutRequestId(await viaFetch.text()),
  });
});
