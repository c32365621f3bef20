/**
 * Who may use the standalone server (docs/security.md). A local development server is attacked through the
 * developer's browser: any page can send requests to 127.0.0.1, and a page whose own name resolves to 127.0.0.1 (DNS
 * rebinding) even reads the answers as its own. So:
 * - the `Host` a request names must be a name the server answers to: an IP address, `localhost` (or a name under it),
 *   or a name the user allowed (`--allow-host`); a rebinding page names its own domain;
 * - the test control under `/_fake/` (which takes no token, mints tokens, resets the fake, and whose console page
 *   carries the token) answers a browser only from its own origin or an origin the user allowed (`--allow-origin`);
 *   clients that are not browsers send no `Origin` and are served as before;
 * - the API answers any origin (`Access-Control-Allow-Origin: *`) only when its token is one the user chose: it needs
 *   a bearer token, never a cookie. While the token is a well-known default (`dev-token`, which every copy of the
 *   fake has and `GET /` prints), the token protects nothing, so the API answers a browser, like the control
 *   endpoints, only from the server's own origin or an allowed one;
 * - the home (`GET /`) names the token and the state file: it answers a browser only from those origins too.
 * The path decided on is the one the router reads (dot segments resolved), not the raw request target.
 */
import { isIP } from "node:net";
import { CONTROL_PREFIX, DomainError } from "@dispatchkit/fake/node";
import { isWellKnownToken } from "./home.js";

/** What the CORS headers of an answer are, and whether the request is refused before anything runs. */
interface AccessDecision {
  /** Why the request is refused (403 `FORBIDDEN`), or undefined when it may go on. */
  refusal?: DomainError;
  /** The CORS headers its answer carries (none for a control request from an origin that was not allowed). */
  cors: Record<string, string>;
}

/** Who may use a server, as its options say. */
export interface AccessPolicy {
  /**
   * Decide for one request: its method, its path as the router reads it (dot segments resolved, relative to the
   * fake's base path) and its headers.
   */
  decide(request: { method: string; path: string; headers: Pick<Headers, "get" | "has"> }): AccessDecision;
}

/** Headers a page may read on any answer: the SDK reads them (errors, backoff, replays). */
const EXPOSED = "x-request-id, retry-after, idempotent-replayed";

/** The preflight's allowances: the SDK's identification header and idempotency key among them. */
const PREFLIGHT = {
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, x-dispatch-client, idempotency-key",
  "access-control-max-age": "600",
} as const;

/** The decision for a call of the API (any origin: it needs a bearer token), made once: most requests get it. */
const API: AccessDecision = {
  cors: { "access-control-allow-origin": "*", "access-control-expose-headers": EXPOSED },
};
/** The same for the API's preflight. */
const API_PREFLIGHT: AccessDecision = { cors: { ...API.cors, ...PREFLIGHT } };

/**
 * The host name of a `Host` header as a URL reads it (`http://${host}/`): lower-case, without its port, the brackets
 * of an IPv6 address or a trailing dot; undefined when it is not a name with an optional port (`localhost:abc`,
 * `[::1`, `::1` without brackets, `a/b`), which no browser sends.
 */
function hostnameOf(host: string): string | undefined {
  if (!/^[^\s/\\?#@]+$/.test(host)) return undefined;
  try {
    const { hostname } = new URL(`http://${host}/`);
    const name = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
    return name.endsWith(".") ? name.slice(0, -1) : name;
  } catch {
    return undefined;
  }
}

/** The refusal of a request whose `Host` the server does not answer to, naming it. */
function hostRefusal(host: string): DomainError {
  const name = hostnameOf(host);
  return new DomainError(
    "FORBIDDEN",
    name === undefined
      ? `Failed to accept the request: its Host header ${JSON.stringify(host)} is not a host name with an optional port`
      : `Failed to accept the request: this server does not answer to the name ${JSON.stringify(name)} (start it with --allow-host ${name} to allow it)`,
  );
}

/** An origin as browsers send it (`http://host:port`), normalized; undefined for `null` or nonsense. */
function normalizeOrigin(origin: string): string | undefined {
  if (origin === "*") return "*";
  try {
    const url = new URL(origin);
    return url.origin === "null" ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** A refusal of a page of another origin, naming what it asked for and how to allow it. */
function foreignOrigin(what: string, origin: string): AccessDecision {
  return {
    refusal: new DomainError(
      "FORBIDDEN",
      `Failed to accept the request: ${what} do not answer pages of ${origin} (start the server with --allow-origin ${origin} to allow it)`,
    ),
    cors: {},
  };
}

/** What a page of another origin asked for, in a refusal: the control endpoints, the home, or the API. */
function whatOf(path: string, token: string | undefined): string {
  if (path === "/") return "the home page and the control endpoints";
  if (path === CONTROL_PREFIX.slice(0, -1) || path.startsWith(CONTROL_PREFIX)) return "the control endpoints";
  return `while its token is the well-known ${token}, the API and the control endpoints`;
}

/**
 * The access policy of a server: `allowOrigins` are the browser origins (`http://localhost:5173`, or `*` for any)
 * allowed to use the control endpoints besides the server's own; `allowHosts` the names besides IP addresses and
 * `localhost` the server answers to; `token` the fake's token (a well-known one closes the API to other origins too).
 */
export function createAccessPolicy(options: {
  allowOrigins?: readonly string[] | undefined;
  allowHosts?: readonly string[] | undefined;
  token?: string | undefined;
}): AccessPolicy {
  // With a well-known token, the API answers browsers as the control endpoints do.
  const apiOpen = options.token === undefined || !isWellKnownToken(options.token);
  const origins = new Set<string>();
  for (const origin of options.allowOrigins ?? []) {
    const normalized = normalizeOrigin(origin);
    if (normalized === undefined) {
      throw new TypeError(`Failed to start the server: allowOrigins has ${JSON.stringify(origin)}, not an origin`);
    }
    origins.add(normalized);
  }
  const hosts = new Set((options.allowHosts ?? []).map((host) => hostnameOf(host) ?? host.toLowerCase()));

  // The last Host found allowed: a client names the same host on every request, so it is parsed once.
  let allowedHost: string | undefined;
  const hostAllowed = (host: string | null) => {
    // HTTP/1.0 clients may send none: not a browser.
    if (host === null || host === allowedHost) return true;
    const name = hostnameOf(host);
    if (name === undefined) return false;
    const allowed = isIP(name) !== 0 || name === "localhost" || name.endsWith(".localhost") || hosts.has(name);
    if (allowed) allowedHost = host;
    return allowed;
  };

  const policy: AccessPolicy = {
    decide({ method, path, headers }) {
      const host = headers.get("host");
      const origin = headers.get("origin");
      const preflight = method === "OPTIONS" && headers.has("access-control-request-method");
      if (!hostAllowed(host)) {
        return { refusal: hostRefusal(host ?? ""), cors: {} };
      }
      const control = path === CONTROL_PREFIX.slice(0, -1) || path.startsWith(CONTROL_PREFIX);
      const home = path === "/";
      if (!control && !home && apiOpen) return preflight ? API_PREFLIGHT : API;
      // The control endpoints, the console, the home, and the API while its token is well known: a browser only from
      // this server's own origin or an allowed one.
      if (origin !== null) {
        const normalized = normalizeOrigin(origin);
        const own = normalized !== undefined && host !== null && new URL(normalized).host === host.toLowerCase();
        const allowed = normalized !== undefined && (origins.has(normalized) || origins.has("*"));
        if (!own && !allowed) return foreignOrigin(whatOf(path, options.token), origin);
        if (own) return { cors: {} };
        const cors = {
          "access-control-allow-origin": origin,
          "access-control-expose-headers": EXPOSED,
          vary: "origin",
        };
        return { cors: preflight ? { ...cors, ...PREFLIGHT } : cors };
      }
      // No Origin: a client that is not a browser, a navigation, or a browser's no-cors read of another site (which
      // says so in Sec-Fetch-Site): that last one is refused, though it could not read the answer, as it may change
      // nothing either.
      const site = headers.get("sec-fetch-site");
      if ((site === "cross-site" || site === "same-site") && headers.get("sec-fetch-mode") !== "navigate") {
        return {
          refusal: new DomainError(
            "FORBIDDEN",
            `Failed to accept the request: ${whatOf(path, options.token)} do not answer requests another site's page makes`,
          ),
          cors: {},
        };
      }
      return { cors: {} };
    },
  };
  return policy;
}
