/**
 * The size limits of a request, checked before the request is read whole: the body by its `Content-Length` up
 * front and by counting bytes as they are read (chunked bodies), so a 12 MB upload is refused after its first
 * 5 MiB at most, never buffered whole and parsed. Bodies are read from their stream and never re-wrapped in a
 * new stream-bodied Request, which some browsers cannot build.
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
 * Read a request's body, stopping as soon as more than `limit` bytes arrived (the reader is cancelled, so the rest
 * is never read) with {@link bodyTooLarge}. Every reader of a request body in the pipeline goes through here: the
 * JSON reader, the idempotency fingerprint, the journal.
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const body = request.body;
  if (!body) {
    // No body, or a runtime that does not expose it as a stream: it is in memory already.
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw bodyTooLarge(limit, `${bytes.byteLength} bytes`);
    return bytes;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other is cancelled too.
      reader.cancel().catch(() => undefined);
      throw bodyTooLarge(limit, `more than ${limit} bytes arrived`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
