/**
 * The standalone server's limits over real HTTP: a body over 5 MiB is answered 413 before it is read whole
 * (by its Content-Length, and counted as it streams when chunked), a URL over 8 KiB 414, headers over 16 KiB
 * 431, a client that stalls 408, and bad input of every kind 4xx. After each refusal the server still answers
 * and the whole state is what it was.
 */
import { connect } from "node:net";
import { createFake } from "@dispatchkit/fake";
import { MAX_BODY_BYTES } from "@dispatchkit/fake/node";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractValidator, createControlValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "dev-token" });
const AUTH = "authorization: Bearer dev-token";
let running: RunningServer;
let port: number;
let ws: string;
let wsId: number;
let order: string;

beforeAll(async () => {
  // Short timeouts keep the stall tests quick, yet long enough that a 5 MiB body sent on a loaded machine never
  // pauses that long (300 ms did: a 408 instead of the 413 under test).
  running = await startServer(fake, { port: 0, timeouts: { headersMs: 2000, bodyIdleMs: 1500 } });
  port = Number(new URL(running.url).port);
  ws = fake.workspaces[0]?.uuid ?? "";
  wsId = fake.workspaces[0]?.workspaceId ?? 0;
  const created = await call("POST", `/v2/orders?workspaceUuid=${ws}`, [
    { name: "Ada", deliveryDate: "2026-11-24", locations: [{ address: "Torstraße 1, Berlin" }] },
  ]);
  order = created.body.data[0].uuid;
});
afterAll(() => running.close({ graceMs: 100 }));

/** A JSON call through fetch, its answer validated against openapi.yaml. */
async function call(method: string, path: string, body?: unknown, init: RequestInit = {}) {
  const res = await fetch(`${running.url}${path}`, {
    method,
    headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    ...init,
  });
  const text = await res.text();
  expect(validator.check(method, `${running.url}${path}`, res.status, res.headers, text)).toEqual([]);
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The server still answers, and the orders are the one created above. */
async function stillServes() {
  const list = await call("GET", `/v2/orders?workspaceUuid=${ws}`);
  expect(list.status).toBe(200);
  expect(list.body.data.map((o: { uuid: string }) => o.uuid)).toEqual([order]);
}

/** A raw HTTP answer: its status line, lower-cased headers and body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseRaw(raw: string): RawAnswer {
  const split = raw.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = raw.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: raw.slice(split + 4) };
}

/**
 * Send `head` over a raw socket, then the body `chunks` one by one (stopping as soon as the server answers, as a
 * client that reads while it sends would), and resolve with the answer once the server closes the connection.
 */
function raw(head: string, chunks: Iterable<Buffer | string> = [], pauseAfter = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (data) => {
      received += data.toString("latin1");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A write after the server half-closed may fail; the answer already arrived.
      if (received) return;
      reject(error);
    });
    socket.on("close", () => resolve(parseRaw(received)));
    socket.on("connect", async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (received || socket.destroyed) break;
        if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
      if (!pauseAfter && !received && !socket.destroyed) socket.end();
    });
  });
}

/** The chunked encoding of `size` bytes of a JSON order list whose name is one huge string, 64 KiB a chunk. */
function* chunkedHugeOrder(size: number): Generator<string> {
  const frame = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
  yield frame(`[{"deliveryDate":"2026-11-24","locations":[{"address":"x"}],"name":"`);
  const piece = "a".repeat(64 * 1024);
  for (let sent = 0; sent < size; sent += piece.length) yield frame(piece);
  yield frame(`"}]`);
  yield "0\r\n\r\n";
}

/** Checks of an error body the host answered itself: the usual shape, and `x-request-id` equal to its id. */
function expectErrorBody(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  const body = JSON.parse(answer.body);
  expect(body).toEqual({
    code,
    message: expect.stringMatching(/^Failed to read the request/),
    requestId: expect.any(String),
  });
  expect(answer.headers["x-request-id"]).toBe(body.requestId);
  expect(answer.headers.connection).toBe("close");
  expect(validator.checkSchema("Error", body)).toEqual([]);
  return body as { message: string };
}

describe("a request body over 5 MiB is answered 413 before it is read whole", () => {
  // The report: one order with a 12 MB name was stored, with Content-Length and chunked alike.
  const twelveMb = 12 * 1000 * 1000;

  it("a 12 MB POST /v2/orders with Content-Length: 413 PAYLOAD_TOO_LARGE, nothing stored", async () => {
    const before = fake.inspect();
    const body = JSON.stringify([
      { name: "a".repeat(twelveMb), deliveryDate: "2026-11-24", locations: [{ address: "x" }] },
    ]);
    const res = await call("POST", `/v2/orders?workspaceUuid=${ws}`, body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: `Failed to read the request body: it is larger than ${MAX_BODY_BYTES} bytes (Content-Length ${Buffer.byteLength(body)}); send fewer items per request`,
      requestId: res.headers.get("x-request-id"),
    });
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });

  it("the same order sent chunked: 413 after the first 5 MiB, the client reads the answer, nothing stored", async () => {
    const before = fake.inspect();
    let offered = 0;
    const chunks = (function* () {
      for (const chunk of chunkedHugeOrder(twelveMb)) {
        offered += chunk.length;
        yield chunk;
      }
    })();
    const answer = await raw(
      `POST /v2/orders?workspaceUuid=${ws} HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
      chunks,
    );
    const body = expectErrorBody(answer, 413, "PAYLOAD_TOO_LARGE");
    expect(body.message).toBe(
      `Failed to read the request body: it is larger than ${MAX_BODY_BYTES} bytes (more than ${MAX_BODY_BYTES} bytes arrived); send fewer items per request`,
    );
    // The client stopped sending when the answer came: far from all 12 MB went out.
    expect(offered).toBeLessThan(twelveMb);
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });

  it("a Content-Length over the limit is refused before any byte of the body is sent", async () => {
    const answer = await raw(
      `PUT /v2/orders/${order} HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\ncontent-type: application/json\r\ncontent-length: ${MAX_BODY_BYTES + 1}\r\n\r\n`,
      [],
      true,
    );
    expect(expectErrorBody(answer, 413, "PAYLOAD_TOO_LARGE").message).toContain(`Content-Length ${MAX_BODY_BYTES + 1}`);
    await stillServes();
  });

  it("a body of exactly 5 MiB is read (and answered on its merits: here a name too long, 400)", async () => {
    const prefix = `[{"deliveryDate":"2026-11-24","locations":[{"address":"x"}],"name":"`;
    const name = "a".repeat(MAX_BODY_BYTES - prefix.length - 3);
    const body = `${prefix}${name}"}]`;
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    const res = await call("POST", `/v2/orders?workspaceUuid=${ws}`, body);
    expect(res).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED", details: [{ path: "[0].name" }] } });
  });

  it("in process (MSW, fake.fetch) the same limit holds, by Content-Length and by counting a streamed body", async () => {
    const inProcess = createFake({ now: "2026-11-23T08:00:00Z" });
    const url = `${inProcess.baseUrl}/v2/orders?workspaceUuid=${inProcess.workspaces[0]?.uuid}`;
    const headers = { authorization: `Bearer ${inProcess.token}`, "content-type": "application/json" };
    const huge = JSON.stringify([
      { name: "a".repeat(twelveMb), deliveryDate: "2026-11-24", locations: [{ address: "x" }] },
    ]);
    const before = inProcess.inspect();
    const declared = await inProcess.fetch(url, { method: "POST", headers, body: huge });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 400) controller.close();
        else controller.enqueue(new TextEncoder().encode("a".repeat(64 * 1024)));
      },
    });
    const streamed = await inProcess.fetch(url, {
      method: "POST",
      headers,
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    // Reading stopped just past the limit: 81 chunks of 64 KiB, not the 400 offered.
    expect(pulled).toBeLessThan(90);
    expect(inProcess.inspect()).toEqual(before);
    // A 413 is not kept for its Idempotency-Key: the smaller request may be sent with the same key.
    const keyed = { ...headers, "idempotency-key": "split-me" };
    expect((await inProcess.fetch(url, { method: "POST", headers: keyed, body: huge })).status).toBe(413);
    const small = JSON.stringify([{ name: "Ada", deliveryDate: "2026-11-24", locations: [{ address: "x" }] }]);
    const retried = await inProcess.fetch(url, { method: "POST", headers: keyed, body: small });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a control endpoint's body over 5 MiB: 413 as its contract (control-openapi.yaml) declares, the clock unmoved", async () => {
    const before = fake.inspect();
    const body = JSON.stringify({ ms: 1000, padding: "a".repeat(MAX_BODY_BYTES) });
    const url = `${running.url}/_fake/clock/advance`;
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
    const text = await res.text();
    expect(createControlValidator().check("POST", url, res.status, res.headers, text)).toEqual([]);
    expect(res.status).toBe(413);
    expect(JSON.parse(text)).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: `Failed to read the request body: it is larger than ${MAX_BODY_BYTES} bytes (Content-Length ${Buffer.byteLength(body)}); send fewer items per request`,
      requestId: res.headers.get("x-request-id"),
    });
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });
});

describe("strings of 2,000,000 characters are refused 400 with their field path (v1 and v2, create and update)", () => {
  const huge = "a".repeat(2_000_000);
  const location = { address: huge, latitude: 52.5, longitude: 13.4 };
  const cases = [
    {
      method: "POST",
      path: () => `/v2/orders?workspaceUuid=${ws}`,
      body: [{ name: huge, deliveryDate: "2026-11-24", locations: [location] }],
      paths: ["[0].name", "[0].locations[0].address"],
    },
    {
      method: "POST",
      path: () => `/v1/orders?workspaceId=${wsId}`,
      body: [{ name: huge, deliveryDate: "2026-11-24", locations: [location] }],
      paths: ["[0].name", "[0].locations[0].address"],
    },
    {
      method: "PUT",
      path: () => `/v2/orders/${order}`,
      body: { name: huge, deliveryDate: "2026-11-24", locations: [location] },
      paths: ["name", "locations[0].address"],
    },
    {
      method: "PUT",
      path: () => `/v1/orders/${order}`,
      body: { name: huge, deliveryDate: "2026-11-24", locations: [location] },
      paths: ["name", "locations[0].address"],
    },
  ];
  it.each(cases)("$method $paths.0", async ({ method, path, body, paths }) => {
    const before = fake.inspect();
    const res = await call(method, path(), body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([...paths].sort());
    expect(res.body.details[0].message).toMatch(/^must be at most (255|1000) characters/);
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });
});

describe("URLs and headers beyond sane sizes", () => {
  it("a URL over 8 KiB: 414 URI_TOO_LONG", async () => {
    const before = fake.inspect();
    const path = `/v2/orders?workspaceUuid=${ws}&q=${"a".repeat(9 * 1024)}`;
    const answer = await raw(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\n\r\n`);
    expect(expectErrorBody(answer, 414, "URI_TOO_LONG").message).toBe(
      `Failed to read the request: its URL is ${path.length} bytes, longer than 8192 bytes`,
    );
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });

  it("headers over 16 KiB: 431 HEADERS_TOO_LARGE", async () => {
    const answer = await raw(
      `GET /v2/workspaces HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\nx-big: ${"a".repeat(17 * 1024)}\r\n\r\n`,
    );
    expect(expectErrorBody(answer, 431, "HEADERS_TOO_LARGE").message).toBe(
      "Failed to read the request: its request line and headers are longer than 16384 bytes",
    );
    await stillServes();
  });

  it("in process a URL over 8 KiB is 414 too", async () => {
    const inProcess = createFake();
    const res = await inProcess.fetch(`${inProcess.baseUrl}/v2/workspaces?q=${"a".repeat(9000)}`, {
      headers: { authorization: `Bearer ${inProcess.token}` },
    });
    expect(res.status).toBe(414);
    expect(await res.json()).toMatchObject({ code: "URI_TOO_LONG" });
  });
});

describe("a client that stalls is timed out with 408", () => {
  it("mid-body (no byte for the body idle timeout): 408 REQUEST_TIMEOUT, nothing stored", async () => {
    const before = fake.inspect();
    const started = performance.now();
    const answer = await raw(
      `POST /v2/orders?workspaceUuid=${ws} HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n[{"name":"half`,
      [],
      true,
    );
    expect(expectErrorBody(answer, 408, "REQUEST_TIMEOUT").message).toMatch(
      /^Failed to read the request body: no byte arrived for 1500 ms \(\d+ bytes received\)$/,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(1490);
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });

  it("mid-headers (the headers timeout): 408 REQUEST_TIMEOUT", async () => {
    const answer = await raw(`GET /v2/workspaces HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\n`, [], true);
    expectErrorBody(answer, 408, "REQUEST_TIMEOUT");
    await stillServes();
  });
});

describe("bad input never crashes the server", () => {
  it.each([
    ["a garbage request line", "\x00\x01garbage\r\n\r\n"],
    ["an unknown method", "BREW /v2/orders HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n"],
    [
      "a bad chunk size",
      `POST /v2/orders?workspaceUuid=x HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n`,
    ],
    ["a header without a colon", "GET /v2/workspaces HTTP/1.1\r\nhost x\r\n\r\n"],
  ])("%s: a bare 400 and the connection closed", async (_, request) => {
    const before = fake.inspect();
    const answer = await raw(request);
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe("close");
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });

  it("an absolute or `*` request target: 404, not 500", async () => {
    const answer = await raw(`GET http://elsewhere/v2/workspaces HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\n\r\n`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "NOT_FOUND" });
    await stillServes();
  });

  it.each([
    ["malformed JSON", 400, "INVALID_JSON", "application/json", Buffer.from('[{"name": ')],
    ["invalid UTF-8", 400, "INVALID_JSON", "application/json", Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d])],
    ["a wrong content type", 415, "UNSUPPORTED_MEDIA_TYPE", "text/plain", Buffer.from("[]")],
  ])("%s: %i %s, nothing stored", async (_, status, code, type, bytes) => {
    const before = fake.inspect();
    const res = await call("POST", `/v2/orders?workspaceUuid=${ws}`, undefined, {
      headers: { authorization: "Bearer dev-token", "content-type": type },
      body: new Uint8Array(bytes),
    });
    expect(res).toMatchObject({ status, body: { code } });
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });

  it("a client that aborts mid-body leaves nothing behind and gets no answer", async () => {
    const before = fake.inspect();
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `POST /v2/orders?workspaceUuid=${ws} HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n[{"na`,
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on("close", () => resolve());
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.inspect()).toEqual(before);
    await stillServes();
  });
});

describe("bad and good requests at once", () => {
  it("oversized, garbage, malformed and aborted requests among 20 good creates: the 20 are stored, nothing else", async () => {
    const path = `/v2/orders?workspaceUuid=${ws}`;
    const huge = JSON.stringify([
      { name: "a".repeat(6_000_000), deliveryDate: "2026-11-24", locations: [{ address: "x" }] },
    ]);
    const good = (i: number) => [
      { name: `Good ${i}`, deliveryDate: "2026-11-24", locations: [{ address: `Street ${i}` }] },
    ];
    const work: Promise<number>[] = [];
    for (let i = 0; i < 20; i++) {
      work.push(call("POST", path, good(i)).then((r) => r.status));
      if (i % 4 === 0) work.push(call("POST", path, huge).then((r) => r.status));
      if (i % 4 === 1) work.push(raw("\x16\x03\x01garbage\r\n\r\n").then((r) => r.status));
      if (i % 4 === 2) work.push(call("POST", path, "[{").then((r) => r.status));
      if (i % 4 === 3) {
        work.push(
          new Promise<number>((resolve) => {
            const socket = connect(port, "127.0.0.1", () => {
              socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${AUTH}\r\ncontent-length: 100\r\n\r\n[`);
              setTimeout(() => socket.destroy(), 20);
            });
            socket.on("close", () => resolve(0));
          }),
        );
      }
    }
    const statuses = await Promise.all(work);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 413)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 0)).toHaveLength(5);
    const list = await call("GET", `${path}&perPage=500`);
    const names = list.body.data.map((o: { name: string }) => o.name).sort();
    expect(names).toEqual(["Ada", ...Array.from({ length: 20 }, (_, i) => `Good ${i}`)].sort());
  });
});
