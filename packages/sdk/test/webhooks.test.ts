/**
 * Webhook verification: round trips through signWebhookForTest, every failure reason, header shapes, secret
 * rotation, and events valid against openapi.yaml's `WebhookEvent`.
 */
import { describe, expect, it, vi } from "vitest";
import { createContractValidator } from "../../../test/support/openapi-validator.js";
import {
  DispatchError,
  signWebhookForTest,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  WebhookVerificationError,
} from "../src/index.js";
import type { WebhookVerificationReason } from "../src/webhooks.js";

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

/** The verification error a call rejects with (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

/** A body signed independently (node:crypto) with SECRET at TS, as the service would. */
async function signedRaw(rawBody: string | Uint8Array, ts: number | string = TS) {
  const { createHmac } = await import("node:crypto");
  const hex = createHmac("sha256", SECRET).update(`${ts}.`).update(rawBody).digest("hex");
  return { "x-dispatch-signature": `v0=${hex}`, "x-dispatch-timestamp": String(ts) };
}

describe("verifyWebhook error messages", () => {
  it("names the missing header, the signature header first", async () => {
    const { rawBody } = await signWebhookForTest(event, SECRET, TS);
    const none = await failure(verifyWebhook({ rawBody, headers: {}, secret: SECRET, now: NOW }));
    expect(none.message).toBe("Failed to verify webhook: no x-dispatch-signature header");
    const noTimestamp = await failure(
      verifyWebhook({ rawBody, headers: { "x-dispatch-signature": "v0=00" }, secret: SECRET, now: NOW }),
    );
    expect(noTimestamp.reason).toBe("missing_header");
    expect(noTimestamp.message).toBe("Failed to verify webhook: no x-dispatch-timestamp header");
    const blank = await failure(
      verifyWebhook({
        rawBody,
        headers: { "x-dispatch-signature": "v0=00", "x-dispatch-timestamp": "  " },
        secret: SECRET,
        now: NOW,
      }),
    );
    expect(blank.message).toBe("Failed to verify webhook: no x-dispatch-timestamp header");
  });

  it("says what is malformed: the signature values, or the timestamp", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const signature = await failure(
      verifyWebhook({ rawBody, headers: { ...headers, "x-dispatch-signature": "v1=ab" }, secret: SECRET, now: NOW }),
    );
    expect(signature.message).toBe("Failed to verify webhook: x-dispatch-signature holds no v0=<hex> value");
    const timestamp = await failure(
      verifyWebhook({ rawBody, headers: { ...headers, "x-dispatch-timestamp": "-5" }, secret: SECRET, now: NOW }),
    );
    expect(timestamp.reason).toBe("malformed_signature");
    expect(timestamp.message).toBe("Failed to verify webhook: x-dispatch-timestamp is not unix seconds");
  });

  it("gives the rounded skew and the tolerance of a stale timestamp", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const error = await failure(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW + 400_600 }));
    expect(error.reason).toBe("timestamp_out_of_tolerance");
    expect(error.message).toBe(`Failed to verify webhook: timestamp ${TS} is 401 s away from now (tolerance 300 s)`);
  });

  it("says no signature matches, and that a body is not JSON", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const mismatch = await failure(verifyWebhook({ rawBody, headers, secret: "whsec_other", now: NOW }));
    expect(mismatch.message).toBe("Failed to verify webhook: no signature matches the body and secret");
    const notJson = await failure(
      verifyWebhook({ rawBody: "nope", headers: await signedRaw("nope"), secret: SECRET, now: NOW }),
    );
    expect(notJson.message).toBe("Failed to verify webhook: the body is not JSON");
  });

  it("serializes with its reason", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const error = await failure(verifyWebhook({ rawBody, headers, secret: "whsec_other", now: NOW }));
    expect(error.name).toBe("WebhookVerificationError");
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "WebhookVerificationError",
      message: "Failed to verify webhook: no signature matches the body and secret",
      reason: "signature_mismatch",
    });
  });
});

describe("verifyWebhook signature header parsing", () => {
  it("skips values that are not v0=<even-length hex> and accepts the one that is", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const good = headers["x-dispatch-signature"] as string;
    for (const noise of ["v0=abc", "v0=zz", "v1=00", "v0=", "garbage", " v0=0g "]) {
      const h = { ...headers, "x-dispatch-signature": `${noise},${good}` };
      expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("passed");
    }
  });

  it("takes a value only when it is v0= and hex digits alone, nothing before or after", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const good = headers["x-dispatch-signature"] as string;
    for (const bad of [`x${good}`, `${good}zz`, `${good} v0=00`]) {
      const h = { ...headers, "x-dispatch-signature": bad };
      expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe(
        "malformed_signature",
      );
    }
  });

  it("accepts spaces around a value and upper-case hex", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const hex = (headers["x-dispatch-signature"] as string).slice(3).toUpperCase();
    const h = { ...headers, "x-dispatch-signature": `  v0=${hex}  ` };
    expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("passed");
  });

  it("refuses an odd number of hex digits, even when the digits otherwise match", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const h = { ...headers, "x-dispatch-signature": `${headers["x-dispatch-signature"]}0` };
    expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("malformed_signature");
  });

  it("does not match a signature that has the right bytes followed by more", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    for (const extra of ["00", (headers["x-dispatch-signature"] as string).slice(3)]) {
      const h = { ...headers, "x-dispatch-signature": `${headers["x-dispatch-signature"]}${extra}` };
      expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("signature_mismatch");
    }
  });

  it("does not match the first half of the right signature, nor a signature one byte off", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const hex = (headers["x-dispatch-signature"] as string).slice(3);
    const last = hex.slice(-2) === "00" ? "01" : "00";
    for (const bad of [hex.slice(0, 32), `${hex.slice(0, -2)}${last}`, `${last}${hex.slice(2)}`]) {
      const h = { ...headers, "x-dispatch-signature": `v0=${bad}` };
      expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("signature_mismatch");
    }
  });

  it("finds the headers in any case in a plain object, skipping headers whose value is undefined", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const h = {
      "X-Other": "1",
      "X-Dispatch-Signature": headers["x-dispatch-signature"],
      "X-Dispatch-Timestamp": headers["x-dispatch-timestamp"],
    };
    expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("passed");
    const unset = { ...h, "X-Dispatch-Signature": undefined };
    const error = await failure(verifyWebhook({ rawBody, headers: unset, secret: SECRET, now: NOW }));
    expect(error.message).toBe("Failed to verify webhook: no x-dispatch-signature header");
  });

  it("joins repeated headers (Node's arrays) with commas, so each value is tried", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const h = { ...headers, "x-dispatch-signature": ["v0=00", headers["x-dispatch-signature"] as string] };
    expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("passed");
    const stale = { ...headers, "x-dispatch-signature": ["v0=00", "v0=0102"] };
    expect(await reason(verifyWebhook({ rawBody, headers: stale, secret: SECRET, now: NOW }))).toBe(
      "signature_mismatch",
    );
  });

  it("reads a get() object that answers null as a missing header", async () => {
    const { rawBody } = await signWebhookForTest(event, SECRET, TS);
    const error = await failure(verifyWebhook({ rawBody, headers: { get: () => null }, secret: SECRET, now: NOW }));
    expect(error.reason).toBe("missing_header");
  });
});

describe("verifyWebhook timestamps and bodies", () => {
  it("accepts the exact tolerance boundary and refuses one millisecond past it", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const at = (now: number, toleranceSeconds: number) =>
      reason(verifyWebhook({ rawBody, headers, secret: SECRET, now, toleranceSeconds }));
    expect(await at(NOW + 10_000, 10)).toBe("passed");
    expect(await at(NOW - 10_000, 10)).toBe("passed");
    expect(await at(NOW + 10_001, 10)).toBe("timestamp_out_of_tolerance");
    expect(await at(NOW - 10_001, 10)).toBe("timestamp_out_of_tolerance");
    expect(await at(NOW, 0)).toBe("passed");
    expect(await at(NOW + 1, 0)).toBe("timestamp_out_of_tolerance");
  });

  it("accepts a timestamp with spaces around it, signed without them", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const h = { ...headers, "x-dispatch-timestamp": ` ${TS} ` };
    expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe("passed");
  });

  it("refuses a timestamp with a fraction or a sign as malformed", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    for (const ts of [`${TS}.5`, `+${TS}`, `${TS}x`, `x${TS}`]) {
      const h = { ...headers, "x-dispatch-timestamp": ts };
      expect(await reason(verifyWebhook({ rawBody, headers: h, secret: SECRET, now: NOW }))).toBe(
        "malformed_signature",
      );
    }
  });

  it("refuses a signed body that is not UTF-8 as invalid_json, even where a lenient decoder would read JSON", async () => {
    const bytes = new Uint8Array([0x22, 0xff, 0x22]); // `"`, an invalid byte, `"`
    const headers = await signedRaw(bytes);
    expect(await reason(verifyWebhook({ rawBody: bytes, headers, secret: SECRET, now: NOW }))).toBe("invalid_json");
  });

  it("verifies bytes as the exact bytes received, a view into a larger buffer included", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    const encoded = new TextEncoder().encode(rawBody);
    const larger = new Uint8Array(encoded.length + 4);
    larger.set(encoded, 2);
    const view = larger.subarray(2, 2 + encoded.length);
    expect(await verifyWebhook({ rawBody: view, headers, secret: SECRET, now: NOW })).toEqual(event);
  });

  it("tries every secret of a rotation, the matching one last", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    expect(await verifyWebhook({ rawBody, headers, secret: ["whsec_a", "whsec_b", SECRET], now: NOW })).toEqual(event);
    expect(await reason(verifyWebhook({ rawBody, headers, secret: [], now: NOW }))).toBe("signature_mismatch");
  });

  it("fails with a DispatchError naming WebCrypto when the runtime has none", async () => {
    const { rawBody, headers } = await signWebhookForTest(event, SECRET, TS);
    vi.stubGlobal("crypto", undefined);
    try {
      await expect(verifyWebhook({ rawBody, headers, secret: SECRET, now: NOW })).rejects.toThrow(
        new DispatchError("Failed to verify webhook: WebCrypto (globalThis.crypto.subtle) is not available"),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("signWebhookForTest", () => {
  it("sends the headers the service sends, with whole seconds", async () => {
    const signed = await signWebhookForTest(event, SECRET, TS + 0.9);
    expect(signed.rawBody).toBe(JSON.stringify(event));
    expect(signed.headers).toEqual({
      "content-type": "application/json",
      "x-dispatch-event-id": event.id,
      "x-dispatch-timestamp": String(TS),
      "x-dispatch-topic": "order.status_updated",
      "x-dispatch-signature": (await signedRaw(signed.rawBody))["x-dispatch-signature"],
    });
  });
});
