/**
 * The one test-only entry into a fake (CONTRIBUTING.md, "Tests"): the domain context behind it, for tests of this
 * package that assert on stored records. It reads the fake's runtime as the hosts do (src/runtime.ts); users go
 * through the public API, `fake.snapshot()` and `fake.control`.
 */
import type { Fake } from "@dispatchkit/fake";
import type { Context } from "../../src/domain/context.js";
import { runtimeOf } from "../../src/runtime.js";

/** The context (state, clock, ids) behind a fake. */
export function contextOf(fake: Fake): Context {
  return runtimeOf(fake).context;
}
