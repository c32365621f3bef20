/**
 * The public views written out for the docs (typedoc documents no type of the generated control document) are the
 * control document's shapes: a drift between a view and `control-openapi.yaml` fails `npm run typecheck`.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { components } from "./generated/control-openapi.js";
import type { InspectedDelivery, InspectedNotification } from "./views.js";

type Control = components["schemas"];

describe("the views written out are the control document's shapes", () => {
  it("a notification", () => {
    expectTypeOf<InspectedNotification>().toEqualTypeOf<Control["Notification"]>();
  });

  it("an attempt of a delivery", () => {
    expectTypeOf<InspectedDelivery["attempts"][number]>().toEqualTypeOf<Control["WebhookAttempt"]>();
  });
});
