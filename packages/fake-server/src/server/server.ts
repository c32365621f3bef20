/**
 * The standalone host: a node:http server in front of a fake, so other languages and tools can call it over
 * plain HTTP, and with CORS so browser pages on other origins can call it too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import { type AddressInfo, isIP, type Socket } from "node:net";
import type { Fake } from "@dispatchkit/fake";
import {
  type HostAnswer as Answer,
  answerBytes,
  bodyTooLarge,
  CONTROL_PREFIX,
  DomainError,
  declaredTooLarge,
  healthBody,
  hostOf,
  type HostRequest as IncomingRequest,
  MAX_BODY_BYTES,
  MAX_HEADER_BYTES,
  MAX_URL_BYTES,
  STATUS_BY_CODE,
  urlTooLong,
} from "@dispatchkit/fake/node";
import { consoleResponse } from "../console-page.js";
import type { ChangeGate } from "../state-file/state-file.js";
import { createWorkerPlanner } from "../workers/worker-planner.js";
import { createAccessPolicy } from "./access.js";
import { documentResponse } from "./documents.js";
import { homeResponse } from "./home.js";
import { ownNames } from "./own-names.js";
import { startRealTimeDriver } from "./real-time-clock.js";

/**
 * CORS of the answers the host gives itself before a request is routed (a body too large, a stalled client): they
 * carry no data, and a page of any origin may read why its call failed. The routed answers' CORS headers come from
 * the access policy (access.ts): any origin for the API (a bearer token, never cookies), only allowed origins for the
 * control endpoints.
 */
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-request-id, retry-after, idempotent-replayed",
} as const;

/** A node request's headers, read as a fetch `Headers` is (lower-case names; repeated values joined). */
class NodeHeaders implements Pick<Headers, "get" | "has"> {
  constructor(private readonly req: IncomingMessage) {}

  get(name: string): string | null {
    const value = this.req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }
}

/** A method that only reads: GET, HEAD, OPTIONS. */
const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

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
  /**
   * Browser origins (`http://localhost:5173`; `*` for any) whose pages may use the control endpoints under `/_fake/`
   * and the console, besides the server's own origin. Default none: another site's page is refused (403).
   */
  allowOrigins?: readonly string[];
  /**
   * Names the server answers to besides IP addresses and `localhost` (a request naming another `Host` is refused
   * with 403, against DNS rebinding), e.g. `["fake.internal"]` behind a proxy or in a container network.
   */
  allowHosts?: readonly string[];
  /** How long a slow client may take (the byte limits are fixed: `docs/standalone.md`, Limits). */
  timeouts?: ServerTimeouts;
  /**
   * Called after every answered request and every run of the background work that had something to do, which may
   * have changed the state: the CLI's `--state` saves the state file a moment after the last call. `read` is true
   * after a GET, HEAD or OPTIONS request.
   */
  onActivity?: (read?: boolean) => void;
  /**
   * What keeps changes out of the state file's capture (the CLI's `--state`): while a save writes the state into
   * text, requests other than GET, HEAD and OPTIONS and the background runs wait (reads too when the gate says so),
   * and the reads are answered between the save's slices.
   */
  changes?: ChangeGate;
  /**
   * Plan scheduling runs on a worker thread, so that a large run (1,000 orders on 500 routes) never holds up other
   * requests: its action stays pending until the plan comes back, then commits against the state of that moment
   * (planned again if its routes or orders changed meanwhile). The plan is the one the fake makes in its own thread
   * for the same request. Default false: runs plan within the request, as in process. `dispatch-fake serve` sets it.
   */
  schedulingWorker?: boolean;
  /**
   * Where the data lives, for the home (`GET /`): the state file and how its saves fare. Without it the home says the
   * data lives in memory only.
   */
  persistence?: () => { stateFile: string | null; savedAt: string | null; error: string | null };
  /**
   * Called once per request when its answer is sent (or its connection closed without one: `status` 0), refusals
   * and preflights included: the CLI prints it as a log line.
   */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Milliseconds every API call waits (real time) before it is answered, as a slow network or service would; the
   * home, the console and the control endpoints under `/_fake/` answer at once. Default 0.
   */
  latencyMs?: number;
}

/** One answered request, for a log line. */
export interface RequestLogEntry {
  method: string;
  /** The request target as sent: path and query. */
  path: string;
  /** The status answered; 0 when the connection closed before an answer (a dropped call, a client gone). */
  status: number;
  /** Milliseconds from the request's arrival to the end of its answer. */
  durationMs: number;
  /** The answer's `x-request-id`, or null when it has none (a preflight, the console). */
  requestId: string | null;
}

/** How long the standalone server waits for a slow client before answering 408 `REQUEST_TIMEOUT`. */
export interface ServerTimeouts {
  /** Milliseconds from the connection (or the previous request) to the end of the headers. Default 30,000. */
  headersMs?: number;
  /** Milliseconds a request body may go without a byte arriving. Default 30,000. */
  bodyIdleMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * How long a refused connection keeps reading (and discarding) what the client still sends before it is closed:
 * closing a socket with unread bytes resets it, and a reset can destroy the answer before the client reads it.
 */
const LINGER_MS = 2_000;

/** The client went away before its request arrived whole: nobody to answer. */
class ClientGone extends Error {}

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

/**
 * Read a request body as it arrives, counting bytes: more than {@link MAX_BODY_BYTES} stops the reading at once
 * (413), and so does a pause longer than `idleMs` between two chunks (408).
 */
function readBody(req: IncomingMessage, idleMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (outcome: () => void) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
      req.pause();
      outcome();
    };
    const timer = setTimeout(
      () =>
        stop(() =>
          reject(
            new DomainError(
              "REQUEST_TIMEOUT",
              `Failed to read the request body: no byte arrived for ${idleMs} ms (${size} bytes received)`,
            ),
          ),
        ),
      idleMs,
    );
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        stop(() => reject(bodyTooLarge(MAX_BODY_BYTES, `more than ${MAX_BODY_BYTES} bytes arrived`)));
        return;
      }
      chunks.push(chunk);
      timer.refresh();
    };
    const onEnd = () => stop(() => resolve(Buffer.concat(chunks, size)));
    const onClose = () => stop(() => reject(new ClientGone("the client closed the connection mid-body")));
    req.on("data", onData).on("end", onEnd).on("close", onClose).on("error", onClose);
  });
}

/**
 * A request target node's parser passed on that a URL parser leaves as it is: unreserved and sub-delimiter
 * characters, `%`, `:`, `@`, `/` and `?` (no `'`, which a parser escapes in a query, no `#`, `\`, spaces or
 * non-ASCII). With no dot segment in its path, its path and query are split off it without parsing a URL.
 */
const PLAIN_TARGET = /^[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/;
const DOT_SEGMENT = /\/\.|%2e/i;

/** The path and query of an origin-form target (`/path?query`), as `new URL(target, origin)` gives them. */
function splitTarget(origin: string, target: string): { pathname: string; search: string } {
  const q = target.indexOf("?");
  const pathname = q < 0 ? target : target.slice(0, q);
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(pathname)) {
    const search = q < 0 || q === target.length - 1 ? "" : target.slice(q);
    return { pathname, search };
  }
  const url = new URL(`${origin}${target}`);
  return { pathname: url.pathname, search: url.search };
}

const NO_BYTES: Promise<Uint8Array> = Promise.resolve(new Uint8Array(0));

/**
 * Refuse a request target or a declared body the host does not take, before anything is read: a {@link DomainError}
 * (404 for a target that is not a path, 414, 413).
 */
function checkTarget(req: IncomingMessage): void {
  const target = req.url ?? "/";
  // Only the origin form (`/path?query`) names something here; `*` and absolute URLs name nothing.
  if (!target.startsWith("/")) {
    throw new DomainError("NOT_FOUND", `Failed to route the request: no endpoint ${req.method ?? ""} ${target}`);
  }
  if (Buffer.byteLength(target) > MAX_URL_BYTES) throw urlTooLong(MAX_URL_BYTES, Buffer.byteLength(target));
  const declared = declaredTooLarge(req.headers["content-length"], MAX_BODY_BYTES);
  if (declared) throw declared;
}

/** Whether a request's body is read before it is answered: every method but GET and HEAD. */
const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/**
 * The request as the pipeline reads it (`IncomingRequest`: node's headers and the body read whole, no fetch
 * `Request` unless one is asked for), once its target has passed {@link checkTarget} and its body has been read.
 */
function incomingOf(req: IncomingMessage, origin: string, body: Buffer | undefined): IncomingRequest {
  const target = req.url ?? "/";
  const method = req.method ?? "GET";
  const { pathname, search } = splitTarget(origin, target);
  const header = (name: string) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  };
  let request: Request | undefined;
  return {
    method,
    origin,
    pathname,
    search,
    header,
    bytes: () => (body ? Promise.resolve(body) : NO_BYTES),
    discard: () => undefined,
    toRequest: () => {
      if (request) return request;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else headers.set(name, value);
      }
      request = new Request(new URL(`${origin}${target}`), {
        method,
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      return request;
    },
  };
}

/** The one error body of a refusal the host answers itself (the router never saw the request). */
function refusalBody(error: DomainError, requestId: string): string {
  return JSON.stringify({ code: error.code, message: error.message, requestId });
}

/**
 * Answer a request refused before it was read whole (413, 414, 408) and close its connection: the client may
 * still be sending, so what arrives is read and dropped for a moment before the socket closes, and the client
 * reads the answer instead of a reset.
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  error: DomainError,
  requestId: string,
  cors: Record<string, string> = CORS_HEADERS,
): void {
  // Node's parser may have answered this socket already (a request timeout, a bad chunk): nothing more to say.
  if (res.headersSent || !req.socket.writable) {
    req.socket.destroy();
    return;
  }
  const body = refusalBody(error, requestId);
  res.writeHead(STATUS_BY_CODE[error.code], {
    ...cors,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "x-request-id": requestId,
    connection: "close",
  });
  res.end(body);
  linger(req.socket);
  req.resume();
}

/** Keep reading (and dropping) a refused connection's bytes until the client closes it or {@link LINGER_MS} pass. */
function linger(socket: Socket): void {
  const deadline = setTimeout(() => socket.destroy(), LINGER_MS);
  deadline.unref();
  socket.once("close", () => clearTimeout(deadline));
  // The server ends a `connection: close` answer with destroySoon(), which would reset a socket with unread
  // bytes; half-close instead (the client sees the end of the answer) and keep reading until it closes.
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
  };
}

/**
 * Answer a request node's parser refused (headers over {@link MAX_HEADER_BYTES}: 431; headers that never end:
 * 408; anything that is not HTTP: a bare 400) and close the connection.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, requestId: () => string): void {
  // An answer already started on this socket (or a socket gone) cannot take another one. A request whose body
  // was being read when the parser failed has none yet: its reading ends when this answer closes the socket.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  let refusal: DomainError | undefined;
  if (error.code === "HPE_HEADER_OVERFLOW") {
    refusal = new DomainError(
      "HEADERS_TOO_LARGE",
      `Failed to read the request: its request line and headers are longer than ${MAX_HEADER_BYTES} bytes`,
    );
  } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    refusal = new DomainError("REQUEST_TIMEOUT", "Failed to read the request: it did not arrive in time");
  }
  if (!refusal) {
    socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    linger(socket);
    return;
  }
  const status = STATUS_BY_CODE[refusal.code];
  const id = requestId();
  const body = refusalBody(refusal, id);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    ...Object.entries(CORS_HEADERS).map(([name, value]) => `${name}: ${value}`),
    "content-type: application/json",
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${id}`,
    "connection: close",
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
  linger(socket);
}

/** Report a request once, when its answer has been sent or its connection closed without one. */
function logWhenDone(req: IncomingMessage, res: ServerResponse, report: (entry: RequestLogEntry) => void): void {
  const start = performance.now();
  // Headers given to writeHead are not kept for getHeader: read the request id as it is written.
  let id: unknown;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((arg) => typeof arg === "object" && arg !== null) as
      | Record<string, unknown>
      | unknown[]
      | undefined;
    // An object of headers, or a flat list of names and values (sendAnswer's).
    if (!Array.isArray(headers)) id = headers?.["x-request-id"];
    else for (let i = 0; i < headers.length; i += 2) if (headers[i] === "x-request-id") id = headers[i + 1];
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.once("close", () => {
    id ??= res.getHeader("x-request-id");
    report({
      method: req.method ?? "",
      path: req.url ?? "",
      status: res.writableFinished ? res.statusCode : 0,
      durationMs: Math.round((performance.now() - start) * 10) / 10,
      requestId: typeof id === "string" ? id : null,
    });
  });
}

/** Write an answer; while the server stops, a keep-alive client must not send another request on this connection. */
async function send(
  res: ServerResponse,
  response: Response,
  closing: boolean,
  cors: Record<string, string>,
): Promise<void> {
  // An injected network error: drop the connection without an answer, as a failing network would.
  if (response.type === "error") {
    res.destroy();
    return;
  }
  const headers: Record<string, string> = { ...cors };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  headers["content-length"] = String(body.length);
  if (closing) headers.connection = "close";
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Write the pipeline's plain answer (no `Response` made and read back: docs/decisions/0025-hot-path.md). */
function sendAnswer(res: ServerResponse, answer: Answer, closing: boolean, cors: Record<string, string>): void {
  // An injected network error: drop the connection without an answer, as a failing network would.
  if (answer.networkError) {
    res.destroy();
    return;
  }
  // One flat list of names and values for writeHead: no merged object per request. The answer's own value of a
  // CORS header wins, in the CORS header's place, as spreading both into one object did.
  const own = answer.headers;
  const head: string[] = [];
  for (const name in cors) head.push(name, own[name] ?? (cors[name] as string));
  for (const name in own) {
    if (name !== "content-length" && !(name in cors)) head.push(name, own[name] as string);
  }
  // The bytes the journal kept, encoded once (answerBytes).
  const body = answerBytes(answer);
  head.push("content-length", String(body.length));
  if (closing) head.push("connection", "close");
  res.writeHead(answer.status, head);
  res.end(body.length === 0 ? undefined : body);
}

/**
 * Serve a fake over HTTP. The fake's `baseUrl` path prefix (if any) applies; its origin is ignored. The server
 * runs the fake's background work in real time: soon after each request, and when the next webhook attempt or
 * delayed action is due on the fake's clock.
 */
export function startServer(fake: Fake, options: ServerOptions = {}): Promise<RunningServer> {
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) {
    throw new TypeError(
      `Failed to start the server: latencyMs must be a number of milliseconds >= 0, got ${latencyMs}`,
    );
  }
  const host = options.host ?? "127.0.0.1";
  const runtime = hostOf(fake);
  const driver = startRealTimeDriver(fake, runtime.log, () => options.onActivity?.(), options.changes);
  const planner = options.schedulingWorker
    ? createWorkerPlanner({
        log: runtime.log,
        // A plan commits as a change: never in the middle of a state file's capture.
        settle: (done) => (options.changes ? options.changes.between(done) : Promise.resolve(done())),
        // The commit emitted events and changed the state: deliver them, and save.
        afterPlan: () => {
          driver.kick();
          options.onActivity?.();
        },
      })
    : undefined;
  const stopPlanning = planner ? runtime.usePlanner(planner) : undefined;
  let closing: Promise<void> | undefined;
  const headersMs = options.timeouts?.headersMs ?? DEFAULT_TIMEOUT_MS;
  const bodyIdleMs = options.timeouts?.bodyIdleMs ?? DEFAULT_TIMEOUT_MS;
  const requestId = () => runtime.requestId();
  const startedAt = Date.now();
  const access = createAccessPolicy(options);
  const { basePath } = runtime;
  const origin = new URL(fake.baseUrl).origin;
  /** A request target's path relative to the fake's base path, without the query. */
  const relativePath = (target: string) => {
    const q = target.indexOf("?");
    const path = q < 0 ? target : target.slice(0, q);
    return basePath !== "" && path.startsWith(basePath) ? path.slice(basePath.length) || "/" : path;
  };
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: headersMs,
      // The body has its own idle timeout; this bounds a request that trickles in forever.
      requestTimeout: Math.max(300_000, headersMs),
      // Node checks both timeouts on this period: often enough that a short timeout is kept.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersMs / 2))),
    },
    (req, res) => {
      if (options.onRequest) logWhenDone(req, res, options.onRequest);
      // Who may ask, before anything is read or run (access.ts, docs/security.md).
      const { refusal, cors } = access.decide({
        method: req.method ?? "GET",
        path: relativePath(req.url ?? "/"),
        headers: new NodeHeaders(req),
      });
      if (refusal) {
        refuse(req, res, refusal, requestId(), cors);
        return;
      }
      if (isPreflight(req)) {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      answerRequest(req, res, cors);
    },
  );
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(error, socket, requestId),
  );
  function answerRequest(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): void {
    const refused = (error: unknown) => {
      if (error instanceof ClientGone) return;
      if (error instanceof DomainError) refuse(req, res, error, requestId());
      else fail(res, error);
    };
    let incoming: IncomingRequest;
    try {
      checkTarget(req);
      // A GET or HEAD is answered without waiting for a body (no promise before the pipeline's).
      if (hasBody(req.method ?? "GET")) {
        readBody(req, bodyIdleMs)
          .then((body) => incomingOf(req, origin, body))
          .then((request) => void answerParsed(request, res, cors), refused);
        return;
      }
      incoming = incomingOf(req, origin, undefined);
    } catch (error) {
      refused(error);
      return;
    }
    void answerParsed(incoming, res, cors);
  }
  function fail(res: ServerResponse, error: unknown): void {
    const id = requestId();
    console.error(`[dispatch-fake] failed to answer a request (${id})`, error);
    if (res.destroyed) return;
    if (!res.headersSent) {
      res.writeHead(500, { ...CORS_HEADERS, "content-type": "application/json", "x-request-id": id });
    }
    res.end(
      JSON.stringify({ code: "INTERNAL", message: "Failed to answer the request: internal error", requestId: id }),
    );
  }
  /**
   * Whether a request may be the home, the health check, a document or the console, which answer with a `Response`
   * of their own (rare: the API and the control endpoints go straight to the pipeline's plain answer).
   */
  function mayBePage(request: IncomingRequest): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const path = relativePath(request.pathname);
    return request.pathname === "/" || path === "/" || path.startsWith(CONTROL_PREFIX);
  }
  /** The answer of the server's own pages and `extra`, as a `Response`, or undefined for the pipeline's. */
  async function pageResponse(incoming: IncomingRequest): Promise<Response | undefined> {
    const extra = options.extra ? await options.extra(incoming.toRequest()) : undefined;
    if (extra || !mayBePage(incoming)) return extra;
    const request = incoming.toRequest();
    return (
      homeResponse(fake, request, options.persistence?.()) ??
      healthResponse(request) ??
      (await documentResponse(fake, request)) ??
      (await consoleResponse(fake, request))
    );
  }
  async function answerParsed(request: IncomingRequest, res: ServerResponse, cors: Record<string, string>) {
    try {
      const page = options.extra || mayBePage(request) ? await pageResponse(request) : undefined;
      if (page) await send(res, page, closing !== undefined, cors);
      else sendAnswer(res, await delayed(request), closing !== undefined, cors);
    } catch (error) {
      fail(res, error);
    } finally {
      // After the answer: background work (webhook deliveries) never delays the request that caused it.
      driver.kick();
      options.onActivity?.(isRead(request.method));
    }
  }
  /** `GET /_fake/health` of this server: its own uptime and state file (the fake's own answer knows neither). */
  function healthResponse(request: Request): Response | undefined {
    if (request.method !== "GET" || relativePath(new URL(request.url).pathname) !== "/_fake/health") return undefined;
    const persistence = options.persistence?.();
    const stateFile =
      persistence?.stateFile == null
        ? null
        : { path: persistence.stateFile, savedAt: persistence.savedAt, error: persistence.error };
    return new Response(JSON.stringify(healthBody(startedAt, stateFile)), {
      status: 200,
      headers: { "content-type": "application/json", "cache-control": "no-store", "x-request-id": requestId() },
    });
  }
  /** A request that may change the state, run when no save is capturing it (reads at once, unless told). */
  function gated<T>(method: string, answer: () => Promise<T>): Promise<T> {
    const gate = options.changes;
    if (!gate) return answer();
    return isRead(method) && !gate.readsWait ? answer() : gate.change(answer);
  }
  /** The pipeline's answer, after `latencyMs` for an API call; the control endpoints at once (a test drives them). */
  async function delayed(request: IncomingRequest): Promise<Answer> {
    if (latencyMs > 0 && !relativePath(request.pathname).startsWith(CONTROL_PREFIX)) {
      await new Promise((done) => setTimeout(done, latencyMs));
    }
    return gated(request.method, () => runtime.answer(request));
  }
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      const { port } = server.address() as AddressInfo;
      const forgetAddress = runtime.addServer(port, ownNames(host, options.allowHosts));
      // Receivers check x-dispatch-timestamp against their own clock: sign with the wall clock, not the fake's.
      const forgetTimestampClock = runtime.useHostTimestampClock({ now: () => Date.now() });
      driver.kick();
      resolve({
        server,
        // An IPv6 address in brackets, as a URL writes it (`http://[::1]:4010`).
        url: `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`,
        close: ({ graceMs = 10_000 } = {}) => {
          closing ??= new Promise<void>((done, fail) => {
            driver.stop();
            stopPlanning?.();
            void planner?.close();
            forgetAddress();
            forgetTimestampClock();
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
