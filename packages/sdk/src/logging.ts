/**
 * Logging and request/response hooks: what the transport reports about each attempt and each call. Reports name the
 * method, URL (no query), status, duration, attempt and request id; never a header, so never the token; bodies only
 * with `logBodies`, and with the token taken out.
 */

/**
 * How much the SDK logs: `debug` every attempt (and bodies with `logBodies`), `info` every call's answer, `warn`
 * retries, token refreshes and 5xx answers, `error` calls that got no answer.
 *
 * @inline
 */
export type LogLevel = "debug" | "info" | "warn" | "error";

/**
 * Where log lines go: `console`, or any object with the four console methods (each gets one string).
 *
 * @example
 * ```ts
 * const lines: string[] = [];
 * const memory: Logger = { debug: (m) => lines.push(m), info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
 * const client = createClient({ baseUrl, token, logger: memory, logLevel: "debug" });
 * ```
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * An attempt about to be sent, as {@link ClientOptions.onRequest} sees it.
 *
 * @example
 * ```ts
 * const onRequest = (event: RequestEvent) => console.log(`${event.method} ${event.path} #${event.attempt}`);
 * ```
 */
export interface RequestEvent {
  /** `GET`, `POST`… */
  method: string;
  /** The request's origin and path, without the query: `https://api.dispatch.example.com/v2/orders`. */
  url: string;
  /** The request's path: `/v2/orders`. */
  path: string;
  /** 1 for the first attempt, 2 for the first retry… (a re-send after a token refresh is an attempt too). */
  attempt: number;
  /** The request body as text: only with `logBodies: true` (the token, if it appears, taken out). */
  body?: string;
}

/**
 * An attempt's outcome, as {@link ClientOptions.onResponse} sees it: an answer, or a failure without one.
 *
 * @example
 * ```ts
 * const onResponse = (event: ResponseEvent) =>
 *   metrics.timing("dispatch.request", event.durationMs, { path: event.path, status: String(event.status ?? "none") });
 * ```
 */
export interface ResponseEvent extends RequestEvent {
  /** The answer's HTTP status; `undefined` when no answer came (network error). */
  status: number | undefined;
  /** Milliseconds from sending the attempt until its answer's headers (or its failure). */
  durationMs: number;
  /** The answer's `x-request-id`: quote it when reporting a problem. */
  requestId: string | undefined;
  /** Why no answer came (`connect ECONNREFUSED 127.0.0.1:443`), when none did. */
  error?: string;
  /** The answer's body as text: only with `logBodies: true` (the token, if it appears, taken out). */
  responseBody?: string;
}

/** The logging options of `createClient`. */
export interface LoggingOptions {
  /**
   * Log through `console` from this level up (`"debug"`, `"info"`, `"warn"`, `"error"`), or through your own
   * console-like object. Default: no logging.
   */
  logger?: LogLevel | Logger | undefined;
  /** The lowest level passed to a logger object (default `"info"`). With a level as `logger`, leave it out. */
  logLevel?: LogLevel | undefined;
  /** Include request and response bodies in `debug` lines and in the hooks' events (default `false`). */
  logBodies?: boolean | undefined;
  /** Called before each attempt is sent. It runs inside the call: one that throws fails the call with its error. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when each attempt has its answer (or failed without one). Like `onRequest`, it must not throw. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
}

/** What the transport reports to; absent when the client neither logs nor has hooks, so that path costs nothing. */
export interface Observer {
  /** Whether bodies are wanted (the transport then reads them). */
  readonly bodies: boolean;
  request(event: RequestEvent): void;
  response(event: ResponseEvent): void;
  retry(event: ResponseEvent, delayMs: number): void;
  refresh(event: RequestEvent): void;
  /** The call's final answer. */
  answered(event: ResponseEvent, callMs: number): void;
  /**
   * The call ended without an answer: `error` says what it rejects with (`TimeoutError: Failed to …`, the token
   * already taken out); `aborted`: by the caller's signal.
   */
  failed(event: RequestEvent, error: string, callMs: number, aborted: boolean): void;
}

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const PREFIX = "[dispatchkit]";

const ms = (value: number) => `${Math.round(value)} ms`;

/** `(attempt 2, request req_1)` */
function attemptNote(event: ResponseEvent): string {
  return `(attempt ${event.attempt}${event.requestId ? `, request ${event.requestId}` : ""})`;
}

function outcome(event: ResponseEvent): string {
  return event.status === undefined ? `failed: ${event.error ?? "no answer"}` : String(event.status);
}

/** The observer for a client's options, or `undefined` when there is nothing to report to. */
export function createObserver(options: LoggingOptions): Observer | undefined {
  const { logger, onRequest, onResponse } = options;
  if (logger === undefined && onRequest === undefined && onResponse === undefined) return undefined;
  const sink: Logger | undefined = logger === undefined ? undefined : typeof logger === "string" ? console : logger;
  const threshold = RANK[typeof logger === "string" ? logger : (options.logLevel ?? "info")];
  const on = (level: LogLevel) => sink !== undefined && RANK[level] >= threshold;
  const debug = on("debug");
  const info = on("info");
  const warn = on("warn");
  const error = on("error");
  const log = (level: LogLevel, message: string) => sink?.[level](`${PREFIX} ${message}`);

  return {
    bodies: options.logBodies === true,
    request(event) {
      onRequest?.(event);
      if (debug) {
        const body = event.body === undefined ? "" : `\n${event.body}`;
        log("debug", `→ ${event.method} ${event.url} (attempt ${event.attempt})${body}`);
      }
    },
    response(event) {
      onResponse?.(event);
      if (debug) {
        const body = event.responseBody === undefined ? "" : `\n${event.responseBody}`;
        log(
          "debug",
          `← ${event.method} ${event.url} ${outcome(event)} in ${ms(event.durationMs)} ${attemptNote(event)}${body}`,
        );
      }
    },
    retry(event, delayMs) {
      if (warn)
        log("warn", `${event.method} ${event.url} ${outcome(event)} ${attemptNote(event)}: retrying in ${ms(delayMs)}`);
    },
    refresh(event) {
      if (info) log("info", `${event.method} ${event.url}: the token has expired, refreshing it (onTokenExpired)`);
    },
    answered(event, callMs) {
      const level = event.status !== undefined && event.status >= 500 ? "warn" : "info";
      if (level === "warn" ? warn : info) {
        const attempts = event.attempt > 1 ? `${event.attempt} attempts, ` : "";
        const id = event.requestId ? `request ${event.requestId}` : "no request id";
        log(level, `${event.method} ${event.url} ${event.status} in ${ms(callMs)} (${attempts}${id})`);
      }
    },
    failed(event, what, callMs, aborted) {
      // The caller's own abort is not a failure of the call: it is only worth a debug line.
      const level = aborted ? "debug" : "error";
      if (!(aborted ? debug : error)) return;
      const attempts = `${event.attempt} attempt${event.attempt === 1 ? "" : "s"}`;
      log(level, `${aborted ? "aborted: " : ""}${what} (${event.method} ${event.url}, ${attempts} in ${ms(callMs)})`);
    },
  };
}
