/**
 * `npm start -w examples/delivery-day`: runs the day against DISPATCH_BASE_URL (default: the standalone fake on
 * http://127.0.0.1:4010 started with `npm start`) with DISPATCH_TOKEN (default dev-token), on DISPATCH_DATE
 * (default: a week from today, so the demo data of `npm start`, which is for today, is not part of it).
 */
import { createClient } from "@dispatchkit/sdk";
import { dayOfItsOwn, runDeliveryDay } from "./delivery-day.js";

const client = createClient({
  baseUrl: process.env.DISPATCH_BASE_URL ?? "http://127.0.0.1:4010",
  token: process.env.DISPATCH_TOKEN ?? "dev-token",
});
const date = process.env.DISPATCH_DATE || dayOfItsOwn(new Date());
const report = await runDeliveryDay(client, date);
console.log(JSON.stringify(report, null, 2));
