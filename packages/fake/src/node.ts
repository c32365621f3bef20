/**
 * For hosts: what a host needs of a fake beyond its public API, to serve it over a transport of its own (node:http,
 * a real-time timer, worker threads, a state file). The standalone server, `@dispatchkit/fake-server`, is built on
 * this entry alone. Tests call {@link handleControlRequest} to reach the `/_fake/` control endpoints without a server.
 *
 * Moved in 0.1.0: `startServer` is `import { startServer } from "@dispatchkit/fake-server"`.
 *
 * @packageDocumentation
 */

// The control endpoints under /_fake/
export { CONTROL_PREFIX } from "./control/http.js";
export { handleControlRequest } from "./host/control-requests.js";

// A fake as a host sees it
export { hostOf, type FakeHost, type HostRequest, type HostAnswer } from "./host/host.js";
export type { Pace } from "./control/staged.js";
export { answerBytes } from "./http/answer.js";

// Answers a host gives itself (a request refused before the fake reads it)
export { DomainError } from "./domain/errors.js";
export { STATUS_BY_CODE } from "./http/status.js";
export {
  MAX_BODY_BYTES,
  MAX_HEADER_BYTES,
  MAX_URL_BYTES,
  bodyTooLarge,
  declaredTooLarge,
  urlTooLong,
} from "./http/request-limits.js";
export { healthBody, type HealthStateFile } from "./control/health.js";

// Scheduling runs planned off the fake's thread (a worker)
export { planRun } from "./host/host.js";
export type { RunPlanner, RunPlanRequest, RunPlanResult } from "./domain/scheduling/run-plan.js";

// The state as JSON data (a state file)
export { parseFakeData, StateFormatError, type FakeDataJson } from "./host/state-json.js";
