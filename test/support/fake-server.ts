/**
 * `useFakeServer()`: a fake behind msw's setupServer for one test file, with every response validated against
 * openapi.yaml. A response that breaks the contract fails the test that caused it. Webhook deliveries the fake
 * sends to receivers mocked on the same server (`server.use(...)`) are validated too: their body must be a
 * `WebhookEvent`.
 */
import { createFake, type Fake, type FakeOptions } from "@dispatchkit/fake";
import { type SetupServer, setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { createContractValidator } from "./openapi-validator.js";

const validator = createContractValidator();

/** The per-file fake server. `fake` is recreated (same seed) before each test. */
export interface FakeServerHandle {
  readonly fake: Fake;
  /** The msw server: `server.use(http.post(receiverUrl, …))` mocks a webhook receiver for one test. */
  readonly server: SetupServer;
  /** Contract problems seen since the last test started. */
  readonly problems: string[];
}

/** Install a validated fake server for the current test file. */
export function useFakeServer(options: FakeOptions = {}): FakeServerHandle {
  const fake = createFake({ now: "2026-11-23T08:00:00Z", ...options });
  const server = setupServer(...fake.handlers);
  const problems: string[] = [];
  const pending: Promise<void>[] = [];
  const isFake = (url: string) => url === fake.baseUrl || url.startsWith(`${fake.baseUrl}/`);
  server.events.on("request:start", ({ request }) => {
    if (isFake(request.url) || !request.headers.has("x-dispatch-event-id")) return;
    pending.push(
      request
        .clone()
        .text()
        .then((text) => {
          let event: unknown;
          try {
            event = JSON.parse(text);
          } catch {
            problems.push(`delivery to ${request.url}: body is not JSON: ${text.slice(0, 100)}`);
            return;
          }
          problems.push(...validator.checkEvent(event).map((p) => `delivery to ${request.url}: ${p}`));
        }),
    );
  });
  server.events.on("response:mocked", ({ request, response }) => {
    // An injected network error (`fake.faults`) is no answer: there is nothing to validate.
    if (response.type === "error") return;
    // A receiver's answer is the test's, not the fake's.
    if (!isFake(request.url)) return;
    const copy = response.clone();
    pending.push(
      copy.text().then((text) => {
        problems.push(...validator.check(request.method, request.url, copy.status, copy.headers, text));
      }),
    );
  });
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  beforeEach(() => {
    fake.reset();
    problems.length = 0;
  });
  afterEach(async () => {
    server.resetHandlers();
    await Promise.all(pending.splice(0));
    expect(problems, "responses that break openapi.yaml").toEqual([]);
  });
  afterAll(() => server.close());
  return { fake, server, problems };
}
