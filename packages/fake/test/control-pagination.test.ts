/**
 * The lists of the control API (actions, journal, events, notifications, webhook deliveries) are paged by the rules
 * of the API's lists (docs/api-contract.md section 1): `page` and `perPage` (100 by default, at most 500), `metadata`
 * with `nextPage` (the same query, `page` replaced), `totalPages` and `totalItems`; bad paging answers 400 naming the
 * parameter. Every answer is validated against control-openapi.yaml (useControlServer).
 */
import { describe, expect, it } from "vitest";
import { publishedRouteOverHttp, useControlServer } from "./support/control-server.js";

const TOKEN = "dev-token";
const HOOK = "https://hooks.example.test/paging";
const server = useControlServer({ token: TOKEN });
const { call } = server;

/** Some of everything the control lists hold: actions, events, notifications, deliveries, journaled calls. */
async function buildUp(): Promise<void> {
  server.fake.webhooks.listen(HOOK, () => new Response(null, { status: 204 }));
  await call("POST", "/v2/webhooks", {
    token: TOKEN,
    body: { url: HOOK, events: ["route.published", "route.eta_updated", "order.status_updated"] },
  });
  const { route } = await publishedRouteOverHttp(server, TOKEN, 4);
  await server.fake.advance(0);
  for (let i = 0; i < 3; i++) {
    await call("POST", "/_fake/driver/complete", { body: { routeUuid: route, status: "delivered" } });
  }
  for (let i = 0; i < 3; i++) await call("GET", "/v2/workspaces", { token: TOKEN });
  const workspace = server.fake.workspaces[0]?.uuid ?? "";
  for (const date of ["2026-11-24", "2026-11-25", "2026-11-26"]) {
    await call("POST", "/v2/schedules", { token: TOKEN, body: { workspaceUuid: workspace, date } });
  }
  // The deliveries of these events settle before the lists are read twice: an attempt ending between the two
  // reads would change a delivery's status and the two readings would differ.
  await server.fake.advance(0);
}

/** Every item of a control list read in one page of 500, and read `perPage` at a time by following `nextPage`. */
async function readBothWays(path: string, perPage: number) {
  const sep = path.includes("?") ? "&" : "?";
  const whole = await call("GET", `${path}${sep}perPage=500`);
  expect(whole.status).toBe(200);
  const paged: unknown[] = [];
  const pages: { nextPage: string | null; totalPages: number; totalItems: number }[] = [];
  let next: string | null = `${path}${sep}perPage=${perPage}`;
  while (next !== null) {
    const answer = await call("GET", next);
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeLessThanOrEqual(perPage);
    paged.push(...answer.body.data);
    pages.push(answer.body.metadata);
    next = answer.body.metadata.nextPage;
  }
  return { whole: whole.body, paged, pages };
}

describe("paging of the control lists", () => {
  it.each([
    ["/_fake/actions"],
    ["/_fake/journal"],
    ["/_fake/journal?operationId=listWorkspaces"],
    ["/_fake/events"],
    ["/_fake/events?type=order.status_updated"],
    ["/_fake/notifications"],
    ["/_fake/webhook-deliveries"],
  ])("%s: pages of 2 add up to the whole list, in order, with the API's metadata", async (path) => {
    await buildUp();
    const { whole, paged, pages } = await readBothWays(path, 2);
    const total = whole.data.length;
    expect(total).toBeGreaterThan(2);
    expect(whole.metadata).toEqual({ nextPage: null, totalPages: 1, totalItems: total });
    expect(paged).toEqual(whole.data);
    expect(pages).toHaveLength(Math.ceil(total / 2));
    pages.forEach((metadata, i) => {
      expect(metadata.totalItems).toBe(total);
      expect(metadata.totalPages).toBe(Math.ceil(total / 2));
      if (i < pages.length - 1) {
        const next = new URL(metadata.nextPage ?? "", "http://x");
        expect(next.pathname).toBe(path.split("?")[0]);
        expect(next.searchParams.get("page")).toBe(String(i + 2));
        expect(next.searchParams.get("perPage")).toBe("2");
        // The filters stay in the next page's query.
        for (const [name, value] of new URL(path, "http://x").searchParams)
          expect(next.searchParams.get(name)).toBe(value);
      }
    });
    // A page past the last is empty, with the same totals.
    const past = await call("GET", `${path}${path.includes("?") ? "&" : "?"}perPage=2&page=${pages.length + 1}`);
    expect(past.body).toMatchObject({ data: [], metadata: { nextPage: null, totalItems: total } });
  });

  it("answers 100 items a page by default, the first page first", async () => {
    for (let i = 0; i < 105; i++) await call("GET", "/v2/workspaces", { token: TOKEN });
    const first = await call("GET", "/_fake/journal");
    expect(first.body.data).toHaveLength(100);
    expect(first.body.metadata).toEqual({ nextPage: "/_fake/journal?page=2", totalPages: 2, totalItems: 105 });
    const second = await call("GET", first.body.metadata.nextPage);
    expect(second.body.data).toHaveLength(5);
    expect(second.body.metadata.nextPage).toBeNull();
    expect([...first.body.data, ...second.body.data].map((e: { requestId: string }) => e.requestId)).toEqual(
      server.fake.journal.list().map((e) => e.requestId),
    );
  });

  it.each([
    ["/_fake/actions?page=0", "page"],
    ["/_fake/journal?perPage=501", "perPage"],
    ["/_fake/events?page=two", "page"],
    ["/_fake/notifications?perPage=0", "perPage"],
    ["/_fake/webhook-deliveries?page=1.5", "page"],
  ])("%s: 400 naming %s, and nothing changed", async (path, parameter) => {
    await buildUp();
    const before = server.fake.journal.list().length;
    const actions = server.fake.actions.list().length;
    const answer = await call("GET", path);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION_FAILED");
    expect(answer.body.details).toEqual([expect.objectContaining({ path: parameter })]);
    expect(answer.body.message).toContain(parameter);
    expect(server.fake.journal.list()).toHaveLength(before);
    expect(server.fake.actions.list()).toHaveLength(actions);
  });
});
