/**
 * The request pipeline shared by every host: match an operation, authenticate, run the handler, map domain
 * errors to the one error body, stamp `x-request-id`. MSW handlers call {@link Router.handle} and the standalone
 * server {@link Router.answer}, the same answer as plain data, so in-process and over-the-wire answers are the
 * same bytes.
 */

import type { Context } from "../domain/context.js";
import { DomainError, type ErrorCode, type ErrorDetail } from "../domain/errors.js";
import { authenticate } from "../domain/organizations.js";
import type { Principal } from "../domain/records.js";
import type { RateLimiter } from "./rate-limit.js";
import { STATUS_BY_CODE } from "./status.js";

/** HTTP methods the API uses. */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** What a handler answers on success. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * What the pipeline reads of a request. A host that parses HTTP itself (the standalone server) passes this to
 * {@link Router.answer} instead of a `Request`: building one costs as much as answering a small request, so it is
 * only built when a handler reads {@link PublicRequestContext.request}.
 */
export interface IncomingRequest {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  /** Header values as `Headers.get` gives them (repeated headers joined with `, `), or null. */
  readonly headers: { get(name: string): string | null };
  /** The body as UTF-8 text (empty without one); may be read more than once. */
  text(): Promise<string>;
  /** The same request as a `Request`. */
  toRequest(): Request;
}

const isIncoming = (request: Request | IncomingRequest): request is IncomingRequest =>
  typeof (request as Partial<IncomingRequest>).toRequest === "function";

/** Everything a handler gets about one request; `Params` are the path template's parameters. */
export interface PublicRequestContext<Params extends Record<string, string> = Record<string, string>> {
  request: Request;
  /** The request URL with the base URL's path prefix removed: `nextPage` links are relative to the base. */
  url: URL;
  /** Path parameters by their OpenAPI names. */
  params: Params;
  query: URLSearchParams;
  requestId: string;
  /** The fake's clock, ids and state. */
  domain: Context;
  /** The JSON body: 415 when the content type is not JSON, 400 INVALID_JSON when it does not parse. */
  json(): Promise<unknown>;
}

/** What an operation of the API gets: the request and the authenticated caller. */
export interface RequestContext<Params extends Record<string, string> = Record<string, string>>
  extends PublicRequestContext<Params> {
  /** The authenticated caller (every operation of the API requires a token). */
  principal: Principal;
}

/** The names of a path template's parameters: `/v2/orders/{orderUuid}` → `"orderUuid"`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** One operation of the API (a token is required). */
export interface Operation {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v2/orders/{orderUuid}`. */
  path: string;
  handle(ctx: RequestContext): Reply | Promise<Reply>;
}

/** An operation answered without a token: the test-control endpoints under {@link RouterOptions.publicPrefix}. */
export interface PublicOperation {
  method: HttpMethod;
  path: string;
  handle(ctx: PublicRequestContext): Reply | Promise<Reply>;
}

/** A problem the pipeline could not hand to a handler, with the response it gave. */
export type Logger = (message: string, error?: unknown) => void;

interface CompiledOperation<O extends { path: string } = Operation> {
  operation: O;
  pattern: RegExp;
  names: string[];
  /** Literal segments first: `/v2/orders/actions/{id}` wins over `/v2/orders/{id}/complete`. */
  rank: string;
}

function compile<O extends { path: string }>(operation: O): CompiledOperation<O> {
  const names: string[] = [];
  const segments = operation.path.split("/").filter(Boolean);
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        return "/([^/]+)";
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  const rank = segments.map((s) => (s.startsWith("{") ? "1" : "0")).join("");
  return { operation, pattern: new RegExp(`^${source}/?$`), names, rank };
}

/** The pipeline's options. */
export interface RouterOptions {
  /** Base URL whose path prefix is stripped before matching, e.g. `https://api.example.com/api`. */
  baseUrl: string;
  /** The operations the fake implements. */
  operations: readonly Operation[];
  /** Operations of the contract that the fake does not serve: they answer 501 NOT_IMPLEMENTED. */
  declared: readonly { method: HttpMethod; path: string }[];
  /** Called with the cause whenever a handler throws something that is not a domain error (answered 500). */
  log?: Logger;
  /** Per-token rate limit, checked right after authentication (off when absent). */
  rateLimiter?: RateLimiter;
  /**
   * Operations answered without a token, all under `publicPrefix` (e.g. `/_fake/`): a path under the prefix is
   * never authenticated, and one that matches none of them is a 404.
   */
  publicOperations?: readonly PublicOperation[];
  publicPrefix?: string;
}

/**
 * An answer as plain data (header names in lower case, the body serialized): what a host that writes to a socket
 * sends without building a `Response`.
 */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** The shared request pipeline. */
export interface Router {
  handle(request: Request): Promise<Response>;
  /** {@link Router.handle}'s answer as plain data. */
  answer(request: Request | IncomingRequest): Promise<Answer>;
  /** Whether a URL is under the fake's base URL (hosts pass other requests through). */
  owns(url: URL): boolean;
}

function errorBody(code: ErrorCode, message: string, requestId: string, details?: ErrorDetail[]) {
  return details && details.length > 0 ? { code, message, requestId, details } : { code, message, requestId };
}

function jsonAnswer(status: number, body: unknown, requestId: string, headers?: Record<string, string>): Answer {
  const h: Record<string, string> = {};
  if (headers) for (const [name, value] of Object.entries(headers)) h[name.toLowerCase()] = value;
  h["x-request-id"] = requestId;
  if (body === undefined) return { status, headers: h, body: null };
  h["content-type"] = "application/json";
  return { status, headers: h, body: JSON.stringify(body) };
}

/** An {@link Answer} as a `Response`. */
export function toResponse(answer: Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

function errorAnswer(error: DomainError, requestId: string, retryAfterSeconds = 1): Answer {
  const status = STATUS_BY_CODE[error.code];
  const headers: Record<string, string> = {};
  if (error.code === "RATE_LIMITED") headers["retry-after"] = String(retryAfterSeconds);
  return jsonAnswer(status, errorBody(error.code, error.message, requestId, error.details), requestId, headers);
}

/** Answer an error code with the one error body (`RATE_LIMITED` with `Retry-After`, 1 s unless given). */
export function errorResponse(error: DomainError, requestId: string, retryAfterSeconds = 1): Response {
  return toResponse(errorAnswer(error, requestId, retryAfterSeconds));
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** Read a request's JSON body with the contract's 415 and 400 INVALID_JSON rules. */
async function readJson(request: Pick<IncomingRequest, "headers" | "text">): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new DomainError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Failed to read the request body: Content-Type must be application/json, got ${JSON.stringify(request.headers.get("content-type") ?? "")}`,
    );
  }
  const text = await request.text();
  try {
    return JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new DomainError("INVALID_JSON", `Failed to parse the request body as JSON: ${reason}`);
  }
}

/** A path parameter as sent; a malformed escape (`%ZZ`) is kept raw, so it matches no id (404, not 500). */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function bearerToken(request: Pick<IncomingRequest, "headers">): string | undefined {
  const header = request.headers.get("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const byRank = (a: { rank: string }, b: { rank: string }) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0);

/** The operation of `method` on `path` with its decoded parameters, and whether any operation has that path. */
function match<O extends { method: HttpMethod; path: string }>(
  operations: readonly CompiledOperation<O>[],
  path: string,
  method: string,
): { found?: { operation: O; params: Record<string, string> }; pathMatched: boolean } {
  let pathMatched = false;
  for (const c of operations) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.operation.method !== method) continue;
    const params: Record<string, string> = {};
    c.names.forEach((name, i) => {
      params[name] = decodePathSegment(m[i + 1] ?? "");
    });
    return { found: { operation: c.operation, params }, pathMatched };
  }
  return { pathMatched };
}

/** Build the pipeline over a context and its operations. */
export function createRouter(ctx: Context, options: RouterOptions): Router {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const compiled = options.operations.map(compile).sort(byRank);
  const publicOperations = (options.publicOperations ?? []).map(compile).sort(byRank);
  const declared = options.declared.map((d) => compile({ ...d, handle: () => ({ status: 501 }) }));

  const owns = (url: URL) =>
    url.origin === base.origin && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`));

  async function answer(request: Request | IncomingRequest): Promise<Answer> {
    const requestId = ctx.ids.requestId();
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length) || "/";
    const method = request.method.toLowerCase();
    let built: Request | undefined;
    const requestContext = (params: Record<string, string>): PublicRequestContext => ({
      // A getter, so that only a handler that reads it pays for a `Request` (never spread this object).
      get request() {
        built ??= isIncoming(request) ? request.toRequest() : request;
        return built;
      },
      url: basePath ? new URL(`${path}${url.search}`, url.origin) : url,
      params,
      query: url.searchParams,
      requestId,
      domain: ctx,
      json: () => readJson(request),
    });
    try {
      if (options.publicPrefix !== undefined && path.startsWith(options.publicPrefix)) {
        const { found } = match(publicOperations, path, method);
        if (!found) {
          throw new DomainError(
            "NOT_FOUND",
            `Failed to route the control request: no endpoint ${request.method.toUpperCase()} ${path}`,
          );
        }
        const reply = await found.operation.handle(requestContext(found.params));
        return jsonAnswer(reply.status, reply.body, requestId, reply.headers);
      }
      const principal = authenticate(ctx, bearerToken(request));
      const wait = options.rateLimiter?.take(principal.token);
      if (wait !== undefined) {
        const limited = new DomainError(
          "RATE_LIMITED",
          `Failed to accept the request: too many requests for this token; retry after ${wait} s`,
        );
        return errorAnswer(limited, requestId, wait);
      }
      const { found, pathMatched } = match(compiled, path, method);
      if (found) {
        const reply = await found.operation.handle(Object.assign(requestContext(found.params), { principal }));
        return jsonAnswer(reply.status, reply.body, requestId, reply.headers);
      }
      const planned = declared.find((d) => d.operation.method === method && d.pattern.test(path));
      if (planned) {
        throw new DomainError(
          "NOT_IMPLEMENTED",
          `Failed to ${method.toUpperCase()} ${planned.operation.path}: the fake does not implement this operation`,
        );
      }
      if (pathMatched || declared.some((d) => d.pattern.test(path))) {
        throw new DomainError("NOT_FOUND", `Failed to route the request: ${request.method} is not allowed on ${path}`);
      }
      throw new DomainError("NOT_FOUND", `Failed to route the request: no endpoint ${request.method} ${path}`);
    } catch (error) {
      if (error instanceof DomainError) return errorAnswer(error, requestId);
      options.log?.(`Unexpected error in ${request.method} ${path} (${requestId})`, error);
      return errorAnswer(
        new DomainError("INTERNAL", `Failed to ${request.method} ${path}: internal error (request ${requestId})`),
        requestId,
      );
    }
  }

  return { handle: async (request: Request) => toResponse(await answer(request)), answer, owns };
}
