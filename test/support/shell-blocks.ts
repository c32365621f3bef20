/**
 * The shell blocks of the docs (```` ```sh ````, `bash`, `shell`, `console`) of README.md and docs/*.md (not
 * docs/decisions), with the markers on the line before their fence, as scripts/check-examples.mjs reads them for
 * TypeScript blocks:
 *   <!-- check:skip the reason -->   the block is not run (it installs, starts a server of its own, …): say why;
 *   <!-- check:continues -->          the block goes on from the run block before it in the same file (its variables).
 * The blocks that are run are grouped in sessions: a block and the `continues` blocks after it, run as one script.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const LANGUAGES = ["sh", "bash", "shell", "console"];

/** One shell block of a Markdown file. */
export interface ShellBlock {
  /** The file, relative to the repository's root (`docs/standalone.md`). */
  file: string;
  /** The line of its opening fence (1-based). */
  line: number;
  /** The heading it is under (`## With curl`), or "" before the first. */
  heading: string;
  code: string;
  /** The reason of its `check:skip` marker, or null when it runs. */
  skip: string | null;
  continues: boolean;
}

/** The Markdown files whose shell blocks are checked: README.md and docs/*.md. */
function docFiles(): string[] {
  const docs = readdirSync(`${ROOT}docs`)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

/** Every shell block of `files`, in order. */
export function shellBlocks(files: readonly string[] = docFiles()): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  for (const file of files) {
    const lines = readFileSync(`${ROOT}${file}`, "utf8").split("\n");
    let heading = "";
    let fence: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (fence !== null) {
        if (line === fence) fence = null;
        continue;
      }
      const open = /^(`{3,})(\S*)/.exec(line);
      if (!open) {
        if (/^#{1,6} /.test(line)) heading = line;
        continue;
      }
      fence = open[1] ?? "```";
      if (!LANGUAGES.includes(open[2] ?? "")) continue;
      const end = lines.indexOf(fence, i + 1);
      if (end < 0) throw new Error(`${file}:${i + 1}: the block is not closed`);
      const marker = /^<!-- check:(skip|continues)(?:\s+(.*?))?\s*-->$/.exec(lines[i - 1] ?? "");
      blocks.push({
        file,
        line: i + 1,
        heading,
        code: lines.slice(i + 1, end).join("\n"),
        skip: marker?.[1] === "skip" ? (marker[2] ?? "") : null,
        continues: marker?.[1] === "continues",
      });
      i = end;
      fence = null;
    }
  }
  return blocks;
}

/** The blocks that run, grouped: each session is a block and the `continues` blocks after it in its file. */
export function sessions(blocks: readonly ShellBlock[]): ShellBlock[][] {
  const grouped: ShellBlock[][] = [];
  for (const block of blocks) {
    if (block.skip !== null) continue;
    const last = grouped.at(-1);
    if (block.continues) {
      if (!last || last[0]?.file !== block.file)
        throw new Error(`${block.file}:${block.line}: check:continues, but no block before it in the file runs`);
      last.push(block);
    } else grouped.push([block]);
  }
  return grouped;
}

/** Whether a block talks to a server: a URL of the documented one, or `$BASE` (the docs' name for it). */
export const talksToServer = (code: string) => /(127\.0\.0\.1|localhost):4010|\$BASE\b/.test(code);

/** Whether a block starts a server of its own (which a test cannot run verbatim: it stays up, on port 4010). */
export const startsServer = (code: string) => /\bnpm start\b|\bdispatch-fake\b/.test(code);
