/**
 * Webhook verification: round trips through signWebhookForTest, every failure reason, header shapes, secret
 * rotation, and events valid against openapi.yaml's `WebhookEvent`.
 */
import { describe, expect, it, vi } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import {
  signWebhookForTest,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "../src/index.js";

const SECRET = "whsec_test_secret";
const NOW = Date.parse("2026-11-24T17:06:00.000Z");
const TS = NOW / 1000;

const event: WebhookEventOf<"order.status_updated"> = {
  id: "evt_01JDQAB3C5D7E9F1G3H5J7K9M0",
  type: "order.status_updated",
  createdAt: "2026-11-24T17:06:00.000Z",
  data: {
    order: {
      uuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30",
      status: "delivered",
      deliveryTime: "2026-11-24T17:06:00.000Z",
      deliveryMissedReason: null,
      deliveryNotes: "Left with the concierge.",
      location: { address: "555 W Hastings St, Vancouver, BC V6B 4N6", latitude: 49.2846, longitude: -123.1119 },
    },
    route: { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59" },
  },
};

async function reason(promise: Promise<unknown>): Promise<WebhookVerificationReason | "passed"> {
  try {
    await promise;
    return "passed";
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as Error).message).toMatch(/^Failed to verify webhook: /);
    return (error as WebhookVerificationError).reason;
  }
}

describe("verifyWebhook", () => {
  it("round-trips an event signed by signWebhookForTest", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    expect(headers["x-dispatch-signature"]).toMatch(/^v0=[0-9a-f]{64}$/);
    expect(headers["x-dispatch-topic"]).toBe("order.status_updated");
    expect(headers["x-dispatch-event-id"]).toBe(event.id);
    const verified = await verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW });
    expect(verified).toEqual(event);
    expect(createContractValidator().checkEvent(verified)).toEqual([]);
  });

  it("matches an HMAC-SHA256 computed independently (node:crypto) over the timestamp, a dot and the raw body", async () => {
    const { createHmac } = await import("node:crypto");
    const rawBody = JSON.stringify(event);
    const hex = createHmac("sha256", SECRET).update(`${TS}.${rawBody}`).digest("hex");
    const headers = { "x-dispatch-signature": `v0=${hex}`, "x-dispatch-timestamp": String(TS) };
    expect(await verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW })).toEqual(event);
  });

  it("accepts Headers, any-case objects, Node's IncomingHttpHeaders arrays, and bytes", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const bytes = new TextEncoder().encode(rawBody);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    const node = { ...headers, "x-dispatch-signature": ["v0=00", headers["x-dispatch-signature"] as string] };
    for (const h of [new Headers(headers), upper, node]) {
      expect(await verifyWebhook({ rawBody: bytes, headers: h, secret: SECRET, now: NOW })).toEqual(event);
    }
    expect(await verifyWebhook({ rawBody: bytes.buffer, headers, secret: SECRET, now: NOW })).toEqual(event);
  });

  it("accepts any of several comma-separated signatures (secret rotation)", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const old = await signWebhookForTest(event, "whsec_old", TS);
    const both = {
      ...headers,
      "x-dispatch-signature": `${old.headers["x-dispatch-signature"]}, ${headers["x-dispatch-signature"]}`,
    };
    expect(await verifyWebhook({ rawBody, headers: both, secret: SECRET, now: NOW })).toEqual(event);
    // and several secrets on the receiving side
    expect(await verifyWebhook({ rawBody, headers, secret: ["whsec_new", SECRET], now: NOW })).toEqual(event);
  });

  it("accepts a timestamp within the tolerance, in both directions", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    expect(await reason(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW + 299_000 }))).toBe("passed");
    expect(await reason(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW - 299_000 }))).toBe("passed");
  });

  it("missing_header: no signature or no timestamp", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const { "x-dispatch-signature": _s, ...noSignature } = headers;
    const { "x-dispatch-timestamp": _t, ...noTimestamp } = headers;
    expect(await reason(verifyWebhook({ rawBody, headers: noSignature, secret: SECRET, now: NOW }))).toBe(
      "missing_header",
    );
    expect(await reason(verifyWebhook({ rawBody, headers: noTimestamp, secret: SECRET, now: NOW }))).toBe(
      "missing_header",
    );
  });

  it("malformed_signature: no v0=<hex> value, or a timestamp that is not unix seconds", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    for (const bad of ["sha256=abc", "v0=", "v0=xyz", "v1=" + "a".repeat(64)]) {
      const h = { ...headers, "x-dispatch-signature": bad };
      expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe(
        "malformed_signature",
      );
    }
    const h = { ...headers, "x-dispatch-timestamp": "2026-11-24T17:06:00Z" };
    expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("malformed_signature");
  });

  it("timestamp_out_of_tolerance: too old or too far in the future", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    expect(await reason(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW + 301_000 }))).toBe(
      "timestamp_out_of_tolerance",
    );
    expect(await reason(verifyWebhook({ rawBody, headers, secret: SECRET, now: new Date(NOW - 301_000) }))).toBe(
      "timestamp_out_of_tolerance",
    );
    expect(
      await reason(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW + 20_000, toleranceSeconds: 10 })),
    ).toBe("timestamp_out_of_tolerance");
  });

  it("signature_mismatch: wrong secret, tampered body, or a signature replayed with another timestamp", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    expect(await reason(verifyWebhook({ rawBody, headers, secret: "whsec_wrong", now: NOW }))).toBe(
      "signature_mismatch",
    );
    const tampered = rawBody.replace("delivered", "missed");
    expect(await reason(verifyWebhook({ rawBody: tampered, headers, secret: SECRET, now: NOW }))).toBe(
      "signature_mismatch",
    );
    const moved = { ...headers, "x-dispatch-timestamp": String(TS + 1) };
    expect(await reason(verifyWebhook({ rawBody, headers: moved, secret: SECRET, now: NOW }))).toBe(
      "signature_mismatch",
    );
    const short = { ...headers, "x-dispatch-signature": "v0=abcd" };
    expect(await reason(verifyWebhook({ rawBody, headers: short, secret: SECRET, now: NOW }))).toBe(
      "signature_mismatch",
    );
  });

  it("invalid_json: a correctly signed body that is not JSON", async () => {
    const signed = await signWebhookForTest(event, SECRET, TS);
    const { createHmac } = await import("node:crypto");
    const rawBody = "{not json";
    const hex = createHmac("sha256", SECRET).update(`${TS}.${rawBody}`).digest("hex");
    const headers = { ...signed.headers, "x-dispatch-signature": `v0=${hex}` };
    expect(await reason(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW }))).toBe("invalid_json");
  });

  it("narrows the event union by type", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const verified: WebhookEvent = await verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW });
    if (verified.type !== "order.status_updated") throw new Error("expected order.status_updated");
    expect(verified.data.order.status).toBe("delivered");
  });
});

describe("verifyWebhook defaults", () => {
  it("tolerates 300 s of clock skew either way when no toleranceSeconds is given", async () => {
    const at = async (ts: number) => {
      const { rawBody, headers } = await signWebhookForTest(event, SECRET, ts);
      return reason(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW }));
    };
    expect(await at(TS - 300)).toBe("passed");
    expect(await at(TS + 300)).toBe("passed");
    expect(await at(TS - 301)).toBe("timestamp_out_of_tolerance");
    expect(await at(TS + 301)).toBe("timestamp_out_of_tolerance");
  });

  it("compares with the system clock when no now is given, and signs with it when no timestamp is", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    try {
      const fresh = await signWebhookForTest(event, SECRET);
      expect(fresh.headers["x-dispatch-timestamp"]).toBe(String(TS));
      expect(await reason(verifyWebhook({ ...fresh, secret: SECRET }))).toBe("passed");
      const old = await signWebhookForTest(event, SECRET, TS - 301);
      expect(await reason(verifyWebhook({ ...old, secret: SECRET }))).toBe("timestamp_out_of_tolerance");
    } finally {
      vi.useRealTimers();
    }
  });
});
