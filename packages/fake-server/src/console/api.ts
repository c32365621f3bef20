/**
 * The console's client of the fake: the public API with a bearer token, the control API under `/_fake/` without
 * one. Its API reads carry `x-dispatch-console`, so the fake neither journals them nor answers them with the
 * faults a user injected for their app (the router's `CONSOLE_READ_HEADER`).
 */

/** A failed call, with the status and the error body's message. */
class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The console's client of one fake. */
export interface ConsoleApi {
  /** `GET` a path under the base URL and answer its JSON; `signal` abandons the call. */
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  /** Send a method with a JSON body (when given) and answer its JSON (null for 204). */
  send<T>(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T>;
  /** The token API calls carry. */
  token: string;
}

/** A client of the fake at `basePath` (the page's own origin). */
export function createConsoleApi(basePath: string, token: string): ConsoleApi {
  const api: ConsoleApi = {
    token,
    get: (path, signal) => call("GET", path, undefined, signal),
    send: (method, path, body) => call(method, path, body),
  };
  async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = {};
    const isApi = !path.startsWith("/_fake/");
    if (isApi) headers.authorization = `Bearer ${api.token}`;
    if (isApi && method === "GET") headers["x-dispatch-console"] = "read";
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${basePath}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    const json = text === "" ? null : (JSON.parse(text) as unknown);
    if (!response.ok) {
      const message = (json as { message?: string } | null)?.message ?? response.statusText;
      throw new ConsoleApiError(response.status, `${method} ${path}: ${response.status} ${message}`);
    }
    return json as T;
  }
  return api;
}

/**
 * Every page of a paginated list (`{ data, metadata: { nextPage } }`, 500 items a page), following `nextPage`;
 * `signal` abandons the reads.
 */
export async function allPages<T>(api: ConsoleApi, path: string, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = `${path}${path.includes("?") ? "&" : "?"}perPage=500`;
  while (next !== null) {
    const body: { data: T[]; metadata: { nextPage: string | null } } = await api.get(next, signal);
    items.push(...body.data);
    next = body.metadata.nextPage;
  }
  return items;
}
