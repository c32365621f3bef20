import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { components } from "../contract-types.js";
import type { scheduleRequestSchemas } from "./schedules.js";

type Schemas = components["schemas"];

describe("POST /v2/schedules edge schemas", () => {
  // Only this direction: openapi-typescript makes properties with a `default` (the options) required, so the
  // parsed output (options optional) is looser than the generated type by design.
  it("accept every body the contract allows", () => {
    expectTypeOf<Schemas["ScheduleAllRequest"]>().toExtend<z.input<typeof scheduleRequestSchemas.all>>();
    expectTypeOf<Schemas["ScheduleSpecificRequest"]>().toExtend<z.input<typeof scheduleRequestSchemas.specific>>();
    expectTypeOf<Schemas["ScheduleWhatIfRequest"]>().toExtend<z.input<typeof scheduleRequestSchemas.whatIf>>();
  });
});
