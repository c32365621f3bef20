/**
 * The request journal: every call of the API the pipeline answered (control calls are not journaled), with its
 * operation, bodies and status, so a test can assert what its code sent (`fake.journal.list({ operationId })`).
 */
import type { OperationId } from "../http/contract-operations.js";
import { readBody } from "../http/request-limits.js";
import type { ApiCall } from "../http/router.js";

/** The request journal: every call of the API the fake answered, oldest first. */
export interface FakeJournal {
  /** The journaled calls, all or those of one operation. */
  list(filter?: JournalFilter): readonly JournalEntry[];
  /** Forget every entry. */
  clear(): void;
}

/** One answered call of the API. */
export interface JournalEntry {
  /** The answer's `x-request-id` (also kept for a network error, which the caller never sees). */
  requestId: string;
  /** The contract operation the method and path name; null when they name none (answered 404). */
  operationId: OperationId | null;
  /** Upper-case method. */
  method: string;
  /** Path relative to the base URL, without the query. */
  path: string;
  /** The query string without `?` (empty when none). */
  query: string;
  /** The answer's status; 0 for an injected network error. */
  status: number;
  /** The request body: its JSON, its text when it is not JSON, null when empty. */
  requestBody: unknown;
  /** The response body, read the same way. */
  responseBody: unknown;
  /** When the call arrived, on the fake's clock (epoch ms). */
  at: number;
  /** The id of the injected fault that answered the call, or null. */
  fault: string | null;
}

/** Which entries `fake.journal.list(filter)` returns. */
export interface JournalFilter {
  /** Only the calls of this operation. */
  operationId?: OperationId;
}

/** The journal of one fake. */
export interface Journal {
  /** The journaled calls, oldest first. */
  list(filter?: JournalFilter): readonly JournalEntry[];
  /** Forget every entry. */
  clear(): void;
  /** The pipeline's hook: journal one answered call. */
  record(call: ApiCall, request: Request, response: Response): Promise<void>;
}

/** Most entries a journal keeps by default; the oldest go first. */
export const DEFAULT_JOURNAL_LIMIT = 1000;

/** A body as JSON when it parses, else its text; null when empty or never read whole (over the size limit). */
async function bodyOf(message: Request | Response): Promise<unknown> {
  let text: string;
  try {
    text = message instanceof Request ? new TextDecoder().decode(await readBody(message)) : await message.text();
  } catch {
    return null;
  }
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Build a journal that keeps the newest `limit` calls (0 keeps none); `faultOf` names a response's fault. */
export function createJournal(limit: number, faultOf: (response: Response) => string | null): Journal {
  let entries: JournalEntry[] = [];
  return {
    list(filter = {}) {
      const { operationId } = filter;
      return operationId === undefined ? [...entries] : entries.filter((e) => e.operationId === operationId);
    },
    clear() {
      entries = [];
    },
    async record(call, request, response) {
      if (limit <= 0) return;
      const networkError = response.type === "error";
      const entry: JournalEntry = {
        requestId: call.requestId,
        // The router names calls from the contract's operations only.
        operationId: call.operationId as OperationId | null,
        method: call.method,
        path: call.path,
        query: new URL(request.url).search.slice(1),
        status: networkError ? 0 : response.status,
        requestBody: await bodyOf(request),
        responseBody: networkError ? null : await bodyOf(response.clone()),
        at: call.receivedAt,
        fault: faultOf(response),
      };
      entries.push(entry);
      if (entries.length > limit) entries = entries.slice(entries.length - limit);
    },
  };
}
