/**
 * Run-time checks of the options a client and a call accept. The types reject a wrong option at compile time;
 * these catch what JavaScript callers (and casts) get past them, with an error naming the option, instead of an
 * option that is silently ignored (`timeout: 5000`) or misread (`timeoutMs: "5s"` timing out at once).
 */

/** The SDK's own options of a single call. */
const CALL_OPTIONS = ["timeoutMs", "retries", "idempotencyKey"] as const;

/** What a call's init may hold besides the SDK's options, for the error message. */
const CALL_INIT = "timeoutMs, retries, idempotencyKey, signal, headers, params, body, parseAs";

/**
 * Everything else a call's init may hold: openapi-fetch's request options and the standard `RequestInit` members
 * (`dispatcher` and `duplex` are undici's).
 */
const OTHER_INIT = new Set([
  "params",
  "body",
  "parseAs",
  "headers",
  "querySerializer",
  "bodySerializer",
  "pathSerializer",
  "baseUrl",
  "middleware",
  "signal",
  "method",
  "cache",
  "credentials",
  "integrity",
  "keepalive",
  "mode",
  "priority",
  "redirect",
  "referrer",
  "referrerPolicy",
  "window",
  "dispatcher",
  "duplex",
]);

/** Options of `createClient`. */
const CLIENT_OPTIONS = [
  "baseUrl",
  "token",
  "fetch",
  "headers",
  "retries",
  "timeoutMs",
  "userAgent",
  "onTokenExpired",
  "logger",
  "logLevel",
  "logBodies",
  "onRequest",
  "onResponse",
] as const;

/** Members of a `retries` object. */
const RETRY_OPTIONS = [
  "maxRetries",
  "baseDelayMs",
  "maxDelayMs",
  "maxRetryAfterMs",
  "retryPost",
  "sleep",
  "random",
  "onRetry",
] as const;

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/** Names people reach for, and the option they mean. */
const MEANT: Record<string, string> = {
  timeout: "timeoutMs",
  retry: "retries",
  maxretries: "retries",
  baseurl: "baseUrl",
  apikey: "token",
  accesstoken: "token",
  header: "headers",
  idempotencykey: "idempotencyKey",
  loglevel: "logLevel",
};

/** The longest delay a timer takes (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** A value as an error message quotes it. */
function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return String(value);
}

/** An unknown option `key` (inside `parent`, if given), with the option it may have meant and the known ones. */
function unknownOption(where: string, key: string, known: readonly string[], list: string, parent?: string): TypeError {
  const lower = key.toLowerCase();
  const meant = known.find((k) => k.toLowerCase() === lower) ?? (parent ? undefined : MEANT[lower]);
  const hint = meant && meant !== key ? ` (did you mean ${meant}?)` : "";
  const name = parent ? `${parent}.${key}` : key;
  return new TypeError(`Failed to ${where}: unknown option ${JSON.stringify(name)}${hint}; the options are ${list}`);
}

function milliseconds(where: string, path: string, value: unknown, positive: boolean): void {
  if (typeof value !== "number" || Number.isNaN(value)) {
    throw new TypeError(`Failed to ${where}: ${path} must be a number of milliseconds (got ${show(value)})`);
  }
  if ((positive ? value <= 0 : value < 0) || value > MAX_TIMER_MS) {
    const range = positive ? "greater than 0" : "at least 0";
    throw new RangeError(`Failed to ${where}: ${path} must be ${range} and at most ${MAX_TIMER_MS} (got ${value})`);
  }
}

function count(where: string, path: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`Failed to ${where}: ${path} must be a whole number, 0 or more (got ${show(value)})`);
  }
}

function fn(where: string, path: string, value: unknown): void {
  if (typeof value !== "function")
    throw new TypeError(`Failed to ${where}: ${path} must be a function (got ${show(value)})`);
}

/** `retries`: a count, `false`, or a {@link RetryOptions}-shaped object. */
function checkRetries(where: string, path: string, value: unknown): void {
  if (value === false || typeof value === "number") {
    if (value !== false) count(where, path, value);
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(
      `Failed to ${where}: ${path} must be a number of retries, false, or an object of retry settings (got ${show(value)})`,
    );
  }
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) continue;
    const at = `${path}.${key}`;
    switch (key) {
      case "maxRetries":
        count(where, at, member);
        break;
      case "baseDelayMs":
      case "maxDelayMs":
      case "maxRetryAfterMs":
        milliseconds(where, at, member, false);
        break;
      case "retryPost":
        if (typeof member !== "boolean") {
          throw new TypeError(`Failed to ${where}: ${at} must be true or false (got ${show(member)})`);
        }
        break;
      case "sleep":
      case "random":
      case "onRetry":
        fn(where, at, member);
        break;
      default:
        throw unknownOption(where, key, RETRY_OPTIONS, `${RETRY_OPTIONS.join(", ")} (in ${path})`, path);
    }
  }
}

/**
 * Check the init of one call to `method` `url` (which only an error message spells out). Costs a loop over the few
 * keys a call has, and no allocation when they are right.
 */
export function checkCallInit(init: object, method: string, url: string): void {
  for (const key in init) {
    const value = (init as Record<string, unknown>)[key];
    if (value === undefined || OTHER_INIT.has(key)) continue;
    const where = `${method.toUpperCase()} ${url}`;
    switch (key as (typeof CALL_OPTIONS)[number] | "fetch") {
      case "timeoutMs":
        milliseconds(where, "timeoutMs", value, true);
        break;
      case "retries":
        checkRetries(where, "retries", value);
        break;
      case "idempotencyKey":
        if (typeof value !== "string" || value === "") {
          throw new TypeError(`Failed to ${where}: idempotencyKey must be a non-empty string (got ${show(value)})`);
        }
        break;
      case "fetch":
        throw new TypeError(
          `Failed to ${where}: a call takes no fetch of its own (it would bypass the SDK's auth, retries and time limits); give fetch to createClient`,
        );
      default:
        throw unknownOption(where, key, CALL_OPTIONS, CALL_INIT);
    }
  }
}

/** Check the options of `createClient`. */
export function checkClientOptions(options: unknown): void {
  const where = "create the client";
  if (typeof options !== "object" || options === null) {
    throw new TypeError(`Failed to ${where}: options must be an object with baseUrl and token (got ${show(options)})`);
  }
  const given = options as Record<string, unknown>;
  if (typeof given.baseUrl !== "string" || given.baseUrl === "") {
    throw new TypeError(`Failed to ${where}: baseUrl must be a non-empty string (got ${show(given.baseUrl)})`);
  }
  const token = given.token;
  if (!(typeof token === "function" || (typeof token === "string" && token !== ""))) {
    throw new TypeError(`Failed to ${where}: token must be a non-empty string or a function (got ${show(token)})`);
  }
  for (const key of Object.keys(given)) {
    const value = given[key];
    if (value === undefined) continue;
    switch (key as (typeof CLIENT_OPTIONS)[number]) {
      case "baseUrl":
      case "token":
        break;
      case "fetch":
      case "onTokenExpired":
      case "onRequest":
      case "onResponse":
        fn(where, key, value);
        break;
      case "timeoutMs":
        milliseconds(where, key, value, true);
        break;
      case "retries":
        checkRetries(where, key, value);
        break;
      case "userAgent":
        if (typeof value !== "string")
          throw new TypeError(`Failed to ${where}: userAgent must be a string (got ${show(value)})`);
        break;
      case "logBodies":
        if (typeof value !== "boolean")
          throw new TypeError(`Failed to ${where}: logBodies must be true or false (got ${show(value)})`);
        break;
      case "headers":
        if (typeof value !== "object" || value === null) {
          throw new TypeError(`Failed to ${where}: headers must be an object or a Headers (got ${show(value)})`);
        }
        break;
      case "logger":
        if (typeof value === "string" ? !isLogLevel(value) : !isLogger(value)) {
          throw new TypeError(
            `Failed to ${where}: logger must be a level (${LOG_LEVELS.join(", ")}) or an object with debug, info, warn and error methods (got ${show(value)})`,
          );
        }
        break;
      case "logLevel":
        if (!isLogLevel(value)) {
          throw new TypeError(
            `Failed to ${where}: logLevel must be one of ${LOG_LEVELS.join(", ")} (got ${show(value)})`,
          );
        }
        if (typeof given.logger !== "object") {
          throw new TypeError(
            `Failed to ${where}: logLevel goes with a logger object (with a level as logger, it is that level)`,
          );
        }
        break;
      default:
        throw unknownOption(where, key, CLIENT_OPTIONS, CLIENT_OPTIONS.join(", "));
    }
  }
}

function isLogLevel(value: unknown): boolean {
  return (LOG_LEVELS as readonly unknown[]).includes(value);
}

function isLogger(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const logger = value as Record<string, unknown>;
  return LOG_LEVELS.every((level) => typeof logger[level] === "function");
}
