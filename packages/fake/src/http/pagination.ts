/**
 * Page-based pagination of every list endpoint.
 * @see `docs/api-contract.md` section 1 (lists)
 */
import { DomainError, type ErrorDetail } from "../domain/errors.js";
import type { ListView } from "../domain/list-index.js";

/** Default and maximum page sizes. */
const DEFAULT_PER_PAGE = 100;
const MAX_PER_PAGE = 500;

/** A page of a list, as every list endpoint answers it. */
export interface Page<T> {
  data: T[];
  metadata: { nextPage: string | null; totalPages: number; totalItems: number };
}

function readPositiveInteger(query: URLSearchParams, name: string, fallback: number, max: number, out: ErrorDetail[]) {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    out.push({
      path: name,
      message: `${name} must be an integer from 1 to ${max}, got ${JSON.stringify(raw)}`,
    });
    return fallback;
  }
  return value;
}

/** A page with each item turned into its answer. */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, data: page.data.map(map) };
}

/** Read `page` and `perPage` from a query, with 400 VALIDATION_FAILED naming the bad parameter. */
function readPageParams(query: URLSearchParams): { page: number; perPage: number } {
  const details: ErrorDetail[] = [];
  const page = readPositiveInteger(query, "page", 1, Number.MAX_SAFE_INTEGER, details);
  const perPage = readPositiveInteger(query, "perPage", DEFAULT_PER_PAGE, MAX_PER_PAGE, details);
  if (details.length > 0) {
    throw new DomainError("VALIDATION_FAILED", `Failed to read the page: ${details[0]?.message}`, details);
  }
  return { page, perPage };
}

/**
 * Cut one page out of a list: a full array, or a {@link ListView} (an indexed list, of which only the page is read).
 * `nextPage` is the path and query of the next page (the request's own query with `page` replaced), or null on the
 * last page.
 */
export function paginate<T>(items: readonly T[] | ListView<T>, url: URL): Page<T> {
  const { page, perPage } = readPageParams(url.searchParams);
  const totalItems = items.length;
  const totalPages = Math.max(1, Math.ceil(totalItems / perPage));
  const start = (page - 1) * perPage;
  let nextPage: string | null = null;
  if (page < totalPages) {
    const next = new URLSearchParams(url.searchParams);
    next.set("page", String(page + 1));
    nextPage = `${url.pathname}?${next.toString()}`;
  }
  return { data: items.slice(start, start + perPage), metadata: { nextPage, totalPages, totalItems } };
}
