// The built SDK in Chromium: packages/sdk/dist/index.js bundled for the browser (esbuild), a page served from its
// own origin, the built fake's standalone server on another port (so every call is cross-origin and CORS is really
// exercised). The page lists workspaces, creates orders, maps a 404 to NotFoundError, paginates the orders over two
// pages and round-trips a webhook signature through WebCrypto, then writes PASS or FAIL into the DOM. A second page
// checks the browser decision of docs/security.md: with the well-known dev-token another origin reads nothing.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { chromiumPath, NO_CHROMIUM, requireFiles, root } from "./chromium.js";

test.skip(chromiumPath === undefined, NO_CHROMIUM);

const TOKEN = "browser-smoke-token";
const sdkDist = join(root, "packages/sdk/dist/index.js");

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

const html = (fakeUrl: string) => `<!doctype html>
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
  <p>Page origin: <code id="origin"></code>, fake: <code id="fake">${fakeUrl}</code></p>
  <div id="status">RUNNING</div>
  <ol id="steps"></ol>
  <script>document.getElementById("origin").textContent = location.origin;</script>
  <script type="module" src="app.js"></script>
</body>
</html>
`;

/** The page, from a static server of its folder on a port of its own (the one examples/browser serves itself with). */
async function servePage(dir: string): Promise<{ server: Server; url: string }> {
  const { serveDirectory } = (await import(join(root, "examples/browser/build.mjs"))) as {
    serveDirectory(dir: string): Promise<{ server: Server; url: string }>;
  };
  return serveDirectory(dir);
}

test("the built SDK works cross-origin against the standalone fake: workspaces, orders, a 404, pagination, webhook signatures", async ({
  page,
}, testInfo) => {
  requireFiles(
    ["packages/sdk/dist/index.js", "packages/fake/dist/index.js", "packages/fake-server/dist/index.js"],
    "run `npm run build` first",
  );
  const { build } = await import("esbuild");
  const { createFake } = await import(join(root, "packages/fake/dist/index.js"));
  const { startServer } = await import(join(root, "packages/fake-server/dist/index.js"));
  const workDir = await mkdtemp(join(tmpdir(), "browser-smoke-"));
  // The fake, on its own port: the page's calls to it are cross-origin.
  const fake = createFake({ seed: 1, token: TOKEN });
  const api = await startServer(fake, { port: 0 });
  let pages: Server | undefined;
  try {
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
    await writeFile(join(workDir, "index.html"), html(api.url));
    const served = await servePage(workDir);
    pages = served.server;
    expect(new URL(served.url).origin, "the page and the fake have different origins").not.toBe(
      new URL(api.url).origin,
    );

    await page.setViewportSize({ width: 1000, height: 700 });
    await page.goto(served.url);
    const status = page.locator("#status");
    await expect(status).not.toHaveText("RUNNING");
    const steps = await page.locator("#steps li").allTextContents();
    testInfo.annotations.push(...steps.map((description) => ({ type: "step", description })));
    await expect(status).toHaveText("PASS");
    expect(steps).toHaveLength(5);

    // A picture of the same flow, on a fresh fake state (it passes again).
    fake.reset();
    await page.reload();
    await expect(status).toHaveText("PASS");
    await page.screenshot({ path: process.env.SMOKE_SCREENSHOT ?? testInfo.outputPath("browser-smoke.png") });
  } finally {
    await new Promise((resolve) => pages?.close(resolve) ?? resolve(undefined));
    await api.close();
    await rm(workDir, { recursive: true, force: true });
  }
});

test("with the well-known dev-token, a page on another port cannot read the API; with --allow-origin it can", async ({
  page,
}) => {
  requireFiles(["packages/fake/dist/index.js", "packages/fake-server/dist/index.js"], "run `npm run build` first");
  const { createFake } = await import(join(root, "packages/fake/dist/index.js"));
  const { startServer } = await import(join(root, "packages/fake-server/dist/index.js"));
  const workDir = await mkdtemp(join(tmpdir(), "browser-origin-"));
  await writeFile(join(workDir, "index.html"), "<!doctype html><title>another origin</title>");
  const served = await servePage(workDir);
  const pageOrigin = new URL(served.url).origin;
  const closed = await startServer(createFake({ token: "dev-token" }), { port: 0 });
  const allowed = await startServer(createFake({ token: "dev-token" }), { port: 0, allowOrigins: [pageOrigin] });
  try {
    await page.goto(served.url);
    /** What the page gets from `GET /v2/workspaces` and `GET /` of a server: the statuses, or the fetch's error. */
    const read = (url: string) =>
      page.evaluate(async (base) => {
        const get = (path: string, headers: Record<string, string>) =>
          fetch(`${base}${path}`, { headers }).then(
            (res) => `${res.status}`,
            (error: Error) => error.name,
          );
        return [
          await get("/v2/workspaces", { authorization: "Bearer dev-token" }),
          await get("/", { accept: "application/json" }),
        ];
      }, url);
    // CORS refuses the page: it reads neither the data nor the home that names the token.
    expect(await read(closed.url)).toEqual(["TypeError", "TypeError"]);
    expect(await read(allowed.url)).toEqual(["200", "200"]);
  } finally {
    await new Promise((resolve) => served.server.close(resolve));
    await closed.close();
    await allowed.close();
    await rm(workDir, { recursive: true, force: true });
  }
});
