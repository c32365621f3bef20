/**
 * The standalone server's home: `GET /` (and the base URL's own path) tells whoever opens the server what it is,
 * without a token: a short HTML page for a browser, JSON for `Accept: application/json` and for tools that
 * accept anything (curl). It names the API, the base URL to give a client, where the docs are and the control
 * endpoints under `/_fake/`.
 */
import { DEFAULT_TOKEN, type Fake } from "@dispatchkit/fake";
import { hostOf } from "@dispatchkit/fake/node";
import { CONSOLE_PATH } from "../console-page.js";
import { DOCUMENT_PATHS } from "./documents.js";

/** The published docs site: guides, API docs and the REST references. */
const DOCS_URL = "https://dispatchkit.github.io/dispatchkit/";

/** The token `dispatch-fake` seeds unless told otherwise (`--token`). */
const DEFAULT_SERVER_TOKEN = "dev-token";

/** The default tokens (the CLI's and createFake's): no secret, as every copy of the fake has them. */
const DEFAULT_TOKENS: ReadonlySet<string> = new Set([DEFAULT_SERVER_TOKEN, DEFAULT_TOKEN]);

/** Whether `token` is a default one, which protects nothing (access.ts closes the API to other origins then). */
export const isWellKnownToken = (token: string): boolean => DEFAULT_TOKENS.has(token);

/** What `GET /` answers as JSON. */
interface HomeBody {
  name: string;
  description: string;
  /** The base URL to give a client: this server's address, with the fake's path prefix if it has one. */
  baseUrl: string;
  authentication: string;
  docs: { site: string; restReference: string; standaloneGuide: string; controlEndpoints: string };
  example: string;
  /** The console: the fake's data drawn and driven in a browser. */
  console: string;
  /** The health check (no token): `GET` it until it answers 200 (`wait-on`, a compose healthcheck). */
  health: string;
  /** The OpenAPI documents this server serves: the API's contract and the test-control endpoints'. */
  openapi: { api: string; control: string };
  /** The test-control endpoints (no token), each with its full URL. */
  control: { method: string; path: string; url: string }[];
  /** Where the data lives: in memory only, or also in a state file (with how its saves fare). */
  persistence: Persistence;
}

/** Where a server's data lives: `stateFile` is null when it lives in memory only. */
export interface Persistence {
  stateFile: string | null;
  /** When the state file was last written (ISO); null before its first write or without one. */
  savedAt: string | null;
  /** Why the last save failed (the previous file is kept), or null. */
  error: string | null;
}

const DESCRIPTION =
  "An in-memory fake of the Delivery Dispatch Platform API (@dispatchkit/fake): the service's endpoints, status " +
  "codes and rules, with a real route optimizer, for development and tests.";

/** What the home says of where the data lives. */
function persistenceText(persistence: Persistence): string {
  if (persistence.stateFile === null) return "Its data lives in memory only: a restart starts again.";
  const saved = persistence.savedAt === null ? "" : ` (last saved ${persistence.savedAt})`;
  const failing =
    persistence.error === null ? "" : ` The last save failed, and the previous file is kept: ${persistence.error}.`;
  return `Its data is kept in the state file ${persistence.stateFile}${saved} across restarts.${failing}`;
}

const IN_MEMORY: Persistence = { stateFile: null, savedAt: null, error: null };

/** The q-value `accept` gives a media type (exact type, then `type/*`, then `*\/*`); 0 when not accepted. */
function quality(accept: string, type: string): number {
  const [major] = type.split("/");
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    best = { specificity, q: q ? Number(q.slice(2)) || 0 : 1 };
  }
  return best.q;
}

/** HTML only when the client prefers it to JSON (a browser); JSON otherwise, also for `*\/*` (curl). */
function wantsHtml(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "*/*";
  return quality(accept, "text/html") > quality(accept, "application/json");
}

/** `http://` and a `Host` header, as a URL writes it (`LOCALHOST:4010` is `http://localhost:4010`); undefined if none. */
function originOf(host: string | null): string | undefined {
  if (host === null) return undefined;
  try {
    return new URL(`http://${host}/`).origin;
  } catch {
    return undefined;
  }
}

/** The home's content for a request that reached the server at its `Host`. */
function homeBody(fake: Fake, request: Request, persistence: Persistence = IN_MEMORY): HomeBody {
  const basePath = hostOf(fake).basePath;
  // The standalone server speaks plain HTTP; the request's URL carries the fake's origin, its Host header ours.
  const origin = originOf(request.headers.get("host")) ?? new URL(request.url).origin;
  const baseUrl = `${origin}${basePath}`;
  return {
    name: "Delivery Dispatch Platform API (fake)",
    description: `${DESCRIPTION} ${persistenceText(persistence)}`,
    baseUrl,
    authentication:
      "Every API call sends Authorization: Bearer <token>, with the token the server was started with " +
      "(dispatch-fake prints it; --token sets it). " +
      (DEFAULT_TOKENS.has(fake.token) ? `This server uses the default token, ${fake.token}. ` : "") +
      "The control endpoints take no token.",
    docs: {
      site: DOCS_URL,
      restReference: `${DOCS_URL}api/`,
      // typedoc names a guide's page after its path (docs/standalone.md → documents/docs_standalone.html); the docs
      // site's browser check follows these links in the built site.
      standaloneGuide: `${DOCS_URL}documents/docs_standalone.html`,
      controlEndpoints: `${DOCS_URL}documents/docs_standalone.html#test-control-endpoints`,
    },
    // A default token is no secret: show it, so the example runs as printed. Another one the page does not repeat.
    example: `curl -H "Authorization: Bearer ${DEFAULT_TOKENS.has(fake.token) ? fake.token : "<token>"}" ${baseUrl}/v2/workspaces`,
    console: `${baseUrl}${CONSOLE_PATH}`,
    health: `${baseUrl}/_fake/health`,
    openapi: { api: `${baseUrl}${DOCUMENT_PATHS.openapi}`, control: `${baseUrl}${DOCUMENT_PATHS.controlOpenapi}` },
    control: hostOf(fake)
      .controlEndpoints()
      .map(({ method, path }) => ({
        method: method.toUpperCase(),
        path,
        url: `${baseUrl}${path}`,
      })),
    persistence,
  };
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const BEARER = "Authorization: Bearer &lt;token&gt;";

/** The home as a page: no script, nothing loaded (its icon is empty, so a browser asks the API for none). */
function homeHtml(body: HomeBody): string {
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const rows = body.control
    .map((c) => `<tr><td>${escapeHtml(c.method)}</td><td><code>${escapeHtml(c.path)}</code></td></tr>`)
    .join("\n        ");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(body.name)}</title>
  <link rel="icon" href="data:,">
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
    code, pre { font: 14px ui-monospace, monospace; background: #f2f4f8; border-radius: 4px; }
    code { padding: 0.1em 0.3em; }
    pre { padding: 0.75rem; overflow-x: auto; }
    table { border-collapse: collapse; }
    td { padding: 0.2rem 1rem 0.2rem 0; }
    a { color: #1a4fb3; }
  </style>
</head>
<body>
  <h1>${escapeHtml(body.name)}</h1>
  <p>${escapeHtml(body.description)}</p>
  <p><strong>${link(body.console, "Open the console")}</strong>: orders, the plan on a map, timelines, actions, webhooks, the clock and the driver, in this browser.</p>
  <h2>Base URL</h2>
  <p><code>${escapeHtml(body.baseUrl)}</code>: give it to the SDK (<code>createClient({ baseUrl, token })</code>) or any HTTP client.</p>
  <p>${escapeHtml(body.authentication).replace(BEARER, `<code>${BEARER}</code>`)}</p>
  <pre>${escapeHtml(body.example)}</pre>
  <h2>Docs</h2>
  <ul>
    <li>${link(body.docs.site, "Guides and API docs")}</li>
    <li>${link(body.docs.restReference, "REST reference")}: every endpoint, request and answer</li>
    <li>${link(body.docs.standaloneGuide, "This server from other languages")}: curl and Python</li>
    <li>OpenAPI documents served here: ${link(body.openapi.api, "the API")} and ${link(body.openapi.control, "the control endpoints")}</li>
  </ul>
  <p>Health check (no token): <code>${escapeHtml(body.health)}</code></p>
  <h2>Control endpoints (no token)</h2>
  <p>Drive the fake from a test: ${link(body.docs.controlEndpoints, "what each one does")}.</p>
  <table>
        ${rows}
  </table>
  <p>The same as JSON: <code>curl ${escapeHtml(new URL(body.baseUrl).origin)}/</code></p>
</body>
</html>
`;
}

/** The home's answer when `request` is `GET` or `HEAD` of `/` or of the base URL's path; undefined otherwise. */
export function homeResponse(fake: Fake, request: Request, persistence?: Persistence): Response | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const basePath = hostOf(fake).basePath;
  const path = new URL(request.url).pathname;
  if (path !== "/" && (basePath === "" || (path !== basePath && path !== `${basePath}/`))) return undefined;
  const body = homeBody(fake, request, persistence);
  const html = wantsHtml(request);
  return new Response(html ? homeHtml(body) : `${JSON.stringify(body, null, 2)}\n`, {
    status: 200,
    headers: {
      "content-type": html ? "text/html; charset=utf-8" : "application/json",
      vary: "accept",
      "cache-control": "no-store",
    },
  });
}
