// The browser every check runs in: Debian's chromium (`apt-get install -y chromium`), never a downloaded one.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** The Chromium binary (`CHROMIUM=<path>` names the only one to use), or undefined when none is installed. */
export const chromiumPath = (
  process.env.CHROMIUM
    ? [process.env.CHROMIUM]
    : ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
).find((path) => existsSync(path));

/** Why the checks are skipped when {@link chromiumPath} is undefined. */
export const NO_CHROMIUM = "no Chromium found; install it with `apt-get install -y chromium`";

/** Chromium's flags: no sandbox (CI runs as root), and nothing that reaches the network on its own. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Fail with a hint when a file a check needs (a build, the docs site) is missing. */
export function requireFiles(files: readonly string[], hint: string): void {
  const missing = files.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) throw new Error(`Failed to start the browser check: ${missing.join(", ")} missing; ${hint}`);
}
