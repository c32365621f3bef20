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

/**
 * The details of a zod error: one per issue, unknown keys one per key ("unknown field"), a missing required
 * field as "is required" (when the parsed `input` is given).
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
    details.push({ path: formatPath(path) || "body", message: missing ? "is required" : issue.message });
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
