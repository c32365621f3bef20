/**
 * `npm start -w examples/delivery-day`: runs the day against DISPATCH_BASE_URL (default: the standalone fake on
 * http://127.0.0.1:4010 started with `npm start`) with DISPATCH_TOKEN (default dev-token).
 */
import { createClient } from "@dispatchkit/sdk";
import { runDeliveryDay } from "./delivery-day.js";

const client = createClient({
  baseUrl: process.env.DISPATCH_BASE_URL ?? "http://127.0.0.1:4010",
  token: process.env.DISPATCH_TOKEN ?? "dev-token",
});
const date = process.env.DISPATCH_DATE ?? new Date().toISOString().slice(0, 10);
const report = await runDeliveryDay(client, date);
console.log(JSON.stringify(report, null, 2));
