/**
 * The console of the standalone server: `GET /_fake/console` answers a page, `GET /_fake/console/console.js` its
 * script. The script is a browser bundle of `src/console/` built with the package (`dist/console/console.js`);
 * run from source (`npm start`, tests), where no bundle sits beside this file, it is bundled from the sources with
 * esbuild on first request and kept in memory. The page carries the server's seeded token, so the console works
 * without asking; the user may enter another one.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Fake } from "@dispatchkit/fake";
import { hostOf } from "@dispatchkit/fake/node";

/** Path of the console under the fake's base URL. */
export const CONSOLE_PATH = "/_fake/console";

// The CJS build has no import.meta; node gives it __dirname instead.
const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));

let script: Promise<string> | undefined;

/** The console's script: the built bundle beside the package's code, else bundled now from the sources. */
function consoleScript(): Promise<string> {
  script ??= (async () => {
    const built = join(here, "console", "console.js");
    if (existsSync(built)) return readFile(built, "utf8");
    const source = join(here, "console", "main.ts");
    if (!existsSync(source)) throw new Error(`Failed to load the console: neither ${built} nor ${source} exists`);
    // Only reached from source, where esbuild (a devDependency of the repository) is installed.
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [source],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    return result.outputFiles[0]?.text ?? "";
  })();
  script.catch(() => {
    script = undefined;
  });
  return script;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The console's page: the shell the script fills in, with the seeded token and the base path. */
function consoleHtml(token: string, basePath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="dispatch-token" content="${escapeHtml(token)}">
  <meta name="dispatch-base-path" content="${escapeHtml(basePath)}">
  <title>Dispatch fake console</title>
  <link rel="icon" href="data:,">
</head>
<body>
  <noscript>The console needs JavaScript.</noscript>
  <script type="module" src="${escapeHtml(basePath)}${CONSOLE_PATH}/console.js"></script>
</body>
</html>
`;
}

/** The console's answer for `GET`/`HEAD` of its page or script; undefined for any other request. */
export async function consoleResponse(fake: Fake, request: Request): Promise<Response | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const basePath = hostOf(fake).basePath;
  const path = new URL(request.url).pathname;
  const headers = { "cache-control": "no-store" };
  if (path === `${basePath}${CONSOLE_PATH}` || path === `${basePath}${CONSOLE_PATH}/`) {
    return new Response(consoleHtml(fake.token, basePath), {
      // The page carries the token: no other site may frame it (and trick a click on its controls).
      headers: {
        ...headers,
        "content-type": "text/html; charset=utf-8",
        "x-frame-options": "DENY",
        "content-security-policy": "frame-ancestors 'none'",
      },
    });
  }
  if (path === `${basePath}${CONSOLE_PATH}/console.js`) {
    return new Response(await consoleScript(), {
      headers: { ...headers, "content-type": "text/javascript; charset=utf-8" },
    });
  }
  return undefined;
}
