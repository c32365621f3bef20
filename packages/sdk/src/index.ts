/**
 * Typed client for the Delivery Dispatch Platform API: typed calls, typed errors, retries, action polling,
 * pagination and webhook verification.
 *
 * @packageDocumentation
 */

// Client: the entry point, its options and the per-call options
export { createClient, type ClientOptions, type DispatchClient } from "./client.js";
export type { CallOptions, FetchLike, RetryInfo, RetryOptions, Sleep, TokenSource } from "./transport.js";
export { bearerAuth } from "./client.js";

// Results: `unwrap()` a call for its data or a typed error, or type the parts of `{ data, error, response }`
export { unwrap, type DataOf, type ErrorOf } from "./client.js";

// Errors: everything the SDK throws extends DispatchError; ApiError and its subclasses are error answers
export {
  DispatchError,
  ApiError,
  ValidationError,
  UnauthorizedError,
  TokenExpiredError,
  NotFoundError,
  ConflictError,
  IdempotencyError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
  type ApiErrorJson,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
} from "./errors.js";

// Background actions: wait for a 202's action, or start one and wait
export {
  waitForAction,
  scheduleAndWait,
  publishAndWait,
  deleteOrders,
  ActionFailedError,
  type Action,
  type ActionKind,
  type ActionOf,
  type ActionSummaries,
  type WaitOptions,
  type StartAndWaitOptions,
  type ScheduleRequest,
  type Solution,
  type PublishRequest,
  type DeleteOrdersOptions,
  type DeleteOrdersResult,
  type DeleteFailureReason,
} from "./actions.js";

// Pagination: every item (or page) of a list endpoint
export {
  paginate,
  type Paginator,
  type PaginateArgs,
  type PaginateOptions,
  type Page,
  type PageMetadata,
  type ListPath,
  type ListParams,
  type ListResponse,
  type ItemOf,
} from "./pagination.js";

// Webhooks: verify a delivery and get its typed event; sign one to test your endpoint
export {
  verifyWebhook,
  signWebhookForTest,
  WebhookVerificationError,
  WEBHOOK_HEADERS,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookVerificationReason,
  type SignedWebhook,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookEventOf,
} from "./webhooks.js";

// Contract types, generated from openapi.yaml
export type { paths, components, operations, webhooks } from "./generated/openapi.js";
