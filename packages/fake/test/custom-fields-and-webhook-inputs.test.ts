/**
 * Bugs found by the generated-input properties (packages/fake/test/properties), each pinned by the request that found it.
 */
import { describe, expect, it } from "vitest";
import { useFakeServer } from "../../../test/support/fake-server.js";
import { DATE, workspaceOf } from "./support/flow.js";
import { orderIn } from "./support/inspect.js";

const server = useFakeServer();

async function post(path: string, raw: string) {
  const { fake } = server;
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: raw,
  });
  return { status: res.status, text: await res.text() };
}

const order = (customFields: string) =>
  `{"deliveryDate":"${DATE}","locations":[{"address":"Street 1","latitude":52.52,"longitude":13.405}],"customFields":${customFields}}`;

describe("generated-input regressions", () => {
  it("regression: a custom field named __proto__ was answered 201 and silently dropped", async () => {
    const { fake } = server;
    const created = await post(
      `/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}`,
      order('{"__proto__":"gate 4","a":1}'),
    );
    expect(created.status).toBe(201);
    const stored = JSON.parse(created.text).data[0];
    // Compared as entries: an object literal with a `__proto__` key would set the prototype instead.
    expect(Object.entries(stored.customFields)).toEqual([
      ["a", 1],
      ["__proto__", "gate 4"],
    ]);
    const fetched = await fetch(`${fake.baseUrl}/v2/orders/${stored.uuid}`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    expect(await fetched.text()).toContain('"customFields":{"a":1,"__proto__":"gate 4"}');
    const record = orderIn(fake, stored.uuid);
    expect(Object.getPrototypeOf(record?.customFields)).toBe(Object.prototype);
    const snapshot = fake.snapshot();
    fake.restore(snapshot);
    expect(Object.entries(orderIn(fake, stored.uuid)?.customFields ?? {})).toEqual([
      ["a", 1],
      ["__proto__", "gate 4"],
    ]);
  });

  it("regression: a custom field named __proto__ with an object value was accepted (the contract allows scalars only)", async () => {
    const { fake } = server;
    const before = fake.inspect();
    const refused = await post(`/v2/orders?workspaceUuid=${workspaceOf(fake).uuid}`, order('{"__proto__":{"x":1}}'));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).details).toEqual([
      { path: "customFields.__proto__", message: "a custom field value must be a string, number, boolean or null" },
    ]);
    expect(fake.inspect()).toEqual(before);
  });
});

describe("generated-input regressions: webhook subscriptions", () => {
  const subscribe = (body: unknown) => post("/v2/webhooks", JSON.stringify(body));

  it("regression: a webhook URL with characters a URI may not hold (<, >, {, }, |, ^, `, brackets outside the host) was stored", async () => {
    const { fake } = server;
    const before = fake.inspect();
    for (const url of [
      "https://hooks.example.com/dispatch<script>",
      'https://hooks.example.com/"x"',
      "https://hooks.example.com/{a}|b^c`d",
      "https://hooks.example.com/a\\b",
      "https://hooks.example.com/%zz",
      "https://hooks.example.com/?y=[2]",
    ]) {
      const refused = await subscribe({ url, events: ["route.published"] });
      expect(refused.status, url).toBe(400);
      expect(JSON.parse(refused.text).details, url).toEqual([
        { path: "url", message: "must be an absolute https:// URL" },
      ]);
    }
    expect(fake.inspect()).toEqual(before);
    const kept = await subscribe({ url: "https://hooks.example.com/a%20b?x=1&y=2#f", events: ["route.published"] });
    expect(kept.status).toBe(201);
    expect(JSON.parse(kept.text).url).toBe("https://hooks.example.com/a%20b?x=1&y=2#f");
  });

  it("regression: a webhook workspaceUuid of a format: uuid the contract accepts (version nibble 0) answered 400, not 404", async () => {
    const refused = await subscribe({
      url: "https://hooks.example.com/x",
      events: ["route.published"],
      workspaceUuid: "12345678-1234-0234-8234-123456789abc",
    });
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.text).code).toBe("NOT_FOUND");
  });
});
