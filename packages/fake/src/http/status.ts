/**
 * The one table from domain error codes to HTTP statuses (tRPC's getHTTPStatusCode idea).
 * @see `docs/api-contract.md` section 1
 */
import type { ErrorCode } from "../domain/errors.js";

/** HTTP status of each error code. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  ORDER_NOT_PUBLISHED: 409,
  ORDER_COMPLETED: 409,
  ACTION_NOT_FINISHED: 409,
  // Retry later: the first request with the key is still being answered (its retry then gets the replay).
  IDEMPOTENCY_KEY_IN_USE: 409,
  // Not 400 (the request is valid on its own) nor 409 (waiting never makes the key fit another request).
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
};
