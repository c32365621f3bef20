/** A started command's output as it comes, for the test helpers that run node commands. */
import type { Readable } from "node:stream";

/** Collect a child's stdout and stderr as UTF-8 text; the getters return what has arrived so far. */
export function collectOutput(child: { stdout: Readable; stderr: Readable }): { stdout(): string; stderr(): string } {
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  return { stdout: () => out, stderr: () => err };
}
