/**
 * Helpers of the scripted-failure tests: an msw server for the test file, error bodies, and a client whose
 * backoff sleeps are recorded instead of waited.
 */
import { HttpResponse, http } from "msw";
import { type SetupServer, setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { type ClientOptions, createClient, type RetryOptions } from "../../src/index.js";

/** Base URL of the scripted server. */
export const BASE = "https://api.test";

/** The token the scripted clients send (asserted absent from every error). */
export const TOKEN = "tok_live_5ecret_never_logged";

/** An msw server for the current test file, with no handlers until a test adds some (`server.use`). */
export function useScriptedServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** After each test of the file: real timers again, globals unstubbed, spies and mocks restored. */
export function undoStubsAfterEach(): void {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The API's error body. */
export function errorBody(code: string, message = `Failed: ${code}`, details?: { path: string; message: string }[]) {
  return { code, message, requestId: "req_0001", ...(details ? { details } : {}) };
}

/** A workspace list answer. */
export function workspaceList(name = "Main") {
  return {
    data: [{ uuid: "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15", workspaceId: 1, name, timezone: "Europe/Berlin" }],
    metadata: { nextPage: null, totalPages: 1, totalItems: 1 },
  };
}

/** A client with recorded (not waited) backoff sleeps and a fixed jitter of 0.5. */
export function scriptedClient(options: Partial<ClientOptions> & { retry?: RetryOptions } = {}) {
  const sleeps: number[] = [];
  const { retry, ...rest } = options;
  const client = createClient({
    baseUrl: BASE,
    token: TOKEN,
    retries: {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      ...retry,
    },
    ...rest,
  });
  return { client, sleeps };
}

/** An error answer with the API's error body (code `INTERNAL`) and the given status. */
export const errorStatus = (code: number) => HttpResponse.json(errorBody("INTERNAL"), { status: code });

/** A route of `server` that answers in turn (the last one repeats); returns what was asked, as it is asked. */
export function scriptRoute(server: SetupServer) {
  return (method: "get" | "post" | "put" | "patch" | "delete", path: string, answers: (() => Response)[]) => {
    const seen: Request[] = [];
    server.use(
      http[method](`${BASE}${path}`, ({ request }) => {
        seen.push(request.clone());
        const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
        if (!answer) throw new Error("no answer scripted");
        return answer();
      }),
    );
    return seen;
  };
}

/** An error answer: the API's error body (`RATE_LIMITED` for a 429, else `INTERNAL`, unless given) and headers. */
export const errorAnswer = (code: number, body = errorBody(code === 429 ? "RATE_LIMITED" : "INTERNAL"), headers = {}) =>
  HttpResponse.json(body, { status: code, headers });

/** A 202 with a pending scheduling action. */
export const accepted = () =>
  HttpResponse.json(
    {
      actionUuid: "d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a",
      actionName: "schedule",
      status: "pending",
      createdAt: "2026-11-23T17:30:00.000Z",
    },
    { status: 202 },
  );

/** The body of a scheduling run. */
export const scheduleBody = { workspaceUuid: "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15", date: "2026-11-24" };

/** A version 4 UUID, as idempotency keys are made. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
