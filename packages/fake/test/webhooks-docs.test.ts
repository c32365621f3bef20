/**
 * The webhook examples of docs/fake.md, compiled and run: each `// docs:<name>` … `// docs:end` region below is the
 * doc's TypeScript block of that name (the doc's import lines aside, which are the imports of this file), and the
 * first test checks they have not drifted apart.
 */
import { readFileSync } from "node:fs";
import { createClient, verifyWebhook, type WebhookEvent } from "@dispatchkit/sdk";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { scheduledRoute, workspaceOf } from "./support/flow.js";

const handle = useFakeServer();

/** The blocks of docs/fake.md's webhook section, by the name in their first-line comment, without import lines. */
function docBlocks(): Map<string, string> {
  const doc = readFileSync(new URL("../../../docs/fake.md", import.meta.url), "utf8");
  const section = doc.slice(doc.indexOf("\n## Webhooks\n"), doc.indexOf("\n## ", doc.indexOf("\n## Webhooks\n") + 1));
  const blocks = new Map<string, string>();
  for (const [, body = ""] of section.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const name = /^\/\/ example: (\S+)/.exec(body)?.[1];
    if (!name) throw new Error(`a ts block of the webhook section has no "// example: <name>" line:\n${body}`);
    const code = body
      .split("\n")
      .filter((line) => !line.startsWith("import ") && !line.startsWith("// example: "))
      .join("\n")
      .trim();
    blocks.set(name, code);
  }
  return blocks;
}

/** The `// docs:<name>` regions of this file, dedented. */
function testRegions(): Map<string, string> {
  const source = readFileSync(new URL(import.meta.url), "utf8");
  const regions = new Map<string, string>();
  for (const [, name = "", body = ""] of source.matchAll(/\/\/ docs:(\S+)\n([\s\S]*?)\n\s*\/\/ docs:end/g)) {
    if (name === "end") continue;
    const lines = body.split("\n");
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
    regions.set(
      name,
      lines
        .map((l) => l.slice(indent))
        .join("\n")
        .trim(),
    );
  }
  return regions;
}

/** The setup the examples leave out: two orders on a route of 2026-11-23, ready to publish. */
async function routeToPublish() {
  await scheduledRoute(handle.fake, 2);
}

describe("docs/fake.md, webhooks", () => {
  it("shows exactly the examples this file runs", () => {
    const blocks = docBlocks();
    expect([...blocks.keys()]).toEqual(["round-trip", "retries", "listener"]);
    expect(blocks).toEqual(testRegions());
  });

  it("round trip: subscribe, publish, run the background work, verify", async () => {
    const { fake, server } = handle;
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const workspaceUuid = workspaceOf(fake).uuid;
    await routeToPublish();
    // docs:round-trip
    const received: { rawBody: string; headers: Headers }[] = [];
    server.use(
      http.post("https://hooks.example.com/dispatch", async ({ request }) => {
        received.push({ rawBody: await request.text(), headers: request.headers });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { data: subscription } = await client.POST("/v2/webhooks", {
      body: { url: "https://hooks.example.com/dispatch", events: ["route.published"] },
    });
    await client.POST("/v2/routes/publish", { body: { workspaceUuid, date: "2026-11-23" } });
    expect(received).toHaveLength(0); // the API call only recorded the event
    await fake.runUntilIdle(); // the background work delivers it
    const event = await verifyWebhook({
      ...received[0]!,
      secret: subscription!.secret,
      now: fake.clock.now(), // signed at the fake's time
    });
    expect(event.type).toBe("route.published");
    // docs:end
    expect(event.id).toBe(fake.events[0]?.id);
  });

  it("retries: a receiver that fails twice", async () => {
    const { fake, server } = handle;
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const workspaceUuid = workspaceOf(fake).uuid;
    await routeToPublish();
    const t0 = fake.clock.now();
    // docs:retries
    let calls = 0;
    server.use(
      http.post("https://hooks.example.com/flaky", () => {
        calls += 1;
        return new HttpResponse(null, { status: calls <= 2 ? 503 : 204 });
      }),
    );
    await client.POST("/v2/webhooks", {
      body: { url: "https://hooks.example.com/flaky", events: ["route.published"] },
    });
    await client.POST("/v2/routes/publish", { body: { workspaceUuid, date: "2026-11-23" } });
    await fake.runUntilIdle(); // attempt 1: 503
    await fake.advance(60_000); // attempt 2, 1 min after attempt 1: 503
    await fake.advance(5 * 60_000); // attempt 3, 5 min after attempt 2: 204
    const [delivery] = fake.webhooks.deliveries();
    expect(delivery!.attempts.map((a) => [a.attempt, a.result, a.status])).toEqual([
      [1, "rejected", 503],
      [2, "rejected", 503],
      [3, "succeeded", 204],
    ]);
    // docs:end
    expect(delivery?.attempts.map((a) => Date.parse(a.at) - t0)).toEqual([0, 60_000, 360_000]);
  });

  it("listener: the app's own handler receives in-process", async () => {
    const { fake } = handle;
    const client = createClient({ baseUrl: fake.baseUrl, token: fake.token });
    const workspaceUuid = workspaceOf(fake).uuid;
    await routeToPublish();
    // docs:listener
    let secret = "";
    const events: WebhookEvent[] = [];
    // The app's endpoint, as it is mounted in its server: a Request in, a Response out.
    async function handleDispatchWebhook(request: Request): Promise<Response> {
      const rawBody = await request.text();
      events.push(await verifyWebhook({ rawBody, headers: request.headers, secret, now: fake.clock.now() }));
      return new Response(null, { status: 204 });
    }
    const stop = fake.webhooks.listen("https://app.example.com/webhooks/dispatch", handleDispatchWebhook);
    const { data } = await client.POST("/v2/webhooks", {
      body: { url: "https://app.example.com/webhooks/dispatch", events: ["route.published"] },
    });
    secret = data!.secret;
    await client.POST("/v2/routes/publish", { body: { workspaceUuid, date: "2026-11-23" } });
    await fake.runUntilIdle();
    stop();
    expect(events.map((e) => e.type)).toEqual(["route.published"]);
    // docs:end
  });
});
