/**
 * The request pipeline shared by every host: match an operation, authenticate, run the handler (at most once per
 * idempotency key), map domain errors to the one error body, stamp `x-request-id`. MSW handlers and `fake.fetch` call
 * {@link Router.handle} with a `Request`; the standalone server calls {@link Router.answer} with node's request and
 * writes the plain answer: one pipeline, so in-process and over-the-wire answers are the same bytes.
 */

import type { Context } from "../domain/context.js";
import { DomainError } from "../domain/errors.js";
import { authenticate } from "../domain/organizations.js";
import type { Principal } from "../domain/records.js";
import { type Answer, errorAnswer, jsonAnswer, toResponse } from "./answer.js";
import { answerOnce, KEY_HEADER } from "./idempotency.js";
import { type IncomingRequest, incomingFromFetch } from "./incoming-request.js";
import { nestsDeeperThan, TOO_DEEP } from "./json-nesting.js";
import { byRank, compilePathTemplate } from "./path-templates.js";
import type { RateLimiter } from "./rate-limit.js";
import { declaredTooLarge, MAX_BODY_BYTES, MAX_URL_BYTES, urlTooLong } from "./request-limits.js";

/** HTTP methods the API uses. */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** What a handler answers on success. */
interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Everything a handler gets about one request; `Params` are the path template's parameters. */
export interface PublicRequestContext<Params extends Record<string, string> = Record<string, string>> {
  /** The request as a fetch `Request` (the standalone server builds it when this is read). */
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

/** An operation answered without a token: the test-control endpoints under {@link ControlOperations.prefix}. */
export interface PublicOperation {
  method: HttpMethod;
  path: string;
  handle(ctx: PublicRequestContext): Reply | Promise<Reply>;
}

/** A problem the pipeline could not hand to a handler, with the response it gave. */
export type Logger = (message: string, error?: unknown) => void;

/** What the pipeline tells its {@link CallHooks} about one call of the API. */
export interface ApiCall {
  /** The request as received (its body read at most once, shared: {@link IncomingRequest.bytes}). */
  readonly request: IncomingRequest;
  readonly requestId: string;
  /** The method, upper-case. */
  readonly method: string;
  /** The path relative to the base URL, without the query. */
  readonly path: string;
  /** The contract operation that method and path name, or null when they name none. */
  readonly operationId: string | null;
  /** When the call arrived, on the fake's clock (epoch ms). */
  readonly receivedAt: number;
}

/**
 * A header the standalone console sends on its reads: a `GET` carrying it passes by the hooks, so the console
 * neither fills the request journal nor spends the faults meant for the app under test.
 */
const CONSOLE_READ_HEADER = "x-dispatch-console";

/**
 * Test control's hooks around every call of the API (faults, the request journal); control calls and the
 * console's reads ({@link CONSOLE_READ_HEADER}) pass by them.
 */
interface CallHooks {
  /**
   * Called after authentication and routing, right before the handler: an answer here answers the call and the
   * handler never runs (so the call changes nothing); undefined lets the handler answer (given at once, not as a
   * promise, when nothing is to be waited for).
   */
  intercept?(call: ApiCall): Answer | undefined | Promise<Answer | undefined>;
  /**
   * Called once the call is answered, whatever the answer (the request's body is still readable); a promise when it
   * reads the body.
   */
  record?(call: ApiCall, answer: Answer): Promise<void> | undefined;
}

interface CompiledOperation<O extends { path: string } = Operation> {
  operation: O;
  pattern: RegExp;
  names: string[];
  /** Literal segments first: `/v2/orders/actions/{id}` wins over `/v2/orders/{id}/complete`. */
  rank: string;
  /** The contract's operationId of this method and path (for the hooks), or null. */
  operationId: string | null;
}

function compile<O extends { path: string }>(operation: O, operationId: string | null = null): CompiledOperation<O> {
  const { pattern, names, rank } = compilePathTemplate(operation.path);
  return { operation, pattern, names: [...names], rank, operationId };
}

/** The pipeline's options. */
export interface RouterOptions {
  /** Base URL whose path prefix is stripped before matching, e.g. `https://api.example.com/api`. */
  baseUrl: string;
  /** The operations the fake implements. */
  operations: readonly Operation[];
  /**
   * Every operation of the contract, with its operationId: those the fake does not serve answer 501
   * NOT_IMPLEMENTED, and the operationId names the call for the {@link CallHooks}.
   */
  declared: readonly { method: HttpMethod; path: string; operationId?: string }[];
  /** Called with the cause whenever a handler throws something that is not a domain error (answered 500). */
  log?: Logger;
  /** Per-token rate limit, checked right after authentication (off when absent). */
  rateLimiter?: RateLimiter;
  /** The control endpoints, served only by `handle(request, { control: true })` (the node hosts). */
  control?: ControlOperations;
  /** Test control's hooks around each call of the API (none by default). */
  hooks?: CallHooks;
}

/**
 * Operations answered without a token, all under `prefix` (e.g. `/_fake/`): when served, a path under the prefix is
 * never authenticated, and one that matches none of them is a 404. Built on first use.
 */
interface ControlOperations {
  prefix: string;
  operations(): readonly PublicOperation[];
}

/** What one call of {@link Router.handle} serves beyond the API. */
interface Served {
  /** Also answer the control endpoints under {@link ControlOperations.prefix} (default false: the API alone). */
  control?: boolean;
}

/** The shared request pipeline. */
export interface Router {
  handle(request: Request, served?: Served): Promise<Response>;
  /** {@link Router.handle}'s answer as plain data, for a host that reads and writes HTTP itself. */
  answer(request: IncomingRequest, served?: Served): Promise<Answer>;
  /** Whether a URL is under the fake's base URL (hosts pass other requests through). */
  owns(url: URL): boolean;
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  // What every client sends, without splitting it.
  if (value === "application/json") return true;
  const type = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** One decoder for every body: a fatal decoder keeps no state between whole (non-streaming) decodes. */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Read a request's JSON body with the contract's 415 and 400 INVALID_JSON rules. */
async function readJson(request: IncomingRequest): Promise<unknown> {
  const encoding = request.header("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity") {
    throw new DomainError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Failed to read the request body: Content-Encoding ${JSON.stringify(encoding)} is not supported; send the body uncompressed`,
    );
  }
  if (!isJsonContentType(request.header("content-type"))) {
    throw new DomainError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Failed to read the request body: Content-Type must be application/json, got ${JSON.stringify(request.header("content-type") ?? "")}`,
    );
  }
  // Over the size limit, reading the body throws its 413 (a DomainError) here.
  const bytes = await request.bytes();
  let text: string;
  try {
    // JSON is UTF-8 (RFC 8259): bytes that are not are refused, never silently replaced by U+FFFD.
    text = STRICT_UTF8.decode(bytes);
  } catch {
    throw new DomainError("INVALID_JSON", "Failed to parse the request body as JSON: it is not valid UTF-8");
  }
  if (nestsDeeperThan(text)) throw new DomainError("INVALID_JSON", TOO_DEEP);
  try {
    return JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new DomainError("INVALID_JSON", `Failed to parse the request body as JSON: ${reason}`);
  }
}

/** A path parameter as sent; a malformed escape (`%ZZ`) is kept raw, so it matches no id (404, not 500). */
function decodePathSegment(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The bearer token of a request's `Authorization` header, or undefined (none, or not a bearer token). */
export function bearerToken(request: Pick<IncomingRequest, "header">): string | undefined {
  const header = request.header("authorization");
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Compiled operations by their templates' number of segments (each list most literal first): a template of N
 * segments matches only a path of N segments (N slashes, and one more when it ends with a slash), so a path is tried
 * against those alone, with the same first match.
 */
type BySegments<O extends { path: string }> = ReadonlyMap<number, readonly CompiledOperation<O>[]>;

function bySegments<O extends { path: string }>(sorted: readonly CompiledOperation<O>[]): BySegments<O> {
  const index = new Map<number, CompiledOperation<O>[]>();
  for (const c of sorted) {
    // The rank has a character per segment.
    const list = index.get(c.rank.length);
    if (list) list.push(c);
    else index.set(c.rank.length, [c]);
  }
  return index;
}

/** A path's number of segments as a template counts them (a trailing slash is none). */
function segmentsOf(path: string): number {
  let slashes = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 0x2f) slashes++;
  return path.endsWith("/") ? slashes - 1 : slashes;
}

/** The operation of `method` on `path` with its decoded parameters, and whether any operation has that path. */
function match<O extends { method: HttpMethod; path: string }>(
  index: BySegments<O>,
  path: string,
  method: string,
): { found?: { compiled: CompiledOperation<O>; params: Record<string, string> }; pathMatched: boolean } {
  let pathMatched = false;
  for (const c of index.get(segmentsOf(path)) ?? []) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.operation.method !== method) continue;
    const params: Record<string, string> = {};
    for (let i = 0; i < c.names.length; i++) params[c.names[i] as string] = decodePathSegment(m[i + 1] ?? "");
    return { found: { compiled: c, params }, pathMatched };
  }
  return { pathMatched };
}

/**
 * What a handler gets ({@link RequestContext}), one object per call: the `Request`, the URL and the query are built
 * only when a handler reads them (prototype getters; a handler destructures it, nothing spreads it).
 */
class HandlerContext {
  #request: IncomingRequest;
  #path: string;
  #url: URL | undefined;
  #query: URLSearchParams | undefined;
  readonly params: Record<string, string>;
  readonly requestId: string;
  readonly domain: Context;
  readonly principal: Principal | undefined;

  constructor(
    request: IncomingRequest,
    path: string,
    params: Record<string, string>,
    requestId: string,
    domain: Context,
    principal: Principal | undefined,
  ) {
    this.#request = request;
    this.#path = path;
    this.params = params;
    this.requestId = requestId;
    this.domain = domain;
    this.principal = principal;
  }

  get request(): Request {
    return this.#request.toRequest();
  }

  get url(): URL {
    this.#url ??= new URL(`${this.#path}${this.#request.search}`, this.#request.origin);
    return this.#url;
  }

  get query(): URLSearchParams {
    this.#query ??= new URLSearchParams(this.#request.search);
    return this.#query;
  }

  /**
   * A function of its own at each read, bound to this call: handlers destructure it (`({ json }) => json()`), and
   * most calls (reads) never ask for it, so it is made only when asked for.
   */
  get json(): () => Promise<unknown> {
    const request = this.#request;
    return () => readJson(request);
  }
}

/** The compiled operations and options one router answers with. */
interface Pipeline {
  readonly ctx: Context;
  readonly options: RouterOptions;
  /** The operations the fake implements, by segments, most literal first. */
  readonly compiled: BySegments<Operation>;
  /** Every operation of the contract (those not implemented answer 501). */
  readonly declared: readonly CompiledOperation<DeclaredOperation>[];
  /** The contract's operations that have an operationId, most literal first (the hooks' names). */
  readonly named: readonly CompiledOperation<DeclaredOperation>[];
  /** The control operations, compiled on first use. */
  controlOf(control: ControlOperations): BySegments<PublicOperation>;
}

type DeclaredOperation = RouterOptions["declared"][number];

/** What `route` fills in once it knows the call (the operation it matched, if any). */
interface Seen {
  call?: ApiCall | undefined;
  receivedAt: number;
}

function createPipeline(ctx: Context, options: RouterOptions): Pipeline {
  const idOf = new Map<string, string>();
  for (const d of options.declared) if (d.operationId !== undefined) idOf.set(`${d.method} ${d.path}`, d.operationId);
  const compiled = options.operations
    .map((operation) => compile(operation, idOf.get(`${operation.method} ${operation.path}`) ?? null))
    .sort(byRank);
  let controlOperations: BySegments<PublicOperation> | undefined;
  return {
    ctx,
    options,
    compiled: bySegments(compiled),
    declared: options.declared.map((d) => compile(d)),
    named: options.declared
      .filter((d) => d.operationId !== undefined)
      .map((d) => compile(d, d.operationId ?? null))
      .sort(byRank),
    controlOf(control) {
      controlOperations ??= bySegments(
        control
          .operations()
          .map((operation) => compile(operation))
          .sort(byRank),
      );
      return controlOperations;
    },
  };
}

/** The control prefix when this call serves the control endpoints, else undefined. */
const controlPrefix = (p: Pipeline, served: Served | undefined) =>
  served?.control ? p.options.control?.prefix : undefined;

/**
 * The hooks' view of a call of the API, or undefined for a control call or a console read (hooks never see those).
 * `operationId` is the matched operation's when the pipeline matched one, else looked up among the contract's.
 */
function apiCall(
  p: Pipeline,
  request: IncomingRequest,
  requestId: string,
  path: string,
  served: Served | undefined,
  receivedAt: number,
  operationId?: string | null,
): ApiCall | undefined {
  const prefix = controlPrefix(p, served);
  if (prefix !== undefined && path.startsWith(prefix)) return undefined;
  const method = request.method.toLowerCase();
  if (method === "get" && request.header(CONSOLE_READ_HEADER) !== null) return undefined;
  const id =
    operationId !== undefined
      ? operationId
      : (p.named.find((d) => d.operation.method === method && d.pattern.test(path))?.operationId ?? null);
  return { request, requestId, method: method.toUpperCase(), path, operationId: id, receivedAt };
}

/**
 * The 414/413 of a request over the limits, checked before authentication as a front proxy would (the URL, the
 * declared `Content-Length`), or undefined. A body that turns out larger answers 413 where it is read
 * ({@link readBody}: the JSON reader, the idempotency fingerprint), never buffered whole.
 */
function overLimits(request: IncomingRequest, requestId: string): Answer | undefined {
  // A parsed URL's path and query are percent-encoded ASCII: one character is one byte.
  const target = request.pathname.length + request.search.length;
  if (target > MAX_URL_BYTES) return errorAnswer(urlTooLong(MAX_URL_BYTES, target), requestId);
  const declared = declaredTooLarge(request.header("content-length"), MAX_BODY_BYTES);
  if (!declared) return undefined;
  request.discard();
  return errorAnswer(declared, requestId);
}

/** One call being routed: the request, its id and path, and the handler context it builds. */
interface Call {
  readonly p: Pipeline;
  readonly request: IncomingRequest;
  readonly requestId: string;
  readonly path: string;
  readonly served: Served | undefined;
  readonly seen: Seen;
}

const requestContext = (call: Call, params: Record<string, string>, principal?: Principal): RequestContext =>
  new HandlerContext(call.request, call.path, params, call.requestId, call.p.ctx, principal) as RequestContext;

/** The one error answer of anything a handler or the pipeline threw (unexpected errors: 500, logged). */
function failure({ p, request, path, requestId }: Call, error: unknown): Answer {
  if (error instanceof DomainError) return errorAnswer(error, requestId);
  p.options.log?.(`Unexpected error in ${request.method} ${path} (${requestId})`, error);
  return errorAnswer(
    new DomainError("INTERNAL", `Failed to ${request.method} ${path}: internal error (request ${requestId})`),
    requestId,
  );
}

/** A control call: no token, and a path under the prefix that matches no control operation is a 404. */
async function routeControl(call: Call, control: ControlOperations): Promise<Answer> {
  const { found } = match(call.p.controlOf(control), call.path, call.request.method.toLowerCase());
  if (!found) {
    throw new DomainError(
      "NOT_FOUND",
      `Failed to route the control request: no endpoint ${call.request.method.toUpperCase()} ${call.path}`,
    );
  }
  const reply = await found.compiled.operation.handle(requestContext(call, found.params));
  return jsonAnswer(reply.status, reply.body, call.requestId, reply.headers);
}

/**
 * The handler's answer, failures included (what an idempotency key keeps and replays): at once when the handler
 * answers at once (a read), else when its promise settles.
 */
function handlerAnswer(
  call: Call,
  operation: CompiledOperation,
  params: Record<string, string>,
  principal: Principal,
): Answer | Promise<Answer> {
  const answered = (reply: Reply) => jsonAnswer(reply.status, reply.body, call.requestId, reply.headers);
  try {
    const reply = operation.operation.handle(requestContext(call, params, principal));
    if (!(reply instanceof Promise)) return answered(reply);
    return reply.then(answered).then(undefined, (error: unknown) => failure(call, error));
  } catch (error) {
    return failure(call, error);
  }
}

/**
 * A call of an operation the fake implements: the hooks, then the handler (through an idempotency key on a POST).
 * Answered without a promise when nothing is to be waited for (no fault fires, the handler answers at once).
 */
function routeOperation(
  call: Call,
  operation: CompiledOperation,
  params: Record<string, string>,
  principal: Principal,
): Answer | Promise<Answer> {
  const { p, request, requestId, path, served, seen } = call;
  const hooks = p.options.hooks;
  if (hooks) seen.call = apiCall(p, request, requestId, path, served, seen.receivedAt, operation.operationId);
  const handled = (): Answer | Promise<Answer> => {
    // A call without an Idempotency-Key (a read, most POSTs) is answered as it comes.
    if (request.method.toLowerCase() !== "post" || request.header(KEY_HEADER) === null) {
      return handlerAnswer(call, operation, params, principal);
    }
    // The query is parsed only for an Idempotency-Key's fingerprint: most POSTs in a test's loop send none.
    const keyed = {
      request,
      principal,
      path,
      get query() {
        return new URLSearchParams(request.search);
      },
    };
    return answerOnce(p.ctx, keyed, async () => handlerAnswer(call, operation, params, principal));
  };
  // Most calls meet no fault: then the hook answers at once, without a promise to wait for.
  const hooked = seen.call && hooks?.intercept ? hooks.intercept(seen.call) : undefined;
  if (hooked instanceof Promise) return hooked.then((intercepted) => intercepted ?? handled());
  return hooked ?? handled();
}

/** A call no implemented operation matched: 501 for the contract's others, else 404 (method or path unknown). */
function notRouted({ p, request, path }: Call, pathMatched: boolean): never {
  const method = request.method.toLowerCase();
  const planned = p.declared.find((d) => d.operation.method === method && d.pattern.test(path));
  if (planned) {
    throw new DomainError(
      "NOT_IMPLEMENTED",
      `Failed to ${method.toUpperCase()} ${planned.operation.path}: the fake does not implement this operation`,
    );
  }
  if (pathMatched || p.declared.some((d) => d.pattern.test(path))) {
    throw new DomainError("NOT_FOUND", `Failed to route the request: ${request.method} is not allowed on ${path}`);
  }
  throw new DomainError("NOT_FOUND", `Failed to route the request: no endpoint ${request.method} ${path}`);
}

/** Route a call: its answer (failures included), at once when nothing is to be waited for. */
function route(call: Call): Answer | Promise<Answer> {
  const { p, request, requestId, path, served } = call;
  const failed = (error: unknown) => failure(call, error);
  try {
    const prefix = controlPrefix(p, served);
    if (prefix !== undefined && p.options.control && path.startsWith(prefix)) {
      return routeControl(call, p.options.control).then(undefined, failed);
    }
    const principal = authenticate(p.ctx, bearerToken(request));
    const wait = p.options.rateLimiter?.take(principal.token);
    if (wait !== undefined) {
      const limited = new DomainError(
        "RATE_LIMITED",
        `Failed to accept the request: too many requests for this token; retry after ${wait} s`,
      );
      return errorAnswer(limited, requestId, wait);
    }
    const { found, pathMatched } = match(p.compiled, path, request.method.toLowerCase());
    if (found) {
      const answer = routeOperation(call, found.compiled, found.params, principal);
      return answer instanceof Promise ? answer.then(undefined, failed) : answer;
    }
    notRouted(call, pathMatched);
  } catch (error) {
    return failed(error);
  }
}

/** Build the pipeline over a context and its operations. */
export function createRouter(ctx: Context, options: RouterOptions): Router {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const p = createPipeline(ctx, options);
  const owns = (url: URL) =>
    url.origin === base.origin && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`));
  /** The path relative to the base URL (`/` at the base itself). */
  const relative = (pathname: string) => (basePath ? pathname.slice(basePath.length) : pathname) || "/";

  /** Answer a request, and tell the `record` hook about every call of the API with its answer. */
  async function answer(request: IncomingRequest, served?: Served): Promise<Answer> {
    const requestId = ctx.ids.requestId();
    const refused = overLimits(request, requestId);
    if (refused) return refused;
    const path = relative(request.pathname);
    const record = options.hooks?.record;
    const seen: Seen = { receivedAt: ctx.clock.now() };
    const routed = route({ p, request, requestId, path, served, seen });
    const answered = routed instanceof Promise ? await routed : routed;
    if (!record) return answered;
    const call = seen.call ?? apiCall(p, request, requestId, path, served, seen.receivedAt);
    // A call without a body is journaled at once (no promise to wait for).
    const recorded = call ? record(call, answered) : undefined;
    if (recorded) await recorded;
    return answered;
  }

  return {
    handle: async (request, served) => toResponse(await answer(incomingFromFetch(request), served)),
    answer,
    owns,
  };
}
