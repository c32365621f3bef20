// Reaches the fake's runtime on purpose: it tests the runtime mechanism itself (src/runtime.ts: attachRuntime, runtimeOf, versions, pending work).
/**
 * The fake's runtime (src/runtime.ts): what createFake builds and the hosts receive, carried by the fake itself so
 * that any copy of the package (the ESM and CJS builds; scripts/smoke-dist.mjs checks them) finds it.
 */
import { createFake } from "@dispatchkit/fake";
import { handleControlRequest } from "@dispatchkit/fake/node";
import { describe, expect, it } from "vitest";
import { RUNTIME, RUNTIME_VERSION, runtimeOf } from "../src/runtime.js";

describe("the fake's runtime", () => {
  it("is found under the shared Symbol.for key, not enumerable and fixed", () => {
    const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
    expect(RUNTIME).toBe(Symbol.for("@dispatchkit/fake.runtime"));
    const runtime = runtimeOf(fake);
    expect(runtime.version).toBe(RUNTIME_VERSION);
    expect(Object.keys(fake)).not.toContain(RUNTIME.toString());
    expect(Object.getOwnPropertySymbols(fake)).toEqual([RUNTIME]);
    expect(() => {
      (fake as unknown as Record<symbol, unknown>)[RUNTIME] = {};
    }).toThrow(TypeError);
    expect(runtimeOf(fake)).toBe(runtime);
  });

  it("answers control requests only when asked to, through the one router", async () => {
    const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z" });
    const { router } = runtimeOf(fake);
    const clock = () => new Request(`${fake.baseUrl}/_fake/clock`);
    const served = await router.handle(clock(), { control: true });
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ now: "2026-11-23T08:00:00.000Z" });
    // In process (MSW, fake.fetch) /_fake/ is not served: it is a path of the API like any other (401 without a token).
    expect((await router.handle(clock())).status).toBe(401);
    expect((await fake.fetch(clock())).status).toBe(401);
  });

  it("lists the control endpoints the router serves", () => {
    const endpoints = runtimeOf(createFake()).controlEndpoints();
    expect(endpoints).toContainEqual({ method: "POST", path: "/_fake/tokens" });
    expect(endpoints).toContainEqual({ method: "GET", path: "/_fake/clock" });
    expect(endpoints.every((e) => e.method === e.method.toUpperCase() && e.path.startsWith("/_fake/"))).toBe(true);
  });

  it("refuses an object createFake did not make, and a runtime of another version, saying which", async () => {
    expect(() => runtimeOf({})).toThrow("Failed to use the fake: it was not made by createFake() of @dispatchkit/fake");
    const impostor = { baseUrl: "https://api.dispatch.example.com", [RUNTIME]: { version: 99 } };
    expect(() => runtimeOf(impostor)).toThrow(
      "Failed to use the fake: it was made by another version of @dispatchkit/fake (runtime 99, expected 2)",
    );
    await expect(
      handleControlRequest(impostor as never, new Request("https://api.dispatch.example.com/_fake/clock")),
    ).rejects.toThrow("another version");
  });

  it("keeps a pending action's work as data that a snapshot copies and a restore runs", async () => {
    const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", actions: { hold: ["publish"] } });
    const { context } = runtimeOf(fake);
    const headers = { authorization: `Bearer ${fake.token}`, "content-type": "application/json" };
    const workspaceUuid = fake.workspaces[0]?.uuid ?? "";
    const accepted = await fake.fetch("/v2/routes/publish", {
      method: "POST",
      headers,
      body: JSON.stringify({ workspaceUuid, date: "2026-11-23" }),
    });
    const { actionUuid } = (await accepted.json()) as { actionUuid: string };
    const work = context.state.works.get(actionUuid);
    expect(work).toEqual({
      kind: "publish",
      params: {
        principal: { organizationId: fake.organization.id, token: fake.token },
        workspaceUuid,
        date: "2026-11-23",
        routeUuids: null,
      },
    });
    expect(structuredClone(work)).toEqual(work);
    const snapshot = fake.snapshot();
    fake.actions.release(actionUuid);
    expect(context.state.works.size).toBe(0);
    fake.restore(snapshot);
    expect(runtimeOf(fake).context.state.works.get(actionUuid)).toEqual(work);
    const [ended] = fake.actions.release(actionUuid);
    // The restored work ran: a date with no routes fails as no_routes (the publish runner's own answer).
    expect(ended).toMatchObject({ status: "failed", reason: "no_routes" });
  });
});
