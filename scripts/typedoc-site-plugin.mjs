// A typedoc plugin (typedoc.json `plugin`) for the docs site:
// - a link to each REST reference of scripts/rest-references.mjs that exists, in every page's navigation (the
//   header and the sidebar, typedoc's `navigationLinks`);
// - guides named by their first heading, up to its first colon ("# Testing with the fake: …" → "Testing with the
//   fake"), instead of by their file name; a `title` in a guide's front matter wins. Page addresses keep the file
//   name (documents/testing.html), so links to a guide do not change when its heading does;
// - on the home page, the README's own heading alone: typedoc's project-name title above it would say
//   "DispatchKit" twice.
//
// typedoc writes a navigation link's URL into every page as it is, so a relative URL would only be right on pages
// at the site root (`api/index.html` from `documents/sdk.html` is `documents/api/index.html`). The links are
// therefore registered with a placeholder scheme and rewritten, page by page, to a path relative to that page:
// the site works from any folder it is served from, and from file:// too.
import { Application, PageEvent, ReflectionKind, RendererEvent } from "typedoc";
import { presentReferences } from "./rest-references.mjs";

const SITE_ROOT = "site-root:";

/** A guide's name in the navigation: its first heading up to the first colon, without code marks. */
function headingName(document) {
  const text = document.content.map((part) => part.text).join("");
  const heading = /^#\s+(.+)$/m.exec(text)?.[1];
  return heading?.replaceAll("`", "").split(":")[0]?.trim() || undefined;
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.on(Application.EVENT_BOOTSTRAP_END, () => {
    const links = { ...app.options.getValue("navigationLinks") };
    for (const { label, page } of presentReferences()) links[label] = `${SITE_ROOT}${page}`;
    app.options.setValue("navigationLinks", links);
  });

  // After the pages (and their addresses) are planned, before anything is rendered.
  app.renderer.on(RendererEvent.BEGIN, (event) => {
    for (const document of event.project.getReflectionsByKind(ReflectionKind.Document)) {
      if (document.frontmatter.title) continue;
      document.name = headingName(document) ?? document.name;
    }
  });

  app.renderer.on(PageEvent.END, (page) => {
    if (!page.contents) return;
    const depth = page.url.split("/").length - 1;
    page.contents = page.contents.replaceAll(`href="${SITE_ROOT}`, `href="${"../".repeat(depth)}`);
    if (page.url === "index.html") {
      page.contents = page.contents.replace(/<div class="tsd-page-title">\s*<h1>[^<]*<\/h1><\/div>\s*/, "");
    }
  });
}
