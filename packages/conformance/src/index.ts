/**
 * The conformance suite of the Delivery Dispatch Platform API: black-box scenarios over plain HTTP that check a
 * server (the real service's sandbox, `@dispatchkit/fake`, a fake of your own) against the contract, each answer
 * validated against the bundled `openapi.yaml`. `dispatch-conformance` is the same suite as a command.
 *
 * @packageDocumentation
 */

// Run the suite from code
export { type ConformanceOptions, type ConformanceReport, runConformance, type ScenarioResult } from "./runner.js";
// Run the command from code (`dispatch-fake conformance` delegates to it)
export { conformanceCommand } from "./command.js";
