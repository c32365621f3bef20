/**
 * The client: openapi-fetch typed from openapi.yaml, over the SDK's transport (auth, retries, timeouts, token
 * refresh, logging), with per-call options checked at compile time, and `unwrap()` / `withResponse()` for throwing
 * calls.
 */
import createFetchClient, { type FetchResponse, type MaybeOptionalInit, type Middleware } from "openapi-fetch";
import { target } from "./attempt-events.js";
import type { CallOptions, ClientOptions, TokenSource } from "./client-options.js";
import { timeLimitError, withDeadline } from "./deadline.js";
import { ApiError } from "./errors.js";
import type { paths } from "./generated/openapi.js";
import { checkCallInit, checkClientOptions } from "./option-checks.js";
import { type CallSettings, clientHeaders, createTransport, type Transport } from "./transport.js";

export type { ClientOptions };

/**
 * An HTTP method as the contract's `paths` spell it.
 *
 * @inline
 */
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/**
 * The paths of the contract that have an operation for `M`: `PathsWith<"post">` includes `"/v2/schedules"`.
 */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof paths];

/**
 * Everything a call of operation `M` on path `P` accepts beside the path: openapi-fetch's `params`, `body`,
 * `parseAs` and serializers (typed from the contract), the standard `RequestInit` members, and the SDK's
 * {@link CallOptions} (`timeoutMs`, `retries`, `idempotencyKey`, `signal`, `headers`). Not `fetch`: a call's own
 * fetch would bypass the SDK's transport (auth, retries, time limits); give `fetch` to `createClient`.
 *
 * @example
 * ```ts
 * const init: RequestInitOf<"/v2/orders", "get"> = { params: { query: { workspaceUuid } }, timeoutMs: 5_000 };
 * const { data } = await client.GET("/v2/orders", init);
 * ```
 */
export type RequestInitOf<P extends keyof paths, M extends HttpMethod> = Omit<
  NonNullable<MaybeOptionalInit<paths[P], M>>,
  "fetch" | "headers" | "signal"
> &
  CallOptions;

/** The keys of `T` that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** The keys of `Init` that a call does not take. */
type UnknownKeys<Init, Known> = Exclude<keyof Init, keyof Known>;

/**
 * No further argument when `Init` has only keys the call takes; otherwise one more argument is required, which no
 * call passes, so the call does not compile (an object literal fails earlier, naming the key). The check sits beside
 * the init rather than on it, so that `Init` is inferred from the argument alone (and `parseAs` types `data`).
 */
type KeyCheck<Init, Known> = [UnknownKeys<Init, Known>] extends [never]
  ? []
  : [unknownOption: `unknown option ${Extract<UnknownKeys<Init, Known>, string>}`];

/**
 * The init argument: required when the operation has required parameters or a required body. (Decided on `Init`,
 * which is the operation's whole init type when the argument is left out, as openapi-fetch does: a condition on the
 * path alone would stop `Init` from being inferred.)
 */
type InitArgs<Init, Known> =
  RequiredKeys<Init> extends never
    ? [init?: Init, ...check: KeyCheck<Init, Known>]
    : [init: Init, ...check: KeyCheck<Init, Known>];

/**
 * One HTTP method of the client: the path, then its {@link RequestInitOf}. The init is inferred (so `parseAs`
 * types `data`) and refused when it has a key the call does not take.
 */
type DispatchMethod<M extends HttpMethod> = <
  P extends PathsWith<M>,
  Init extends RequestInitOf<P, M> = RequestInitOf<P, M>,
>(
  path: P,
  ...init: InitArgs<Init, RequestInitOf<P, M>>
) => Promise<FetchResponse<paths[P][M] & Record<string | number, unknown>, Init, `${string}/${string}`>>;

/**
 * The typed client: `client.GET("/v2/workspaces")` and friends for every operation of openapi.yaml (v1 and v2),
 * each returning openapi-fetch's `{ data, error, response }`. Per-call options go beside `params` and `body` (see
 * {@link CallOptions}); an option the call does not take is a compile error.
 *
 * @example
 * ```ts
 * function listWorkspaces(client: DispatchClient) {
 *   return client.GET("/v2/workspaces", { timeoutMs: 5_000 });
 * }
 * ```
 */
export interface DispatchClient {
  /** Call any operation by method and path: `client.request("get", "/v2/workspaces")`. */
  request: <M extends HttpMethod, P extends PathsWith<M>, Init extends RequestInitOf<P, M> = RequestInitOf<P, M>>(
    method: M,
    path: P,
    ...init: InitArgs<Init, RequestInitOf<P, M>>
  ) => Promise<FetchResponse<paths[P][M] & Record<string | number, unknown>, Init, `${string}/${string}`>>;
  /** Call a GET operation. */
  GET: DispatchMethod<"get">;
  /** Call a PUT operation. */
  PUT: DispatchMethod<"put">;
  /** Call a POST operation. */
  POST: DispatchMethod<"post">;
  /** Call a DELETE operation. */
  DELETE: DispatchMethod<"delete">;
  /** Call an OPTIONS operation. */
  OPTIONS: DispatchMethod<"options">;
  /** Call a HEAD operation. */
  HEAD: DispatchMethod<"head">;
  /** Call a PATCH operation. */
  PATCH: DispatchMethod<"patch">;
  /** Call a TRACE operation. */
  TRACE: DispatchMethod<"trace">;
  /** Add openapi-fetch middleware (it runs before the SDK's transport sees the request). */
  use(...middleware: Middleware[]): void;
  /** Remove middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
}

/**
 * Middleware that sets the bearer token on every request (for a bare openapi-fetch client; `createClient` sets it
 * in its transport already).
 *
 * @example
 * ```ts
 * import createFetchClient from "openapi-fetch";
 * const raw = createFetchClient<paths>({ baseUrl });
 * raw.use(bearerAuth(() => session.token));
 * ```
 */
export function bearerAuth(token: TokenSource): Middleware {
  return {
    async onRequest({ request }) {
      const value = typeof token === "function" ? await token() : token;
      request.headers.set("Authorization", `Bearer ${value}`);
      return request;
    },
  };
}

/**
 * Create a typed client of the Delivery Dispatch Platform API.
 *
 * Calls return `{ data, error, response }` and never throw for an error answer (wrap them in {@link unwrap} to
 * get typed exceptions). They reject only when no answer came: {@link ConnectionError} after the retries,
 * {@link TimeoutError} after `timeoutMs`, or the abort reason of your `signal`.
 *
 * @example
 * ```ts
 * import { createClient, unwrap } from "@dispatchkit/sdk";
 *
 * const client = createClient({
 *   baseUrl: "https://api.dispatch.example.com",
 *   token: process.env.DISPATCH_TOKEN!,
 *   retries: 3,
 *   timeoutMs: 30_000,
 *   userAgent: "my-shop/1.4.0",
 * });
 * const { data, error } = await client.GET("/v2/workspaces");
 * if (error) throw new Error(error.message);
 * console.log(data.data.map((w) => w.name));
 *
 * // or, throwing typed errors:
 * const workspaces = await unwrap(client.GET("/v2/workspaces"));
 * ```
 */
export function createClient(options: ClientOptions): DispatchClient {
  checkClientOptions(options);
  const transport = createTransport(options, true);
  // The identification and default headers go in once through openapi-fetch (cheaper than setting them on every
  // request); the user's own headers win over the identification.
  const headers: Record<string, string> = clientHeaders(options.userAgent);
  if (options.headers) {
    new Headers(options.headers).forEach((value, name) => {
      headers[name] = value;
    });
  }
  const core = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: (request) => transport(request), headers });
  // openapi-fetch's generic `request`, without its per-path types (the public signatures carry them).
  const request = core.request as unknown as (method: string, path: string, init?: CallInit) => Promise<unknown>;

  const base = options.baseUrl.replace(/\/+$/, "");

  function call(method: string, path: string, init: CallInit | undefined): Promise<unknown> {
    if (init === undefined) {
      if (options.timeoutMs === undefined) return request(method, path, init);
      return withinTimeLimit(transport, request, method, path, undefined, {}, options.timeoutMs, base);
    }
    try {
      checkCallInit(init, method, base + path);
    } catch (error) {
      return Promise.reject(error); // a call reports its mistakes like its failures: it rejects
    }
    const timeoutMs = init.timeoutMs ?? options.timeoutMs;
    // The SDK's own options travel in the call's own `fetch`, not on the request openapi-fetch builds.
    if (init.timeoutMs === undefined && init.retries === undefined && init.idempotencyKey === undefined) {
      if (timeoutMs === undefined) return request(method, path, init);
      return withinTimeLimit(transport, request, method, path, init, {}, timeoutMs, base);
    }
    const { timeoutMs: _, retries, idempotencyKey, ...rest } = init;
    const settings: CallSettings = { retries, idempotencyKey };
    if (timeoutMs === undefined)
      return request(method, path, { ...rest, fetch: (r: Request) => transport(r, settings) });
    return withinTimeLimit(transport, request, method, path, rest, settings, timeoutMs, base);
  }

  const method = (name: string) => (path: string, init?: CallInit) => call(name, path, init);
  const client = {
    request: (name: string, path: string, init?: CallInit) => call(name, path, init),
    GET: method("GET"),
    PUT: method("PUT"),
    POST: method("POST"),
    DELETE: method("DELETE"),
    OPTIONS: method("OPTIONS"),
    HEAD: method("HEAD"),
    PATCH: method("PATCH"),
    TRACE: method("TRACE"),
    use: core.use,
    eject: core.eject,
  };
  return client as unknown as DispatchClient;
}

/** A call's init as the client passes it on: openapi-fetch's members and the SDK's options. */
type CallInit = CallOptions & Record<string, unknown>;

/**
 * Make a call within `timeoutMs`, reading its answer included. One deadline covers every attempt, the pauses
 * between them and the body: its signal goes on the request, so aborting it also aborts reading the body (the fetch
 * standard's rule), and the call settles at the deadline even with a fetch that ignores its signal. The transport
 * gets the deadline with the call's settings (for its retry decisions) instead of setting up its own.
 */
async function withinTimeLimit(
  transport: Transport,
  request: (method: string, path: string, init?: CallInit) => Promise<unknown>,
  method: string,
  path: string,
  init: CallInit | undefined,
  settings: CallSettings,
  timeoutMs: number,
  base: string,
): Promise<unknown> {
  let sent: Request | undefined; // the request as built, so that the error names its URL with the path filled in
  const deadline = withDeadline(init?.signal ?? undefined, timeoutMs, () =>
    timeLimitError(sent ? target(sent) : `${method.toUpperCase()} ${base}${path}`, timeoutMs),
  );
  const call: CallSettings = { ...settings, deadline };
  const fetch = (built: Request) => {
    sent = built;
    return transport(built, call);
  };
  try {
    return await deadline.within(request(method, path, { ...init, signal: deadline.signal, fetch }));
  } catch (error) {
    throw deadline.signal.aborted ? deadline.signal.reason : error;
  } finally {
    deadline.dispose();
  }
}

/**
 * The `data` of a successful openapi-fetch result type.
 *
 * @example
 * ```ts
 * type Workspaces = DataOf<Awaited<ReturnType<typeof client.GET<"/v2/workspaces">>>>;
 * ```
 */
export type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * Await a call and return its `data`, or throw the typed {@link ApiError} subclass for an error answer
 * (`NotFoundError`, `ValidationError`, `RateLimitError`…). The result stays fully typed.
 *
 * @example
 * ```ts
 * const order = await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }));
 * console.log(order.status);
 * ```
 */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R> | R,
): Promise<DataOf<R>> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw ApiError.from(response, error);
  return data as DataOf<R>;
}

/**
 * Like {@link unwrap}, but resolves with the raw `Response` beside the `data`: its status (200 or 202), headers
 * (`x-request-id`, `Retry-After`, rate-limit headers) and URL. Its body has been read already.
 *
 * @example
 * ```ts
 * const { data, response } = await withResponse(client.GET("/v2/workspaces"));
 * console.log(response.status, response.headers.get("x-request-id"), data.data.length);
 * ```
 */
export async function withResponse<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R> | R,
): Promise<{ data: DataOf<R>; response: Response }> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw ApiError.from(response, error);
  return { data: data as DataOf<R>, response };
}
