/**
 * Keeping the token out of what the SDK hands back or logs: redaction of texts, safe copies of underlying errors,
 * and a readable reason for a request that got no answer.
 */

/** What replaces the token. */
const REDACTED = "[redacted]";
/** What replaces a token that is a word of {@link REDACTED} itself (`redacted`): no token character at all. */
const REDACTED_PLAIN = "[***]";

/**
 * Characters a bearer token is made of (RFC 6750 `b64token`, without the trailing `=` that also separates keys from
 * values). An occurrence of the token glued to one of them on a side where the token itself has one is part of a
 * longer word (`t` in `fetch`), not the token.
 */
const TOKEN_CHAR = /[A-Za-z0-9\-._~+/]/;

/**
 * A token at least this long is taken out wherever it appears, also glued to other characters: other text does not
 * contain a string that long by chance, so any occurrence is a leak.
 */
const UNMISTAKABLE_LENGTH = 16;

/** Whether `text[at]` does not continue a word that the token's edge character `edge` is part of. */
function bounded(text: string, at: number, edge: string): boolean {
  const next = text[at];
  return next === undefined || !TOKEN_CHAR.test(next) || !TOKEN_CHAR.test(edge);
}

/** Whether the occurrence of `token` at `at` in `text` is the token itself rather than part of a longer word. */
function whole(text: string, token: string, at: number): boolean {
  if (token.length >= UNMISTAKABLE_LENGTH) return true;
  return bounded(text, at - 1, token[0] as string) && bounded(text, at + token.length, token.at(-1) as string);
}

/** Replace every whole occurrence of one token in a text; any other text is left exactly as it is. */
function redactOne(text: string, token: string): string {
  let at = text.indexOf(token);
  if (at === -1) return text;
  // A token that is itself a word of the marker (`redacted`) would reappear in it.
  const marker =
    REDACTED.includes(token) && whole(REDACTED, token, REDACTED.indexOf(token)) ? REDACTED_PLAIN : REDACTED;
  let out = "";
  let from = 0;
  while (at !== -1) {
    if (whole(text, token, at)) {
      out += text.slice(from, at) + marker;
      from = at + token.length;
      at = text.indexOf(token, from);
    } else {
      at = text.indexOf(token, at + 1);
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Replace each whole occurrence of the tokens in a text by `[redacted]`. An occurrence is whole when it is not glued
 * to token characters on either side (a one-letter token `t` leaves `fetch` alone but is taken out of `Bearer t`);
 * tokens of 16 characters or more are taken out wherever they appear. Nothing else in the text changes, and for a
 * bearer token (RFC 6750 `b64token`) no whole occurrence is left.
 */
export function redact(text: string, tokens: readonly (string | undefined)[]): string {
  let out = text;
  for (const token of tokens) if (token) out = redactOne(out, token);
  return out;
}

/** The code of a Node system error (`ECONNREFUSED`, `ENOTFOUND`…), on the error or the cause it wraps. */
function systemCode(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A copy of an underlying error that is safe to keep on an SDK error: its name, code, message and stack with the
 * tokens taken out, and no reference to the request or anything else the original holds.
 */
export function sanitize(error: unknown, tokens: readonly (string | undefined)[]): Error {
  if (!(error instanceof Error)) return new Error(redact(String(error), tokens));
  const copy = new Error(redact(error.message, tokens));
  copy.name = error.name;
  const code = systemCode(error);
  if (code !== undefined) (copy as Error & { code?: string }).code = code;
  copy.stack = error.stack === undefined ? `${copy.name}: ${copy.message}` : redact(error.stack, tokens);
  return copy;
}

/** The message of an error-like value, or `undefined`. */
function messageOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { message, errors } = value as { message?: unknown; errors?: unknown };
  // Node's happy-eyeballs connect fails with an AggregateError without a message: one error per address tried.
  if (message === "" && Array.isArray(errors)) {
    const inner = errors.map(messageOf).filter((m): m is string => Boolean(m));
    return inner.length ? inner.join("; ") : undefined;
  }
  return typeof message === "string" && message ? message : undefined;
}

/**
 * Why a request got no answer, in words: `connect ECONNREFUSED 127.0.0.1:1` rather than Node's `fetch failed`,
 * which names neither the host nor what went wrong (that is in its `cause`).
 */
export function describeFailure(error: unknown): string {
  const message = messageOf(error) ?? String(error);
  const cause = messageOf((error as { cause?: unknown } | null)?.cause);
  if (cause === undefined || message.includes(cause)) return message;
  return message === "fetch failed" ? cause : `${message}: ${cause}`;
}
