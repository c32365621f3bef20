/**
 * The servers `bench/hosts.ts` measures, each in its own process (so the load generator does not share its event
 * loop): `fake` is the standalone fake (`startServer`), `bare` a node:http server answering fixed bodies of the same
 * sizes with the same headers (the API's CORS headers, `x-request-id`, `content-type`, `content-length`; node adds
 * `Date`, `Connection` and `Keep-Alive` to both), in one socket write per answer as the fake's. Each prints one JSON
 * line when it listens, then serves until killed. Over the IPC channel the bench asks for the process's CPU time
 * (`"cpu"`, µs; to divide a measurement's CPU time by its requests) and, of the fake, for a reset (`"reset"`);
 * neither goes through the server, whose every request is then an API request.
 *
 *   tsx bench/hosts-server.ts fake
 *   tsx bench/hosts-server.ts bare <bodies.json>     bodies.json: { "get": "…", "post": "…", "postOne": "…" }
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadFake, loadFakeServer } from "./packages.js";

/** This process's CPU time (user + system) in µs. */
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Answer the bench's IPC commands: `"cpu"` here, anything else by `other`. */
function answerIpc(other: (command: string) => Promise<unknown>): void {
  process.on("message", (message: { id: number; command: string }) => {
    const reply = message.command === "cpu" ? Promise.resolve({ cpu: cpuMicros() }) : other(message.command);
    void reply.then((result) => process.send?.({ id: message.id, result }));
  });
}

/** The order `GET /v2/orders/{uuid}` reads: created again after every reset, so its uuid never changes. */
const ORDER = { name: "Bench customer", deliveryDate: "2026-11-24", locations: [{ address: "Bench street 1" }] };

async function serveFake(): Promise<void> {
  const { createFake } = await loadFake();
  const { startServer } = await loadFakeServer();
  const fake = createFake({ seed: 1, now: "2026-11-23T08:00:00Z", token: "bench-token", log: () => {} });
  const workspaceUuid = fake.workspaces[0]!.uuid;
  const seed = async () => {
    const res = await fake.fetch(`/v2/orders?workspaceUuid=${workspaceUuid}`, {
      method: "POST",
      headers: { authorization: "Bearer bench-token", "content-type": "application/json" },
      body: JSON.stringify(ORDER),
    });
    const body = (await res.json()) as { data: { uuid: string }[] };
    return body.data[0]!.uuid;
  };
  const orderUuid = await seed();
  const running = await startServer(fake, { port: 0 });
  answerIpc(async (command) => {
    if (command !== "reset") return undefined;
    // Between measurements of POST /v2/orders: forget the orders it created (same seed, same first order).
    fake.reset();
    return { orderUuid: await seed() };
  });
  console.log(JSON.stringify({ url: running.url, orderUuid, workspaceUuid }));
}

function serveBare(bodiesFile: string): void {
  const bodies = JSON.parse(readFileSync(bodiesFile, "utf8")) as { get: string; post: string; postOne: string };
  const get = Buffer.from(bodies.get);
  const post = Buffer.from(bodies.post);
  const postOne = Buffer.from(bodies.postOne);
  const server = createServer((req, res) => {
    // The headers the fake's API answers with, in its order (the request id of the same length): same bytes.
    const answer = (status: number, body: Buffer) => {
      res.writeHead(status, {
        "access-control-allow-origin": "*",
        "access-control-expose-headers": "x-request-id, retry-after, idempotent-replayed",
        "x-request-id": "req_000000000000000000000000",
        "content-type": "application/json",
        "content-length": body.length,
      });
      res.end(body);
    };
    if (req.method === "POST") {
      // Read the whole request body, as the fake must, before answering: one order's body is a few hundred bytes,
      // a batch's many kilobytes.
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      req.on("end", () => answer(201, size < 4096 ? postOne : post));
    } else {
      answer(200, get);
    }
  });
  answerIpc(async () => undefined);
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
  });
}

const [mode, file] = process.argv.slice(2);
if (mode === "fake") await serveFake();
else if (mode === "bare" && file) serveBare(file);
else {
  console.error("Usage: tsx bench/hosts-server.ts fake | bare <bodies.json>");
  process.exit(2);
}
