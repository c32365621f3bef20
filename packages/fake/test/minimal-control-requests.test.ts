/**
 * The minimal requests of control-openapi.yaml (generated: test/generated/minimal-control-requests.ts, only what the
 * document requires, every optional object with its own required content) sent over HTTP to the standalone server
 * through openapi-fetch on the document's generated paths: each is answered 2xx, never 400 (but for the two rules
 * the document states in words), and every answer conforms to the document (useControlServer validates them).
 */
import createClient, { type Client } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { loadControlSpec } from "../../../test/support/openapi-validator.js";
import type { paths } from "../src/control/generated/control-openapi.js";
import { type MinimalControlRequestIds, minimalControlRequests } from "./generated/minimal-control-requests.js";
import { publishedRouteOverHttp, useControlServer } from "./support/control-server.js";

const TOKEN = "dev-token";
const server = useControlServer({ token: TOKEN });

/** A typed client of the control API whose every answer goes through the server's validating `call`. */
function controlClient(): Client<paths> {
  return createClient<paths>({
    baseUrl: server.url,
    fetch: async (request: Request) => {
      const text = await request.text();
      const path = new URL(request.url).pathname;
      const answer = await server.call(request.method, path, text ? { raw: text } : {});
      const body = answer.body === undefined ? null : JSON.stringify(answer.body);
      return new Response(body, { status: answer.status, headers: answer.headers });
    },
  });
}

/**
 * Records for the requests to name: an order on a published route (to arrive at), a held publish (the action to
 * release or fail), a snapshot, the seeded token.
 */
async function records(client: Client<paths>): Promise<MinimalControlRequestIds> {
  const published = await publishedRouteOverHttp(server, TOKEN, 1);
  server.fake.actions.policy("publish", { hold: true });
  const held = await server.call("POST", "/v2/routes/publish", {
    token: TOKEN,
    body: { workspaceUuid: published.workspaceUuid, date: "2026-11-23" },
  });
  const snapshot = await client.POST("/_fake/snapshots");
  return {
    actionUuid: held.body.actionUuid,
    orderUuid: published.orders[0] as string,
    policyKind: "publish",
    snapshotId: snapshot.data?.id as string,
    token: TOKEN,
    webhookDeliveryId: "no-such-delivery",
  };
}

/**
 * Rules the document states in words only (a `oneOf` of required sets would make openapi-typescript's types
 * `unknown`): the minimal body breaks them, and the answer is a 400 that names the rule.
 */
const RULES_IN_WORDS: Record<string, string> = {
  addFault: "give status, networkError or latencyMs",
  driverComplete: "give exactly one of orderUuid, routeUuid",
};

/** A delivery needs a receiver that answers; the one the request names does not exist, so 404. */
const UNKNOWN_RECORD = new Set(["redeliverWebhook"]);

describe("the minimal requests of control-openapi.yaml, sent to the standalone server", () => {
  it("cover every operation of the document, a body's variants apart", () => {
    const spec = loadControlSpec() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.values(spec.paths).flatMap((item) =>
      ["get", "put", "post", "delete", "patch"].flatMap((m) => item[m]?.operationId ?? []),
    );
    expect(new Set(minimalControlRequests.map((r) => r.operationId))).toEqual(new Set(operations));
  });

  it.each(minimalControlRequests.map((r) => [`${r.operationId}${r.variant ? ` (${r.variant})` : ""}`, r] as const))(
    "%s: is not refused",
    async (_, request) => {
      const client = controlClient();
      const ids = await records(client);
      const { response, error } = await request.send(client, ids);
      const rule = RULES_IN_WORDS[request.operationId];
      if (rule) {
        expect(response.status).toBe(400);
        expect(JSON.stringify(error)).toContain(rule);
        return;
      }
      expect(response.status, JSON.stringify(error)).not.toBe(400);
      if (UNKNOWN_RECORD.has(request.operationId)) expect(response.status).toBe(404);
      else expect(response.ok, `${response.status} ${JSON.stringify(error)}`).toBe(true);
    },
  );
});
