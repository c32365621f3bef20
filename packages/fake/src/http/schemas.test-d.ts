import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { components } from "./contract-types.js";
import type {
  completeInput,
  deleteInput,
  locationInput,
  orderInput,
  orderInputV1,
  publishInput,
  routeCreateInput,
  routeCreateInputV1,
  routeInput,
  routeUpdateInput,
} from "./schemas.js";

type Schemas = components["schemas"];

// Only this direction: expect-type rejects zod's record and nullish-union outputs against the generated
// index-signature types even where they are equal, so the other direction is covered by the contract tests.
describe("edge schemas of orders and routes", () => {
  it("accept every body the contract allows", () => {
    expectTypeOf<Schemas["LocationInput"]>().toExtend<z.input<typeof locationInput>>();
    expectTypeOf<Schemas["LocationInputWithCoordinates"]>().toExtend<z.input<typeof locationInput>>();
    expectTypeOf<Schemas["LocationInputAddressOnly"]>().toExtend<z.input<typeof locationInput>>();
    expectTypeOf<Schemas["OrderInput"]>().toExtend<z.input<typeof orderInput>>();
    expectTypeOf<Schemas["OrderInputV1"]>().toExtend<z.input<typeof orderInputV1>>();
    expectTypeOf<Schemas["CompleteOrderRequest"]>().toExtend<z.input<typeof completeInput>>();
    expectTypeOf<Schemas["CompleteOrderDelivered"]>().toExtend<z.input<typeof completeInput>>();
    expectTypeOf<Schemas["CompleteOrderMissed"]>().toExtend<z.input<typeof completeInput>>();
    expectTypeOf<Schemas["DeleteRequest"]>().toExtend<z.input<typeof deleteInput>>();
    expectTypeOf<Schemas["RouteInput"]>().toExtend<z.input<typeof routeInput>>();
    expectTypeOf<Schemas["RouteCreateRequest"]>().toExtend<z.input<typeof routeCreateInput>>();
    expectTypeOf<Schemas["RouteCreateRequestV1"]>().toExtend<z.input<typeof routeCreateInputV1>>();
    expectTypeOf<Schemas["RouteUpdate"]>().toExtend<z.input<typeof routeUpdateInput>>();
    expectTypeOf<Schemas["PublishRequest"]>().toExtend<z.input<typeof publishInput>>();
  });

  it("parse a completion into the contract's union, discriminated by status", () => {
    type Parsed = z.output<typeof completeInput>;
    expectTypeOf<Parsed["status"]>().toEqualTypeOf<Schemas["CompleteOrderRequest"]["status"]>();
    expectTypeOf<Extract<Parsed, { status: "missed" }>["missedReason"]>().toEqualTypeOf<
      Schemas["CompleteOrderMissed"]["missedReason"]
    >();
    expectTypeOf<Extract<Parsed, { status: "delivered" }>["missedReason"]>().toEqualTypeOf<undefined>();
    expectTypeOf<Extract<Parsed, { status: "missed" }>["signature"]>().toEqualTypeOf<undefined>();
  });
});
