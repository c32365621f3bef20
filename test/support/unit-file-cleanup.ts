/**
 * setupFiles of the unit project, whose files share one module graph per worker (`isolate: false`): what one
 * file leaves behind (fake timers, stubbed globals and environment variables, spies) is undone after it, so the
 * next file in the worker starts as it would in a fresh one.
 */
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
