/**
 * The transport over real sockets (node:http and Node's own fetch, no msw): a time limit that also covers reading
 * the body, and what a call that gets no answer at all says.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionError, createClient, TimeoutError, unwrap } from "../src/index.js";
import { createTransport } from "../src/transport.js";
import { TOKEN, workspaceList } from "./support/scripted.js";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A node:http server on a free port of 127.0.0.1; resolves with its base URL. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends the headers and the start of a JSON body, then nothing more; records when the client hangs up. */
function headersThenStall(closed: string[]) {
  return (request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { "content-type": "application/json", "x-request-id": "req_stall" });
    response.write('{"data":[');
    request.socket.on("close", () => closed.push(request.url ?? ""));
  };
}

const elapsedSince = (start: number) => performance.now() - start;

describe("timeoutMs covers the whole call, reading the body included", () => {
  it("rejects with TimeoutError when the server sends its headers and then stalls", async () => {
    const closed: string[] = [];
    const baseUrl = await serve(headersThenStall(closed));
    const client = createClient({ baseUrl, token: TOKEN, timeoutMs: 300 });
    const start = performance.now();
    const error = await client.GET("/v2/workspaces").catch((e: unknown) => e);
    const took = elapsedSince(start);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(300);
    expect((error as Error).message).toBe(
      `Failed to GET ${baseUrl}/v2/workspaces: no answer within 300 ms (timeoutMs)`,
    );
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2_000);
    // The abandoned answer does not keep the connection open.
    await expect.poll(() => closed).toEqual(["/v2/workspaces"]);
  });

  it("holds a call's own timeoutMs over the client's", async () => {
    const baseUrl = await serve(headersThenStall([]));
    const client = createClient({ baseUrl, token: TOKEN, timeoutMs: 60_000 });
    const start = performance.now();
    const error = await client.GET("/v2/workspaces", { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(200);
    expect(elapsedSince(start)).toBeLessThan(2_000);
  });

  it("settles at the deadline even with a fetch that ignores the signal while the body stalls", async () => {
    const stalled = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":['));
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    const client = createClient({ baseUrl: "https://api.test", token: TOKEN, timeoutMs: 100, fetch: stalled });
    await expect(client.GET("/v2/workspaces")).rejects.toBeInstanceOf(TimeoutError);
  });

  it("covers the body for a request handed to the transport directly too", async () => {
    const baseUrl = await serve(headersThenStall([]));
    const send = createTransport({ token: TOKEN, timeoutMs: 200 });
    await expect(send(new Request(`${baseUrl}/v2/workspaces`))).rejects.toBeInstanceOf(TimeoutError);
  });

  it("still times out a server that never sends its headers", async () => {
    const baseUrl = await serve(() => {});
    const client = createClient({ baseUrl, token: TOKEN, timeoutMs: 200, retries: 0 });
    await expect(client.GET("/v2/workspaces")).rejects.toBeInstanceOf(TimeoutError);
  });

  it("returns a body that arrives in pieces within the limit, with the answer's status, headers and URL", async () => {
    const body = JSON.stringify(workspaceList("Slow"));
    const baseUrl = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "x-request-id": "req_slow" });
      response.write(body.slice(0, 10));
      setTimeout(() => response.end(body.slice(10)), 50);
    });
    const client = createClient({ baseUrl, token: TOKEN, timeoutMs: 2_000 });
    const { data, response } = await client.GET("/v2/workspaces");
    expect(data?.data[0]?.name).toBe("Slow");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("req_slow");
    expect(response.url).toBe(`${baseUrl}/v2/workspaces`);
  });

  it("hands back an error answer read within the limit, for unwrap to throw", async () => {
    const baseUrl = await serve((_request, response) => {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ code: "NOT_FOUND", message: "Failed to fetch order: x does not exist", requestId: "r" }),
      );
    });
    const client = createClient({ baseUrl, token: TOKEN, timeoutMs: 2_000 });
    await expect(
      unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "x" } } })),
    ).rejects.toThrow("Failed to fetch order: x does not exist");
  });
});

/** A port of 127.0.0.1 that nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("a call that gets no answer", () => {
  it("names the method, the URL's origin and path, and the cause (not Node's bare 'fetch failed')", async () => {
    const port = await closedPort();
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, retries: 0 });
    const error = await client
      .POST("/v2/orders", { params: { query: { workspaceUuid: "w" } }, body: [] })
      .catch((e: unknown) => e);
    const message = `Failed to POST http://127.0.0.1:${port}/v2/orders: connect ECONNREFUSED 127.0.0.1:${port}`;
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(message);
    expect(((error as Error).cause as { code?: string }).code).toBe("ECONNREFUSED");
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "ConnectionError",
      message,
      cause: { name: "TypeError", message: "fetch failed", code: "ECONNREFUSED" },
    });
  });

  it("says why when the runtime refuses the URL itself", async () => {
    // Port 1 is on the fetch standard's list of blocked ports: undici refuses it before connecting.
    const client = createClient({ baseUrl: "http://127.0.0.1:1", token: TOKEN, retries: 0 });
    await expect(client.GET("/v2/workspaces")).rejects.toThrow(
      "Failed to GET http://127.0.0.1:1/v2/workspaces: bad port",
    );
  });
});
