/**
 * The fake's domain context, for tests of this package that assert on stored records (users go through the
 * public API, `fake.snapshot()` and `fake.control`).
 */
import type { Fake } from "@dispatchkit/fake";
import type { Context } from "../../src/domain/context.js";
import { internalsOf } from "../../src/fake.js";

/** The context (state, clock, ids) behind a fake. */
export function contextOf(fake: Fake): Context {
  return internalsOf(fake).context;
}
