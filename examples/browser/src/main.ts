/**
 * The page: starts the fake in msw's service worker, plans a day through the SDK, and draws the plan.
 * `#status` says where it is (`data-state`: running, done or failed), for people and for the browser test.
 */
import { createFake } from "@dispatchkit/fake";
import { createClient } from "@dispatchkit/sdk";
import { setupWorker } from "msw/browser";
import { planDeliveryDay } from "./delivery-plan.js";
import { drawMap, fillTable } from "./plan-view.js";

const status = document.getElementById("status") as HTMLParagraphElement;
const map = document.getElementById("map") as unknown as SVGSVGElement;
const table = document.getElementById("plan") as HTMLTableElement;

function show(state: "running" | "done" | "failed", text: string): void {
  status.dataset.state = state;
  status.textContent = text;
}

async function main(): Promise<void> {
  // A fixed day and seed: the same plan on every load.
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
  const worker = setupWorker(...fake.handlers);
  await worker.start({
    quiet: true,
    onUnhandledRequest: "bypass", // the page's own files
    serviceWorker: { url: new URL("./mockServiceWorker.js", document.baseURI).pathname },
  });
  show("running", "Creating orders and routes, scheduling…");
  const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
  const plan = await planDeliveryDay(client, { date: "2026-11-24" });
  drawMap(map, plan);
  fillTable(table, plan);
  const { ordersScheduled, routesUsed, distanceInKilometers } = plan.summary;
  show(
    "done",
    `Scheduled ${ordersScheduled} of ${ordersScheduled + plan.unscheduled.length} orders on ${routesUsed} routes ` +
      `for ${plan.date}, ${distanceInKilometers.toFixed(1)} km in all.`,
  );
}

main().catch((error: unknown) => {
  show("failed", `Failed to plan the day: ${error instanceof Error ? error.message : String(error)}`);
  console.error(error);
});
