/**
 * Idempotency tests: a request that stays in flight inside the fake until the test releases its body, and a reader
 * that keeps an answer's exact text beside its parsed body.
 */
import type { Fake } from "@dispatchkit/fake";

/** An answer's status, headers, exact text and parsed JSON body. */
export async function read(res: Response) {
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

/**
 * Send a keyed POST to `fake.fetch` whose body arrives only when `release()` is called: until then the request is
 * in the pipeline, past the key check, reading its body.
 */
export function heldRequest(fake: Fake, path: string, body: unknown, key: string) {
  let release = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      release = () => {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(body)));
        controller.close();
      };
    },
  });
  const request = new Request(`${fake.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json", "idempotency-key": key },
    body: stream,
    // Node's fetch needs it for a stream body.
    duplex: "half",
  } as RequestInit);
  return { answer: fake.fetch(request), release: () => release() };
}
