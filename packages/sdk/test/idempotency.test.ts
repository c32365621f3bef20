/**
 * A POST whose answer is lost on the wire: a proxy in front of the standalone fake forwards the request, lets the
 * fake answer, then drops the client's connection instead of passing the answer on. The SDK retries with the same
 * Idempotency-Key and gets the first answer replayed: the orders exist exactly once.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createFake } from "@dispatchkit/fake";
import { type RunningServer, startServer } from "@dispatchkit/fake-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import { ConnectionError, createClient, unwrap } from "../src/index.js";

const validator = createContractValidator();
const fake = createFake({ now: "2026-11-23T08:00:00Z", baseUrl: "http://127.0.0.1:0" });
let upstream: RunningServer;

/** What the proxy saw: each request's key, and whether its answer was dropped. */
const forwarded: { key: string | null; dropped: boolean }[] = [];
/** How many of the next answers the proxy drops. */
let drop = 0;
let proxy: Server;
let proxyUrl: string;

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  upstream = await startServer(fake, { port: 0 });
  proxy = createServer((req, res) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && !["host", "connection", "content-length"].includes(name)) {
          headers.set(name, value);
        }
      }
      const body = await bodyOf(req);
      const answer = await fetch(`${upstream.url}${req.url}`, {
        method: req.method ?? "GET",
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      const bytes = Buffer.from(await answer.arrayBuffer()); // the fake has answered: the work is done
      const dropped = drop > 0;
      forwarded.push({ key: req.headers["idempotency-key"] as string | null, dropped });
      if (dropped) {
        drop -= 1;
        req.socket.destroy(); // the answer is lost on the way back
        return;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        out[name] = value;
      });
      out["content-length"] = String(bytes.length);
      res.writeHead(answer.status, out);
      res.end(bytes);
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await upstream.close();
});

beforeEach(() => {
  fake.reset();
  forwarded.length = 0;
  drop = 0;
});

const client = () => createClient({ baseUrl: proxyUrl, token: fake.token, retries: { sleep: async () => {} } });
const orders = [
  { deliveryDate: "2026-11-23", locations: [{ address: "Alexanderplatz 1, Berlin" }] },
  { deliveryDate: "2026-11-23", locations: [{ address: "Unter den Linden 1, Berlin" }] },
];

describe("a POST whose first answer is lost on the wire", () => {
  it("is retried by the SDK with the same key and stored exactly once", async () => {
    drop = 1;
    const { data, response } = await client().POST("/v2/orders", {
      params: { query: { workspaceUuid: fake.workspaces[0]?.uuid ?? "" } },
      body: orders,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    const text = JSON.stringify(data);
    expect(validator.check("POST", `${proxyUrl}/v2/orders`, 201, response.headers, text)).toEqual([]);

    expect(forwarded.map((f) => f.dropped)).toEqual([true, false]);
    expect(forwarded[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(forwarded[1]?.key).toBe(forwarded[0]?.key);

    const stored = await listOrders();
    expect(stored.map((o) => o.orderNumber)).toEqual(["ORD-1", "ORD-2"]);
    expect(data?.data.map((o) => o.uuid)).toEqual(stored.map((o) => o.uuid));
  });

  it("with the caller's own key, a later call (after a crash, say) gets the same orders back", async () => {
    drop = 3; // more than the SDK's 2 retries: this call gives up
    const params = { query: { workspaceUuid: fake.workspaces[0]?.uuid ?? "" } };
    const lost = client().POST("/v2/orders", { params, body: orders, idempotencyKey: "import-2026-11-23" });
    await expect(lost).rejects.toBeInstanceOf(ConnectionError);
    expect(forwarded.map((f) => f.key)).toEqual(Array(3).fill("import-2026-11-23"));

    const again = await unwrap(
      client().POST("/v2/orders", { params, body: orders, idempotencyKey: "import-2026-11-23" }),
    );
    const stored = await listOrders();
    expect(stored.map((o) => o.orderNumber)).toEqual(["ORD-1", "ORD-2"]);
    expect(again.data.map((o) => o.uuid)).toEqual(stored.map((o) => o.uuid));
  });
});

/** The orders the fake holds, read over the proxy (answers are not dropped by then). */
async function listOrders() {
  const page = await unwrap(
    client().GET("/v2/orders", { params: { query: { workspaceUuid: fake.workspaces[0]?.uuid ?? "" } } }),
  );
  return page.data;
}
