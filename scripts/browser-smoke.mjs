#!/usr/bin/env node
// Browser smoke test of the built SDK: bundles packages/sdk/dist/index.js for the browser (esbuild), serves a page
// from its own origin, starts the built fake's standalone server on another port (so every call is cross-origin
// and CORS is really exercised), and runs headless Chromium on the page. The page lists workspaces, creates
// orders, maps a 404 to NotFoundError, paginates the orders over two pages and round-trips a webhook signature
// through WebCrypto, then writes PASS or FAIL into the DOM; this script reads the dumped DOM.
//
// Needs `npm run build` first. Skips (exit 0) when Chromium is not installed: `apt-get install -y chromium`.
// CHROMIUM=/path/to/chrome picks another binary; SMOKE_SCREENSHOT=<file.png> sets where the screenshot goes.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sdkDist = join(root, "packages/sdk/dist/index.js");
const fakeDist = join(root, "packages/fake/dist/index.js");
const fakeNodeDist = join(root, "packages/fake/dist/node.js");
const screenshot = process.env.SMOKE_SCREENSHOT ?? join(tmpdir(), "browser-smoke.png");
const TOKEN = "browser-smoke-token";

const chromium = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
  .filter(Boolean)
  .find((path) => existsSync(path));
if (!chromium) {
  console.log("browser smoke: SKIPPED (no Chromium found; install it with `apt-get install -y chromium`)");
  process.exit(0);
}
for (const file of [sdkDist, fakeDist, fakeNodeDist]) {
  if (!existsSync(file)) {
    console.error(`browser smoke: ${file} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
}

const { build } = await import("esbuild");
const { createFake } = await import(fakeDist);
const { startServer } = await import(fakeNodeDist);

/** The page's flow; runs in the browser against the fake at FAKE_URL. */
const appSource = `
import { createClient, NotFoundError, paginate, signWebhookForTest, unwrap, verifyWebhook } from ${JSON.stringify(sdkDist)};

const steps = document.getElementById("steps");
const status = document.getElementById("status");
function step(text) {
  const li = document.createElement("li");
  li.textContent = text;
  steps.append(li);
}
function check(condition, what) {
  if (!condition) throw new Error("check failed: " + what);
}

async function run() {
  const client = createClient({ baseUrl: FAKE_URL, token: TOKEN, retries: 0 });

  const workspaces = await unwrap(client.GET("/v2/workspaces"));
  check(workspaces.data.length === 1, "one workspace");
  const workspaceUuid = workspaces.data[0].uuid;
  step("listed workspaces: " + workspaces.data.map((w) => w.name).join(", "));

  const body = [1, 2, 3].map((i) => ({
    name: "Browser customer " + i,
    deliveryDate: "2026-11-24",
    locations: [{ address: i + " Chromium Street", latitude: 52.5 + i * 0.002, longitude: 13.4 }],
  }));
  const created = await unwrap(client.POST("/v2/orders", { params: { query: { workspaceUuid } }, body }));
  check(created.data.length === 3, "three orders created");
  step("created orders: " + created.data.map((o) => o.uuid.slice(0, 8)).join(", "));

  try {
    await unwrap(client.GET("/v2/orders/{orderUuid}", { params: { path: { orderUuid: "00000000-0000-4000-8000-000000000000" } } }));
    throw new Error("check failed: an unknown order answered");
  } catch (error) {
    check(error instanceof NotFoundError, "NotFoundError, got " + error);
    check(typeof error.requestId === "string" && error.requestId.length > 0, "the error has a request id");
    step("unknown order: " + error.name + " (" + error.code + ", " + error.requestId + ")");
  }

  const pages = [];
  for await (const page of paginate(client, "/v2/orders", { query: { workspaceUuid, date: "2026-11-24", perPage: 2 } }).pages()) {
    pages.push(page.items.map((o) => o.uuid));
  }
  check(pages.length === 2 && pages[0].length === 2 && pages[1].length === 1, "two pages of 2 and 1");
  check(pages.flat().sort().join() === created.data.map((o) => o.uuid).sort().join(), "every created order listed");
  step("paginated orders: pages of " + pages.map((p) => p.length).join(" + "));

  const event = {
    id: "evt_browser_smoke",
    type: "order.status_updated",
    createdAt: "2026-11-24T17:06:00.000Z",
    data: {
      order: {
        uuid: created.data[0].uuid,
        status: "delivered",
        deliveryTime: "2026-11-24T17:06:00.000Z",
        deliveryMissedReason: null,
        deliveryNotes: null,
        location: { address: "1 Chromium Street", latitude: 52.502, longitude: 13.4 },
      },
      route: { uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59" },
    },
  };
  const signed = await signWebhookForTest(event, "whsec_browser");
  const verified = await verifyWebhook({ rawBody: signed.rawBody, headers: new Headers(signed.headers), secret: "whsec_browser" });
  check(verified.id === event.id, "verified event id");
  const tampered = await verifyWebhook({ rawBody: signed.rawBody.replace("delivered", "missed"), headers: signed.headers, secret: "whsec_browser" })
    .then(() => "accepted", (error) => error.reason);
  check(tampered === "signature_mismatch", "tampered body rejected, got " + tampered);
  step("webhook: verified " + verified.id + ", tampered body rejected (" + tampered + ")");
}

run().then(
  () => {
    status.textContent = "PASS";
    status.className = "pass";
  },
  (error) => {
    status.textContent = "FAIL: " + (error && error.message ? error.message : String(error));
    status.className = "fail";
  },
);
`;

const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>@dispatchkit/sdk browser smoke</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem; }
    #status { font-size: 2rem; } .pass { color: #137333; } .fail { color: #b3261e; }
  </style>
</head>
<body>
  <h1>@dispatchkit/sdk in the browser</h1>
  <p>Page origin: <code id="origin"></code>, fake: <code id="fake"></code></p>
  <div id="status">RUNNING</div>
  <ol id="steps"></ol>
  <script>document.getElementById("origin").textContent = location.origin;</script>
  <script type="module" src="app.js"></script>
</body>
</html>
`;

const workDir = await mkdtemp(join(tmpdir(), "browser-smoke-"));
const cleanups = [() => rm(workDir, { recursive: true, force: true })];

/** Run Chromium headless on a URL with extra flags; resolves with its stdout. */
function runChromium(url, extraFlags) {
  return mkdtemp(join(workDir, "profile-")).then(
    (profile) =>
      new Promise((resolve, reject) => {
        const flags = [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          `--user-data-dir=${profile}`,
          // Lets the page's fetches finish before the DOM is dumped or the screenshot taken.
          "--virtual-time-budget=20000",
          ...extraFlags,
          url,
        ];
        const child = spawn(chromium, flags, { stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk) => {
          stdout += chunk;
        });
        child.stderr.on("data", (chunk) => {
          stderr += chunk;
        });
        const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
        child.on("error", reject);
        child.on("close", (code) => {
          clearTimeout(timer);
          if (code === 0) resolve(stdout);
          else reject(new Error(`chromium exited with ${code}:\n${stderr.slice(-2000)}`));
        });
      }),
  );
}

let failed = false;
try {
  // The fake, on its own port: the page's calls to it are cross-origin.
  const fake = createFake({ seed: 1, token: TOKEN });
  const api = await startServer(fake, { port: 0 });
  cleanups.push(() => api.close());

  await build({
    stdin: { contents: appSource, resolveDir: root, sourcefile: "app.js", loader: "js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outfile: join(workDir, "app.js"),
    define: { FAKE_URL: JSON.stringify(api.url), TOKEN: JSON.stringify(TOKEN) },
    logLevel: "warning",
  });
  await writeFile(
    join(workDir, "index.html"),
    html.replace('<code id="fake"></code>', `<code id="fake">${api.url}</code>`),
  );

  // The page, from a tiny static server on another port.
  const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };
  const pages = createServer(async (req, res) => {
    const name = new URL(req.url ?? "/", "http://page").pathname === "/" ? "index.html" : req.url.slice(1);
    const type = types[name.slice(name.lastIndexOf("."))];
    if (!type || name.includes("/")) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(workDir, name));
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => pages.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => pages.close(resolve)));
  const pageUrl = `http://127.0.0.1:${pages.address().port}/`;
  console.log(`browser smoke: page ${pageUrl}, fake ${api.url}, ${chromium}`);

  const dom = await runChromium(pageUrl, ["--dump-dom"]);
  const status = /<div id="status"[^>]*>([^<]*)<\/div>/.exec(dom)?.[1] ?? "(no status in the DOM)";
  const steps = [...dom.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
  for (const line of steps) console.log(`  - ${line}`);
  if (status === "PASS") {
    console.log("browser smoke: PASS");
  } else {
    failed = true;
    console.error(`browser smoke: ${status}`);
  }

  // A picture of the same flow, on a fresh fake state.
  fake.reset();
  await runChromium(pageUrl, [`--screenshot=${screenshot}`, "--window-size=1000,700"]);
  console.log(`browser smoke: screenshot ${screenshot}`);
} catch (error) {
  failed = true;
  console.error("browser smoke: FAIL", error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
process.exit(failed ? 1 : 0);
