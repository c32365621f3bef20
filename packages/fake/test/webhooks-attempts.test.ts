/**
 * How one webhook attempt ends (`docs/api-contract.md` section 6), seen through the fake's public API: which answers
 * acknowledge a delivery, what a failing in-process listener logs, the answer timeout and its option, in-process
 * listeners and their URLs, and attempts in flight when a run overlaps, or when the fake is reset or restored.
 */
import { createFake, type WebhookHandler } from "@dispatchkit/fake";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { exportFakeData, importFakeData, parseFakeData } from "../src/host/state-json.js";
import { clientOf, publish, scheduledRoute } from "./support/flow.js";

/** This file's answer timeout: short, so a timeout costs a fraction of a second. */
const TIMEOUT_MS = 300;
const server = useFakeServer({ webhooks: { timeoutMs: TIMEOUT_MS } });

const APP = "https://app.example.com/webhooks/dispatch";
const MIN = 60_000;

/** Subscribe `url` to `route.published` with the seeded token. */
async function subscribe(url: string) {
  const { data, response } = await clientOf(server.fake).POST("/v2/webhooks", {
    body: { url, events: ["route.published"] },
  });
  expect(response.status).toBe(201);
  if (!data) throw new Error("no subscription");
  return data;
}

/** Publish a route with one order: one `route.published` event. */
async function publishOneRoute() {
  const { route } = await scheduledRoute(server.fake, 1);
  await publish(server.fake, [route]);
}

/**
 * Listen at each URL with its handler, subscribe each URL (in this order) to `route.published`, publish one route
 * (one event, one delivery per URL), then run `body`; the listeners stop afterwards, whatever happens.
 */
async function withOneEvent(handlers: Record<string, WebhookHandler>, body: () => Promise<void>) {
  const stops = Object.entries(handlers).map(([url, handler]) => server.fake.webhooks.listen(url, handler));
  try {
    for (const url of Object.keys(handlers)) await subscribe(url);
    await publishOneRoute();
    await body();
  } finally {
    for (const stop of stops) stop();
  }
}

/**
 * The delivery log, one row per delivery: its URL, status, next attempt (epoch ms) and its attempts' result, status
 * and error.
 */
function log() {
  return server.fake.webhooks
    .deliveries()
    .map((d) => [
      d.url,
      d.status,
      d.nextAttemptAt === null ? null : Date.parse(d.nextAttemptAt),
      d.attempts.map((a) => [a.result, a.status, a.error]),
    ]);
}

/**
 * An in-process listener whose answers the test gives: every call is kept with its request and a function that
 * answers it; `called(n)` resolves once `n` calls have come in.
 */
function heldListener() {
  const calls: { request: Request; answer: (response: Response) => void }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const handler = (request: Request) =>
    new Promise<Response>((answer) => {
      calls.push({ request, answer });
      for (const waiter of waiters.splice(0)) {
        if (calls.length >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    });
  const called = (count: number) =>
    new Promise<void>((resolve) => {
      if (calls.length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  return { calls, handler, called };
}

/** The message of an aborted signal's reason. */
const reasonOf = (signal: AbortSignal | undefined) => (signal?.reason as Error | undefined)?.message;

describe("what acknowledges an attempt", () => {
  it("only a 2xx answer: 200, 204 and 299 succeed; 300, 302, 404 and 500 are retried in 1 min", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const statuses = [200, 204, 299, 300, 302, 404, 500];
    const urls = statuses.map((status) => `https://app.example.com/answers/${status}`);
    const handlers = Object.fromEntries(
      statuses.map((status, i) => [urls[i] ?? "", () => new Response(null, { status })]),
    );
    await withOneEvent(handlers, async () => {
      await fake.runUntilIdle();
      expect(log()).toEqual([
        [urls[0], "succeeded", null, [["succeeded", 200, null]]],
        [urls[1], "succeeded", null, [["succeeded", 204, null]]],
        [urls[2], "succeeded", null, [["succeeded", 299, null]]],
        [urls[3], "pending", t0 + MIN, [["rejected", 300, null]]],
        [urls[4], "pending", t0 + MIN, [["rejected", 302, null]]],
        [urls[5], "pending", t0 + MIN, [["rejected", 404, null]]],
        [urls[6], "pending", t0 + MIN, [["rejected", 500, null]]],
      ]);
    });
  });

  it("a listener that answers no Response, or throws something that is not an Error, fails the attempt with what it did", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const urls = ["no-response", "throws-string", "throws-with-cause", "throws-with-non-error-cause"].map(
      (path) => `https://app.example.com/${path}`,
    );
    const handlers: WebhookHandler[] = [
      () => ({ status: 204 }) as unknown as Response,
      () => {
        throw "receiver down";
      },
      () => {
        throw new Error("fetch failed", { cause: new Error("connect ECONNREFUSED 10.0.0.1:443") });
      },
      () => {
        throw new Error("receiver down", { cause: "maintenance" });
      },
    ];
    await withOneEvent(Object.fromEntries(handlers.map((handler, i) => [urls[i] ?? "", handler])), async () => {
      await fake.runUntilIdle();
      expect(log()).toEqual([
        [
          urls[0],
          "pending",
          t0 + MIN,
          [["connection_error", null, "the listener threw: the listener did not return a Response"]],
        ],
        [urls[1], "pending", t0 + MIN, [["connection_error", null, "the listener threw: receiver down"]]],
        [
          urls[2],
          "pending",
          t0 + MIN,
          [["connection_error", null, "the listener threw: fetch failed: connect ECONNREFUSED 10.0.0.1:443"]],
        ],
        [urls[3], "pending", t0 + MIN, [["connection_error", null, "the listener threw: receiver down"]]],
      ]);
    });
  });
});

describe("a subscription URL that is not http(s)", () => {
  it("(as an edited state file may hold) fails each attempt with a connection error that names it", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const other = "https://app.example.com/other";
    await subscribe(APP);
    await subscribe(other);
    await publishOneRoute();
    fake.webhooks.deliveries(); // the event's deliveries, pending, are part of the state now
    const edited = JSON.stringify(exportFakeData(fake))
      .replaceAll(APP, "ftp://app.example.com/webhooks/dispatch")
      .replaceAll(other, "/webhooks/dispatch");
    importFakeData(fake, parseFakeData(JSON.parse(edited)));
    await fake.runUntilIdle();
    expect(log()).toEqual([
      [
        "ftp://app.example.com/webhooks/dispatch",
        "pending",
        t0 + MIN,
        [
          [
            "connection_error",
            null,
            'Failed to deliver webhook: "ftp://app.example.com/webhooks/dispatch" is not an http(s) URL',
          ],
        ],
      ],
      [
        "/webhooks/dispatch",
        "pending",
        t0 + MIN,
        [["connection_error", null, 'Failed to deliver webhook: "/webhooks/dispatch" is not an absolute URL']],
      ],
    ]);
  });
});

describe("the answer timeout", () => {
  it("createFake refuses a webhooks.timeoutMs that is not a positive, finite number of milliseconds", () => {
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createFake({ webhooks: { timeoutMs } })).toThrow(
        new RangeError(`Failed to create the fake: webhooks.timeoutMs=${timeoutMs} is not a positive number`),
      );
    }
    expect(createFake({ webhooks: { timeoutMs: 0.5 } }).webhooks.deliveries()).toEqual([]);
    expect(createFake({ webhooks: {} }).webhooks.deliveries()).toEqual([]);
  });

  it("aborts the listener's request once no answer came in time, with the reason, and logs a timeout", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const listener = heldListener();
    await withOneEvent({ [APP]: listener.handler }, async () => {
      await fake.runUntilIdle();
      const signal = listener.calls[0]?.request.signal;
      expect(signal?.aborted).toBe(true);
      expect(reasonOf(signal)).toBe(`no answer within ${TIMEOUT_MS} ms`);
      expect(log()).toEqual([[APP, "pending", t0 + MIN, [["timeout", null, `no answer within ${TIMEOUT_MS} ms`]]]]);
    });
  });

  it("leaves an answered request alone: it is not aborted when the answer timeout would have run out", async () => {
    const { fake } = server;
    const requests: Request[] = [];
    const answer = (request: Request) => {
      requests.push(request);
      return new Response(null, { status: 204 });
    };
    await withOneEvent({ [APP]: answer }, async () => {
      // The timeout runs on real timers: faked here, so its instant can be passed without waiting.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      try {
        await fake.runUntilIdle();
        vi.advanceTimersByTime(TIMEOUT_MS);
      } finally {
        vi.useRealTimers();
      }
      expect(requests.map((request) => request.signal.aborted)).toEqual([false]);
      expect(log()).toEqual([[APP, "succeeded", null, [["succeeded", 204, null]]]]);
    });
  });
});

describe("in-process listeners", () => {
  it("take an http:// URL too (a local receiver), and meet the subscription however the URL is written", async () => {
    const { fake } = server;
    const local = "http://localhost:3000/hooks";
    const seen: string[] = [];
    const stops = [
      fake.webhooks.listen("HTTP://LOCALHOST:3000/hooks", (request) => {
        seen.push(request.url);
        return new Response(null, { status: 204 });
      }),
      fake.webhooks.listen("https://APP.example.com:443/webhooks/dispatch", (request) => {
        seen.push(request.url);
        return new Response(null, { status: 202 });
      }),
    ];
    try {
      await subscribe(local);
      await subscribe(APP);
      await publishOneRoute();
      await fake.runUntilIdle();
      // Both are sent at once, each signed asynchronously first: the listeners may be called in either order.
      expect([...seen].sort()).toEqual([local, APP].sort());
      expect(log().map(([url, status]) => [url, status])).toEqual([
        [local, "succeeded"],
        [APP, "succeeded"],
      ]);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it("unlisten(url) sends the URL's deliveries over HTTP again; it refuses a URL that is not absolute", async () => {
    const { fake } = server;
    const inProcess: string[] = [];
    fake.webhooks.listen(APP, () => {
      inProcess.push("listener");
      return new Response(null, { status: 500 });
    });
    await subscribe(APP);
    await publishOneRoute();
    await fake.runUntilIdle();
    expect(inProcess).toEqual(["listener"]);

    fake.webhooks.unlisten("https://APP.example.com/webhooks/dispatch");
    const overHttp: string[] = [];
    server.server.use(
      http.post(APP, ({ request }) => {
        overHttp.push(request.headers.get("x-dispatch-event-id") ?? "");
        return new Response(null, { status: 204 });
      }),
    );
    await fake.advance(MIN);
    expect(inProcess).toEqual(["listener"]);
    expect(overHttp).toEqual([fake.events[0]?.id]);
    expect(fake.webhooks.deliveries()[0]?.attempts.map((a) => [a.result, a.status])).toEqual([
      ["rejected", 500],
      ["succeeded", 204],
    ]);
    expect(() => fake.webhooks.unlisten("/webhooks/dispatch")).toThrow(
      new TypeError('Failed to stop listening for webhooks: "/webhooks/dispatch" is not an absolute URL'),
    );
  });

  it("a second listen on a URL replaces the first; the first one's stop() then leaves the second in place", async () => {
    const { fake } = server;
    const calls: string[] = [];
    const stopFirst = fake.webhooks.listen(APP, () => {
      calls.push("first");
      return new Response(null, { status: 204 });
    });
    const stopSecond = fake.webhooks.listen(APP, () => {
      calls.push("second");
      return new Response(null, { status: 204 });
    });
    try {
      stopFirst();
      await subscribe(APP);
      await publishOneRoute();
      await fake.runUntilIdle();
      expect(calls).toEqual(["second"]);
    } finally {
      stopSecond();
    }
  });
});

describe("attempts in flight", () => {
  it("are not started again by a run that overlaps them (the standalone server's runs may overlap)", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const listener = heldListener();
    await withOneEvent({ [APP]: listener.handler }, async () => {
      const running = fake.runUntilIdle();
      await listener.called(1);
      await fake.runUntilIdle(); // nothing else is due: the attempt is in flight
      expect(listener.calls).toHaveLength(1);
      expect(log()).toEqual([[APP, "pending", t0, []]]);
      listener.calls[0]?.answer(new Response(null, { status: 204 }));
      await running;
      expect(listener.calls).toHaveLength(1);
      expect(log()).toEqual([[APP, "succeeded", null, [["succeeded", 204, null]]]]);
    });
  });

  it("reset() aborts them: the receiver's request is aborted at once, and a late answer is never recorded", async () => {
    const { fake } = server;
    const listener = heldListener();
    await withOneEvent({ [APP]: listener.handler }, async () => {
      const running = fake.runUntilIdle();
      await listener.called(1);
      fake.reset();
      await running; // without waiting for the answer timeout
      const signal = listener.calls[0]?.request.signal;
      expect(signal?.aborted).toBe(true);
      expect(reasonOf(signal)).toBe("the fake was reset or restored");
      listener.calls[0]?.answer(new Response(null, { status: 204 }));
      await fake.runUntilIdle();
      expect(fake.webhooks.deliveries()).toEqual([]);
      expect(listener.calls).toHaveLength(1);
    });
  });

  it("reset() right as a run starts, before the attempt is sent: the run still ends at once, with nothing recorded", async () => {
    const { fake } = server;
    const listener = heldListener();
    await withOneEvent({ [APP]: listener.handler }, async () => {
      const running = fake.runUntilIdle(); // the attempt is being signed: not sent yet
      fake.reset();
      await running; // a listener that never answers does not hold it up
      // (whatever request may still reach the listener is aborted already)
      expect(listener.calls.filter((call) => !call.request.signal.aborted)).toEqual([]);
      expect(fake.webhooks.deliveries()).toEqual([]);
    });
  });

  it("restore() aborts them and drops their outcome: the restored delivery is due again, as it was", async () => {
    const { fake } = server;
    const t0 = fake.clock.now();
    const listener = heldListener();
    await withOneEvent({ [APP]: listener.handler }, async () => {
      expect(log()).toEqual([[APP, "pending", t0, []]]);
      const snapshot = fake.snapshot();
      const first = fake.runUntilIdle();
      await listener.called(1);

      fake.restore(snapshot);
      // Made again at once, while the aborted attempt is still winding down.
      const second = fake.runUntilIdle();
      await first;
      expect(reasonOf(listener.calls[0]?.request.signal)).toBe("the fake was reset or restored");
      expect(log()).toEqual([[APP, "pending", t0, []]]);
      // The new attempt is in flight: a further run leaves it alone.
      await fake.runUntilIdle();
      await listener.called(2);
      expect(listener.calls).toHaveLength(2);

      listener.calls[1]?.answer(new Response(null, { status: 204 }));
      await second;
      expect(listener.calls).toHaveLength(2);
      expect(log()).toEqual([[APP, "succeeded", null, [["succeeded", 204, null]]]]);
    });
  });
});
