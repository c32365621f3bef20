/**
 * A small dispatch app on top of `@dispatchkit/sdk`: plan a day's deliveries onto vans, publish the plan to the
 * drivers, and receive the service's webhooks. It knows nothing of the fake: its tests hand it a client pointed at
 * the fake, as production hands it one pointed at the service.
 */
import {
  type DispatchClient,
  publishAndWait,
  type Sleep,
  scheduleAndWait,
  unwrap,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from "@dispatchkit/sdk";

/** A delivery to plan: who, where, and the hours the customer is in. */
export interface Delivery {
  customer: string;
  address: string;
  latitude: number;
  longitude: number;
  /** `["09:00", "12:00"]`: local start and end of the customer's time window. */
  window: [string, string];
}

/** A van for the day: its shift and its depot. */
export interface Van {
  name: string;
  shift: [string, string];
  depot: { address: string; latitude: number; longitude: number };
}

/** The plan of a day, as the app shows it to the dispatcher. */
export interface DayPlan {
  workspaceUuid: string;
  date: string;
  routeUuids: string[];
  /** Planned orders per van name, in driving order (customer names). */
  stops: Record<string, string[]>;
  /** Customers the plan could not fit. */
  unplanned: string[];
}

/** How the app waits for the service's background work: in production real time, in tests the fake's clock. */
export interface WaitOptions {
  sleep?: Sleep;
  /** Called with every state of the scheduling run the app polls (`pending`, then `finished` or `failed`). */
  onProgress?: (status: string) => void;
}

/** Create a day's orders and vans in the first workspace and plan them; resolves when the plan is ready. */
export async function planDay(
  client: DispatchClient,
  date: string,
  deliveries: Delivery[],
  vans: Van[],
  options: WaitOptions = {},
): Promise<DayPlan> {
  const workspace = (await unwrap(client.GET("/v2/workspaces"))).data[0];
  if (!workspace) throw new Error("Failed to plan the day: the organization has no workspace");
  const workspaceUuid = workspace.uuid;
  const { data: orders } = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: deliveries.map((d) => ({
        name: d.customer,
        deliveryDate: date,
        locations: [{ address: d.address, latitude: d.latitude, longitude: d.longitude }],
        timeWindows: [{ startTime: d.window[0], endTime: d.window[1] }],
      })),
    }),
  );
  const { data: routes } = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: vans.map((van) => ({
          name: van.name,
          date,
          startTime: van.shift[0],
          endTime: van.shift[1],
          startLocation: van.depot,
        })),
      },
    }),
  );
  const customerOf = new Map(orders.map((order, i) => [order.uuid, deliveries[i]?.customer ?? order.uuid]));
  const vanOf = new Map(routes.map((route) => [route.uuid, route.name]));
  const plan = await scheduleAndWait(
    client,
    { workspaceUuid, date, orders: orders.map((o) => o.uuid), routes: routes.map((r) => r.uuid) },
    {
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.onProgress ? { onProgress: (action) => options.onProgress?.(action.status) } : {}),
    },
  );
  const stops: Record<string, string[]> = {};
  for (const route of plan.routes) {
    stops[vanOf.get(route.routeUuid) ?? route.routeUuid] = route.stops.map((s) => customerOf.get(s.orderUuid) ?? "?");
  }
  return {
    workspaceUuid,
    date,
    routeUuids: routes.map((r) => r.uuid),
    stops,
    unplanned: plan.unscheduled.map((u) => customerOf.get(u.orderUuid) ?? u.orderUuid),
  };
}

/** Send the plan's routes to the drivers' app; resolves when they are published. */
export async function publishDay(client: DispatchClient, plan: DayPlan, options: WaitOptions = {}): Promise<void> {
  await publishAndWait(
    client,
    { workspaceUuid: plan.workspaceUuid, date: plan.date, routeUuids: plan.routeUuids },
    options.sleep ? { sleep: options.sleep } : {},
  );
}

/** Subscribe the app's webhook endpoint to route and order events; answers the secret to verify deliveries with. */
export async function subscribeToEvents(client: DispatchClient, url: string): Promise<string> {
  const subscription = await unwrap(
    client.POST("/v2/webhooks", { body: { url, events: ["route.published", "order.status_updated"] } }),
  );
  return subscription.secret;
}

/** Options of the webhook endpoint. */
export interface WebhookEndpointOptions {
  /** The subscription's secret (during a rotation, the new one and the old one). */
  secret: string | readonly string[];
  /** What the app does with a verified event. */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
  /** The current time in ms since the epoch, for the timestamp check (default: real time). */
  now?: () => number;
}

/**
 * The app's webhook endpoint as a fetch-style handler (a `Request` in, a `Response` out: Hono, Next.js route
 * handlers, Bun, Deno, or `fake.webhooks.listen` in tests). Answers 204 for a verified event and 400 for a
 * delivery whose signature does not check out, so the service retries it and nothing unverified is acted on.
 */
export function createWebhookEndpoint(options: WebhookEndpointOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const rawBody = await request.text();
    let event: WebhookEvent;
    try {
      event = await verifyWebhook({
        rawBody,
        headers: request.headers,
        secret: options.secret,
        ...(options.now ? { now: options.now() } : {}),
      });
    } catch (error) {
      if (error instanceof WebhookVerificationError) return new Response(error.reason, { status: 400 });
      throw error;
    }
    await options.onEvent(event);
    return new Response(null, { status: 204 });
  };
}
