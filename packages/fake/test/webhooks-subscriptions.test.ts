/**
 * The subscriptions API (`docs/api-contract.md` section 6): create (the secret only here), list (oldest first,
 * no secrets, paginated), delete; strict bodies with field paths; another organization's subscriptions are 404.
 */
import { createFake } from "@dispatchkit/fake";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { clientOf, workspaceOf } from "./support/flow.js";

const server = useFakeServer();

const URL_A = "https://hooks.example.com/dispatch";

/** A raw call to the fake (bodies the typed client would not let through). */
async function send(method: string, path: string, body?: unknown, token = server.fake.token) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.fake.baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe("POST /v2/webhooks", () => {
  it("subscribes with a secret shown once: 201 WebhookWithSecret, then listed without it", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const ws = workspaceOf(fake);
    const all = await client.POST("/v2/webhooks", { body: { url: URL_A, events: ["route.published"] } });
    expect(all.response.status).toBe(201);
    expect(all.data).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      url: URL_A,
      events: ["route.published"],
      workspaceUuid: null,
      createdAt: "2026-11-23T08:00:00.000Z",
      secret: expect.stringMatching(/^whsec_[0-9a-f]{48}$/),
    });
    fake.clock.advance(1000);
    const one = await client.POST("/v2/webhooks", {
      body: {
        url: "http://127.0.0.1:9999/hook",
        events: ["order.status_updated", "route.eta_updated"],
        workspaceUuid: ws.uuid,
      },
    });
    expect(one.response.status).toBe(201);
    expect(one.data?.workspaceUuid).toBe(ws.uuid);
    expect(one.data?.secret).not.toBe(all.data?.secret);

    const list = await client.GET("/v2/webhooks");
    expect(list.response.status).toBe(200);
    expect(list.data).toEqual({
      data: [
        {
          uuid: all.data?.uuid,
          url: URL_A,
          events: ["route.published"],
          workspaceUuid: null,
          createdAt: "2026-11-23T08:00:00.000Z",
        },
        {
          uuid: one.data?.uuid,
          url: "http://127.0.0.1:9999/hook",
          events: ["order.status_updated", "route.eta_updated"],
          workspaceUuid: ws.uuid,
          createdAt: "2026-11-23T08:00:01.000Z",
        },
      ],
      metadata: { nextPage: null, totalPages: 1, totalItems: 2 },
    });
    expect(JSON.stringify(list.data)).not.toContain("whsec_");
    // in-process, the records keep the secret (a test may need it to verify)
    expect(fake.webhooks.subscriptions().map((s) => s.secret)).toEqual([all.data?.secret, one.data?.secret]);
  });

  it("paginates the list, oldest first", async () => {
    const client = clientOf(server.fake);
    for (let i = 0; i < 3; i++) {
      await client.POST("/v2/webhooks", { body: { url: `${URL_A}/${i}`, events: ["route.published"] } });
    }
    const page = await send("GET", "/v2/webhooks?perPage=2&page=2");
    expect(page.status).toBe(200);
    expect(page.body.data.map((w: { url: string }) => w.url)).toEqual([`${URL_A}/2`]);
    expect(page.body.metadata).toEqual({ nextPage: null, totalPages: 2, totalItems: 3 });
    const first = await send("GET", "/v2/webhooks?perPage=2");
    expect(first.body.metadata.nextPage).toBe("/v2/webhooks?perPage=2&page=2");
    expect((await send("GET", "/v2/webhooks?perPage=0")).body.details).toEqual([
      { path: "perPage", message: 'perPage must be an integer from 1 to 500, got "0"' },
    ]);
  });

  const bad: { name: string; body: unknown; path: string; message: string }[] = [
    { name: "no url", body: { events: ["route.published"] }, path: "url", message: "is required" },
    {
      name: "a relative url",
      body: { url: "/hooks", events: ["route.published"] },
      path: "url",
      message: "must be an absolute https:// URL",
    },
    {
      name: "an ftp url",
      body: { url: "ftp://hooks.example.com/x", events: ["route.published"] },
      path: "url",
      message: "must be an absolute https:// URL",
    },
    {
      name: "a url with a space",
      body: { url: "https://hooks.example.com/a b", events: ["route.published"] },
      path: "url",
      message: "must be an absolute https:// URL",
    },
    {
      name: "a url of 2,049 characters",
      body: { url: `https://hooks.example.com/${"x".repeat(2049 - 26)}`, events: ["route.published"] },
      path: "url",
      message: "must be at most 2048 characters",
    },
    { name: "no events", body: { url: URL_A }, path: "events", message: "is required" },
    {
      name: "an empty events list",
      body: { url: URL_A, events: [] },
      path: "events",
      message: "subscribe to at least one event type",
    },
    {
      name: "an unknown event type",
      body: { url: URL_A, events: ["route.published", "order.created"] },
      path: "events[1]",
      message: "must be one of route.published, route.eta_updated, order.status_updated",
    },
    {
      name: "a duplicate event type",
      body: { url: URL_A, events: ["route.published", "order.status_updated", "route.published"] },
      path: "events[2]",
      message: 'duplicate event type "route.published"',
    },
    {
      name: "a null workspaceUuid",
      body: { url: URL_A, events: ["route.published"], workspaceUuid: null },
      path: "workspaceUuid",
      message: "must be a workspace uuid",
    },
    {
      name: "a malformed workspaceUuid",
      body: { url: URL_A, events: ["route.published"], workspaceUuid: "ws-1" },
      path: "workspaceUuid",
      message: "must be a workspace uuid",
    },
    {
      name: "an unknown field",
      body: { url: URL_A, events: ["route.published"], secret: "mine" },
      path: "secret",
      message: 'unknown field "secret"',
    },
  ];

  it.each(bad)("$name → 400 at $path, and nothing changes", async ({ body, path, message }) => {
    const before = server.fake.inspect();
    const res = await send("POST", "/v2/webhooks", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "VALIDATION_FAILED",
      message: `Failed to create webhook: ${path}: ${message}`,
    });
    expect(res.body.details[0]).toEqual({ path, message });
    expect(server.fake.inspect()).toEqual(before);
  });

  it("answers 404 for an unknown or foreign workspace, 415 without JSON, 401 without a token; nothing changes", async () => {
    const { fake } = server;
    const other = fake.control.createOrganization();
    const before = fake.inspect();
    const foreign = await send("POST", "/v2/webhooks", {
      url: URL_A,
      events: ["route.published"],
      workspaceUuid: other.workspaces[0]?.uuid,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
    const unknown = await send("POST", "/v2/webhooks", {
      url: URL_A,
      events: ["route.published"],
      workspaceUuid: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    const text = await fetch(`${fake.baseUrl}/v2/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "text/plain" },
      body: JSON.stringify({ url: URL_A, events: ["route.published"] }),
    });
    expect(text.status).toBe(415);
    const anonymous = await fetch(`${fake.baseUrl}/v2/webhooks`);
    expect(anonymous.status).toBe(401);
    expect(fake.inspect()).toEqual(before);
  });
});

describe("DELETE /v2/webhooks/{uuid}", () => {
  it("deletes the caller's subscription (204, gone from the list); unknown, malformed, foreign or deleted: 404", async () => {
    const { fake } = server;
    const client = clientOf(fake);
    const other = fake.control.createOrganization();
    const foreignClient = clientOf(fake, other.token);
    const mine = await client.POST("/v2/webhooks", { body: { url: URL_A, events: ["route.published"] } });
    const theirs = await foreignClient.POST("/v2/webhooks", { body: { url: URL_A, events: ["route.published"] } });
    const mineUuid = mine.data?.uuid ?? "";
    const theirsUuid = theirs.data?.uuid ?? "";

    // another organization neither sees nor deletes mine, and I do not see or delete theirs
    expect((await foreignClient.GET("/v2/webhooks")).data?.data.map((w) => w.uuid)).toEqual([theirsUuid]);
    const before = fake.inspect();
    for (const uuid of [theirsUuid, "not-a-uuid", "%ZZ", "00000000-0000-4000-8000-000000000000"]) {
      const res = await send("DELETE", `/v2/webhooks/${uuid}`);
      expect(res.status, uuid).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await send("DELETE", `/v2/webhooks/${mineUuid}`, undefined, other.token)).status).toBe(404);
    expect(fake.inspect()).toEqual(before);

    const deleted = await client.DELETE("/v2/webhooks/{uuid}", { params: { path: { uuid: mineUuid } } });
    expect(deleted.response.status).toBe(204);
    expect(await deleted.response.text()).toBe("");
    expect((await client.GET("/v2/webhooks")).data?.data).toEqual([]);
    expect((await send("DELETE", `/v2/webhooks/${mineUuid}`)).status).toBe(404);
    expect(fake.webhooks.subscriptions().map((s) => s.uuid)).toEqual([theirsUuid]);
  });
});

describe("createFake({ secrets })", () => {
  /** Subscribe once and mint one token on a new fake; what a client of that fake would be given. */
  async function secretsOf(fake: ReturnType<typeof createFake>) {
    const sub = await fake.fetch("/v2/webhooks", {
      method: "POST",
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      body: JSON.stringify({ url: URL_A, events: ["route.published"] }),
    });
    const { uuid, secret } = await sub.json();
    const token = fake.control.createToken();
    return { uuid, secret, token };
  }

  it("seeded by default: the same seed gives the same secrets and tokens, run after run", async () => {
    const a = await secretsOf(createFake({ seed: 3, now: "2026-11-23T08:00:00Z" }));
    expect(await secretsOf(createFake({ seed: 3, now: "2026-11-23T08:00:00Z" }))).toEqual(a);
    expect(a.token).toMatch(/^dpt_[0-9a-f]{40}$/);
  });

  it('"random": nobody who knows the seed can compute them, after a reset and a restore too; uuids stay seeded', async () => {
    const seeded = await secretsOf(createFake({ seed: 3, now: "2026-11-23T08:00:00Z" }));
    const fake = createFake({ seed: 3, now: "2026-11-23T08:00:00Z", secrets: "random" });
    const random = await secretsOf(fake);
    expect(random.uuid).toBe(seeded.uuid);
    expect(random.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(random.secret).not.toBe(seeded.secret);
    expect(random.token).not.toBe(seeded.token);
    fake.reset();
    const snapshot = fake.snapshot();
    const afterReset = await secretsOf(fake);
    expect(afterReset.uuid).toBe(seeded.uuid);
    expect([afterReset.secret, afterReset.token]).not.toContain(seeded.secret);
    expect(afterReset.token).not.toBe(seeded.token);
    fake.restore(snapshot);
    const afterRestore = await secretsOf(fake);
    expect(afterRestore.uuid).toBe(seeded.uuid);
    expect(afterRestore.secret).not.toBe(seeded.secret);
    expect(afterRestore.secret).not.toBe(afterReset.secret);
  });
});
