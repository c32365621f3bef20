import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { AutoDriverOptions } from "./driver.js";
import type { FaultInput, faultInput } from "./faults.js";
import type { Fixtures } from "./fixtures.js";
import type { components, operations } from "./generated/control-openapi.js";
import type {
  advanceBody,
  autoDriverSchema,
  driverArriveBody,
  driverCompleteBody,
  failBody,
  organizationBody,
  policyObject,
  tokenBody,
  workspaceBody,
} from "./schemas.js";

/** The operations of control-openapi.yaml that take a JSON body, and that body. */
type WithBody = {
  [K in keyof operations]: operations[K] extends { requestBody?: { content: { "application/json": unknown } } }
    ? undefined extends operations[K]["requestBody"]
      ? NonNullable<operations[K]["requestBody"]> extends never
        ? never
        : K
      : K
    : never;
}[keyof operations];
type BodyOf<K extends WithBody> = NonNullable<operations[K]["requestBody"]>["content"]["application/json"];

/** What parses each body: a zod schema's input, or (fixtures) the document's own schema. */
interface Parsers {
  createToken: z.input<typeof tokenBody>;
  createOrganization: z.input<typeof organizationBody>;
  createWorkspace: z.input<typeof workspaceBody>;
  /** Checked with FIXTURES_SCHEMA, generated from this very schema of the document. */
  loadFixtures: BodyOf<"loadFixtures">;
  advanceClock: z.input<typeof advanceBody>;
  setActionPolicy: "immediate" | z.input<typeof policyObject>;
  failAction: z.input<typeof failBody>;
  addFault: z.input<typeof faultInput>;
  driverArrive: z.input<typeof driverArriveBody>;
  driverComplete: z.input<typeof driverCompleteBody>;
  setAutoDriver: z.input<typeof autoDriverSchema>;
}

// Only this direction, as http/schemas.test-d.ts: every body the document allows is one the edge schema takes (the
// schemas' refinements, such as "exactly one of orderUuid, routeUuid", are checked by the control tests).
describe("control request bodies", () => {
  it("has a parser for every request body of the control document, and no other", () => {
    expectTypeOf<keyof Parsers>().toEqualTypeOf<WithBody>();
  });

  it("accept every body the control document allows", () => {
    expectTypeOf<BodyOf<"createToken">>().toExtend<Parsers["createToken"]>();
    expectTypeOf<BodyOf<"createOrganization">>().toExtend<Parsers["createOrganization"]>();
    expectTypeOf<BodyOf<"createWorkspace">>().toExtend<Parsers["createWorkspace"]>();
    expectTypeOf<BodyOf<"loadFixtures">>().toExtend<Parsers["loadFixtures"]>();
    expectTypeOf<BodyOf<"advanceClock">>().toExtend<Parsers["advanceClock"]>();
    expectTypeOf<BodyOf<"setActionPolicy">>().toExtend<Parsers["setActionPolicy"]>();
    expectTypeOf<BodyOf<"failAction">>().toExtend<Parsers["failAction"]>();
    expectTypeOf<BodyOf<"addFault">>().toExtend<Parsers["addFault"]>();
    expectTypeOf<BodyOf<"driverArrive">>().toExtend<Parsers["driverArrive"]>();
    expectTypeOf<BodyOf<"driverComplete">>().toExtend<Parsers["driverComplete"]>();
    expectTypeOf<BodyOf<"setAutoDriver">>().toExtend<Parsers["setAutoDriver"]>();
  });

  it("the fixtures fake.control.loadFixtures takes in process are fixtures the document allows", () => {
    expectTypeOf<Fixtures>().toExtend<BodyOf<"loadFixtures">>();
  });
});

// The in-process inputs keep their own documentation (what `fake.faults.add` and `fake.driver.auto` show in an
// editor), so they are checked against the document's shapes rather than derived from them.
describe("in-process control inputs", () => {
  it("FaultInput is the document's FaultInput, its operationId one of the contract's", () => {
    type Document = components["schemas"]["FaultInput"];
    expectTypeOf<Omit<FaultInput, "operationId">>().toEqualTypeOf<Omit<Document, "operationId">>();
    expectTypeOf<FaultInput["operationId"]>().toExtend<Document["operationId"]>();
  });

  it("AutoDriverOptions is the body of POST /_fake/driver/auto without on", () => {
    type Document = Omit<BodyOf<"setAutoDriver">, "on">;
    expectTypeOf<Document>().toExtend<AutoDriverOptions>();
    expectTypeOf<keyof AutoDriverOptions>().toEqualTypeOf<keyof Document>();
  });
});
