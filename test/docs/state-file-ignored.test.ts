/**
 * A state file made where the docs say (`npm start -- --state ./fake-state.json`, in the repository) is not
 * committed by mistake: every `--state FILE` the README and the guides name, and its lock, is ignored by git.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The files the docs pass to `--state`, relative to the repository. */
const named = [
  ...new Set(
    DOCS.flatMap((file) =>
      [...readFileSync(join(ROOT, file), "utf8").matchAll(/--state (\.\/[\w.-]+)/g)].map((m) => m[1] ?? ""),
    ),
  ),
];

describe(".gitignore", () => {
  it("ignores every state file the docs suggest, and its lock", () => {
    expect(named).toContain("./fake-state.json");
    for (const file of named.flatMap((f) => [f, `${f}.lock`])) {
      // --no-index: the answer depends on .gitignore alone, not on whether such a file was ever committed.
      const check = spawnSync("git", ["check-ignore", "--no-index", "-q", file], { cwd: ROOT });
      expect(check.status, `${file} is not ignored by .gitignore`).toBe(0);
    }
  });

  it("still tracks what it must: a state file under another name is not ignored", () => {
    const check = spawnSync("git", ["check-ignore", "--no-index", "-q", "./packages/fake/test/fixtures/state.json"], {
      cwd: ROOT,
    });
    expect(check.status).toBe(1);
  });
});
