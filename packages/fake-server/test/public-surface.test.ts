/**
 * The server's public surface, pinned: every name `@dispatchkit/fake-server` exports, values and types. Adding,
 * removing or renaming an export fails this test until the list below is updated.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listExports } from "../../../test/support/public-surface.js";

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe("the public surface of @dispatchkit/fake-server", () => {
  it("is startServer, its types, and what @dispatchkit/fake/node exported for servers before 0.1.0", () => {
    expect(listExports(entry("../src/index.ts"))).toEqual([
      "CONTROL_PREFIX",
      "handleControlRequest",
      "startServer",
      "type ChangeGate",
      "type RequestLogEntry",
      "type RunningServer",
      "type ServerOptions",
      "type ServerTimeouts",
    ]);
  });
});
