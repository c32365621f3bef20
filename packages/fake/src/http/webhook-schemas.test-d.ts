import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { components } from "./contract-types.js";
import type { EVENT_TYPES, webhookInput } from "./webhook-schemas.js";

type Schemas = components["schemas"];

describe("the edge schema of webhook subscriptions", () => {
  it("accepts every body the contract allows, and parses into the contract's fields", () => {
    expectTypeOf<Schemas["WebhookInput"]>().toExtend<z.input<typeof webhookInput>>();
    type Parsed = z.output<typeof webhookInput>;
    expectTypeOf<Parsed["url"]>().toEqualTypeOf<Schemas["WebhookInput"]["url"]>();
    expectTypeOf<Parsed["events"]>().toEqualTypeOf<Schemas["WebhookInput"]["events"]>();
    // exactOptionalPropertyTypes: zod's optional output also allows undefined, which the domain accepts.
    expectTypeOf<Parsed["workspaceUuid"]>().toEqualTypeOf<string | undefined>();
  });

  it("names exactly the contract's event types", () => {
    expectTypeOf<(typeof EVENT_TYPES)[number]>().toEqualTypeOf<Schemas["EventType"]>();
  });
});
