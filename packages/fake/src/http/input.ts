/**
 * Input at the edge: zod parsing with error details whose `path` names the field (`[7].locations`,
 * `routes[0].startTime`), and the query parameters shared by several operations.
 * @see `docs/api-contract.md` section 1
 */
import type { z } from "zod";
import type { Context } from "../domain/context.js";
import { type ErrorDetail, validationFailed } from "../domain/errors.js";
import type { Principal, Workspace } from "../domain/records.js";
import { isCalendarDate } from "../domain/time.js";
import { getWorkspace, getWorkspaceById } from "../domain/workspaces.js";

/** `["routes", 0, "startTime"]` → `routes[0].startTime`; `[7, "locations"]` → `[7].locations`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Whether `path` names a key that the object holding it does not have (a missing field, not a bad value). */
function isMissing(input: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let value: unknown = input;
  for (const key of path.slice(0, -1)) {
    if (value === null || typeof value !== "object") return false;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  const last = path[path.length - 1] as PropertyKey;
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(last in value);
}

/** The value at `path` of `input`, or undefined where the path leads nowhere. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A value's kind in words: "a string", "a number", "null", "an array", "nothing". */
function kindOf(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A zod type name in words: "a string", "an integer", "an array". */
function typeInWords(expected: string): string {
  const name = expected === "int" ? "integer" : expected;
  return `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`;
}

const FORMATS: Record<string, string> = {
  datetime: "an ISO-8601 date-time",
  date: "a calendar date YYYY-MM-DD",
  uuid: "a UUID",
  guid: "a UUID",
  email: "an email address",
  url: "a URL",
};

/** How zod's own (English) messages begin; a schema's own message never does. */
const ZOD_WORDING = /^(Invalid|Too (small|big)|Unrecognized)/;

/**
 * One issue in the house style: a sentence of ours about the value at the issue's path ("must be a string, got a
 * number", "must be at least 1 characters long"), never zod's default wording. A message a schema set itself (a
 * `refine` or an `error` of ours) is kept.
 */
export function issueMessage(issue: z.core.$ZodIssue, input: unknown): string {
  if (!ZOD_WORDING.test(issue.message)) return issue.message;
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case "invalid_type":
      return `must be ${typeInWords(issue.expected)}, got ${kindOf(value)}`;
    case "invalid_value": {
      const allowed = issue.values.map((v) => JSON.stringify(v));
      const shown = value === undefined ? "nothing" : (JSON.stringify(value) ?? kindOf(value));
      return `must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(", ")}`}, got ${shown}`;
    }
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const bound = Number(small ? issue.minimum : issue.maximum);
      const word = issue.inclusive === false ? (small ? "more than" : "fewer than") : small ? "at least" : "at most";
      const plural = (noun: string) => `${bound} ${noun}${bound === 1 ? "" : "s"}`;
      if (issue.origin === "string") return `must be ${word} ${plural("character")} long`;
      if (issue.origin === "array" || issue.origin === "set") return `must have ${word} ${plural("item")}`;
      const compare = issue.inclusive === false ? (small ? "greater than" : "less than") : word;
      return `must be ${compare} ${bound}`;
    }
    case "invalid_format":
      return issue.format === "regex" && issue.pattern !== undefined
        ? `must match ${issue.pattern}`
        : `must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "invalid_union":
      return `does not match any accepted form, got ${kindOf(value)}`;
    case "invalid_key":
      return "has a key that is not allowed";
    case "invalid_element":
      return "has a value that is not allowed";
    default:
      return "is not valid";
  }
}

/**
 * The details of a zod error: one per issue, unknown keys one per key ("unknown field"), a missing required
 * field as "is required" (when the parsed `input` is given), every other problem in the house style
 * ({@link issueMessage}).
 */
export function zodDetails(error: z.ZodError, prefix: readonly PropertyKey[] = [], input?: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        details.push({ path: formatPath([...path, key]), message: `unknown field ${JSON.stringify(key)}` });
      }
      continue;
    }
    const missing =
      input !== undefined &&
      (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union") &&
      isMissing(input, issue.path);
    details.push({ path: formatPath(path) || "body", message: missing ? "is required" : issueMessage(issue, input) });
  }
  return details;
}

/** Parse a body with a schema, or throw 400 VALIDATION_FAILED ("Failed to <action>: <path>: <problem>"). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, action: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(action, zodDetails(result.error, [], value));
  return result.data;
}

/** A required query parameter, or 400 naming it. */
export function requiredQuery(query: URLSearchParams, name: string, action: string): string {
  const value = query.get(name);
  if (value === null || value === "") {
    throw validationFailed(action, [{ path: name, message: `the query parameter ${name} is required` }]);
  }
  return value;
}

/** The v2 workspace of `?workspaceUuid=` (400 when missing, 404 when unknown or foreign). */
export function workspaceFromQuery(ctx: Context, principal: Principal, query: URLSearchParams, action: string) {
  return getWorkspace(ctx, principal, requiredQuery(query, "workspaceUuid", action));
}

/** The v1 workspace of `?workspaceId=` (400 when missing or not a positive integer, 404 when unknown). */
export function workspaceFromV1Query(
  ctx: Context,
  principal: Principal,
  query: URLSearchParams,
  action: string,
): Workspace {
  const raw = requiredQuery(query, "workspaceId", action);
  if (!/^[1-9]\d*$/.test(raw)) {
    throw validationFailed(action, [
      { path: "workspaceId", message: `workspaceId must be a positive integer, got ${JSON.stringify(raw)}` },
    ]);
  }
  return getWorkspaceById(ctx, principal, Number(raw));
}

/** The optional `date` filter (`YYYY-MM-DD`), or 400 naming it. */
export function dateQuery(query: URLSearchParams, action: string): string | undefined {
  const value = query.get("date");
  if (value === null) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isCalendarDate(value)) {
    throw validationFailed(action, [
      { path: "date", message: `date must be a calendar date YYYY-MM-DD, got ${JSON.stringify(value)}` },
    ]);
  }
  return value;
}

/** Resolve a workspace by uuid from a body field (404 when unknown or foreign). */
export function workspaceFromBody(ctx: Context, principal: Principal, uuid: string): Workspace {
  return getWorkspace(ctx, principal, uuid);
}
