/**
 * The client: openapi-fetch typed from openapi.yaml, with bearer auth.
 */
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./generated/openapi.js";

/** A token, or a function that returns the current one (called before every request). */
export type TokenSource = string | (() => string | Promise<string>);

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Base URL of the API, e.g. `https://api.dispatch.example.com`. */
  baseUrl: string;
  /** API token, sent as `Authorization: Bearer <token>`. */
  token: TokenSource;
  /**
   * The fetch to use. Default: `globalThis.fetch`, looked up at call time, so MSW or other interceptors set up
   * after the client is created still see its requests.
   */
  fetch?: (request: Request) => Promise<Response>;
}

/** The typed client: `client.GET("/v2/workspaces")` and friends, each returning `{ data, error, response }`. */
export type DispatchClient = Client<paths>;

/** Middleware that sets the bearer token on every request. */
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
 * @example
 * ```ts
 * import { createClient } from "@dispatchkit/sdk";
 *
 * const client = createClient({ baseUrl: "https://api.dispatch.example.com", token: process.env.DISPATCH_TOKEN! });
 * const { data, error } = await client.GET("/v2/workspaces");
 * if (error) throw new Error(error.message);
 * console.log(data.data.map((w) => w.name));
 * ```
 */
export function createClient(options: ClientOptions): DispatchClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
  });
  client.use(bearerAuth(options.token));
  return client;
}
