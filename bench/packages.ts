/**
 * The packages a bench measures: the built ones by default (what users install and `npx dispatch-fake serve`
 * runs; `npm run build` first), or the sources with `--from-source` (tsx runs them with esbuild's `keepNames`,
 * which names every closure as it is created: a cost the built packages do not have).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

type FakeModule = typeof import("../packages/fake/src/index.js");
type FakeServerModule = typeof import("../packages/fake-server/src/index.js");
type SdkModule = typeof import("../packages/sdk/src/index.js");

/** Whether the bench runs the sources (`--from-source`, or `BENCH_FROM_SOURCE=1` in its child processes). */
export const fromSource = process.argv.includes("--from-source") || process.env.BENCH_FROM_SOURCE === "1";

async function load<T>(pkg: string, entry: string): Promise<T> {
  const url = new URL(`../packages/${pkg}/${fromSource ? `src/${entry}.ts` : `dist/${entry}.js`}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) {
    throw new Error(`Failed to load ${fileURLToPath(url)}: run \`npm run build\` first, or pass --from-source`);
  }
  return (await import(url.href)) as T;
}

/** `@dispatchkit/fake`. */
export const loadFake = () => load<FakeModule>("fake", "index");
/** `@dispatchkit/fake-server`. */
export const loadFakeServer = () => load<FakeServerModule>("fake-server", "index");
/** `@dispatchkit/sdk`. */
export const loadSdk = () => load<SdkModule>("sdk", "index");
