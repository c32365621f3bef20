/**
 * The standalone server's bounds on request bodies across connections (docs/security.md, Bounds): the bytes held at
 * once are bounded (a body over the bound is refused 413 with Retry-After while small requests are answered), an
 * unauthenticated API call is refused 401 before its body is read and before the latency, a body that trickles in
 * is cut at its deadline, and aborted uploads give their bytes back.
 */
import { connect, type Socket } from "node:net";
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close({ graceMs: 100 }))));

async function serve(options: Parameters<typeof startServer>[1]) {
  const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0", token: "dev-token" });
  const running = await startServer(fake, { port: 0, ...options });
  servers.push(running);
  return { running, port: Number(new URL(running.url).port), ws: fake.workspaces[0]?.uuid ?? "" };
}

/** A raw upload: headers sent at once, then what the test writes; `answer` resolves with the raw answer or "". */
function upload(port: number, head: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => {
    received += d.toString("latin1");
  });
  socket.on("error", () => undefined);
  socket.write(head);
  const answer = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  return { socket, answer, received: () => received };
}

const statusOf = (raw: string) => Number(raw.split(" ")[1] ?? 0);
const headerIn = (raw: string, name: string) =>
  new RegExp(`\\r\\n${name}: *([^\\r]*)`, "i").exec(raw.slice(0, raw.indexOf("\r\n\r\n") + 2))?.[1];
const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as { code: string; message: string };

/** Wait until `check` holds, polling every 20 ms, for at most `ms`. */
async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const post = (ws: string, length: number, auth = "authorization: Bearer dev-token\r\n") =>
  `POST /v2/orders?workspaceUuid=${ws} HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth}content-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;

describe("request bodies are bounded in total, across connections", () => {
  it("a body that would take the bytes held over the bound: 413 with Retry-After; health still answers; aborted uploads give their bytes back", async () => {
    const { running, port, ws } = await serve({ maxBodyBytesInFlight: 1_000_000, timeouts: { bodyIdleMs: 10_000 } });
    const first = upload(port, post(ws, 900_000));
    first.socket.write(Buffer.alloc(700_000, 0x20));
    await until(() => running.bodyBytesInFlight() === 700_000);
    const second = upload(port, post(ws, 900_000));
    second.socket.write(Buffer.alloc(400_000, 0x20));
    const refused = await second.answer;
    expect(statusOf(refused)).toBe(413);
    expect(headerIn(refused, "retry-after")).toBe("1");
    expect(bodyOf(refused)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(bodyOf(refused).message).toContain("1000000 bytes");
    // The refused body's bytes were given back; the first one's are still held.
    expect(running.bodyBytesInFlight()).toBe(700_000);
    // Small requests are answered at the bound.
    const health = await fetch(`${running.url}/_fake/health`);
    expect(health.status).toBe(200);
    const list = await fetch(`${running.url}/v2/orders?workspaceUuid=${ws}`, {
      headers: { authorization: "Bearer dev-token" },
    });
    const text = await list.text();
    expect(list.status).toBe(200);
    expect(validator.check("GET", list.url, list.status, list.headers, text)).toEqual([]);
    // A flood of uploads aborted mid-body: every byte is given back once they are gone.
    const flood = Array.from({ length: 10 }, () => upload(port, post(ws, 200_000)));
    for (const u of flood) u.socket.write(Buffer.alloc(20_000, 0x20));
    await until(() => running.bodyBytesInFlight() > 700_000);
    for (const u of [first, ...flood]) u.socket.destroy();
    await until(() => running.bodyBytesInFlight() === 0);
  });

  it("a body read whole holds its bytes until it is answered, then gives them back", async () => {
    const { running, port, ws } = await serve({ maxBodyBytesInFlight: 1_000_000 });
    const body = JSON.stringify([{ name: "Ada", deliveryDate: "2026-11-24", locations: [{ address: "Berlin" }] }]);
    const u = upload(
      port,
      `${post(ws, Buffer.byteLength(body)).replace("\r\n\r\n", "\r\nconnection: close\r\n\r\n")}${body}`,
    );
    expect(statusOf(await u.answer)).toBe(201);
    await until(() => running.bodyBytesInFlight() === 0);
    // On a kept-alive connection too (fetch keeps it open).
    const res = await fetch(`${running.url}/v2/orders?workspaceUuid=${ws}`, {
      method: "POST",
      headers: { authorization: "Bearer dev-token", "content-type": "application/json" },
      body,
    });
    const text = await res.text();
    expect(res.status).toBe(201);
    expect(validator.check("POST", res.url, res.status, res.headers, text)).toEqual([]);
    await until(() => running.bodyBytesInFlight() === 0);
  });

  it("refuses a bound that is not a whole number of bytes >= 1", () => {
    const fake = createFake({ baseUrl: "http://127.0.0.1:0" });
    expect(() => startServer(fake, { port: 0, maxBodyBytesInFlight: 0 })).toThrow(
      "maxBodyBytesInFlight must be a whole number of bytes >= 1, got 0",
    );
  });
});

describe("an unauthenticated API call costs the server nothing", () => {
  it("is refused 401 before its body is read: the answer comes while the body is still due", async () => {
    const { running, port, ws } = await serve({ timeouts: { bodyIdleMs: 20_000 } });
    for (const auth of ["", "authorization: Bearer wrong\r\n"]) {
      const u = upload(port, post(ws, 4_000_000, auth));
      u.socket.write(Buffer.alloc(1_000, 0x20));
      await until(() => u.received().includes("\r\n\r\n"), 3_000);
      expect(statusOf(u.received())).toBe(401);
      expect(bodyOf(u.received())).toMatchObject({ code: "UNAUTHORIZED" });
      u.socket.destroy();
    }
    expect(running.bodyBytesInFlight()).toBe(0);
  });

  it("is refused before the latency: a 401 at once with --latency 5000", async () => {
    const { running, ws } = await serve({ latencyMs: 5_000 });
    const started = Date.now();
    const res = await fetch(`${running.url}/v2/orders?workspaceUuid=${ws}`, {
      headers: { authorization: "Bearer no" },
    });
    const text = await res.text();
    expect(res.status).toBe(401);
    expect(validator.check("GET", res.url, res.status, res.headers, text)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("a control endpoint's body is still read without a token (the control endpoints take none)", async () => {
    const { running } = await serve({});
    const res = await fetch(`${running.url}/_fake/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: 1000 }),
    });
    expect(res.status).toBe(200);
  });
});

describe("a body that trickles in is cut at its deadline", () => {
  it("a byte every 100 ms keeps the idle timeout at bay, yet the body deadline answers 408", async () => {
    const { running, port, ws } = await serve({ timeouts: { bodyIdleMs: 1_000, bodyMs: 1_500 } });
    const u = upload(port, post(ws, 1_000));
    const started = Date.now();
    const drip = setInterval(() => u.socket.writable && u.socket.write(" "), 100);
    try {
      await until(() => u.received().includes("\r\n\r\n"), 5_000);
    } finally {
      clearInterval(drip);
    }
    expect(statusOf(u.received())).toBe(408);
    expect(bodyOf(u.received()).message).toContain("it did not arrive whole within 1500 ms");
    expect(Date.now() - started).toBeLessThan(4_000);
    u.socket.destroy();
    await until(() => running.bodyBytesInFlight() === 0);
  });
});
