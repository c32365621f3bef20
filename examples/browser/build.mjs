#!/usr/bin/env node
// Builds the page into dist/: app.js (src/main.ts bundled by esbuild with the built @dispatchkit/fake and
// @dispatchkit/sdk, as an app would get them from npm), index.html, and msw's mockServiceWorker.js copied from
// node_modules (what `npx msw init dist` writes), so nothing generated is committed. Needs `npm run build` at the
// repository root first. `--serve [port]` then serves dist/ on http://127.0.0.1:<port> (default 5173).
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Build the page into `outdir` (default dist/); resolves with the directory. */
export async function buildExample(outdir = join(here, "dist")) {
  for (const pkg of ["@dispatchkit/fake", "@dispatchkit/sdk", "@dispatchkit/optimizer"]) {
    try {
      require.resolve(pkg);
    } catch {
      throw new Error(`Failed to build the browser example: ${pkg} is not built; run \`npm run build\` first`);
    }
  }
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: [join(here, "src/main.ts")],
    outfile: join(outdir, "app.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: true,
    logLevel: "warning",
  });
  await copyFile(join(here, "index.html"), join(outdir, "index.html"));
  await copyFile(require.resolve("msw/mockServiceWorker.js"), join(outdir, "mockServiceWorker.js"));
  return outdir;
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** Serve `dir` on 127.0.0.1:`port` (0 picks one); resolves with the server and its URL. */
export function serveDirectory(dir, port = 0) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://page").pathname;
    const name = path === "/" ? "index.html" : path.slice(1);
    const type = TYPES[extname(name)];
    if (!type || name.includes("/") || name.includes("..")) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(dir, name));
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await buildExample();
  console.log(`built ${dir}`);
  const serveAt = process.argv.indexOf("--serve");
  if (serveAt >= 0) {
    const { url } = await serveDirectory(dir, Number(process.argv[serveAt + 1] ?? 5173) || 5173);
    console.log(`serving ${url} (Ctrl-C stops)`);
  }
}
