import { createFake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, orderInput, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

async function raw(path: string, init: RequestInit & { token?: string } = {}) {
  const { fake } = server;
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${init.token ?? fake.token}`);
  const res = await fetch(`${fake.baseUrl}${path}`, { ...init, headers });
  const body = await res.json();
  expect(res.headers.get("x-request-id")).toBe(body.requestId);
  return { status: res.status, body };
}

describe("the error codes of contract §1 on the order and route endpoints", () => {
  it("415 UNSUPPORTED_MEDIA_TYPE without a JSON content type", async () => {
    const ws = workspaceOf(server.fake);
    const res = await raw(`/v2/orders?workspaceUuid=${ws.uuid}`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(orderInput(0)),
    });
    expect(res).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
  });

  it("400 INVALID_JSON for a malformed body", async () => {
    const res = await raw("/v2/routes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(res).toMatchObject({ status: 400, body: { code: "INVALID_JSON" } });
  });

  it("400 VALIDATION_FAILED names a missing query parameter, a bad filter, a bad field", async () => {
    const noWorkspace = await raw("/v2/orders");
    expect(noWorkspace.body).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "workspaceUuid" }] });
    const ws = workspaceOf(server.fake);
    const status = await raw(`/v2/orders?workspaceUuid=${ws.uuid}&status=lost`);
    expect(status.body.details[0].path).toBe("status");
    const date = await raw(`/v1/routes?workspaceId=${ws.workspaceId}&date=tomorrow`);
    expect(date.body.details[0].path).toBe("date");
    const v1 = await raw("/v1/orders?workspaceId=abc", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[]",
    });
    expect(v1.body.details[0].path).toBe("workspaceId");
    const field = await clientOf(server.fake).POST("/v2/routes", {
      body: {
        workspaceUuid: ws.uuid,
        routes: [{ name: "R", date: "2026-11-23", startTime: "9:00", endTime: "17:00" } as never],
      },
    });
    expect(field.error?.details?.map((d) => d.path)).toEqual(["routes[0].startTime", "routes[0].startLocation"]);
    expect(field.error?.message).toMatch(/^Failed to create routes: routes\[0\]\.startTime/);
  });

  it("404 NOT_FOUND for unknown workspaces by uuid and by v1 id", async () => {
    const byUuid = await raw("/v2/routes?workspaceUuid=00000000-0000-4000-8000-000000000000");
    expect(byUuid).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    const byId = await raw("/v1/routes?workspaceId=999999");
    expect(byId).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });

  it("500 INTERNAL when something unexpected fails (here: an injected geocoder that throws)", async () => {
    const fake = createFake({
      now: "2026-11-23T08:00:00Z",
      baseUrl: "https://broken.example.com",
      geocoder: () => {
        throw new Error("geocoder down");
      },
      log: () => {},
    });
    const res = await fake.fetch(`${fake.baseUrl}/v2/orders?workspaceUuid=${fake.workspaces[0]?.uuid}`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: JSON.stringify({ deliveryDate: "2026-11-23", locations: [{ address: "Somewhere" }] }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: "INTERNAL" });
  });
});
