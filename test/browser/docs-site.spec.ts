// The built docs site (docs-site/, `npm run docs`) in Chromium, served from a local static server on 127.0.0.1
// (not file://, so the pages run as they do when hosted). The crawl opens index.html and visits every page reachable
// over same-site links, including each view of the hash-routed REST references; the tests then read what it found.
// Every page must work offline: external requests are blocked and reported, and every HTML and CSS file is also
// scanned for external script, style and font URLs. Screenshots of a few pages go to SITE_SCREENSHOTS=<folder>
// (default: the test's output folder). SITE_DIR=<folder> checks another copy of the site.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, relative, resolve, sep } from "node:path";
import { type Browser, expect, type TestInfo, test } from "@playwright/test";
import { chromiumPath, NO_CHROMIUM, root } from "./chromium.js";

test.skip(chromiumPath === undefined, NO_CHROMIUM);

const siteDir = process.env.SITE_DIR ? resolve(process.env.SITE_DIR) : join(root, "docs-site");

/**
 * Links that may leave the site, and why. A link elsewhere fails the check: add it here only when a reader should
 * follow it. Matched as URL prefixes.
 */
const ALLOWED_EXTERNAL = [
  ["https://github.com/dispatchkit/dispatchkit", "the repository: sources, issues, examples"],
  ["https://www.npmjs.com/", "the packages' npm pages"],
  ["https://docs.npmjs.com/", "npm's own documentation"],
  ["https://nodejs.org/", "Node.js: versions and its documentation"],
  ["https://mswjs.io/", "MSW, which serves the fake in tests and browsers"],
  ["https://openapi-ts.dev/openapi-fetch/", "openapi-fetch, the SDK's typed calls"],
  ["https://redocly.com/redoc/", "Redoc's attribution in the REST references' sidebar"],
  ["https://developer.mozilla.org/docs/Web/API/", "MDN, where typedoc links the platform's types (`typeof fetch`)"],
] as const;

/** Pages photographed, from the site root (each must be in the site). */
const SCREENSHOT_PAGES = [
  "index.html",
  "documents/docs_getting-started.html",
  "documents/docs_testing.html",
  "documents/docs_standalone.html",
  "api/index.html",
  "api/control/index.html",
];

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".md": "text/markdown; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".yaml": "text/yaml; charset=utf-8",
};

/** The site folder over HTTP: `/x/` serves `/x/index.html`; nothing outside the folder. */
async function serveSite(): Promise<Server> {
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url ?? "/", "http://site").pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = normalize(join(siteDir, path));
    if (!file.startsWith(siteDir + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error("not a file");
      const body = await readFile(file);
      res
        .writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": "no-store",
        })
        .end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** What the crawl found wrong, by kind: each kind is one test below. */
type Kind = "broken link" | "external link" | "console error" | "offline" | "failed request" | "not rendered";
const found = new Map<Kind, string[]>();
const problem = (kind: Kind, text: string) => {
  const list = found.get(kind) ?? [];
  if (!list.includes(text)) list.push(text);
  found.set(kind, list);
};
const problemsOf = (kind: Kind) => found.get(kind) ?? [];

const visited = new Set<string>();
let linksChecked = 0;
const externalSeen = new Map<string, number>();

/** Visit every page reachable from index.html; what is wrong lands in `found`. */
async function crawl(browser: Browser, testInfo: TestInfo): Promise<void> {
  if (!existsSync(join(siteDir, "index.html")))
    throw new Error(`Failed to check the site: ${relative(root, siteDir)}/index.html is missing; run \`npm run docs\``);
  const server = await serveSite();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    let current = "";
    // Offline: anything not from the local server is blocked and reported.
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
      problem("offline", `${current}: requested ${url} from outside the site (blocked: pages must work offline)`);
      return route.abort("blockedbyclient");
    });
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") problem("console error", `${current}: console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problem("console error", `${current}: uncaught exception: ${error.message}`));
    page.on("requestfailed", (request) => {
      // ERR_ABORTED: the crawler left the page before the request finished (a favicon, a script); an answer that
      // is an error is reported by the "response" handler below.
      if (request.failure()?.errorText === "net::ERR_ABORTED") return;
      if (request.url().startsWith(`${origin}/`))
        problem("failed request", `${current}: request failed: ${request.url()} (${request.failure()?.errorText})`);
    });
    page.on("response", (response) => {
      if (response.url().startsWith(`${origin}/`) && response.status() >= 400)
        problem("failed request", `${current}: ${response.status()} for ${response.url().slice(origin.length + 1)}`);
    });

    /** Site path of a same-site URL, without its fragment. */
    const sitePath = (url: URL) => decodeURIComponent(url.pathname.slice(1)) || "index.html";
    const isPage = (path: string) => path.endsWith(".html") || path.endsWith("/");
    /**
     * What to visit: a page (`api/index.html`), or a view of a hash-routed page (`api/index.html#/orders`): the
     * REST references are single pages whose links are hash routes, each a view rendered by the page's script.
     */
    const queue = ["index.html"];
    const sources = new Map([["index.html", "(start)"]]);
    /** Fragments to check per typedoc page: page → [[fragment, linked from]]. */
    const fragments = new Map<string, [string, string][]>();
    /** Files of the site that are not pages: path → linked from. */
    const files = new Map<string, string>();
    /** Element ids per visited typedoc page (null for other pages). */
    const idsOf = new Map<string, Set<string> | null>();
    const enqueue = (target: string, from: string) => {
      if (!sources.has(target)) sources.set(target, from);
      if (!visited.has(target)) queue.push(target);
    };

    for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
      if (visited.has(target)) continue;
      visited.add(target);
      current = target;
      const [path = "", route] = target.split("#");
      if (route !== undefined) {
        // A view: same document, new hash; the page's router renders it.
        await page.goto(`${origin}/${target}`);
        // A full load when coming from another page: the view renders once the page's script has run.
        await page
          .waitForFunction(() => document.querySelector("h1, h2") !== null, null, { timeout: 10_000 })
          .catch(() => problem("not rendered", `${target}: the view was not rendered`));
        await page.waitForTimeout(250);
        // innerText, not textContent: it is what the page shows (Redoc keeps views it does not show in the DOM).
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here.
        const missing = await page.evaluate(() => document.body.innerText.includes("No page at this address"));
        if (missing)
          problem("broken link", `${target} (the page has no such view), linked from ${sources.get(target)}`);
      } else {
        const response = await page.goto(`${origin}/${path}`, { waitUntil: "load" });
        if (response?.status() !== 200) {
          problem("broken link", `${path} (${response?.status() ?? "no answer"}), linked from ${sources.get(path)}`);
          continue;
        }
      }
      const isTypedoc = await page.evaluate(() => document.getElementById("tsd-nav-container") !== null);
      if (isTypedoc) {
        // The sidebar is built by typedoc's script from its navigation data. The largest pages (the generated
        // `operations` interface) take over 10 s to build it on a loaded 2-core machine: allow 30 s.
        await page
          .waitForFunction(() => (document.getElementById("tsd-nav-container")?.children.length ?? 0) > 0, null, {
            timeout: 30_000,
          })
          .catch(() => problem("not rendered", `${path}: the navigation was not built`));
      } else if (route === undefined) {
        // A hash-routed page renders itself after load.
        await page
          .waitForFunction(() => document.querySelector("h1") !== null, null, { timeout: 10_000 })
          .catch(() => problem("not rendered", `${path}: nothing was rendered`));
      }
      const { hrefs, ids } = await page.evaluate(() => ({
        hrefs: [...document.querySelectorAll("a[href]")].map((a) => ({
          raw: a.getAttribute("href"),
          resolved: (a as HTMLAnchorElement).href,
        })),
        ids: [...document.querySelectorAll("[id], a[name]")].map((e) => e.id || e.getAttribute("name")),
      }));
      if (route === undefined) idsOf.set(path, isTypedoc ? new Set(ids.filter((id) => id !== null)) : null);
      for (const { raw, resolved } of hrefs) {
        linksChecked += 1;
        let url: URL;
        try {
          url = new URL(resolved);
        } catch {
          problem("broken link", `${target}: unparsable link ${raw}`);
          continue;
        }
        if (url.origin === origin) {
          const linked = sitePath(url);
          const fragment = url.hash.slice(1);
          if (!isPage(linked)) {
            if (!files.has(linked)) files.set(linked, target);
          } else if (fragment.startsWith("/")) {
            // A hash route (no typedoc anchor starts with "/"); a second `#` scrolls within its view.
            enqueue(linked, target);
            enqueue(`${linked}#${fragment.split("#")[0]}`, target);
          } else {
            enqueue(linked, target);
            if (!fragment) continue;
            if (linked !== path) {
              const list = fragments.get(linked) ?? [];
              list.push([decodeURIComponent(fragment), target]);
              fragments.set(linked, list);
            } else if (isTypedoc && !ids.includes(decodeURIComponent(fragment))) {
              problem("broken link", `${path} → #${fragment} (no such element on the page)`);
            }
          }
          continue;
        }
        if (url.protocol === "mailto:") continue;
        const allowed = ALLOWED_EXTERNAL.some(([prefix]) => url.href.startsWith(prefix));
        if (!allowed) problem("external link", `${target}: link leaves the site unexpectedly: ${raw}`);
        externalSeen.set(url.href, (externalSeen.get(url.href) ?? 0) + 1);
      }
    }

    for (const [target, list] of fragments) {
      const ids = idsOf.get(target);
      if (!ids) continue; // not a typedoc page, or a broken link reported above
      for (const [fragment, from] of list) {
        if (!ids.has(fragment)) problem("broken link", `${from} → ${target}#${fragment} (no such element)`);
      }
    }
    for (const [file, from] of files) {
      current = file;
      const response = await fetch(`${origin}/${file}`);
      if (response.status !== 200) problem("broken link", `${from} → ${file} (${response.status})`);
    }

    const screenshotDir = process.env.SITE_SCREENSHOTS ?? testInfo.outputPath("site-screenshots");
    await mkdir(screenshotDir, { recursive: true });
    for (const path of SCREENSHOT_PAGES) {
      current = path;
      if (!existsSync(join(siteDir, path))) {
        problem("broken link", `screenshot: ${path} is not in the site (SCREENSHOT_PAGES names a page that moved)`);
        continue;
      }
      await page.goto(`${origin}/${path}`, { waitUntil: "load" });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotDir, `${path.replace(/\.html$/, "").replaceAll("/", "-")}.png`) });
    }
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
  const views = [...visited].filter((v) => v.includes("#")).length;
  console.log(
    `site check: ${visited.size - views} pages and ${views} views of the REST references, ${linksChecked} links`,
  );
  console.log(`site check: links that leave the site (${externalSeen.size}):`);
  for (const [url, count] of [...externalSeen].sort()) console.log(`  ${url} (${count})`);
}

test("no HTML or CSS file of the site loads a script, style or font from outside it (offline rule)", async () => {
  const patterns = [
    /<script\b[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\/[^"'\s>]+/gi,
    /<link\b[^>]*\bhref\s*=\s*["']?(?:https?:)?\/\/[^"'\s>]+[^>]*>/gi,
    /@import\s+(?:url\()?\s*["']?(?:https?:)?\/\/[^"')\s;]+/gi,
    /url\(\s*["']?(?:https?:)?\/\/[^"')\s]+\.(?:woff2?|ttf|otf|eot|css)\b[^)]*\)/gi,
    /\bimport\s*(?:\(|[^"';()]*\bfrom\s*)\s*["'](?:https?:)?\/\/[^"']+["']/gi,
  ];
  const external: string[] = [];
  for await (const file of walk(siteDir)) {
    if (![".html", ".css"].includes(extname(file))) continue;
    const text = await readFile(file, "utf8");
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        // <link rel="canonical"> and the like point elsewhere without loading anything.
        if (/^<link/i.test(match[0]) && !/rel\s*=\s*["']?(stylesheet|preload|modulepreload|icon|font)/i.test(match[0]))
          continue;
        external.push(`${relative(siteDir, file)}: ${match[0].slice(0, 160)}`);
      }
    }
  }
  expect(external).toEqual([]);
});

test("the site's search finds words inside the guides, not only page and symbol names", async ({ browser }) => {
  const server = await serveSite();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`);
    // "retries" names no page; the guides explain them (docs/sdk.md, docs/standalone.md).
    await page.locator("#tsd-search-trigger").click();
    await page.locator("#tsd-search-input").fill("retries");
    const guideHits = page.locator('#tsd-search-results a[href*="documents/"]');
    await expect(guideHits.first()).toBeVisible();
    expect(await guideHits.count()).toBeGreaterThan(0);
  } finally {
    await context.close();
    await new Promise((done) => server.close(done));
  }
});

test("every docs link the standalone server's home prints resolves in the built site, anchors included", async () => {
  // The built packages (npm run build), as a user runs them: the home names the published site; its pages are the
  // ones this site has.
  const { createFake } = await import("@dispatchkit/fake");
  const { startServer } = await import("@dispatchkit/fake-server");
  const running = await startServer(createFake(), { port: 0 });
  try {
    const home = (await (await fetch(`${running.url}/`, { headers: { accept: "application/json" } })).json()) as {
      docs: Record<string, string>;
    };
    const site = home.docs.site ?? "";
    expect(site).toMatch(/^https:\/\/.+\/$/);
    for (const [name, link] of Object.entries(home.docs)) {
      expect(link.startsWith(site), `${name}: ${link} is on the docs site`).toBe(true);
      const [path = "", anchor] = link.slice(site.length).split("#");
      const file = join(siteDir, path === "" || path.endsWith("/") ? `${path}index.html` : path);
      expect(existsSync(file), `${name}: ${link} → ${relative(siteDir, file)} exists in the built site`).toBe(true);
      if (anchor !== undefined) {
        const html = await readFile(file, "utf8");
        expect(html.includes(`id="${anchor}"`), `${name}: ${link} → #${anchor} is an anchor of the page`).toBe(true);
      }
    }
  } finally {
    await running.close();
  }
});

test("every page and link of the site works offline, with no console error", async ({ browser }, testInfo) => {
  // Every page, on a loaded 2-core machine.
  test.setTimeout(15 * 60_000);
  await crawl(browser, testInfo);
  // Soft: each kind of problem is reported, not only the first.
  await test.step("the crawl reached the guides, the API reference and both REST references", () => {
    for (const page of ["index.html", ...SCREENSHOT_PAGES]) expect.soft([...visited]).toContain(page);
    expect.soft([...visited].some((target) => target.startsWith("api/index.html#/"))).toBe(true);
  });
  const kinds: [Kind, string][] = [
    ["broken link", "every internal link resolves: pages, REST reference views, typedoc fragments, files"],
    ["external link", "every link that leaves the site is on the allow-list"],
    ["not rendered", "every page renders: typedoc's navigation, the REST references' views"],
    ["console error", "no page logs a console error or throws"],
    ["offline", "no page requests anything from outside the site (it works offline)"],
    ["failed request", "every request for a file of the site succeeds"],
  ];
  for (const [kind, title] of kinds) {
    await test.step(title, () => {
      expect.soft(problemsOf(kind), title).toEqual([]);
    });
  }
});
