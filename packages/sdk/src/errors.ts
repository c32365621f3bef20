/**
 * Typed errors: one class per kind of failure, built from the API's single error body.
 *
 * @see `docs/api-contract.md` section 1 (error body and codes)
 */
import type { components } from "./generated/openapi.js";

/**
 * The closed set of error codes of the API (`Error.code` in openapi.yaml).
 *
 * @example
 * ```ts
 * if (apiError.code === ("ORDER_COMPLETED" satisfies ErrorCode)) console.warn("already delivered");
 * ```
 */
export type ErrorCode = components["schemas"]["ErrorCode"];

/**
 * One problem located in the request (`Error.details[]` in openapi.yaml).
 */
export type ErrorDetail = components["schemas"]["ErrorDetail"];

/**
 * The API's error body (`components.schemas.Error` in openapi.yaml).
 *
 * @example
 * ```ts
 * const { error } = await client.GET("/v2/workspaces");
 * const body: ErrorBody | undefined = error;
 * ```
 */
export type ErrorBody = components["schemas"]["Error"];

/**
 * Base class of every error the SDK throws, so one `instanceof` check catches them all.
 *
 * @example
 * ```ts
 * try {
 *   await unwrap(client.GET("/v2/workspaces"));
 * } catch (error) {
 *   if (error instanceof DispatchError) console.error(error.name, error.message);
 * }
 * ```
 */
export class DispatchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  static {
    named(DispatchError, "DispatchError");
  }

  /** The serialized form (`JSON.stringify(error)`): name and message, plus each class's own fields. Never a token. */
  toJSON(): DispatchErrorJson {
    return { name: this.name, message: this.message };
  }
}

/**
 * Name an error class for good: the class itself (`RateLimitError.name`, which bundlers would otherwise rename to
 * `_RateLimitError` or a minified letter) and its prototype's `name`, which every instance reads (non-enumerable,
 * so it stays out of `Object.keys` and `util.inspect`'s property list).
 */
export function named(cls: { prototype: Error }, name: string): void {
  Object.defineProperty(cls, "name", { value: name, configurable: true });
  Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true });
}

/**
 * The serialized form of any {@link DispatchError}: what `JSON.stringify(error)` writes. Subclasses add their own
 * fields (`status`, `code`, `timeoutMs`, `cause`…).
 *
 * @inline
 */
export interface DispatchErrorJson {
  name: string;
  message: string;
}

/**
 * The JSON form of an error's `cause` (a copy of the underlying error, without the token).
 *
 * @inline
 */
export interface CauseJson {
  name: string;
  message: string;
  code?: string;
}

/** The JSON form of a cause, when there is one. */
function causeJson(cause: unknown): CauseJson | undefined {
  if (!(cause instanceof Error)) return undefined;
  const code = (cause as { code?: unknown }).code;
  return { name: cause.name, message: cause.message, ...(typeof code === "string" ? { code } : {}) };
}

/**
 * JSON form of an {@link ApiError}: what `JSON.stringify(error)` writes (no headers, no token).
 *
 * @inline
 */
export interface ApiErrorJson extends DispatchErrorJson {
  name: string;
  status: number;
  code: ErrorCode | "UNKNOWN";
  message: string;
  requestId: string | undefined;
  details: ErrorDetail[];
  retryAfter?: number | undefined;
}

/**
 * Fields of an {@link ApiError}.
 *
 * @example
 * ```ts
 * const error = new ApiError({ status: 418, code: "UNKNOWN", message: "Failed to brew coffee: teapot" });
 * ```
 */
export interface ApiErrorInit {
  status: number;
  code: ErrorCode | "UNKNOWN";
  message: string;
  requestId?: string | undefined;
  details?: ErrorDetail[] | undefined;
  retryAfter?: number | undefined;
}

/**
 * An error answer of the API (4xx or 5xx). Holds only the status and the error body: never the request, its
 * headers or the token, so it is safe to log and to serialize.
 *
 * @example
 * ```ts
 * async function findOrder(orderUuid: string) {
 *   try {
 *     return await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }));
 *   } catch (error) {
 *     if (error instanceof NotFoundError) return undefined;
 *     if (error instanceof ApiError) console.error(error.code, error.requestId);
 *     throw error;
 *   }
 * }
 * ```
 */
export class ApiError extends DispatchError {
  /** HTTP status of the answer. */
  readonly status: number;
  /** Machine-readable code from the body; `UNKNOWN` when the body was not the API's error body. */
  readonly code: ErrorCode | "UNKNOWN";
  /** The request id (`x-request-id`): quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** Individual problems (validation failures name the field path). */
  readonly details: ErrorDetail[];

  static {
    named(ApiError, "ApiError");
  }

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
  }

  /**
   * Build the error class that fits an error answer: {@link ValidationError} for 400, {@link TokenExpiredError} for
   * 401 `TOKEN_EXPIRED`, {@link IdempotencyError} for 422 `IDEMPOTENCY_KEY_REUSED`, {@link RateLimitError} for 429
   * and so on; {@link ApiError} itself for the rest.
   *
   * @param response - the answer (only its status and headers are read).
   * @param body - its parsed body (the API's error body), or whatever it was.
   * @example
   * ```ts
   * const { data, error, response } = await client.GET("/v2/workspaces");
   * if (error) throw ApiError.from(response, error);
   * ```
   */
  static from(response: Pick<Response, "status" | "headers" | "statusText">, body: unknown): ApiError {
    const parsed = isErrorBody(body) ? body : undefined;
    const status = response.status;
    const init: ApiErrorInit = {
      status,
      code: parsed?.code ?? "UNKNOWN",
      message:
        parsed?.message ??
        `Failed to complete the request: HTTP ${status}${response.statusText ? ` ${response.statusText}` : ""}`,
      requestId: parsed?.requestId ?? response.headers.get("x-request-id") ?? undefined,
      details: parsed?.details,
    };
    if (status === 401)
      return init.code === "TOKEN_EXPIRED" ? new TokenExpiredError(init) : new UnauthorizedError(init);
    if (status === 400) return new ValidationError(init);
    if (status === 404) return new NotFoundError(init);
    if (status === 409) return new ConflictError(init);
    if (status === 422 && init.code === "IDEMPOTENCY_KEY_REUSED") return new IdempotencyError(init);
    if (status === 429) return new RateLimitError({ ...init, retryAfter: parseRetryAfter(response.headers) });
    if (status >= 500) return new ServerError(init);
    return new ApiError(init);
  }

  /** The safe serialized form (status, code, message, requestId, details). */
  override toJSON(): ApiErrorJson {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      requestId: this.requestId,
      details: this.details,
    };
  }
}

/**
 * 401 `UNAUTHORIZED`: the token is missing or unknown.
 *
 * @example
 * ```ts
 * if (error instanceof UnauthorizedError) redirectToLogin();
 * ```
 */
export class UnauthorizedError extends ApiError {
  static {
    named(UnauthorizedError, "UnauthorizedError");
  }
}

/**
 * 401 `TOKEN_EXPIRED`: the token was valid but has expired. Give `createClient` an `onTokenExpired` to refresh it
 * and retry automatically.
 *
 * @example
 * ```ts
 * const fresh = error instanceof TokenExpiredError ? await refreshToken() : undefined;
 * ```
 */
export class TokenExpiredError extends UnauthorizedError {
  static {
    named(TokenExpiredError, "TokenExpiredError");
  }
}

/**
 * 404 `NOT_FOUND`: unknown, deleted, or of another organization.
 *
 * @example
 * ```ts
 * const order = await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } })).catch((error) => {
 *   if (error instanceof NotFoundError) return null;
 *   throw error;
 * });
 * ```
 */
export class NotFoundError extends ApiError {
  static {
    named(NotFoundError, "NotFoundError");
  }
}

/**
 * 400 `VALIDATION_FAILED` or `INVALID_JSON`; `details` name the offending field paths.
 *
 * @example
 * ```ts
 * if (error instanceof ValidationError) for (const d of error.details) console.error(d.path, d.message);
 * ```
 */
export class ValidationError extends ApiError {
  static {
    named(ValidationError, "ValidationError");
  }
}

/**
 * 409: `CONFLICT`, `ORDER_COMPLETED`, `ORDER_NOT_PUBLISHED`, `ACTION_NOT_FINISHED`, or `IDEMPOTENCY_KEY_IN_USE` (a
 * request with the same `Idempotency-Key` was still being answered after the retries).
 *
 * @example
 * ```ts
 * if (error instanceof ConflictError && error.code === "ORDER_COMPLETED") console.warn("already delivered");
 * ```
 */
export class ConflictError extends ApiError {
  static {
    named(ConflictError, "ConflictError");
  }
}

/**
 * 422 `IDEMPOTENCY_KEY_REUSED`: the call's `Idempotency-Key` was used in the last 24 hours for a different request
 * (another path, query or body). Nothing was run; a new operation needs a new key.
 *
 * @example
 * ```ts
 * declare const error: unknown;
 * declare const workspaceUuid: string;
 * declare const orders: components["schemas"]["OrderInput"][];
 * if (error instanceof IdempotencyError) {
 *   // A new operation: send it with a new key.
 *   await unwrap(client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body: orders, idempotencyKey: crypto.randomUUID() }));
 * }
 * ```
 */
export class IdempotencyError extends ApiError {
  static {
    named(IdempotencyError, "IdempotencyError");
  }
}

/**
 * 429 `RATE_LIMITED`, thrown once the retries are used up; `retryAfter` is the server's hint in seconds.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) await sleep((error.retryAfter ?? 1) * 1000);
 * ```
 */
export class RateLimitError extends ApiError {
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;

  static {
    named(RateLimitError, "RateLimitError");
  }

  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfter = init.retryAfter;
  }

  override toJSON(): ApiErrorJson {
    return { ...super.toJSON(), retryAfter: this.retryAfter };
  }
}

/**
 * 5xx: the service failed (thrown once the retries are used up).
 *
 * @example
 * ```ts
 * if (error instanceof ServerError) console.error(`report request ${error.requestId}`);
 * ```
 */
export class ServerError extends ApiError {
  static {
    named(ServerError, "ServerError");
  }
}

/**
 * The request never got an answer: DNS, connection refused, reset, TLS. Thrown once the retries are used up. The
 * message names the method, the URL and what happened (`Failed to POST https://api.dispatch.example.com/v2/orders:
 * connect ECONNREFUSED 10.0.0.7:443`); `cause` is a copy of the underlying error with its `code` (`ECONNREFUSED`,
 * `ENOTFOUND`…) and without the token.
 *
 * @example
 * ```ts
 * if (error instanceof ConnectionError) showOfflineBanner();
 * ```
 */
export class ConnectionError extends DispatchError {
  static {
    named(ConnectionError, "ConnectionError");
  }

  override toJSON(): DispatchErrorJson & { cause?: CauseJson } {
    const cause = causeJson(this.cause);
    return { ...super.toJSON(), ...(cause ? { cause } : {}) };
  }
}

/**
 * `onTokenExpired` failed (it threw, or returned no token): the call cannot be re-sent with a fresh token. `cause`
 * is a copy of what it threw (name, message, code and stack, without the token).
 *
 * @example
 * ```ts
 * if (error instanceof TokenRefreshError) redirectToLogin();
 * ```
 */
export class TokenRefreshError extends DispatchError {
  static {
    named(TokenRefreshError, "TokenRefreshError");
  }

  override toJSON(): DispatchErrorJson & { cause?: CauseJson } {
    const cause = causeJson(this.cause);
    return { ...super.toJSON(), ...(cause ? { cause } : {}) };
  }
}

/**
 * A call (`timeoutMs` of the client or of the call) or a wait ({@link waitForAction}'s `timeoutMs`) took too long.
 *
 * @example
 * ```ts
 * if (error instanceof TimeoutError) console.warn(`gave up after ${error.timeoutMs} ms`);
 * ```
 */
export class TimeoutError extends DispatchError {
  /** The limit that was reached, in milliseconds. */
  readonly timeoutMs: number;

  static {
    named(TimeoutError, "TimeoutError");
  }

  constructor(message: string, timeoutMs: number) {
    super(message);
    this.timeoutMs = timeoutMs;
  }

  override toJSON(): DispatchErrorJson & { timeoutMs: number } {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs };
  }
}

/** Whether a value is the API's error body. */
function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { code?: unknown }).code === "string" &&
    typeof (body as { message?: unknown }).message === "string"
  );
}

/**
 * Seconds to wait from a `Retry-After` header (delta-seconds or HTTP-date), or `undefined`: `3` for `Retry-After: 3`.
 * Internal (not exported from the package).
 */
export function parseRetryAfter(headers: Pick<Headers, "get">, now: number = Date.now()): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - now) / 1000);
}
