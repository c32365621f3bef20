/**
 * Typed client for the Delivery Dispatch Platform API: typed calls, typed errors, retries, time limits, logging,
 * action polling, pagination and webhook verification.
 *
 * @packageDocumentation
 */

// Client: the entry point, its options and the per-call options
export { createClient, type ClientOptions, type DispatchClient, type HttpMethod, type PathsWith } from "./client.js";
export type { CallOptions, RetryInfo, RetryOptions, Sleep } from "./client-options.js";
export type { RequestInitOf } from "./client.js";
export { bearerAuth } from "./client.js";

// Logging: a console-like logger, and the events of the hooks on every attempt
export type { Logger, LogLevel, RequestEvent, ResponseEvent } from "./logging.js";

// Results: `unwrap()` a call for its data or a typed error (`withResponse()` with the raw Response too)
export { unwrap, withResponse, type DataOf } from "./client.js";

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
  type ErrorBody,
  type ErrorCode,
} from "./errors.js";

// Background actions: tell a 202's action from a 200's result, wait for it, or start one and wait
export {
  isAction,
  isAccepted,
  waitForAction,
  scheduleAndWait,
  publishAndWait,
  publishOutcome,
  deleteOrders,
  ActionFailedError,
  type Action,
  type ActionOf,
  type PublishOutcome,
  type PublishRouteNotDone,
  type DeleteFailureReason,
  type WaitOptions,
  type Solution,
} from "./actions.js";

// Pagination: every item (or page) of a list endpoint
export {
  paginate,
  type ItemOf,
  type ListParams,
  type Page,
  type PageMetadata,
  type PaginateOptions,
} from "./pagination.js";

// Webhooks: verify a delivery and get its typed event; sign one to test your endpoint
export {
  verifyWebhook,
  signWebhookForTest,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
} from "./webhooks.js";

// Contract types, generated from openapi.yaml
export type { paths, components, operations, webhooks } from "./generated/openapi.js";
