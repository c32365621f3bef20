#!/usr/bin/env node
// The REST references of the docs site: each OpenAPI document of scripts/rest-references.mjs that exists is
// rendered by `redocly build-docs` into the site folder (docs-site/api/…), after typedoc (which empties the folder).
// A document missing from the checkout is skipped with a line saying so. Each page:
// - works offline: `--inlineBundle` embeds Redoc's scripts instead of loading them from Redocly's CDN, and the
//   one image Redoc still fetches from a CDN (the Redocly logo of its "API docs by" badge) is replaced by an
//   inline SVG;
// - is rendered in the browser only: build-docs prerenders the first screen with links for a server at `/`
//   (`href="/orders"`), which the page's hash routing keeps after hydration and which lead nowhere on a static
//   site; rendered in the browser, every link is a hash route (`#/orders`) that works from any folder;
// - has the site's bar (scripts/site/rest-reference.hbs): the guides and API docs, and the other references;
// - has its OpenAPI document beside it, linked for readers without JavaScript.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join, posix } from "node:path";
import { presentReferences, REST_REFERENCES, root, siteDir } from "./rest-references.mjs";

if (!existsSync(join(siteDir, "index.html"))) {
  console.error(`rest references: ${siteDir}/index.html is missing; run typedoc first (npm run docs)`);
  process.exit(1);
}

const present = presentReferences();
for (const reference of REST_REFERENCES) {
  if (!present.includes(reference)) console.log(`rest references: ${reference.spec} not found, skipped`);
}

/** The Redocly wordmark of Redoc's badge, drawn inline (the original is on a CDN). */
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="58" height="16" viewBox="0 0 58 16">' +
    '<text x="0" y="12.5" font-family="system-ui,sans-serif" font-size="13" font-weight="700" fill="#0044D4">Redocly</text>' +
    "</svg>",
)}`;
const CDN_LOGOS = ["https://cdn.redoc.ly/redoc/logo-mini-full.svg", "https://cdn.redoc.ly/redoc/logo-mini.svg"];

const escapeHtml = (text) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The bar's links, relative to `page`. */
function siteBar(page) {
  const from = posix.dirname(page);
  const link = (target, label, attributes = "") =>
    `<a href="${escapeHtml(posix.relative(from, target) || ".")}"${attributes}>${escapeHtml(label)}</a>`;
  return [
    link("index.html", "DispatchKit docs", ' class="dk-home"'),
    ...present.map((other) => link(other.page, other.label, other.page === page ? ' aria-current="page"' : "")),
  ].join("");
}

/** Empty the prerendered `<div id="redoc">`, so the page renders itself with its own (hash) links. */
function withoutPrerender(html, page) {
  const start = html.indexOf('<div id="redoc">');
  const end = html.indexOf('<script type="module">', start);
  if (start < 0 || end < 0) throw new Error(`Failed to post-process ${page}: no <div id="redoc"> before the script`);
  return `${html.slice(0, start)}<div id="redoc"></div>\n      ${html.slice(end)}`;
}

const redocly = join(root, "node_modules/.bin/redocly");
const template = join(root, "scripts/site/rest-reference.hbs");
for (const { spec, page, title } of present) {
  const output = join(siteDir, page);
  const specCopy = join(dirname(output), basename(spec));
  await mkdir(dirname(output), { recursive: true });
  await copyFile(join(root, spec), specCopy);
  const result = spawnSync(
    redocly,
    [
      "build-docs",
      spec,
      "--inlineBundle",
      "--template",
      template,
      "--title",
      title,
      "--templateOptions.siteBar",
      siteBar(page),
      "--templateOptions.spec",
      basename(spec),
      "--templateOptions.specName",
      spec,
      "--templateOptions.favicon",
      posix.relative(posix.dirname(page), "assets/favicon.svg"),
      "--output",
      output,
    ],
    {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", NO_UPDATE_NOTIFIER: "1" },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) {
    console.error(`rest references: failed to build ${page} from ${spec}:\n${result.stdout}${result.stderr}`);
    process.exit(1);
  }
  let html = withoutPrerender(await readFile(output, "utf8"), page);
  for (const url of CDN_LOGOS) html = html.replaceAll(url, LOGO);
  await writeFile(output, html);
  console.log(`rest references: ${spec} → docs-site/${page}`);
}
