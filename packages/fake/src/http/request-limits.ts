/**
 * The size limits of a request, checked before the request is read whole: the body by its `Content-Length` up
 * front and by counting bytes as they are read (chunked bodies), so a 12 MB upload is refused after its first
 * 5 MiB at most, never buffered whole and parsed.
 * @see `docs/api-contract.md` section 1 (Limits of requests)
 */
import { DomainError } from "../domain/errors.js";

/**
 * The largest request body accepted, in bytes (5 MiB). Room for the largest batch a client sends in practice
 * (1,000 orders of a few KB each) and for a completion's signature (1,000,000 characters), far below what a
 * test machine can hold.
 */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The longest request target (path and query) accepted, in bytes: 8 KiB, as most proxies allow. */
export const MAX_URL_BYTES = 8 * 1024;

/** The most bytes of request line and headers together (node's `maxHeaderSize`): 16 KiB. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The 413 of a body over `limit` bytes; `seen` is what the size was found to be (at least). */
export function bodyTooLarge(limit: number, seen: string): DomainError {
  return new DomainError(
    "PAYLOAD_TOO_LARGE",
    `Failed to read the request body: it is larger than ${limit} bytes (${seen}); send fewer items per request`,
  );
}

/** The 414 of a request target over `limit` bytes. */
export function urlTooLong(limit: number, length: number): DomainError {
  return new DomainError(
    "URI_TOO_LONG",
    `Failed to read the request: its URL is ${length} bytes, longer than ${limit} bytes`,
  );
}

/** A declared `Content-Length` over the limit, or null when it is absent, valid and within it. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): DomainError | null {
  if (contentLength == null || !/^\d+$/.test(contentLength.trim())) return null;
  const length = Number(contentLength.trim());
  return length > limit ? bodyTooLarge(limit, `Content-Length ${length}`) : null;
}

/**
 * A body stream that passes bytes through while it counts them, and errors with {@link bodyTooLarge} as soon as more
 * than `limit` bytes went by: whoever reads it then (the JSON reader, the idempotency fingerprint) stops there, and
 * the source is cancelled, so the rest is never read.
 */
export function countedBody(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(bodyTooLarge(limit, `more than ${limit} bytes arrived`));
        else controller.enqueue(chunk);
      },
    }),
  );
}
