/**
 * The error classes keep their names through the package's build (tsup, with the package's own config) and through
 * a consumer's minifier: `RateLimitError.name` is `RateLimitError`, not `_RateLimitError` or a letter, so logs,
 * `util.inspect` and `error.name` checks read the same as against the sources.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { build, type Options } from "tsup";
import { afterAll, describe, expect, it } from "vitest";
import config from "../tsup.config.js";

const ERROR_CLASSES = [
  "DispatchError",
  "ApiError",
  "ValidationError",
  "UnauthorizedError",
  "TokenExpiredError",
  "NotFoundError",
  "ConflictError",
  "RateLimitError",
  "ServerError",
  "ConnectionError",
  "TimeoutError",
  "TokenRefreshError",
  "ActionFailedError",
  "WebhookVerificationError",
];

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Build the SDK with the package's tsup config (ESM only, no d.ts) into a temporary directory and import it. */
async function built(extra: Options): Promise<Record<string, unknown>> {
  const outDir = await mkdtemp(join(tmpdir(), "sdk-build-"));
  dirs.push(outDir);
  await build({
    ...(config as Options),
    ...extra,
    config: false,
    entry: [fileURLToPath(new URL("../src/index.ts", import.meta.url))],
    outDir,
    format: ["esm"],
    dts: false,
    sourcemap: false,
    clean: false,
    silent: true,
  });
  return import(pathToFileURL(join(outDir, "index.js")).href);
}

describe("error class names in the build", () => {
  it.each([
    ["the package's build", {}],
    ["a minified build", { minify: true }],
  ])(
    "survive %s",
    async (_label, extra) => {
      const sdk = await built(extra);
      const names = ERROR_CLASSES.map((name) => {
        const cls = sdk[name] as { name: string; prototype: { name: string } };
        return [cls.name, cls.prototype.name];
      });
      expect(names).toEqual(ERROR_CLASSES.map((name) => [name, name]));
      const RateLimitError = sdk.RateLimitError as new (init: object) => Error;
      const error = new RateLimitError({
        status: 429,
        code: "RATE_LIMITED",
        message: "Failed to list orders: slow down",
      });
      expect(inspect(error).split("\n")[0]).toBe("RateLimitError: Failed to list orders: slow down");
    },
    60_000,
  );
});
