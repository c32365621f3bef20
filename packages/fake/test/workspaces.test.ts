import { createClient } from "@dispatchkit/sdk";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";

const server = useFakeServer({
  organization: { workspaces: [{ name: "North" }, { name: "South", timezone: "America/New_York" }] },
});

describe("GET /v2/workspaces and GET /workspaces", () => {
  it("lists the organization's workspaces with uuid and numeric workspaceId", async () => {
    const { fake } = server;
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const { data, error, response } = await client.GET("/v2/workspaces");
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.data).toEqual([
      { uuid: fake.workspaces[0]?.uuid, workspaceId: 1001, name: "North", timezone: "Europe/Berlin" },
      { uuid: fake.workspaces[1]?.uuid, workspaceId: 1002, name: "South", timezone: "America/New_York" },
    ]);
    expect(data?.metadata).toEqual({ nextPage: null, totalPages: 1, totalItems: 2 });
    const v1 = await client.GET("/workspaces");
    expect(v1.data).toEqual(data);
  });

  it("paginates with page and perPage and links the next page", async () => {
    const { fake } = server;
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const first = await client.GET("/v2/workspaces", { params: { query: { perPage: 1 } } });
    expect(first.data?.data).toHaveLength(1);
    expect(first.data?.metadata).toEqual({ nextPage: "/v2/workspaces?perPage=1&page=2", totalPages: 2, totalItems: 2 });
    const second = await client.GET("/v2/workspaces", { params: { query: { perPage: 1, page: 2 } } });
    expect(second.data?.data[0]?.name).toBe("South");
    expect(second.data?.metadata.nextPage).toBeNull();
  });

  it("rejects a bad page size naming the parameter", async () => {
    const { fake } = server;
    const res = await fetch(`${fake.baseUrl}/v2/workspaces?perPage=501`, {
      headers: { Authorization: `Bearer ${fake.token}` },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "perPage" }] });
    expect(res.headers.get("x-request-id")).toBe(body.requestId);
  });
});

describe("authentication", () => {
  it("answers 401 UNAUTHORIZED without a token and with an unknown one", async () => {
    const { fake } = server;
    const missing = await fetch(`${fake.baseUrl}/v2/workspaces`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: "UNAUTHORIZED" });
    const unknown = await fetch(`${fake.baseUrl}/workspaces`, { headers: { Authorization: "Bearer nope" } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: "UNAUTHORIZED", requestId: expect.stringMatching(/^req_/) });
  });

  it("answers 401 TOKEN_EXPIRED once the token's expiry has passed on the fake's clock", async () => {
    const { fake } = server;
    fake.control.createToken({ token: "short-lived", expiresAt: fake.clock.now() + 60_000 });
    const call = () => fetch(`${fake.baseUrl}/v2/workspaces`, { headers: { Authorization: "Bearer short-lived" } });
    expect((await call()).status).toBe(200);
    fake.clock.advance(60_000);
    const expired = await call();
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: "TOKEN_EXPIRED" });
  });

  it("never shows another organization's workspaces", async () => {
    const { fake } = server;
    const other = fake.control.createOrganization({ workspaces: [{ name: "Other" }] });
    fake.control.createToken({ organizationId: other.organization.id, token: "other-token" });
    const client = createClient({ baseUrl: fake.baseUrl, token: "other-token" });
    const { data } = await client.GET("/v2/workspaces");
    expect(data?.data.map((w) => w.name)).toEqual(["Other"]);
  });
});

describe("unknown and unimplemented endpoints", () => {
  it("answers 404 NOT_FOUND with the error body for a path outside the contract", async () => {
    const { fake } = server;
    const res = await fetch(`${fake.baseUrl}/v3/nothing`, { headers: { Authorization: `Bearer ${fake.token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("fake.fetch", () => {
  it("takes a bare path relative to the base URL", async () => {
    const { fake } = server;
    const res = await fake.fetch("/v2/workspaces", { headers: { Authorization: `Bearer ${fake.token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);
  });
});
