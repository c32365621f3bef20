/** A conformance scenario: one rule of the contract, checked over plain HTTP. */
import type { Session } from "./session.js";

/** Thrown by a scenario that cannot run against this server (it says why). */
export class ScenarioSkipped extends Error {}

/** One black-box scenario. */
export interface Scenario {
  /** What it checks, unique, stable (`--only` matches it). */
  readonly name: string;
  /** The section of `docs/api-contract.md` that decides the rule, e.g. `3`, or `1, 8`. */
  readonly section: string;
  /** Runs it; throws a `ScenarioFailure` or a {@link ScenarioSkipped}. */
  run(session: Session): Promise<void>;
}
