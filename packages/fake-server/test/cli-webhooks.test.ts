/**
 * Webhooks from `dispatch-fake serve` as a receiver in another process sees them (docs/decisions/0008-webhooks.md): the server
 * signs `x-dispatch-timestamp` with its wall clock, so a receiver that checks the documented 300-second tolerance
 * against its own clock accepts every delivery, also after the fake's clock was moved 10 days ahead. The CLI runs as
 * users run it, from its bundle (test/support/fake-cli.ts).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "@dispatchkit/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeCli, stopFakeClis } from "../../../test/support/fake-cli-process.js";
import { createContractValidator, createControlValidator } from "../../../test/support/openapi-validator.js";

const validator = createContractValidator();
const controlValidator = createControlValidator();
const DAY = 24 * 60 * 60 * 1000;
const TOKEN = "cli-token";

afterAll(stopFakeClis);

/** Start `dispatch-fake serve …args`; resolves with its base URL once it printed its whole start. */
async function serve(args: string[]) {
  const cli = startFakeCli(["serve", ...args]);
  return { url: await cli.ready(), child: cli.child };
}

/** A node:http receiver that verifies each delivery with the SDK against its own clock: 204 if valid, else 400. */
function startReceiver(secret: () => string) {
  const verdicts: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      // No `now`: the receiver's wall clock, as in production.
      verifyWebhook({ rawBody: Buffer.concat(chunks), headers: req.headers, secret: secret() }).then(
        (event) => {
          verdicts.push(`accepted ${event.type}`);
          res.writeHead(204).end();
        },
        (error: unknown) => {
          verdicts.push(`rejected: ${error instanceof Error ? error.message : String(error)}`);
          res.writeHead(400).end();
        },
      );
    });
  });
  return {
    verdicts,
    listen: () =>
      new Promise<string>((resolve) => {
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("dispatch-fake serve: webhooks after the clock moved", () => {
  it("signs with the wall clock: a receiver checking its own clock accepts the first attempt 10 days ahead", async () => {
    const { url, child } = await serve(["--port", "0", "--empty", "--token", TOKEN, "--quiet"]);
    /** A call to the server; API answers are validated against openapi.yaml, control answers against its document. */
    async function call(method: string, path: string, body?: unknown) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const check = path.startsWith("/_fake/") ? controlValidator : validator;
      expect(check.check(method, res.url, res.status, res.headers, text)).toEqual([]);
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    }
    /** Poll an action until it ended. */
    async function ended(path: string) {
      for (let i = 0; i < 200; i++) {
        const action = await call("GET", path);
        if (action.body.status !== "pending") return action.body;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`${path} never ended`);
    }

    let secret = "";
    const receiver = startReceiver(() => secret);
    const hook = await receiver.listen();
    try {
      // As the docs show: move the fake's clock ahead 10 days.
      const moved = await call("POST", "/_fake/clock/advance", { ms: 10 * DAY });
      expect(moved.status).toBe(200);
      const fakeNow = Date.parse(moved.body.now);
      expect(fakeNow - Date.now()).toBeGreaterThan(10 * DAY - 60_000);
      const date = moved.body.now.slice(0, 10);

      const workspaceUuid = (await call("GET", "/v2/workspaces")).body.data[0].uuid;
      const subscription = await call("POST", "/v2/webhooks", { url: hook, events: ["route.published"] });
      expect(subscription.status).toBe(201);
      secret = subscription.body.secret;
      const at = { address: "Alexanderplatz 1, Berlin", latitude: 52.5219, longitude: 13.4132 };
      const orders = await call("POST", `/v2/orders?workspaceUuid=${workspaceUuid}`, [
        { deliveryDate: date, locations: [at] },
      ]);
      expect(orders.status).toBe(201);
      const van = { name: "Van 1", date, startTime: "00:00", endTime: "23:59", startLocation: at };
      const routes = await call("POST", "/v2/routes", { workspaceUuid, routes: [van] });
      expect(routes.status).toBe(201);
      const run = await call("POST", "/v2/schedules", { workspaceUuid, date });
      expect((await ended(`/v2/schedules/actions/${run.body.actionUuid}`)).status).toBe("finished");
      const publish = await call("POST", "/v2/routes/publish", { workspaceUuid, date });
      expect((await ended(`/v2/routes/actions/${publish.body.actionUuid}`)).status).toBe("finished");

      let deliveries: { status: string; attempts: { status: number | null; at: string }[] }[] = [];
      for (let i = 0; i < 200 && deliveries[0]?.status !== "succeeded"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        deliveries = (await call("GET", "/_fake/webhook-deliveries")).body.data;
        if (deliveries[0]?.attempts.length) break;
      }
      expect(receiver.verdicts).toEqual(["accepted route.published"]);
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]?.status).toBe("succeeded");
      expect(deliveries[0]?.attempts.map((a) => a.status)).toEqual([204]);
      // The delivery log keeps the fake's time of the attempt: 10 days ahead of the header the receiver checked.
      expect(Date.parse(deliveries[0]?.attempts[0]?.at ?? "") - Date.now()).toBeGreaterThan(10 * DAY - 60_000);
    } finally {
      await receiver.close();
      child.kill("SIGTERM");
    }
  });
});

describe("dispatch-fake serve --allow-link-local-webhooks", () => {
  /** Subscribe the cloud metadata address on a server started with these arguments: its status and error code. */
  async function subscribeLinkLocal(args: string[], env: Record<string, string> = {}) {
    const cli = startFakeCli(["serve", "--port", "0", "--empty", "--token", TOKEN, "--quiet", ...args], env);
    const url = await cli.ready();
    const res = await fetch(`${url}/v2/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "http://169.254.169.254/hook", events: ["route.published"] }),
    });
    const text = await res.text();
    expect(validator.check("POST", res.url, res.status, res.headers, text)).toEqual([]);
    cli.child.kill("SIGTERM");
    return { status: res.status, code: JSON.parse(text).code as string | undefined };
  }

  it("refuses a link-local webhook target by default, and takes one with the flag or its variable", async () => {
    expect(await subscribeLinkLocal([])).toEqual({ status: 400, code: "VALIDATION_FAILED" });
    expect((await subscribeLinkLocal(["--allow-link-local-webhooks"])).status).toBe(201);
    expect((await subscribeLinkLocal([], { DISPATCH_FAKE_ALLOW_LINK_LOCAL_WEBHOOKS: "true" })).status).toBe(201);
  });
});
