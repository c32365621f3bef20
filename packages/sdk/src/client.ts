/**
 * The client: openapi-fetch typed from openapi.yaml, over the SDK's transport (auth, retries, timeouts, token
 * refresh), and `unwrap()` for throwing calls.
 */
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";
import { ApiError } from "./errors.js";
import type { paths } from "./generated/openapi.js";
import { type ClientOptions, clientHeaders, createTransport, type TokenSource } from "./transport.js";

export type { ClientOptions };

/**
 * The typed client: `client.GET("/v2/workspaces")` and friends for every operation of openapi.yaml (v1 and v2),
 * each returning openapi-fetch's `{ data, error, response }`. Per-call `retries`, `timeoutMs` and `idempotencyKey`
 * go beside `params` and `body` (see {@link CallOptions}).
 *
 * @example
 * ```ts
 * function listWorkspaces(client: DispatchClient) {
 *   return client.GET("/v2/workspaces");
 * }
 * ```
 */
export type DispatchClient = Client<paths>;

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
  const transport = createTransport(options);
  // The identification headers go in once through openapi-fetch (cheaper than setting them on every request).
  return createFetchClient<paths>({
    baseUrl: options.baseUrl,
    fetch: transport,
    headers: clientHeaders(options.userAgent),
  });
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
 * The `error` body of a failed openapi-fetch result type.
 *
 * @example
 * ```ts
 * type OrderError = ErrorOf<Awaited<ReturnType<DispatchClient["GET"]>>>; // ErrorBody
 * ```
 */
export type ErrorOf<R> = R extends { error: infer E; data?: never } ? E : never;

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
