/** The token a transport sends, and its refresh when the API says it has expired. */
import type { TokenSource } from "./client-options.js";

/** A transport's current token: the one it was given, or the last one `onTokenExpired` returned. */
export interface Tokens {
  /** The token to send now; sync for a string token, so that path takes no extra microtask. */
  current(): string | Promise<string>;
  /** Replace `used` with a fresh token from `onTokenExpired`; concurrent callers share one refresh. */
  refresh(used: string, onTokenExpired: () => string | Promise<string>): Promise<void>;
}

/** The token state of one transport, starting from `source`. */
export function createTokens(source: TokenSource): Tokens {
  let current = source;
  let refreshing: Promise<void> | undefined;
  const tokens: Tokens = {
    current: () => (typeof current === "function" ? current() : current),
    async refresh(used, onTokenExpired) {
      if ((await tokens.current()) !== used) return; // another call refreshed it meanwhile
      refreshing ??= (async () => {
        try {
          const fresh: unknown = await onTokenExpired();
          if (typeof fresh !== "string" || fresh === "") {
            throw new TypeError(
              `onTokenExpired returned ${fresh === "" ? "an empty string" : typeof fresh}, not a token`,
            );
          }
          current = fresh;
        } finally {
          refreshing = undefined;
        }
      })();
      await refreshing;
    },
  };
  return tokens;
}
