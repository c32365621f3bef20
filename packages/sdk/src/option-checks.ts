/**
 * Run-time checks of the options a client and a call accept. The types reject a wrong option at compile time;
 * these catch what JavaScript callers (and casts) get past them, with an error naming the option, instead of an
 * option that is silently ignored (`timeout: 5000`) or misread (`timeoutMs: "5s"` timing out at once).
 *
 * Each options object has an allow-list: its keys, each with the check of its value. One generic walk
 * ({@link checkObject}) refuses a key not on the list and runs the check of every key that is.
 */

/** The check of one option's value: throws a TypeError or RangeError naming `path` when the value is wrong. */
type Check = (where: string, path: string, value: unknown, given: Record<string, unknown>) => void;

/** A table of checks by key, without a prototype: `constructor` or `toString` is not an option. */
function table(checks: Record<string, Check>): Readonly<Record<string, Check>> {
  return Object.assign(Object.create(null) as Record<string, Check>, checks);
}

/** An options object's allow-list, and how an error about an unknown key lists the options. */
interface AllowList {
  /** Every key allowed, with the check of its value. */
  readonly keys: Readonly<Record<string, Check>>;
  /** The options an unknown key's error lists. */
  readonly listed: string;
  /** The keys a misspelt key is matched against (case aside) for "did you mean". */
  readonly suggest: readonly string[];
  /** Whether the common misnomers ({@link MEANT}) are suggested too (at the top level only). */
  readonly misnomers: boolean;
}

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

// The checks of single values

/** Any value: an option the SDK passes on without reading it (openapi-fetch's, `RequestInit`'s). */
const anything: Check = () => {};

const milliseconds =
  (positive: boolean): Check =>
  (where, path, value) => {
    if (typeof value !== "number" || Number.isNaN(value)) {
      throw new TypeError(`Failed to ${where}: ${path} must be a number of milliseconds (got ${show(value)})`);
    }
    if ((positive ? value <= 0 : value < 0) || value > MAX_TIMER_MS) {
      const range = positive ? "greater than 0" : "at least 0";
      throw new RangeError(`Failed to ${where}: ${path} must be ${range} and at most ${MAX_TIMER_MS} (got ${value})`);
    }
  };

const count: Check = (where, path, value) => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`Failed to ${where}: ${path} must be a whole number, 0 or more (got ${show(value)})`);
  }
};

const fn: Check = (where, path, value) => {
  if (typeof value !== "function") {
    throw new TypeError(`Failed to ${where}: ${path} must be a function (got ${show(value)})`);
  }
};

const flag: Check = (where, path, value) => {
  if (typeof value !== "boolean") {
    throw new TypeError(`Failed to ${where}: ${path} must be true or false (got ${show(value)})`);
  }
};

const text: Check = (where, path, value) => {
  if (typeof value !== "string")
    throw new TypeError(`Failed to ${where}: ${path} must be a string (got ${show(value)})`);
};

const idempotencyKey: Check = (where, path, value) => {
  if (typeof value !== "string" || value === "") {
    throw new TypeError(`Failed to ${where}: ${path} must be a non-empty string (got ${show(value)})`);
  }
};

const headers: Check = (where, path, value) => {
  if (typeof value !== "object" || value === null) {
    throw new TypeError(`Failed to ${where}: ${path} must be an object or a Headers (got ${show(value)})`);
  }
};

const logger: Check = (where, path, value) => {
  if (typeof value === "string" ? !isLogLevel(value) : !isLogger(value)) {
    throw new TypeError(
      `Failed to ${where}: ${path} must be a level (${LOG_LEVELS.join(", ")}) or an object with debug, info, warn and error methods (got ${show(value)})`,
    );
  }
};

const logLevel: Check = (where, path, value, given) => {
  if (!isLogLevel(value)) {
    throw new TypeError(`Failed to ${where}: ${path} must be one of ${LOG_LEVELS.join(", ")} (got ${show(value)})`);
  }
  if (typeof given.logger !== "object") {
    throw new TypeError(
      `Failed to ${where}: logLevel goes with a logger object (with a level as logger, it is that level)`,
    );
  }
};

/** `fetch` in a call's init: refused whatever it is. */
const noCallFetch: Check = (where) => {
  throw new TypeError(
    `Failed to ${where}: a call takes no fetch of its own (it would bypass the SDK's auth, retries and time limits); give fetch to createClient`,
  );
};

/** `retries`: a count, `false`, or an object of retry settings (checked against {@link RETRY_OPTIONS}). */
const retries: Check = (where, path, value) => {
  if (value === false) return;
  if (typeof value === "number") {
    count(where, path, value, {});
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(
      `Failed to ${where}: ${path} must be a number of retries, false, or an object of retry settings (got ${show(value)})`,
    );
  }
  checkObject(retryOptions(path), value as Record<string, unknown>, where, path);
};

// The allow-lists

/** Members of a `retries` object. */
const RETRY_KEYS = table({
  maxRetries: count,
  baseDelayMs: milliseconds(false),
  maxDelayMs: milliseconds(false),
  maxRetryAfterMs: milliseconds(false),
  retryPost: flag,
  sleep: fn,
  random: fn,
  onRetry: fn,
});

/** The allow-list of a `retries` object found at `path`. */
function retryOptions(path: string): AllowList {
  const names = Object.keys(RETRY_KEYS);
  return { keys: RETRY_KEYS, listed: `${names.join(", ")} (in ${path})`, suggest: names, misnomers: false };
}

/** Options of `createClient`. */
const CLIENT_OPTIONS: AllowList = (() => {
  const keys = table({
    baseUrl: anything, // checked first, as required
    token: anything, // checked first, as required
    fetch: fn,
    headers,
    retries,
    timeoutMs: milliseconds(true),
    userAgent: text,
    onTokenExpired: fn,
    logger,
    logLevel,
    logBodies: flag,
    onRequest: fn,
    onResponse: fn,
  });
  const names = Object.keys(keys);
  return { keys, listed: names.join(", "), suggest: names, misnomers: true };
})();

/**
 * What a call's init may hold besides the SDK's options, passed on unread: openapi-fetch's request options and the
 * standard `RequestInit` members (`dispatcher` and `duplex` are undici's).
 */
const PASSED_ON = [
  "params body parseAs headers querySerializer bodySerializer pathSerializer baseUrl middleware",
  "signal method cache credentials integrity keepalive mode priority redirect referrer referrerPolicy window",
  "dispatcher duplex",
]
  .join(" ")
  .split(" ");

/**
 * A call's init: the SDK's options, and everything else openapi-fetch and the standard `RequestInit` take (passed
 * on unread; `dispatcher` and `duplex` are undici's). A misspelt key is matched against the SDK's own options.
 */
const CALL_INIT: AllowList = {
  keys: table({
    timeoutMs: milliseconds(true),
    retries,
    idempotencyKey,
    fetch: noCallFetch,
    ...Object.fromEntries(PASSED_ON.map((key) => [key, anything])),
  }),
  listed: "timeoutMs, retries, idempotencyKey, signal, headers, params, body, parseAs",
  suggest: ["timeoutMs", "retries", "idempotencyKey"],
  misnomers: true,
};

// The walk

/** An unknown option `key` (inside `parent`, if given), with the option it may have meant and the known ones. */
function unknownOption(where: string, key: string, list: AllowList, parent: string | undefined): TypeError {
  const lower = key.toLowerCase();
  const meant = list.suggest.find((k) => k.toLowerCase() === lower) ?? (list.misnomers ? MEANT[lower] : undefined);
  const hint = meant && meant !== key ? ` (did you mean ${meant}?)` : "";
  const name = parent ? `${parent}.${key}` : key;
  return new TypeError(
    `Failed to ${where}: unknown option ${JSON.stringify(name)}${hint}; the options are ${list.listed}`,
  );
}

/**
 * Check every key of `given` against its allow-list: a key not on it is refused (naming it, and the option it may
 * have meant), a key on it has its value checked. An `undefined` value is no option at all. Costs a loop over the
 * few keys an object has, and no allocation when they are right.
 */
function checkObject(list: AllowList, given: Record<string, unknown>, where: string, parent?: string): void {
  for (const key in given) {
    const value = given[key];
    if (value === undefined) continue;
    const check = list.keys[key];
    if (check === undefined) throw unknownOption(where, key, list, parent);
    check(where, parent ? `${parent}.${key}` : key, value, given);
  }
}

/** Check the init of one call to `method` `url` (which only an error message spells out). */
export function checkCallInit(init: object, method: string, url: string): void {
  // This runs on every call, and most calls hold only options passed on unread (`params`, `body`): for those, not
  // even the message's place is built.
  const given = init as Record<string, unknown>;
  for (const key in given) {
    if (given[key] !== undefined && CALL_INIT.keys[key] !== anything) {
      checkObject(CALL_INIT, given, `${method.toUpperCase()} ${url}`);
      return;
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
  checkObject(CLIENT_OPTIONS, given, where);
}

function isLogLevel(value: unknown): boolean {
  return (LOG_LEVELS as readonly unknown[]).includes(value);
}

function isLogger(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const logger = value as Record<string, unknown>;
  return LOG_LEVELS.every((level) => typeof logger[level] === "function");
}
