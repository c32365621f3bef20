#!/usr/bin/env node
/**
 * `npm start -- --port 4010 --token dev-token --seed 1`: the standalone fake with demo data.
 */
import { parseArgs } from "node:util";
import { createFake } from "../fake.js";
import { seedDemoData } from "./demo.js";
import { startServer } from "./standalone.js";

const usage = `Usage: dispatch-fake [--port 4010] [--host 127.0.0.1] [--token dev-token] [--seed 1] [--now ISO-INSTANT] [--empty]

Serves an in-memory fake of the Delivery Dispatch Platform API over HTTP.
  --port   port to listen on (0 picks a free one)     default 4010
  --host   interface to bind                          default 127.0.0.1
  --token  API token of the seeded organization       default dev-token
  --seed   seed of every generated id                 default 1
  --now    freeze the clock at this instant           default: real time
  --empty  start without the demo orders and routes`;

function fail(message: string): never {
  console.error(`dispatch-fake: ${message}\n\n${usage}`);
  process.exit(2);
}

async function main() {
  let values: ReturnType<typeof parse>["values"];
  function parse() {
    return parseArgs({
      options: {
        port: { type: "string", default: "4010" },
        host: { type: "string", default: "127.0.0.1" },
        token: { type: "string", default: "dev-token" },
        seed: { type: "string", default: "1" },
        now: { type: "string" },
        empty: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    });
  }
  try {
    values = parse().values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be an integer 0-65535, got ${values.port}`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail(`--seed must be an integer, got ${values.seed}`);
  if (values.now !== undefined && !Number.isFinite(Date.parse(values.now))) fail(`--now must be an ISO instant`);

  const fake = createFake({
    baseUrl: `http://${values.host}:${port}`,
    token: values.token,
    seed,
    ...(values.now !== undefined ? { now: values.now } : {}),
  });
  const demo = values.empty ? undefined : await seedDemoData(fake);
  const running = await startServer(fake, { port, host: values.host });
  const workspace = fake.workspaces[0];
  console.log(`Dispatch fake listening on ${running.url}`);
  console.log(`  token:     ${fake.token}`);
  if (workspace)
    console.log(`  workspace: ${workspace.name} uuid=${workspace.uuid} workspaceId=${workspace.workspaceId}`);
  if (demo) console.log(`  demo data: ${demo.orders} orders and ${demo.routes} routes for ${demo.date}`);
  console.log(`  try:       curl -H "Authorization: Bearer ${fake.token}" ${running.url}/v2/workspaces`);
  const stop = () => {
    running.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
