import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { solve } from "../src/index.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** The README's first TypeScript block, without its import line (the test passes `solve` in). */
function quickstart(): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error("Failed to find the quickstart: README.md has no ts block");
  return block.replace(/^import \{ solve \} from "@dispatchkit\/optimizer";\n/m, "");
}

describe("README quickstart", () => {
  it("prints what its comments say", () => {
    const code = quickstart();
    // Each `console.log(…); // expected` line states what it prints, as Node's console shows it.
    const expected = [...code.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
    const printed: string[] = [];
    const console = { log: (value: unknown) => printed.push(inspect(value)) };
    // The block is plain JavaScript apart from its import, so it runs as a function body.
    new Function("solve", "console", code)(solve, console);
    expect(expected).toEqual(["[ 'b at 8.25h', 'a at 10h' ]", "[ { jobId: 'c', reason: 'capacity' } ]"]);
    expect(printed).toEqual(expected);
  });
});
