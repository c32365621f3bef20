/**
 * What a host needs of a fake beyond its public API: a narrow view of its runtime (docs/decisions/0017-server-package.md).
 * A host wires the fake to a transport (node:http, a real-time timer, a worker thread, a state file); the standalone
 * server (`@dispatchkit/fake-server`) is built on this view alone, never on the fake's internals.
 */
import type { Pace } from "../control/staged.js";
import type { Clock } from "../domain/clock.js";
import { DomainError } from "../domain/errors.js";
import { greatCircleTravel } from "../domain/geo.js";
import { authenticate } from "../domain/organizations.js";
import {
  planRun as planWith,
  type RunPlanner,
  type RunPlanRequest,
  type RunPlanResult,
} from "../domain/scheduling/run-plan.js";
import type { Fake } from "../fake-api.js";
import type { Answer } from "../http/answer.js";
import type { IncomingRequest } from "../http/incoming-request.js";
import { bearerToken, type Logger } from "../http/router.js";
import { runtimeOf } from "../runtime.js";
import { exportFakeData, type FakeDataJson, importFakeData } from "./state-json.js";

/** A request as a host hands it to the fake: node's own request needs no fetch `Request` (see `answer`). */
export type HostRequest = IncomingRequest;
/** The fake's answer as plain data (status, headers, body text), for a host that writes HTTP itself. */
export type HostAnswer = Answer;

/** The view of one fake a host works with (see {@link hostOf}). */
export interface FakeHost {
  /** The path prefix of the fake's base URL without a trailing slash (`""` at the root): paths under it are the fake's. */
  readonly basePath: string;
  /** Where the fake reports unexpected errors (`createFake({ logger })`). */
  readonly log: Logger;
  /** Answer one request: the API, and the control endpoints under `/_fake/`. */
  answer(request: HostRequest): Promise<HostAnswer>;
  /**
   * Whether an API call with this `Authorization` header would pass authentication (`undefined`), or the 401 it gets:
   * a host checks it before it reads a body or waits its latency, so an unauthenticated caller costs it nothing.
   */
  authenticate(authorization: string | null): DomainError | undefined;
  /** The control endpoints, as `{ method, path }` (upper-case method), for a start banner. */
  controlEndpoints(): { method: string; path: string }[];
  /** A fresh request id, as the fake stamps on its answers (for answers the host gives itself). */
  requestId(): string;
  /** The earliest instant (epoch ms, fake clock) any background work is due, or null. */
  nextDueAt(): number | null;
  /** Call `listener` after each step of a long background run, so a host can save meanwhile; returns the undo. */
  onProgress(listener: () => void): () => void;
  /** Whether a read could change the state now (a pending action that a poll or its due time ends). */
  readsMayChange(): boolean;
  /** Plan scheduling runs with `planner` (a worker thread) until the returned function is called. */
  usePlanner(planner: RunPlanner): () => void;
  /** Count a server's address (`port`, host names) as the fake's own, which webhooks may not target; returns the undo. */
  addServer(port: number, names: readonly string[]): () => void;
  /** Sign webhook attempts with the host's clock (unless `createFake` chose one); returns the undo. */
  useHostTimestampClock(clock: Clock): () => void;
  /**
   * Whether answering this request builds a whole state in steps (`POST /_fake/fixtures`, `/_fake/snapshots`,
   * `/_fake/snapshots/{id}/restore`, `/_fake/reset`; `pathname` as the router reads it): a host runs it with every
   * other change held back until it ends (reads go on between its steps), and one at a time.
   */
  runsAlone(method: string, pathname: string): boolean;
  /** Pause with `pace` between the steps of those operations until the returned function is called. */
  usePace(pace: Pace): () => void;
  /** Everything a user built up, as plain JSON data; `copy: false` gives the live records (serialize them at once). */
  exportData(options?: { copy?: boolean }): FakeDataJson;
  /** Put the fake in the state `data` describes (check it with `parseFakeData` first); the rest resets. */
  importData(data: FakeDataJson): void;
}

/**
 * The host's view of `fake` (made by `createFake` of this package, ESM or CommonJS build). Throws a TypeError for
 * anything else.
 *
 * @example
 * ```ts
 * const host = hostOf(fake);
 * const answer = await host.answer(request);
 * ```
 */
export function hostOf(fake: Fake): FakeHost {
  const runtime = runtimeOf(fake);
  return {
    basePath: runtime.basePath,
    log: runtime.log,
    answer: (request) => runtime.router.answer(request, { control: true }),
    authenticate(authorization) {
      try {
        authenticate(runtime.context, bearerToken({ header: () => authorization }));
        return undefined;
      } catch (error) {
        if (error instanceof DomainError) return error;
        throw error;
      }
    },
    controlEndpoints: () => runtime.controlEndpoints(),
    requestId: () => runtime.context.ids.requestId(),
    nextDueAt: () => runtime.nextDueAt(),
    onProgress(listener) {
      const stops = runtime.background.flatMap((work) => work.onProgress?.(listener) ?? []);
      return () => {
        for (const stop of stops) stop();
      };
    },
    readsMayChange: () => readsMayChange(fake),
    usePlanner: (planner) => runtime.usePlanner(planner),
    addServer: (port, names) => runtime.ownUrls.addServer(port, names),
    useHostTimestampClock: (clock) => runtime.useHostTimestampClock(clock),
    runsAlone: (method, pathname) => method === "POST" && STAGED.test(relative(runtime.basePath, pathname)),
    usePace: (pace) => runtime.staged.usePace(pace),
    exportData: (options) => exportFakeData(fake, options),
    importData: (data) => importFakeData(fake, data),
  };
}

/** The control paths of the staged operations (`control/staged.ts`), relative to the base path. */
const STAGED = /^\/_fake\/(fixtures|snapshots|reset|snapshots\/[^/]+\/restore)$/;

/** `pathname` without the base path. */
const relative = (basePath: string, pathname: string) =>
  basePath !== "" && pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;

/**
 * Whether a read could change `fake`'s state now: a pending action that a poll ends (`afterPolls`) or that a read
 * settles once its time has come (`afterMs`). Held actions only end when released, which is not a read.
 */
function readsMayChange(fake: Fake): boolean {
  const { state } = runtimeOf(fake).context;
  for (const uuid of state.works.keys()) {
    const action = state.actions.get(uuid);
    if (action?.status === "pending" && !action.held && (action.dueAt !== null || action.afterPolls !== null)) {
      return true;
    }
  }
  return false;
}

/**
 * Plan a scheduling run off the fake's thread (a host's worker), with the fake's own planner and great-circle
 * travel: the same answer as the fake gives in its own thread for the same request. Hand the worker's answers to
 * the fake through {@link FakeHost.usePlanner}.
 */
export function planRun(request: RunPlanRequest): RunPlanResult {
  return planWith(request, greatCircleTravel);
}
