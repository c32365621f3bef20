/**
 * The standalone host: a node:http server in front of a fake, so other languages and tools can call it over
 * plain HTTP, and with CORS so browser pages on other origins can call it too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Fake, internalsOf } from "../fake.js";
import { consoleResponse } from "./console.js";
import { homeResponse } from "./home.js";
import { hostRouter } from "./node-router.js";
import { startRealTimeDriver } from "./real-time-driver.js";

/**
 * CORS, so a browser page on another origin (a dev server, a test page) can call the fake. Every answer allows any
 * origin and lets scripts read the headers the SDK uses (`x-request-id` for errors, `retry-after` for backoff,
 * `idempotent-replayed` to tell a replay). The fake authenticates with a bearer token, never cookies, so `*` is safe
 * here and no credentials are allowed.
 */
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-request-id, retry-after, idempotent-replayed",
} as const;

/**
 * The answer to a preflight (an `OPTIONS` carrying `access-control-request-method`): 204 with what a cross-origin
 * call may send. `x-dispatch-client` is the SDK's identification header and `idempotency-key` the key it sends on
 * every POST; browsers cache this for `max-age` seconds.
 */
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, x-dispatch-client, idempotency-key",
  "access-control-max-age": "600",
} as const;

const isPreflight = (req: IncomingMessage) =>
  req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined;

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** Port to listen on (0 picks a free one). Default 4010. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /**
   * Extra routes answered before the fake; return undefined to pass. The control endpoints under `/_fake/`
   * (clock, actions, faults, driver, tokens, organizations, snapshots, journal) are always served, and so is the
   * home (`GET /`: what the server is, no token).
   */
  extra?: (request: Request) => Promise<Response | undefined> | Response | undefined;
}

/** A running standalone server. */
export interface RunningServer {
  server: Server;
  /** `http://host:port` */
  url: string;
  /**
   * Stop gracefully: stop accepting connections, let the requests in flight finish (their answers close their
   * connections; idle keep-alive connections close at once), and resolve when the last connection has closed.
   * Connections still open after `graceMs` (default 10 s) are cut. Calling it again returns the same promise.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? "GET";
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks);
  }
  return new Request(new URL(`${origin}${req.url ?? "/"}`), {
    method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

/** Write an answer; while the server stops, a keep-alive client must not send another request on this connection. */
async function send(res: ServerResponse, response: Response, closing: boolean): Promise<void> {
  // An injected network error: drop the connection without an answer, as a failing network would.
  if (response.type === "error") {
    res.destroy();
    return;
  }
  const headers: Record<string, string> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  headers["content-length"] = String(body.length);
  if (closing) headers.connection = "close";
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Serve a fake over HTTP. The fake's `baseUrl` path prefix (if any) applies; its origin is ignored. The server
 * runs the fake's background work in real time: soon after each request, and when the next webhook attempt or
 * delayed action is due on the fake's clock.
 */
export function startServer(fake: Fake, options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const router = hostRouter(fake);
  const internals = internalsOf(fake);
  const driver = startRealTimeDriver(
    fake,
    internals.router.log ?? ((message, error) => console.error(`[dispatch-fake] ${message}`, error)),
  );
  let closing: Promise<void> | undefined;
  const server = createServer((req, res) => {
    if (isPreflight(req)) {
      res.writeHead(204, PREFLIGHT_HEADERS);
      res.end();
      return;
    }
    const origin = new URL(fake.baseUrl).origin;
    toRequest(req, origin)
      .then(
        async (request) =>
          (await options.extra?.(request)) ??
          homeResponse(fake, request) ??
          (await consoleResponse(fake, request)) ??
          (await router.handle(request)),
      )
      .then((response) => send(res, response, closing !== undefined))
      .catch((error: unknown) => {
        const requestId = internalsOf(fake).context.ids.requestId();
        console.error(`[dispatch-fake] failed to answer a request (${requestId})`, error);
        if (!res.headersSent) {
          res.writeHead(500, { ...CORS_HEADERS, "content-type": "application/json", "x-request-id": requestId });
        }
        res.end(
          JSON.stringify({ code: "INTERNAL", message: "Failed to answer the request: internal error", requestId }),
        );
      })
      // After the answer: background work (webhook deliveries) never delays the request that caused it.
      .finally(() => driver.kick());
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      const { port } = server.address() as AddressInfo;
      driver.kick();
      resolve({
        server,
        url: `http://${host}:${port}`,
        close: ({ graceMs = 10_000 } = {}) => {
          closing ??= new Promise<void>((done, fail) => {
            driver.stop();
            const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
            deadline.unref();
            server.close((e) => {
              clearTimeout(deadline);
              if (e) fail(e);
              else done();
            });
            server.closeIdleConnections();
          });
          return closing;
        },
      });
    });
  });
}
