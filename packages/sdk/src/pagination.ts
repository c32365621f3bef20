/**
 * Auto-pagination over any list endpoint (`{ data: [...], metadata: { nextPage, totalPages, totalItems } }`).
 *
 * @see `docs/api-contract.md` section 1 (lists are paginated)
 */
import type { DispatchClient } from "./client.js";
import { ApiError } from "./errors.js";
import type { paths } from "./generated/openapi.js";

/**
 * The JSON body of a path's `GET` 200 answer (`never` when the path has no such answer).
 *
 * @inline
 */
type ListResponse<P extends keyof paths> =
  NonNullable<paths[P]["get"]> extends { responses: { 200: { content: { "application/json": infer B } } } } ? B : never;

/**
 * Every path whose GET answers a paginated list, e.g. `"/v2/orders"`, `"/v2/routes/{routeUuid}/timeline"`.
 *
 * @inline
 */
export type ListPath = {
  [P in keyof paths]: [ListResponse<P>] extends [never]
    ? never
    : ListResponse<P> extends { data: readonly unknown[]; metadata: unknown }
      ? P
      : never;
}[keyof paths];

/**
 * The item type of a list path: `ItemOf<"/v2/orders">` is an order.
 *
 * @example
 * ```ts
 * function show(order: ItemOf<"/v2/orders">) {
 *   return `${order.orderNumber}: ${order.status}`;
 * }
 * ```
 */
export type ItemOf<P extends ListPath> = ListResponse<P> extends { data: readonly (infer I)[] } ? I : never;

/**
 * The parameters of a list path (`query`, and `path` where the path has some); `page` is managed for you.
 *
 * @inline
 */
export type ListParams<P extends ListPath> = NonNullable<paths[P]["get"]> extends { parameters: infer X } ? X : never;

/**
 * Pagination metadata of a list answer.
 *
 * @inline
 */
export interface PageMetadata {
  nextPage?: string | null;
  totalPages?: number;
  totalItems?: number;
}

/**
 * One page as the `.pages()` of {@link paginate} yields it.
 *
 * @inline
 */
export interface Page<T> {
  /** The 1-based page number that was requested. */
  page: number;
  items: T[];
  metadata: PageMetadata | undefined;
}

/**
 * Options of {@link paginate}.
 *
 * @inline
 */
export interface PaginateOptions {
  /** Aborts the iteration (the pending request and further pages). */
  signal?: AbortSignal;
}

/**
 * An async iterator over the items of every page, with helpers.
 *
 * @inline
 */
export interface Paginator<T> extends AsyncIterable<T> {
  /** Collect items into an array; stops requesting pages once `limit` items are in. */
  toArray(options?: { limit?: number }): Promise<T[]>;
  /** Iterate page by page instead of item by item. */
  pages(): AsyncIterable<Page<T>>;
}

/**
 * The arguments of {@link paginate} after the path: `params` is required when the path has required parameters.
 *
 * @inline
 */
export type PaginateArgs<P extends ListPath> =
  Record<string, never> extends ListParams<P>
    ? [params?: ListParams<P>, options?: PaginateOptions]
    : [params: ListParams<P>, options?: PaginateOptions];

interface LooseParams {
  query?: Record<string, unknown>;
  path?: Record<string, unknown>;
}

/**
 * Iterate over the items of any list endpoint, page after page. Follows `metadata.nextPage` (keeping your query);
 * when an answer carries no metadata it asks for the next `page` until a page comes back empty. The item type is
 * inferred from the path. An error answer throws the typed {@link ApiError}.
 *
 * @example
 * ```ts
 * for await (const order of paginate(client, "/v2/orders", { query: { workspaceUuid, date: "2026-11-24" } })) {
 *   console.log(order.orderNumber, order.status);
 * }
 * const first250 = await paginate(client, "/v2/orders", { query: { workspaceUuid, perPage: 100 } }).toArray({ limit: 250 });
 * ```
 */
export function paginate<P extends ListPath>(
  client: DispatchClient,
  path: P,
  ...args: PaginateArgs<P>
): Paginator<ItemOf<P>> {
  const params = (args[0] ?? {}) as LooseParams;
  const signal = args[1]?.signal;
  // The generic path defeats openapi-fetch's per-path typing; the public signature above carries the types.
  const get = client.GET as unknown as (
    path: string,
    init: { params: LooseParams; signal?: AbortSignal },
  ) => Promise<{ data?: { data: ItemOf<P>[]; metadata?: PageMetadata }; error?: unknown; response: Response }>;

  async function* pages(): AsyncGenerator<Page<ItemOf<P>>> {
    let query: Record<string, unknown> = { ...params.query };
    let page = Number(query.page ?? 1);
    for (;;) {
      const init = { params: { ...params, query: { ...query, page } }, ...(signal ? { signal } : {}) };
      const { data, error, response } = await get(path, init);
      if (data === undefined) throw ApiError.from(response, error);
      yield { page, items: data.data, metadata: data.metadata };
      const next = data.metadata?.nextPage;
      if (next === null) return;
      if (typeof next === "string") {
        const url = new URL(next, "http://relative.invalid");
        const nextQuery: Record<string, unknown> = { ...query };
        for (const [key, value] of url.searchParams) nextQuery[key] = value;
        const nextPage = Number(nextQuery.page);
        if (!Number.isInteger(nextPage) || nextPage <= page) return; // a nextPage that does not move on: stop
        query = nextQuery;
        page = nextPage;
        continue;
      }
      if (data.data.length === 0) return;
      page += 1;
    }
  }

  async function* items(): AsyncGenerator<ItemOf<P>> {
    for await (const p of pages()) yield* p.items;
  }

  return {
    [Symbol.asyncIterator]: () => items(),
    pages,
    async toArray(options = {}) {
      const limit = options.limit ?? Number.POSITIVE_INFINITY;
      const out: ItemOf<P>[] = [];
      if (limit <= 0) return out;
      for await (const item of items()) {
        out.push(item);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
