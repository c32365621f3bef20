/**
 * The control endpoints of the standalone server (no auth; a test server only):
 * - `POST /_fake/tokens` `{}` → 201 `{ token }`: a new token of the seeded organization;
 * - `POST /_fake/tokens/{token}/expire` → 200 `{ token, expiresAt }`: the token now answers 401 TOKEN_EXPIRED;
 * - `POST /_fake/organizations` `{}` → 201 `{ token, workspaces }`: a new organization with one workspace.
 */

import { z } from "zod";
import { isoString } from "../domain/clock.js";
import { DomainError } from "../domain/errors.js";
import type { Fake } from "../fake.js";
import { toWorkspaceBody } from "../http/handlers/workspaces.js";
import { parseWith } from "../http/input.js";
import { decodePathSegment, errorResponse } from "../http/router.js";

/** Path prefix of the control endpoints. */
export const CONTROL_PREFIX = "/_fake/";

function json(status: number, body: unknown, requestId: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "x-request-id": requestId },
  });
}

const tokenBody = z.strictObject({});
const organizationBody = z.strictObject({ name: z.string().min(1, "name must not be empty").optional() });

/** An optional JSON body (empty means `{}`), checked strictly: unknown fields answer 400 naming them. */
async function readOptional<S extends z.ZodType>(request: Request, schema: S, action: string): Promise<z.output<S>> {
  const text = await request.text();
  if (text.trim() === "") return parseWith(schema, {}, action);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new DomainError("INVALID_JSON", `Failed to parse the request body as JSON: ${reason}`);
  }
  return parseWith(schema, value, action);
}

/**
 * Answer a control request of a fake, or return undefined when the request is not under `/_fake/` (pass it on).
 * Use it as the standalone server's `extra` option.
 */
export async function handleControlRequest(fake: Fake, request: Request): Promise<Response | undefined> {
  const url = new URL(request.url);
  const basePath = new URL(fake.baseUrl).pathname.replace(/\/+$/, "");
  const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  if (!path.startsWith(CONTROL_PREFIX)) return undefined;
  const requestId = fake.context.ids.requestId();
  try {
    const method = request.method.toUpperCase();
    const expire = /^\/_fake\/tokens\/([^/]+)\/expire\/?$/.exec(path);
    if (method === "POST" && /^\/_fake\/tokens\/?$/.test(path)) {
      await readOptional(request, tokenBody, "create token");
      return json(201, { token: fake.control.createToken() }, requestId);
    }
    if (method === "POST" && expire?.[1]) {
      const record = fake.control.expireToken(decodePathSegment(expire[1]));
      return json(200, { token: record.token, expiresAt: isoString(record.expiresAt ?? 0) }, requestId);
    }
    if (method === "POST" && /^\/_fake\/organizations\/?$/.test(path)) {
      const { name } = await readOptional(request, organizationBody, "create organization");
      const created = fake.control.createOrganization(name !== undefined ? { name } : {});
      return json(201, { token: created.token, workspaces: created.workspaces.map(toWorkspaceBody) }, requestId);
    }
    throw new DomainError("NOT_FOUND", `Failed to route the control request: no endpoint ${method} ${path}`);
  } catch (error) {
    if (error instanceof DomainError) return errorResponse(error, requestId);
    throw error;
  }
}
