/**
 * A control request's body text as JSON: empty means `{}`; invalid JSON and too deep a nesting answer 400
 * INVALID_JSON. In steps, so that a large body (a fixtures document) is parsed between other requests
 * (`control/staged.ts`); the control operations run the same steps at once.
 */
import { DomainError } from "../domain/errors.js";
import type { Steps } from "../domain/steps.js";
import { parseJsonInSteps } from "../http/json-in-steps.js";
import { TOO_DEEP } from "../http/json-nesting.js";

/** The JSON value of a body's text, in steps (see the module's comment). */
export function* jsonBodyInSteps(text: string): Steps<unknown> {
  if (text.trim() === "") return {};
  let parsed: { value: unknown } | { tooDeep: true };
  try {
    parsed = yield* parseJsonInSteps(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new DomainError("INVALID_JSON", `Failed to parse the request body as JSON: ${reason}`, undefined, {
      cause,
    });
  }
  if ("tooDeep" in parsed) throw new DomainError("INVALID_JSON", TOO_DEEP);
  return parsed.value;
}
