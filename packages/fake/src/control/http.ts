/**
 * The control endpoints of the standalone server, served by the same router as the API but without a token
 * (a test server only). Each answers through the fake's {@link FakeControl}, so in-process and over HTTP are one
 * implementation:
 * - `POST /_fake/tokens` `{}` → 201 `{ token }`: a new token of the seeded organization;
 * - `POST /_fake/tokens/{token}/expire` → 200 `{ token, expiresAt }`: the token now answers 401 TOKEN_EXPIRED;
 * - `POST /_fake/organizations` `{ name? }` → 201 `{ token, workspaces }`: a new organization with one workspace.
 */
import { z } from "zod";
import { isoString } from "../domain/clock.js";
import { DomainError } from "../domain/errors.js";
import type { Fake } from "../fake.js";
import { toWorkspaceBody } from "../http/handlers/workspaces.js";
import { parseWith } from "../http/input.js";
import type { PublicOperation, PublicRequestContext } from "../http/router.js";
import { webhookControlOperations } from "./webhooks-http.js";

/** Path prefix of the control endpoints. */
export const CONTROL_PREFIX = "/_fake/";

const tokenBody = z.strictObject({});
const organizationBody = z.strictObject({ name: z.string().min(1, "name must not be empty").optional() });

/**
 * An optional JSON body (empty means `{}`; any content type), checked strictly: unknown fields answer 400
 * naming them.
 */
async function readOptional<S extends z.ZodType>(
  { request }: PublicRequestContext,
  schema: S,
  action: string,
): Promise<z.output<S>> {
  const text = await request.text();
  if (text.trim() === "") return parseWith(schema, {}, action);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new DomainError("INVALID_JSON", `Failed to parse the request body as JSON: ${reason}`, undefined, {
      cause,
    });
  }
  return parseWith(schema, value, action);
}

/** The control operations over one fake, for a router's `publicOperations` under {@link CONTROL_PREFIX}. */
export function controlOperations(fake: Fake): PublicOperation[] {
  return [
    {
      method: "post",
      path: "/_fake/tokens",
      async handle(req) {
        await readOptional(req, tokenBody, "create token");
        return { status: 201, body: { token: fake.control.createToken() } };
      },
    },
    {
      method: "post",
      path: "/_fake/tokens/{token}/expire",
      handle({ params }) {
        const record = fake.control.expireToken(params.token ?? "");
        return { status: 200, body: { token: record.token, expiresAt: isoString(record.expiresAt ?? 0) } };
      },
    },
    {
      method: "post",
      path: "/_fake/organizations",
      async handle(req) {
        const { name } = await readOptional(req, organizationBody, "create organization");
        const created = fake.control.createOrganization(name !== undefined ? { name } : {});
        return { status: 201, body: { token: created.token, workspaces: created.workspaces.map(toWorkspaceBody) } };
      },
    },
    ...webhookControlOperations(fake),
  ];
}
