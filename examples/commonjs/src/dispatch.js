// @ts-check
// A CommonJS module on @dispatchkit/sdk: everything through require(), typed from the SDK's CommonJS declarations
// (index.d.cts) by JSDoc. It plans a day's deliveries onto one van and reports what the driver will do.
const { createClient, publishAndWait, scheduleAndWait, unwrap, NotFoundError } = require("@dispatchkit/sdk");

/**
 * A client for the service (or the fake) at `baseUrl`.
 * @param {{ baseUrl: string, token: string, fetch?: (request: Request) => Promise<Response> }} options
 */
function connect(options) {
  return createClient(options);
}

/**
 * Create the day's orders and a van in the first workspace, plan them and publish the van's route.
 * @param {import("@dispatchkit/sdk").DispatchClient} client
 * @param {string} date YYYY-MM-DD
 * @param {{ name: string, address: string, latitude: number, longitude: number }[]} stops
 * @returns {Promise<{ routeUuid: string, order: string[], unscheduled: number }>} the stops' names in driving order
 */
async function planAndPublish(client, date, stops) {
  const { data: workspaces } = await unwrap(client.GET("/v2/workspaces"));
  const workspaceUuid = workspaces[0]?.uuid;
  if (!workspaceUuid) throw new Error("Failed to plan the day: the organization has no workspace");
  const { data: orders } = await unwrap(
    client.POST("/v2/orders", {
      params: { query: { workspaceUuid } },
      body: stops.map(({ name, ...location }) => ({ name, deliveryDate: date, locations: [location] })),
    }),
  );
  const { data: routes } = await unwrap(
    client.POST("/v2/routes", {
      body: {
        workspaceUuid,
        routes: [
          {
            name: "Van 1",
            date,
            startTime: "08:00",
            endTime: "18:00",
            startLocation: { address: "Depot", latitude: 52.52, longitude: 13.405 },
          },
        ],
      },
    }),
  );
  const routeUuid = routes[0]?.uuid;
  if (!routeUuid) throw new Error("Failed to plan the day: the route was not created");
  const plan = await scheduleAndWait(client, {
    workspaceUuid,
    date,
    orders: orders.map((o) => o.uuid),
    routes: [routeUuid],
  });
  await publishAndWait(client, { workspaceUuid, date, routeUuids: [routeUuid] });
  const nameOf = new Map(orders.map((o) => [o.uuid, o.name ?? o.uuid]));
  return {
    routeUuid,
    order: (plan.routes[0]?.stops ?? []).map((stop) => nameOf.get(stop.orderUuid) ?? stop.orderUuid),
    unscheduled: plan.unscheduled.length,
  };
}

/**
 * The order's status, or `null` for an order the service does not know.
 * @param {import("@dispatchkit/sdk").DispatchClient} client
 * @param {string} orderUuid
 */
async function orderStatus(client, orderUuid) {
  try {
    return (await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid } } }))).status;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

module.exports = { connect, planAndPublish, orderStatus };
