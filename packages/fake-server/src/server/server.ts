/**
 * The standalone host: a node:http server in front of a fake, so other languages and tools can call it over
 * plain HTTP, and with CORS so browser pages on other origins can call it too. Split by job as tRPC's node adapter
 * is: read a request (read-request.ts), write an answer (write-answer.ts), log (log.ts), limits (limits.ts), who may
 * ask (access.ts), the server's own pages (pages.ts); this file wires them to the fake's host view.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, isIP, type Socket } from "node:net";
import type { Fake } from "@dispatchkit/fake";
import {
  CONTROL_PREFIX,
  DomainError,
  type FakeHost,
  type HostAnswer,
  type HostRequest,
  hostOf,
  type Pace,
} from "@dispatchkit/fake/node";
import { type ChangeGate, createChangeGate } from "../state-file/state-file.js";
import { createWorkerPlanner } from "../workers/worker-planner.js";
import { type AccessPolicy, createAccessPolicy } from "./access.js";
import {
  answerClientError,
  type BodyBudget,
  createBodyBudget,
  limitsOf,
  refuse,
  refuseBusy,
  type ServerTimeouts,
} from "./limits.js";
import { logWhenDone, type RequestLogEntry } from "./log.js";
import { ownNames } from "./own-names.js";
import { mayBePage, type PageContext, pageResponse } from "./pages.js";
import {
  type BodyReading,
  ClientGone,
  hasBody,
  headerOf,
  isPreflight,
  isRead,
  NodeHeaders,
  readRequest,
  ServerBusy,
  splitTarget,
  type TargetParts,
} from "./read-request.js";
import { startRealTimeDriver } from "./real-time-driver.js";
import { sendAnswer, sendFailure, sendPreflight, sendResponse } from "./write-answer.js";

export type { ServerTimeouts } from "./limits.js";
export type { RequestLogEntry } from "./log.js";

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
   * Browser origins (`http://localhost:5173`; `*` for any) whose pages may use the control endpoints under `/_fake/`,
   * the console and the home, besides the server's own origin; and the API too while the fake's token is a well-known
   * default (`dev-token`, `test-token`): with a token of its own the API answers every origin. Default none: another
   * site's page is refused (403).
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
   * The bound on request body bytes the server holds at once across every connection (bodies being read, and bodies
   * read and not answered yet). A body whose next chunk would go over it is refused with 413 `PAYLOAD_TOO_LARGE`
   * and `Retry-After: 1`; requests without a body are answered as ever. Default 64 MiB.
   */
  maxBodyBytesInFlight?: number;
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
  /** The request body bytes held now across every connection (see `maxBodyBytesInFlight`). */
  bodyBytesInFlight(): number;
}

/** What answering one request needs: the fake, its pages, who may ask, and the background work to kick after. */
interface Serving {
  host: FakeHost;
  options: ServerOptions;
  origin: string;
  bodyIdleMs: number;
  bodyMs: number;
  budget: BodyBudget;
  access: AccessPolicy;
  pages: PageContext;
  kick(): void;
  /** What keeps changes apart: from a state file's capture (`options.changes`) and from a staged operation. */
  changes: ChangeGate;
  /** Whether the server is stopping (answers then close their connections). */
  closing(): boolean;
}

/** A request target's path relative to `basePath`, without the query. */
function relativeTo(basePath: string): (target: string) => string {
  return (target) => {
    const q = target.indexOf("?");
    const path = q < 0 ? target : target.slice(0, q);
    return basePath !== "" && path.startsWith(basePath) ? path.slice(basePath.length) || "/" : path;
  };
}

/**
 * A request target's path and query as the router reads them (`/v2/../_fake/x` is `/_fake/x`), or undefined when it
 * is not a path or does not parse (then the target itself is decided on, and refused where it is read).
 */
function targetParts(origin: string, target: string): TargetParts | undefined {
  if (!target.startsWith("/")) return undefined;
  try {
    return splitTarget(origin, target);
  } catch {
    return undefined;
  }
}

/** Answer one request: who may ask first, then a preflight, else read it and answer it. */
function handle(serving: Serving, req: IncomingMessage, res: ServerResponse): void {
  if (serving.options.onRequest) logWhenDone(req, res, serving.options.onRequest);
  const target = req.url ?? "/";
  // Split once: the access policy, the 401 before a body and the pipeline read the same path.
  const parts = targetParts(serving.origin, target);
  const routed = parts?.pathname ?? target;
  // Who may ask, before anything is read or run (access.ts, docs/security.md).
  const { refusal, cors } = serving.access.decide({
    method: req.method ?? "GET",
    path: serving.pages.relativePath(routed),
    headers: new NodeHeaders(req),
  });
  if (refusal) {
    refuse(req, res, refusal, serving.host.requestId(), cors);
    return;
  }
  if (isPreflight(req)) {
    sendPreflight(res, cors);
    return;
  }
  try {
    // A GET or HEAD is answered without waiting for a body (no promise before the pipeline's, no closure).
    const reading = hasBody(req.method ?? "GET") ? bodyReading(serving, req, res, routed) : undefined;
    const read = readRequest(req, serving.origin, parts, reading);
    if (read instanceof Promise) {
      read.then(
        (request) => void answer(serving, request, res, cors),
        (error: unknown) => refuseRead(serving, req, res, error),
      );
    } else void answer(serving, read, res, cors);
  } catch (error) {
    refuseRead(serving, req, res, error);
  }
}

/** Answer a request that could not be read whole: the refusal it earned, or nothing when its client went away. */
function refuseRead(serving: Serving, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (error instanceof ClientGone) return;
  if (error instanceof ServerBusy) refuseBusy(req, res, error.message, serving.host.requestId());
  else if (error instanceof DomainError) refuse(req, res, error, serving.host.requestId());
  else sendFailure(res, error, serving.host.requestId());
}

/** Whether a path the router reads goes to the API (not the control endpoints, not `extra`): it needs a valid token. */
function isApiCall(serving: Serving, path: string): boolean {
  return (
    serving.options.extra === undefined &&
    !path.startsWith(CONTROL_PREFIX) &&
    !serving.pages.relativePath(path).startsWith(CONTROL_PREFIX)
  );
}

/**
 * How `req`'s body is read: under the server's timeouts and bound on bytes held, its bytes let go when its answer is
 * sent, and an API call without a valid token refused with 401 before a byte of its body is read.
 */
function bodyReading(serving: Serving, req: IncomingMessage, res: ServerResponse, routed: string): BodyReading {
  return {
    idleMs: serving.bodyIdleMs,
    deadlineMs: serving.bodyMs,
    budget: serving.budget,
    whenAnswered: (release) => res.once("close", release),
    admit: () => (isApiCall(serving, routed) ? serving.host.authenticate(headerOf(req, "authorization")) : undefined),
  };
}

/** Answer a request read whole: a page's `Response`, else the fake's plain answer; then kick the background work. */
async function answer(serving: Serving, request: HostRequest, res: ServerResponse, cors: Record<string, string>) {
  try {
    const page = mayBePage(serving.pages, request) ? await pageResponse(serving.pages, request) : undefined;
    if (page) await sendResponse(res, page, serving.closing(), cors);
    else sendAnswer(res, await fakeAnswer(serving, request), serving.closing(), cors);
  } catch (error) {
    sendFailure(res, error, serving.host.requestId());
  } finally {
    // After the answer: background work (webhook deliveries) never delays the request that caused it.
    serving.kick();
    serving.options.onActivity?.(isRead(request.method));
  }
}

/**
 * The fake's answer, after `latencyMs` for an authenticated API call (the control endpoints at once: a test drives
 * them; a call without a valid token is refused at once, so it holds nothing for the latency), run when no state file
 * save is capturing the state and no staged operation runs (reads at once, unless the gate says they wait). A staged
 * operation (a fixtures load, a snapshot, a restore, a reset) runs as a capture does: once the changes under way have
 * ended, holding new ones back until it ends, one at a time, while reads are answered between its steps.
 */
function fakeAnswer(serving: Serving, request: HostRequest): Promise<HostAnswer> {
  const { latencyMs = 0 } = serving.options;
  if (
    latencyMs > 0 &&
    !serving.pages.relativePath(request.pathname).startsWith(CONTROL_PREFIX) &&
    serving.host.authenticate(request.header("authorization")) === undefined
  ) {
    return new Promise((done) => setTimeout(done, latencyMs)).then(() => gatedAnswer(serving, request));
  }
  // No promise of its own around the fake's (an async function's would cost two more turns per request).
  return gatedAnswer(serving, request);
}

/** The fake's answer through the change gate (see {@link fakeAnswer}). */
function gatedAnswer(serving: Serving, request: HostRequest): Promise<HostAnswer> {
  const { changes } = serving;
  const run = () => serving.host.answer(request);
  if (serving.host.runsAlone(request.method, request.pathname)) {
    return changes.capture(() => {
      // A read that could change the state (an action that ends on a poll) would change the one being replaced.
      changes.readsWait = serving.host.readsMayChange();
      return run();
    });
  }
  if (isRead(request.method) && !changes.readsWait) return run();
  return changes.change(run);
}

/**
 * Longest run of a staged operation's steps (real time, ms) before the server answers what waits: what another
 * request waits at most for one, beside the server's own garbage collection.
 */
const STAGED_SLICE_MS = 8;

/** The pace of staged operations: after {@link STAGED_SLICE_MS} of steps, a turn of the event loop. */
function realTimePace(): Pace {
  let since = performance.now();
  return () => {
    if (performance.now() - since < STAGED_SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/** The worker thread that plans scheduling runs (`schedulingWorker`), handed to the fake until the server stops. */
function planOffThread(host: FakeHost, options: ServerOptions, changes: ChangeGate, afterPlan: () => void) {
  if (!options.schedulingWorker) return () => undefined;
  const planner = createWorkerPlanner({
    log: host.log,
    // A plan commits as a change: never in the middle of a state file's capture or a staged operation.
    settle: (done) => changes.between(done),
    // The commit emitted events and changed the state: deliver them, and save.
    afterPlan,
  });
  const stopPlanning = host.usePlanner(planner);
  return () => {
    stopPlanning();
    void planner.close();
  };
}

/** Check the options a caller may get wrong before anything starts. */
function checkOptions(options: ServerOptions): void {
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) {
    throw new TypeError(
      `Failed to start the server: latencyMs must be a number of milliseconds >= 0, got ${latencyMs}`,
    );
  }
}

/**
 * Listen, then count the address as the fake's own and sign webhooks with the wall clock; `stop` undoes what
 * the server started. Resolves with the running server.
 */
function listen(
  server: Server,
  host: FakeHost,
  options: ServerOptions,
  stop: () => void,
  budget: BodyBudget,
): Promise<RunningServer> {
  const address = options.host ?? "127.0.0.1";
  let closing: Promise<void> | undefined;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, address, () => {
      const { port } = server.address() as AddressInfo;
      const forgetAddress = host.addServer(port, ownNames(address, options.allowHosts));
      // Receivers check x-dispatch-timestamp against their own clock: sign with the wall clock, not the fake's.
      const forgetTimestampClock = host.useHostTimestampClock({ now: () => Date.now() });
      const close = ({ graceMs = 10_000 } = {}) => {
        closing ??= new Promise<void>((done, fail) => {
          stop();
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
      };
      // An IPv6 address in brackets, as a URL writes it (`http://[::1]:4010`).
      const url = `http://${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
      resolve({ server, url, close, bodyBytesInFlight: () => budget.held() });
    });
  });
}

/**
 * Serve a fake over HTTP. The fake's `baseUrl` path prefix (if any) applies; its origin is ignored. The server
 * runs the fake's background work in real time: soon after each request, and when the next webhook attempt or
 * delayed action is due on the fake's clock.
 */
export function startServer(fake: Fake, options: ServerOptions = {}): Promise<RunningServer> {
  checkOptions(options);
  const budget = createBodyBudget(options.maxBodyBytesInFlight);
  const host = hostOf(fake);
  const changes = options.changes ?? createChangeGate();
  const driver = startRealTimeDriver(fake, host.log, () => options.onActivity?.(), changes);
  const stopPlanning = planOffThread(host, options, changes, () => {
    driver.kick();
    options.onActivity?.();
  });
  const stopPacing = host.usePace(realTimePace());
  const limits = limitsOf(options.timeouts);
  let stopping = false;
  const serving: Serving = {
    host,
    options,
    origin: new URL(fake.baseUrl).origin,
    bodyIdleMs: limits.bodyIdleMs,
    bodyMs: limits.bodyMs,
    budget,
    access: createAccessPolicy({ ...options, token: fake.token }),
    pages: {
      fake,
      relativePath: relativeTo(host.basePath),
      requestId: () => host.requestId(),
      startedAt: Date.now(),
      extra: options.extra,
      persistence: options.persistence,
    },
    kick: () => driver.kick(),
    changes,
    closing: () => stopping,
  };
  const server = createServer(limits.node, (req, res) => handle(serving, req, res));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) =>
    answerClientError(error, socket, () => host.requestId()),
  );
  const stop = () => {
    stopping = true;
    driver.stop();
    stopPlanning();
    stopPacing();
  };
  return listen(server, host, options, stop, budget).then(
    (running) => {
      driver.kick();
      return running;
    },
    (error: unknown) => {
      // Nothing listens: stop the driver and the worker the server started.
      stop();
      throw error;
    },
  );
}
