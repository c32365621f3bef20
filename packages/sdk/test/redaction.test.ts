/**
 * Redaction, as properties over random tokens (short ones included): a whole occurrence of the token never survives,
 * and no other text is changed; then end to end, through a call that fails without an answer, its error (message,
 * JSON, inspect, stack) and the logger's lines.
 */
import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConnectionError, createClient, type Logger } from "../src/index.js";
import { redact } from "../src/redaction.js";
import { BASE } from "./support/scripted.js";

/** Characters of a bearer token (RFC 6750 b64token, before its `=` padding). */
const TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/";
const isTokenChar = (c: string | undefined) => c !== undefined && TOKEN_CHARS.includes(c);

/** Bearer tokens, from one character to long ones, some with `=` padding. */
const tokens = fc.oneof(
  fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 3 }),
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 4, maxLength: 48 }),
      fc.integer({ min: 0, max: 2 }),
    )
    .map(([body, padding]) => body + "=".repeat(padding)),
);

/** The test's own definition of a whole occurrence: not glued to token characters where the token has them. */
function wholeOccurrences(text: string, token: string): number {
  let count = 0;
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    const before = text[at - 1];
    const after = text[at + token.length];
    const gluedBefore = isTokenChar(before) && isTokenChar(token[0]);
    const gluedAfter = isTokenChar(after) && isTokenChar(token.at(-1));
    if (token.length >= 16 || (!gluedBefore && !gluedAfter)) count++;
  }
  return count;
}

/** Characters that never belong to a token: what separates the token from the text around it. */
const separators = fc.constantFrom(" ", ": ", ", ", '"', "\n", "=", "(", ")", "'", " · ");

describe("redact", () => {
  it("replaces each whole occurrence of the token, and changes nothing else", () => {
    fc.assert(
      fc.property(
        tokens,
        fc.array(fc.oneof(fc.constant(null), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 8 }),
        separators,
        (token, pieces, separator) => {
          // `null` pieces are where the token goes; the other text must not hold the token itself.
          fc.pre(pieces.every((piece) => piece === null || !piece.includes(token)));
          const text = pieces.map((piece) => piece ?? token).join(separator);
          const expected = pieces.map((piece) => piece ?? "[redacted]").join(separator);
          fc.pre(!"[redacted]".includes(token)); // such a token gets another marker, checked below
          expect(redact(text, [token])).toBe(expected);
          expect(wholeOccurrences(redact(text, [token]), token)).toBe(0);
        },
      ),
    );
  });

  it("leaves a short token glued inside a longer word alone, and takes a long one out anyway", () => {
    fc.assert(
      fc.property(tokens, fc.constantFrom(...TOKEN_CHARS), fc.constantFrom(...TOKEN_CHARS), (token, before, after) => {
        const glued = `${before}${token}${after}`;
        if (token.length >= 16) expect(redact(glued, [token])).toBe(`${before}[redacted]${after}`);
        else if (isTokenChar(token.at(-1))) expect(redact(glued, [token])).toBe(glued);
      }),
    );
  });

  it("never leaves a whole occurrence in any text", () => {
    fc.assert(
      fc.property(tokens, fc.string({ unit: fc.constantFrom(..."ab= -.[]tT"), maxLength: 40 }), (token, text) => {
        const withToken = `${text} ${token} ${text}${token}`;
        expect(wholeOccurrences(redact(withToken, [token]), token)).toBe(0);
      }),
    );
  });

  it("keeps known texts intact", () => {
    expect(redact("fetch failed", ["t"])).toBe("fetch failed");
    expect(redact("Authorization: Bearer t", ["t"])).toBe("Authorization: Bearer [redacted]");
    expect(redact("token=abc&x=1", ["abc"])).toBe("token=[redacted]&x=1");
    expect(redact("sent tok_live_5ecret_never_logged_x", ["tok_live_5ecret_never_logged"])).toBe("sent [redacted]_x");
    expect(redact("Bearer redacted", ["redacted"])).toBe("Bearer [***]");
    expect(redact("a old b new", ["old", "new"])).toBe("a [redacted] b [redacted]");
  });
});

/** Everything a failed call leaves behind: the error in every form, and the logger's lines. */
/**
 * Stack frames without their line:column: a property's two calls run from different lines, and a token such as "22"
 * would be found in the position of one call site that the reference call's stack does not share.
 */
const withoutPositions = (text: string) => text.replace(/:\d+:\d+\b/g, ":L:C");

async function failedCall(token: string, quoted: string) {
  const lines: string[] = [];
  const keep = (message: string) => void lines.push(message.replace(/\d+ ms/g, "N ms"));
  const logger: Logger = { debug: keep, info: keep, warn: keep, error: keep };
  const client = createClient({
    baseUrl: BASE,
    token,
    logger,
    logLevel: "debug",
    retries: { maxRetries: 1, sleep: async () => {}, random: () => 0 },
    fetch: async (request) => {
      // What a failing HTTP stack may say: Node's "fetch failed" around a cause that quotes the header.
      const cause = Object.assign(new Error(`socket hang up sending ${request.headers.get("authorization")}`), {
        code: "ECONNRESET",
      });
      throw new TypeError(`fetch failed (${quoted})`, { cause });
    },
  });
  const error = await client.GET("/v2/workspaces").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConnectionError);
  const e = error as ConnectionError;
  return {
    message: e.message,
    json: JSON.stringify(e),
    lines,
    inspected: withoutPositions(inspect(e, { depth: 10, showHidden: true })),
    stacks: withoutPositions(`${e.stack}\n${(e.cause as Error).stack}`),
  };
}

describe("the token never leaks from a failed call", () => {
  it("is taken out of the message, JSON, inspect output, stacks and log lines; nothing else changes", async () => {
    const control = "ctl_0000000000000000000000000000";
    await fc.assert(
      fc.asyncProperty(tokens, fc.string({ maxLength: 20 }), async (token, quoted) => {
        fc.pre(!quoted.includes(token) && token !== "redacted");
        const seen = await failedCall(token, `${quoted} ${token}`);
        const reference = await failedCall(control, `${quoted} ${control}`);
        // A token that is a word of what the SDK writes anyway ("GET", "at") cannot be told apart from it.
        const texts = (r: typeof seen) => [r.message, r.json, ...r.lines, r.inspected, r.stacks];
        fc.pre(texts(reference).every((text) => wholeOccurrences(text, token) === 0));

        for (const text of texts(seen)) expect(wholeOccurrences(text, token)).toBe(0);
        // Everything but the token reads exactly as with another token.
        expect(seen.message).toBe(reference.message);
        expect(seen.json).toBe(reference.json);
        expect(seen.lines).toEqual(reference.lines);
      }),
      // ["22", ""]: a token that is also a frame's line or column (it failed before positions were taken out).
      { numRuns: 150, examples: [["22", ""]] },
    );
  });

  it("reads, for a one-letter token, without mangled words", async () => {
    const { message, lines } = await failedCall("t", "t");
    expect(message).toBe(
      `Failed to GET ${BASE}/v2/workspaces: fetch failed ([redacted]): socket hang up sending Bearer [redacted]`,
    );
    expect(lines).toContain(
      `[dispatchkit] GET ${BASE}/v2/workspaces failed: fetch failed ([redacted]): socket hang up sending Bearer [redacted] (attempt 1): retrying in N ms`,
    );
  });
});
