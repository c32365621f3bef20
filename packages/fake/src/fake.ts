/**
 * `createFake(options)`: one isolated, in-memory instance of the service. Never a module singleton. It composes the
 * fake's parts, each in its own module: the settings and context (fake-settings.ts), the HTTP side (fake-http.ts),
 * the background loop (background.ts), reset and restore (lifecycle.ts) and the test control (control/).
 */

import { type BackgroundLoop, createBackgroundLoop, fakeBackgroundWorks } from "./background.js";
import { createFakeActions } from "./control/actions.js";
import { createControl } from "./control/control.js";
import { createDriverSimulation } from "./control/driver.js";
import { inspectContext } from "./control/inspect.js";
import { createStagedOperations, type LifecycleSteps } from "./control/staged.js";
import { inspectEvent, inspectNotification, inspectOrganization, inspectWorkspace } from "./control/views.js";
import { createFakeWebhooks } from "./control/webhooks.js";
import { createActionRunners } from "./domain/action-work.js";
import type { Context } from "./domain/context.js";
import type { RunPlanner } from "./domain/scheduling/run-plan.js";
import type { Fake, FakeOptions } from "./fake-api.js";
import { createFakeHttp, type FakeHttp } from "./fake-http.js";
import { createContext, type FakeSettings, resolveSettings } from "./fake-settings.js";
import { createLifecycle } from "./lifecycle.js";
import { attachRuntime, type BackgroundWork, type FakeRuntime, RUNTIME_VERSION } from "./runtime.js";
import { createWebhookDispatcher } from "./webhooks/dispatcher.js";

/**
 * Scheduling runs plan in this thread unless a host hands them a planner of its own (`runtime.usePlanner`): the
 * runners of the actions' work ask this slot at each run.
 */
function createPlannerSlot() {
  let planner: RunPlanner | undefined;
  return {
    runners: createActionRunners(() => planner),
    use(given: RunPlanner) {
      planner = given;
      return () => {
        if (planner === given) planner = undefined;
      };
    },
  };
}

/** What the hosts (msw, the standalone server) and the state file reach behind the public API. */
function createRuntime(
  context: Context,
  settings: FakeSettings,
  http: FakeHttp,
  loop: BackgroundLoop,
  background: readonly BackgroundWork[],
  lifeInSteps: LifecycleSteps,
  hooks: Pick<FakeRuntime, "usePlanner" | "useHostTimestampClock">,
): FakeRuntime {
  return {
    version: RUNTIME_VERSION,
    context,
    basePath: new URL(settings.baseUrl).pathname.replace(/\/+$/, ""),
    log: settings.log,
    router: http.router,
    controlEndpoints: http.controlEndpoints,
    background,
    nextDueAt: loop.nextDueAt,
    ownUrls: http.ownUrls,
    staged: createStagedOperations(context, http.ownUrls, lifeInSteps),
    ...hooks,
  };
}

/**
 * Create an isolated fake of the Delivery Dispatch Platform API.
 *
 * @example
 * ```ts
 * import { setupServer } from "msw/node";
 * import { createFake } from "@dispatchkit/fake";
 *
 * const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
 * const server = setupServer(...fake.handlers);
 * server.listen({ onUnhandledRequest: "error" });
 * const res = await fetch(`${fake.baseUrl}/v2/workspaces`, { headers: { Authorization: `Bearer ${fake.token}` } });
 * ```
 */
export function createFake(options: FakeOptions = {}): Fake {
  const settings = resolveSettings(options);
  const planners = createPlannerSlot();
  const context = createContext(settings, options, planners.runners);
  const life = createLifecycle(context, settings, options, () => ({
    runners: planners.runners,
    abortInFlight: webhookDispatcher.abortInFlight,
    clear: [http.clear, drivers.driver.stop],
    loadFixtures: (fixtures) => control.loadFixtures(fixtures),
    own: http.ownUrls,
  }));
  // The control endpoints and a frozen clock's latency reach the fake, built below.
  const http = createFakeHttp(context, settings, options, () => fake);
  const drivers = createDriverSimulation(context);
  const webhookDispatcher = createWebhookDispatcher(context, options.webhooks, http.ownUrls);
  const background = fakeBackgroundWorks(context, drivers, webhookDispatcher);
  const loop = createBackgroundLoop(settings.clock, background);
  const control = createControl(context, { seeded: life.organization, own: http.ownUrls });
  const fake: Fake = {
    baseUrl: settings.baseUrl,
    get handlers() {
      return http.handlers();
    },
    fetch: http.fetch,
    clock: settings.clock,
    token: settings.token,
    get organization() {
      return inspectOrganization(life.organization());
    },
    get workspaces() {
      return life.seeded().workspaces.map(inspectWorkspace);
    },
    reset: life.reset,
    snapshot: life.snapshot,
    inspect: () => inspectContext(context),
    restore: life.restore,
    advance: loop.advance,
    runUntilIdle: loop.runUntilIdle,
    actions: createFakeActions(context),
    get events() {
      return context.state.events.map(inspectEvent);
    },
    get notifications() {
      return context.state.notifications.map(inspectNotification);
    },
    control,
    webhooks: createFakeWebhooks(context, webhookDispatcher),
    faults: { add: http.faults.add, list: http.faults.list, clear: http.faults.clear },
    journal: { list: http.journal.list, clear: http.journal.clear },
    driver: drivers.driver,
  };
  const runtime = createRuntime(context, settings, http, loop, background, life.inSteps, {
    usePlanner: planners.use,
    useHostTimestampClock: webhookDispatcher.useHostTimestampClock,
  });
  // After the seeded organization, as fake.control.loadFixtures would add them (an invalid document throws here).
  life.loadFixtures();
  return attachRuntime(fake, runtime);
}
