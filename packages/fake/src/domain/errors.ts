/**
 * Domain errors carry a code, never an HTTP status: one table in `http/` maps codes to statuses.
 * @see `docs/api-contract.md` section 1
 */
// Types only: the contract generated from openapi.yaml (the domain never imports from http/).
import type { components } from "@dispatchkit/sdk";

/** The closed set of error codes of the service: the contract's `ErrorCode`, so the two cannot drift. */
export type ErrorCode = components["schemas"]["ErrorCode"];

/** One problem with one field of a request. */
export interface ErrorDetail {
  /** Field path such as `[7].locations` or `routes[0].startTime`. */
  path: string;
  message: string;
}

/** A failure the service reports to the caller, with its code and a message naming the field or the rule. */
export class DomainError extends Error {
  override readonly name = "DomainError";
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[], options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

/** 404 for something that does not exist, or exists in another organization (never leak which). */
export function notFound(kind: string, id: string): DomainError {
  return new DomainError("NOT_FOUND", `Failed to find ${kind}: no ${kind} with id ${JSON.stringify(id)}`);
}

/** 400 VALIDATION_FAILED with one or more field details. */
export function validationFailed(action: string, details: ErrorDetail[]): DomainError {
  const first = details[0];
  const summary = first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "invalid input";
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return new DomainError("VALIDATION_FAILED", `Failed to ${action}: ${summary}${more}`, details);
}
