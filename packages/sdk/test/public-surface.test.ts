/**
 * The SDK's public surface, pinned: every name `@dispatchkit/sdk` exports, values and types. Adding, removing or
 * renaming an export (or turning a value into a type-only export) fails this test until the list below is
 * updated, so the change shows up in review as a diff of this file.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listExports } from "../../../test/support/public-surface.js";

describe("the public surface of @dispatchkit/sdk", () => {
  it("is exactly the committed list", () => {
    expect(listExports(fileURLToPath(new URL("../src/index.ts", import.meta.url)))).toEqual([
      "ActionFailedError",
      "ApiError",
      "ConflictError",
      "ConnectionError",
      "DispatchError",
      "IdempotencyError",
      "NotFoundError",
      "RateLimitError",
      "ServerError",
      "TimeoutError",
      "TokenExpiredError",
      "TokenRefreshError",
      "UnauthorizedError",
      "ValidationError",
      "WebhookVerificationError",
      "bearerAuth",
      "createClient",
      "deleteOrders",
      "isAccepted",
      "isAction",
      "paginate",
      "publishAndWait",
      "publishOutcome",
      "scheduleAndWait",
      "signWebhookForTest",
      "type Action",
      "type ActionOf",
      "type CallOptions",
      "type ClientOptions",
      "type DataOf",
      "type DeleteAction",
      "type DispatchClient",
      "type ErrorBody",
      "type ErrorCode",
      "type ItemOf",
      "type Logger",
      "type Order",
      "type PublishAction",
      "type PublishOutcome",
      "type RequestEvent",
      "type RequestInitOf",
      "type ResponseEvent",
      "type RetryInfo",
      "type RetryOptions",
      "type Route",
      "type ScheduleAction",
      "type Sleep",
      "type Solution",
      "type UpdateAction",
      "type WaitOptions",
      "type Webhook",
      "type WebhookEvent",
      "type WebhookEventOf",
      "type Workspace",
      "type components",
      "type operations",
      "type paths",
      "type webhooks",
      "unwrap",
      "verifyWebhook",
      "waitForAction",
      "withResponse",
    ]);
  });
});
