/**
 * The standalone host: a node:http server in front of a fake, so other languages and tools can call it over
 * plain HTTP, and with CORS so browser pages on other origins can call it too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Fake, internalsOf } from "../fake.js";
import type { Answer, IncomingRequest } from "../http/router.js";
import { hostRouter } from "./node-router.js";

/**
 * CORS, so a browser page on another origin (a dev server, a test page) can call the fake. Every answer allows any
 * origin and lets scripts read the headers the SDK uses (`x-request-id` for errors, `retry-after` for backoff). The
 * fake authenticates with a bearer token, never cookies, so `*` is safe here and no credentials are allowed.
 */
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-request-id, retry-after",
} as const;

/**
 * The answer to a preflight (an `OPTIONS` carrying `access-control-request-method`): 204 with what a cross-origin
 * call may send. `x-dispatch-client` is the SDK's identification header; browsers cache this for `max-age` seconds.
 */
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, x-dispatch-client",
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
   * (tokens, organizations) are always served.
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

const utf8 = new TextDecoder();

/** A header as `Headers.get` gives it, from node's parsed headers. */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** The request as the pipeline reads it; the body (if any) is read first, the `Request` built only if asked for. */
async function toIncoming(req: IncomingMessage, origin: string): Promise<IncomingRequest> {
  const method = req.method ?? "GET";
  // An origin-form target (`/v2/…`, every client's) is a path under the origin, even `//x`; the pipeline parses it.
  const target = req.url ?? "/";
  const url = target.startsWith("/") ? `${origin}${target}` : new URL(target, origin).href;
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks);
  }
  return {
    method,
    url,
    headers: { get: (name) => headerOf(req, name) },
    text: async () => (body ? utf8.decode(body) : ""),
    toRequest: () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else headers.set(name, value);
      }
      return new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
    },
  };
}

/** Write an answer; while stopping, a keep-alive client must not send another request on this connection. */
function write(
  res: ServerResponse,
  status: number,
  answerHeaders: Record<string, string>,
  body: Buffer,
  closing: boolean,
) {
  const headers: Record<string, string> = { ...CORS_HEADERS, ...answerHeaders, "content-length": String(body.length) };
  if (closing) headers.connection = "close";
  res.writeHead(status, headers);
  res.end(body);
}

const EMPTY = Buffer.alloc(0);

/** The pipeline's plain answer, written without building a `Response` (most of a small answer's cost). */
function sendAnswer(res: ServerResponse, answer: Answer, closing: boolean): void {
  write(res, answer.status, answer.headers, answer.body === null ? EMPTY : Buffer.from(answer.body), closing);
}

/** A `Response` (from {@link ServerOptions.extra}). */
async function sendResponse(res: ServerResponse, response: Response, closing: boolean): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  write(res, response.status, headers, Buffer.from(await response.arrayBuffer()), closing);
}

/** Serve a fake over HTTP. The fake's `baseUrl` path prefix (if any) applies; its origin is ignored. */
export function startServer(fake: Fake, options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const router = hostRouter(fake);
  const origin = new URL(fake.baseUrl).origin;
  let closing: Promise<void> | undefined;
  const server = createServer((req, res) => {
    if (isPreflight(req)) {
      res.writeHead(204, closing ? { ...PREFLIGHT_HEADERS, connection: "close" } : PREFLIGHT_HEADERS);
      res.end();
      return;
    }
    toIncoming(req, origin)
      .then(async (request) => {
        const extra = options.extra ? await options.extra(request.toRequest()) : undefined;
        if (extra) await sendResponse(res, extra, closing !== undefined);
        else sendAnswer(res, await router.answer(request), closing !== undefined);
      })
      .catch((error: unknown) => {
        const requestId = internalsOf(fake).context.ids.requestId();
        console.error(`[dispatch-fake] failed to answer a request (${requestId})`, error);
        if (!res.headersSent) {
          res.writeHead(500, { ...CORS_HEADERS, "content-type": "application/json", "x-request-id": requestId });
        }
        res.end(
          JSON.stringify({ code: "INTERNAL", message: "Failed to answer the request: internal error", requestId }),
        );
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      const { port } = server.address() as AddressInfo;
      const close = ({ graceMs = 10_000 }: { graceMs?: number } = {}) => {
        closing ??= new Promise<void>((done, fail) => {
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
      };
      resolve({ server, url: `http://${host}:${port}`, close });
    });
  });
}
