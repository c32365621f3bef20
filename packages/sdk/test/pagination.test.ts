/**
 * paginate() against scripted list answers (msw): following nextPage, counting pages without metadata, limits,
 * errors and path parameters.
 */
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { NotFoundError, paginate } from "../src/index.js";
import { BASE, errorBody, scriptedClient, useScriptedServer } from "./support/scripted.js";

const server = useScriptedServer();
const WORKSPACE = "3f9c2a1e-5b7d-4e8a-9c61-2d4f8b0a7e15";

/** 7 items served 3 per page, with nextPage links, recording every query. */
function serveOrders(options: { metadata?: boolean; total?: number } = {}) {
  const total = options.total ?? 7;
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${BASE}/v2/orders`, ({ request }) => {
      const url = new URL(request.url);
      queries.push(Object.fromEntries(url.searchParams));
      const page = Number(url.searchParams.get("page") ?? 1);
      const perPage = Number(url.searchParams.get("perPage") ?? 3);
      const items = Array.from({ length: total }, (_, i) => ({ uuid: `o${i + 1}` })).slice(
        (page - 1) * perPage,
        page * perPage,
      );
      const totalPages = Math.ceil(total / perPage);
      const next = new URLSearchParams(url.searchParams);
      next.set("page", String(page + 1));
      return HttpResponse.json(
        options.metadata === false
          ? { data: items }
          : {
              data: items,
              metadata: {
                nextPage: page < totalPages ? `/v2/orders?${next}` : null,
                totalPages,
                totalItems: total,
              },
            },
      );
    }),
  );
  return queries;
}

describe("paginate", () => {
  it("iterates over every item, following metadata.nextPage and keeping the query", async () => {
    const queries = serveOrders();
    const { client } = scriptedClient();
    const uuids: string[] = [];
    for await (const order of paginate(client, "/v2/orders", { query: { workspaceUuid: WORKSPACE, perPage: 3 } })) {
      uuids.push(order.uuid);
    }
    expect(uuids).toEqual(["o1", "o2", "o3", "o4", "o5", "o6", "o7"]);
    expect(queries).toEqual([1, 2, 3].map((page) => ({ workspaceUuid: WORKSPACE, perPage: "3", page: String(page) })));
  });

  it("asks for the next page until an empty one when answers carry no metadata", async () => {
    const queries = serveOrders({ metadata: false });
    const { client } = scriptedClient();
    const all = await paginate(client, "/v2/orders", { query: { workspaceUuid: WORKSPACE, perPage: 3 } }).toArray();
    expect(all.map((o) => o.uuid)).toEqual(["o1", "o2", "o3", "o4", "o5", "o6", "o7"]);
    expect(queries.map((q) => q.page)).toEqual(["1", "2", "3", "4"]);
  });

  it("toArray({ limit }) stops requesting pages once it has enough", async () => {
    const queries = serveOrders();
    const { client } = scriptedClient();
    const four = await paginate(client, "/v2/orders", { query: { workspaceUuid: WORKSPACE, perPage: 3 } }).toArray({
      limit: 4,
    });
    expect(four.map((o) => o.uuid)).toEqual(["o1", "o2", "o3", "o4"]);
    expect(queries).toHaveLength(2);
  });

  it("starts at the page given and yields pages with pages()", async () => {
    serveOrders();
    const { client } = scriptedClient();
    const pages: number[][] = [];
    for await (const page of paginate(client, "/v2/orders", {
      query: { workspaceUuid: WORKSPACE, perPage: 3, page: 2 },
    }).pages()) {
      pages.push([page.page, page.items.length, page.metadata?.totalItems ?? -1]);
    }
    expect(pages).toEqual([
      [2, 3, 7],
      [3, 1, 7],
    ]);
  });

  it("throws the typed error of a failed page", async () => {
    server.use(http.get(`${BASE}/v2/orders`, () => HttpResponse.json(errorBody("NOT_FOUND"), { status: 404 })));
    const { client } = scriptedClient();
    await expect(
      paginate(client, "/v2/orders", { query: { workspaceUuid: WORKSPACE } }).toArray(),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("fills path parameters (a route's timeline)", async () => {
    const paths: string[] = [];
    server.use(
      http.get(`${BASE}/v2/routes/:uuid/timeline`, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json({
          data: [{ sequence: 1 }],
          metadata: { nextPage: null, totalPages: 1, totalItems: 1 },
        });
      }),
    );
    const { client } = scriptedClient();
    const stops = await paginate(client, "/v2/routes/{routeUuid}/timeline", { path: { routeUuid: "r1" } }).toArray();
    expect(stops.map((s) => s.sequence)).toEqual([1]);
    expect(paths).toEqual(["/v2/routes/r1/timeline"]);
  });
});
