// Types of scripts/minimal-requests.mjs, for the tests that import it.

/** The date of every minimal request. */
export const MINIMAL_DATE: string;

/** One minimal request of a document. */
export interface MinimalCase {
  operationId: string;
  method: string;
  path: string;
  variant?: string;
  params: Record<string, Record<string, unknown>>;
  body?: unknown;
}

/** The minimal requests of a document: one per operation, one per variant of a `oneOf` body. */
export function minimalRequests(doc: object): MinimalCase[];

/** The ids the requests take, sorted: `[key, "string" | "number"]`. */
export function idsOf(cases: MinimalCase[]): [string, "string" | "number"][];

/** The call of one minimal request on `client`, as TypeScript source. */
export function renderCall(request: MinimalCase, indent: string): string;
