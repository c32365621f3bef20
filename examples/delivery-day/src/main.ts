/**
 * `npm start -w examples/delivery-day`: runs the day against DISPATCH_BASE_URL (default: the standalone fake on
 * http://127.0.0.1:4010 started with `npm start`) with DISPATCH_TOKEN (default dev-token), on DISPATCH_DATE
 * (default: a week from today, so the demo data of `npm start`, which is for today, is not part of it). With
 * DISPATCH_WAIT=SECONDS it first waits that long at most for the fake's health check (`GET /_fake/health`), so it can
 * start together with `npm start -- --fixtures examples/fixtures/delivery-day.json &`.
 */
import { createClient } from "@dispatchkit/sdk";
import { dayOfItsOwn, runDeliveryDay } from "./delivery-day.js";
import { waitForFake } from "./wait-for-fake.js";

const baseUrl = process.env.DISPATCH_BASE_URL ?? "http://127.0.0.1:4010";
const wait = Number(process.env.DISPATCH_WAIT || 0);
if (wait > 0) await waitForFake(baseUrl, wait * 1000);
const client = createClient({ baseUrl, token: process.env.DISPATCH_TOKEN ?? "dev-token" });
const date = process.env.DISPATCH_DATE || dayOfItsOwn(new Date());
const report = await runDeliveryDay(client, date);
console.log(JSON.stringify(report, null, 2));
