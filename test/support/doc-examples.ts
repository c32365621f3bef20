/**
 * Guides whose code runs as tests: a test file holds each ```ts block of a guide between `// docs:<name>` and
 * `// docs:end` lines, where it runs, and compares them with the guide, so the two cannot drift apart. Import
 * lines are left out of the comparison: a guide's blocks import what they use, the test file imports it once.
 */
import { readFileSync } from "node:fs";

const isImport = (line: string) => /^import\s/.test(line);

/** Drop import statements (one line or several) and the blank lines right after them. */
function withoutImports(code: string): string {
  const lines = code.split("\n");
  const kept: string[] = [];
  let inImport = false;
  for (const line of lines) {
    if (inImport) {
      if (/ from "[^"]+";$/.test(line)) inImport = false;
      continue;
    }
    if (isImport(line)) {
      if (!/ from "[^"]+";$/.test(line) && !/^import "[^"]+";$/.test(line)) inImport = true;
      continue;
    }
    kept.push(line);
  }
  return kept.join("\n").trim();
}

/** The ```ts blocks of a Markdown file, in order, without their import statements. */
export function docBlocks(file: URL): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(([, body = ""]) => withoutImports(body));
}

/** The `// docs:<name>` … `// docs:end` regions of a source file, in order, dedented. */
export function sourceRegions(file: URL): { name: string; code: string }[] {
  const source = readFileSync(file, "utf8");
  const regions: { name: string; code: string }[] = [];
  for (const [, name = "", body = ""] of source.matchAll(
    /^[ \t]*\/\/ docs:(\S+)\n([\s\S]*?)\n[ \t]*\/\/ docs:end$/gm,
  )) {
    const lines = body.split("\n");
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
    regions.push({
      name,
      code: lines
        .map((l) => l.slice(indent))
        .join("\n")
        .trim(),
    });
  }
  return regions;
}
