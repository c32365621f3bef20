/**
 * The headers the transport adds of its own: `x-dispatch-client` and `User-Agent` (not in browsers), the
 * client's default headers, and nothing else beyond `Authorization`.
 */
import { describe, expect, it, vi } from "vitest";
import { createClient } from "../src/index.js";
import { TOKEN, undoStubsAfterEach } from "./support/scripted.js";
import { ok, scripted, URL_ } from "./support/scripted-transport.js";

undoStubsAfterEach();

describe("identification headers", () => {
  it("adds the client's identification and default headers, keeping the request's own", async () => {
    const { send, seen } = scripted([ok], { userAgent: "shop/2", headers: { "x-tenant": "t1", "x-trace": "default" } });
    await send(new Request(URL_, { headers: { "x-trace": "mine" } }));
    const headers = seen[0]?.headers;
    expect(headers?.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0 shop/2");
    expect(headers?.get("user-agent")).toBe("dispatchkit-sdk/0.1.0 shop/2");
    expect(headers?.get("x-tenant")).toBe("t1");
    expect(headers?.get("x-trace")).toBe("mine");
    expect(headers?.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("leaves a request that already names its client as it is", async () => {
    const { send, seen } = scripted([ok], { headers: { "x-tenant": "t1" } });
    await send(new Request(URL_, { headers: { "x-dispatch-client": "other/1" } }));
    expect(seen[0]?.headers.get("x-dispatch-client")).toBe("other/1");
    expect(seen[0]?.headers.has("x-tenant")).toBe(false);
  });

  it("sends no User-Agent in a browser (document and window present), only x-dispatch-client", async () => {
    vi.stubGlobal("document", {});
    vi.stubGlobal("window", {});
    const { send, seen } = scripted([ok]);
    await send(new Request(URL_));
    expect(seen[0]?.headers.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0");
    expect(seen[0]?.headers.has("user-agent")).toBe(false);
    const client = createClient({
      baseUrl: "https://api.test",
      token: TOKEN,
      fetch: async (request) => {
        seen.push(request);
        return ok();
      },
    });
    await client.GET("/v2/workspaces");
    expect(seen[1]?.headers.get("x-dispatch-client")).toBe("dispatchkit-sdk/0.1.0");
    expect(seen[1]?.headers.has("user-agent")).toBe(false);
  });

  it("sends a User-Agent where only one of document and window exists (not a browser)", async () => {
    for (const name of ["document", "window"]) {
      vi.stubGlobal(name, {});
      const { send, seen } = scripted([ok]);
      await send(new Request(URL_));
      expect(seen[0]?.headers.get("user-agent")).toBe("dispatchkit-sdk/0.1.0");
      vi.unstubAllGlobals();
    }
  });

  it("adds no header of its own beyond authorization and identification", async () => {
    const { send, seen } = scripted([ok]);
    await send(new Request(URL_));
    expect([...(seen[0]?.headers.keys() ?? [])].sort()).toEqual(["authorization", "user-agent", "x-dispatch-client"]);
  });
});
