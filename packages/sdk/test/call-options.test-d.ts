/**
 * Type tests of what a call accepts and returns: the SDK's per-call options are typed and any other key is a
 * compile error; results narrow 200 from 202; resources have names; the logger and hooks are typed.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { DispatchErrorJson } from "../src/errors.js";
import {
  type Action,
  type ActionOf,
  type CallOptions,
  type ClientOptions,
  type components,
  createClient,
  type DeleteAction,
  isAccepted,
  isAction,
  type Logger,
  type Order,
  type PublishAction,
  type RequestInitOf,
  type ResponseEvent,
  type Route,
  type ScheduleAction,
  type Solution,
  type UpdateAction,
  unwrap,
  type Webhook,
  type Workspace,
  waitForAction,
  withResponse,
} from "../src/index.js";

type Schemas = components["schemas"];
const client = createClient({ baseUrl: "https://api.test", token: "t" });
const orderUuid = "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30";

describe("per-call options", () => {
  it("takes the SDK's options beside params and body", () => {
    void client.GET("/v2/workspaces", {
      timeoutMs: 5_000,
      retries: { maxRetries: 1, retryPost: true },
      idempotencyKey: "k1",
      signal: AbortSignal.timeout(1_000),
      headers: { "x-trace": "t1" },
    });
    void client.POST("/v2/schedules", {
      body: { workspaceUuid: "w", date: "2026-11-24" },
      retries: 0,
      idempotencyKey: "k2",
    });
    void client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } }, retries: false });
    expectTypeOf<CallOptions["timeoutMs"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CallOptions["idempotencyKey"]>().toEqualTypeOf<string | undefined>();
  });

  it("refuses unknown keys and wrong values at compile time", () => {
    // @ts-expect-error: retry, timeout and bogus are not options (retries, timeoutMs are)
    void client.GET("/v2/workspaces", { retry: 0, timeout: 5, bogus: true });
    // @ts-expect-error: timeoutMs is a number of milliseconds
    void client.GET("/v2/workspaces", { timeoutMs: "5s" });
    // @ts-expect-error: retries is a count, false or retry settings
    void client.GET("/v2/workspaces", { retries: true });
    // @ts-expect-error: idempotencyKey is a string
    void client.POST("/v2/schedules", { body: { workspaceUuid: "w", date: "2026-11-24" }, idempotencyKey: 7 });
    // @ts-expect-error: an unknown key beside required params
    void client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } }, timeout: 5 });
    const fromVariable = { params: { path: { orderUuid } }, timeout: 5 };
    // @ts-expect-error: an unknown key is refused from a variable too, not only in an object literal
    void client.GET("/v2/orders/{orderUuid}", fromVariable);
    // @ts-expect-error: a call's own fetch would bypass the SDK's transport (auth, retries, time limits)
    void client.GET("/v2/workspaces", { fetch: globalThis.fetch });
    // @ts-expect-error: client.request checks the same way
    void client.request("get", "/v2/workspaces", { bogus: 1 });
  });

  it("still requires the required parameters, and infers parseAs", async () => {
    // @ts-expect-error: the path parameter is required
    void client.GET("/v2/orders/{orderUuid}");
    // @ts-expect-error: the query parameter workspaceUuid is required
    void client.GET("/v2/orders", { timeoutMs: 5 });
    const { data: text } = await client.GET("/v2/workspaces", { parseAs: "text", timeoutMs: 5 });
    expectTypeOf(text).toEqualTypeOf<string | undefined>();
    const { data } = await client.GET("/v2/workspaces", { timeoutMs: 5 });
    expectTypeOf(data).toEqualTypeOf<Schemas["WorkspaceList"] | undefined>();
  });

  it("types the init of any operation, for wrappers", async () => {
    const init: RequestInitOf<"/v2/orders", "get"> = { params: { query: { workspaceUuid: "w" } }, timeoutMs: 5 };
    const { data } = await client.GET("/v2/orders", init);
    expectTypeOf(data).toEqualTypeOf<Schemas["OrderList"] | undefined>();
    // @ts-expect-error: not an option of a call
    const wrong: RequestInitOf<"/v2/workspaces", "get"> = { timeout: 5 };
    void wrong;
    type Get = typeof client.GET<"/v2/workspaces">;
    expectTypeOf<NonNullable<Awaited<ReturnType<Get>>["data"]>>().toEqualTypeOf<Schemas["WorkspaceList"]>();
  });
});

describe("client options", () => {
  it("types the logger and the hooks", () => {
    expectTypeOf<Console>().toExtend<Logger>();
    void createClient({ baseUrl: "b", token: "t", logger: "debug" });
    void createClient({ baseUrl: "b", token: "t", logger: console, logLevel: "warn", logBodies: true });
    void createClient({
      baseUrl: "b",
      token: "t",
      headers: { "x-tenant": "north" },
      onResponse: (event) => expectTypeOf(event).toEqualTypeOf<ResponseEvent>(),
    });
    // @ts-expect-error: not a level
    void createClient({ baseUrl: "b", token: "t", logger: "verbose" });
    // @ts-expect-error: not an option (timeoutMs is)
    const options: ClientOptions = { baseUrl: "b", token: "t", timeout: 5 };
    void options;
    expectTypeOf<ResponseEvent["status"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ResponseEvent["requestId"]>().toEqualTypeOf<string | undefined>();
  });
});

describe("200 or 202", () => {
  it("narrows an answer that may be an action both ways", async () => {
    const result = await unwrap(
      client.PUT("/v2/orders/{orderUuid}", {
        params: { path: { orderUuid } },
        body: { deliveryDate: "2026-11-24", locations: [{ address: "1 Main St" }] },
      }),
    );
    expectTypeOf(result).toEqualTypeOf<Schemas["Order"] | Schemas["Action"]>();
    if (isAction(result)) {
      expectTypeOf(result).toEqualTypeOf<Action>();
      // the 202's action, typed by the kind given, without a cast
      const done = await waitForAction(client, result, { kind: "update" });
      expectTypeOf(done).toEqualTypeOf<UpdateAction>();
    } else {
      expectTypeOf(result).toEqualTypeOf<Order>();
    }
    const unknownValue: unknown = JSON.parse("{}");
    if (isAction(unknownValue)) expectTypeOf(unknownValue).toEqualTypeOf<Action>();
  });

  it("narrows a result by its 202 status", async () => {
    const result = await withResponse(client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }));
    expectTypeOf(result.response).toEqualTypeOf<Response>();
    if (isAccepted(result)) expectTypeOf(result.data).toEqualTypeOf<Action>();
  });

  it("waits for a 202's action by kind, or for a stored uuid", async () => {
    const accepted = await unwrap(client.POST("/v2/routes/publish", { body: { workspaceUuid: "w", date: "d" } }));
    expectTypeOf(accepted).toEqualTypeOf<Action>();
    const done = await waitForAction(client, accepted, { kind: "publish" });
    expectTypeOf(done).toEqualTypeOf<PublishAction>();
    expectTypeOf(await waitForAction(client, accepted)).toEqualTypeOf<Action>();
    expectTypeOf(await waitForAction(client, "uuid", { kind: "delete" })).toEqualTypeOf<DeleteAction>();
  });
});

describe("names for the resources", () => {
  it("are the contract's schemas", () => {
    expectTypeOf<Workspace>().toEqualTypeOf<Schemas["Workspace"]>();
    expectTypeOf<Order>().toEqualTypeOf<Schemas["Order"]>();
    expectTypeOf<Route>().toEqualTypeOf<Schemas["Route"]>();
    expectTypeOf<Webhook>().toEqualTypeOf<Schemas["Webhook"]>();
    expectTypeOf<Solution>().toEqualTypeOf<Schemas["Solution"]>();
    expectTypeOf<ScheduleAction>().toEqualTypeOf<ActionOf<"schedule">>();
    expectTypeOf<PublishAction | UpdateAction | DeleteAction | ScheduleAction>().toEqualTypeOf<Action>();
  });

  it("serializes every error with at least its name and message", () => {
    expectTypeOf<ReturnType<Error["toString"]>>().toEqualTypeOf<string>();
    expectTypeOf<DispatchErrorJson>().toEqualTypeOf<{ name: string; message: string }>();
  });
});

describe("200 or 202 on a call's own result", () => {
  it("narrows the data of { data, error, response } by its 202 status", async () => {
    const result = await client.DELETE("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } });
    if (isAccepted(result)) expectTypeOf(result.data).toEqualTypeOf<Action>();
    else expectTypeOf(result.data).toEqualTypeOf<Schemas["DeleteResult"] | Action | undefined>();
  });
});
