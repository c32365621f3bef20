import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, DATE, routeInput } from "./support/flow.js";

const server = useFakeServer();

// The contract's `format: uuid` is any 8-4-4-4-12 hex string; zod's uuid() only takes RFC versions 1-8, which made
// the fake answer 400 "Invalid UUID" where a validating proxy forwards the request.
describe("uuids in bodies take the contract's format (any 8-4-4-4-12 hex)", () => {
  const nil = "00000000-0000-0000-0000-000000000001";

  it("a well-formed uuid of no workspace is a 404 (routes and publish), not a 400", async () => {
    const client = clientOf(server.fake);
    const created = await client.POST("/v2/routes", {
      body: { workspaceUuid: nil, routes: [routeInput(0) as never] },
    });
    expect(created.response.status).toBe(404);
    expect(created.error).toMatchObject({ code: "NOT_FOUND" });
    const published = await client.POST("/v2/routes/publish", {
      body: { workspaceUuid: nil, date: DATE, routeUuids: [nil] },
    });
    expect(published.response.status).toBe(404);
  });

  it("a malformed one is a 400 naming the field", async () => {
    const client = clientOf(server.fake);
    const res = await client.POST("/v2/routes", {
      body: { workspaceUuid: "not-a-uuid", routes: [routeInput(0) as never] },
    });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "workspaceUuid" }] });
    expect(res.error?.message).toMatch(/^Failed to create routes: workspaceUuid: must be a uuid/);
  });
});
