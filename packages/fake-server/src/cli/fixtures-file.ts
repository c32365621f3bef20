/**
 * A fixtures file (`dispatch-fake --fixtures FILE`) read into the document `createFake({ fixtures })` checks, or the
 * one-line reason it cannot be: missing, not JSON (at which line and column), or not one JSON object.
 */
import { readFileSync } from "node:fs";
import type { Fixtures } from "@dispatchkit/fake";
import { jsonSyntaxProblem } from "./json-syntax.js";

/** What a value is, for a message: `an array`, `a string`. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The fixtures document of a file's text, or why it is not one (the records are checked by createFake). */
export function parseFixturesText(text: string): { fixtures: Fixtures } | { problem: string } {
  // An editor's byte order mark is not JSON, but not a mistake of the user's either.
  const json = text.replace(/^\uFEFF/, "");
  if (json.trim() === "") return { problem: 'the file is empty: it must hold one JSON object, such as {"orders": []}' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const where = jsonSyntaxProblem(json);
    if (where) return { problem: `not valid JSON at line ${where.line}, column ${where.column}: ${where.problem}` };
    return { problem: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return {
      problem: `the file must hold one JSON object (of organizations, workspaces, routes, orders, webhooks), it holds ${kindOf(value)}`,
    };
  }
  return { fixtures: value as Fixtures };
}

/** The fixtures of the file at `path` (absolute), or why it cannot be read. */
export function readFixturesFile(path: string): { fixtures: Fixtures } | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { problem: "no such file" };
    if (code === "EISDIR") return { problem: "it is a folder, not a file" };
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  return parseFixturesText(text);
}
