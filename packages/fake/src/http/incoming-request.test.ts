import { describe, expect, it } from "vitest";
import { partsOf } from "./incoming-request.js";

describe("partsOf: a fetch URL cut up as a URL parser reads it", () => {
  it.each([
    "https://api.dispatch.example.com/v2/orders/abc",
    "https://api.dispatch.example.com/v2/orders?workspaceUuid=x&page=2",
    "https://api.dispatch.example.com/v2/orders?",
    "https://api.dispatch.example.com/v2/orders?a=1#frag",
    "https://api.dispatch.example.com/v2/orders#frag?not-a-query",
    "http://127.0.0.1:4010/",
    "http://127.0.0.1:4010/base/v2/workspaces?x=%20y",
    "https://api.dispatch.example.com",
  ])("%s", (href) => {
    const url = new URL(href);
    expect(partsOf(new Request(href).url)).toEqual({ origin: url.origin, pathname: url.pathname, search: url.search });
  });

  it("leaves credentials out of the origin, as a URL parser does (a fetch Request never has any)", () => {
    expect(partsOf("http://user:secret@127.0.0.1:4010/v2/workspaces?x=1")).toEqual({
      origin: "http://127.0.0.1:4010",
      pathname: "/v2/workspaces",
      search: "?x=1",
    });
  });
});
