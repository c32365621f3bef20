/**
 * Typed client for the Delivery Dispatch Platform API: typed calls, typed errors, retries, action polling,
 * pagination and webhook verification.
 *
 * @packageDocumentation
 */

// Background actions
export {
  type Action,
  ActionFailedError,
  type ActionKind,
  type ActionOf,
  type ActionSummaries,
  type DeleteFailureReason,
  type DeleteOrdersOptions,
  type DeleteOrdersResult,
  deleteOrders,
  MAX_DELETE_BATCH,
  type PublishRequest,
  publishAndWait,
  type ScheduleRequest,
  type Solution,
  type StartAndWaitOptions,
  scheduleAndWait,
  type WaitOptions,
  waitForAction,
} from "./actions.js";
// Client
export {
  bearerAuth,
  type ClientOptions,
  createClient,
  type DataOf,
  type DispatchClient,
  type ErrorOf,
  unwrap,
} from "./client.js";
// Errors
export {
  ApiError,
  type ApiErrorInit,
  type ApiErrorJson,
  ConflictError,
  ConnectionError,
  DispatchError,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
  isErrorBody,
  NotFoundError,
  parseRetryAfter,
  RateLimitError,
  ServerError,
  TimeoutError,
  TokenExpiredError,
  UnauthorizedError,
  ValidationError,
} from "./errors.js";
// Contract types, generated from openapi.yaml
export type { components, operations, paths, webhooks } from "./generated/openapi.js";

// Pagination
export {
  type ItemOf,
  type ListParams,
  type ListPath,
  type ListResponse,
  type Page,
  type PageMetadata,
  type PaginateArgs,
  type PaginateOptions,
  type Paginator,
  paginate,
} from "./pagination.js";
// Transport: auth, retries, timeouts, token refresh
export {
  backoffDelay,
  type CallOptions,
  createTransport,
  defaultSleep,
  type FetchLike,
  isRetryableStatus,
  type RetryInfo,
  type RetryOptions,
  SDK_VERSION,
  type Sleep,
  type TokenSource,
  type TransportOptions,
} from "./transport.js";
// Webhooks
export {
  type SignedWebhook,
  signWebhookForTest,
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_HEADERS,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "./webhooks.js";
