/**
 * Typed client for the Delivery Dispatch Platform API: typed calls, typed errors, retries, time limits, logging,
 * action polling, pagination and webhook verification.
 *
 * @packageDocumentation
 */

// Client: the entry point, its options and the per-call options
export { createClient, type ClientOptions, type DispatchClient } from "./client.js";
export type { CallOptions, FetchLike, RetryInfo, RetryOptions, Sleep, TokenSource } from "./client-options.js";
export type { HttpMethod, PathsWith, RequestInitOf } from "./client.js";
export { bearerAuth } from "./client.js";

// Logging: a level or a console-like logger, and hooks on every attempt
export type { LoggingOptions, LogLevel, Logger, RequestEvent, ResponseEvent } from "./logging.js";

// Results: `unwrap()` a call for its data or a typed error (`withResponse()` with the raw Response too), or type
// the parts of `{ data, error, response }`
export { unwrap, withResponse, type DataOf, type ErrorOf } from "./client.js";

// Resources: the contract's main schemas by name
export type {
  Workspace,
  Order,
  Route,
  Webhook,
  ScheduleAction,
  PublishAction,
  UpdateAction,
  DeleteAction,
} from "./resources.js";

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
  TokenRefreshError,
  type DispatchErrorJson,
  type ApiErrorJson,
  type CauseJson,
  type ErrorBody,
  type ErrorCode,
  type ErrorDetail,
} from "./errors.js";

// Background actions: tell a 202's action from a 200's result, wait for it, or start one and wait
export {
  isAction,
  isAccepted,
  waitForAction,
  scheduleAndWait,
  publishAndWait,
  deleteOrders,
  ActionFailedError,
  type ActionFailure,
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
