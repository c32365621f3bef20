/** Reading a fake through its public view, `fake.inspect()`, as tests assert on it. */
import type { Fake, FakeInspection, InspectedOrder, InspectedRoute } from "@dispatchkit/fake";

/** The order `uuid` as the fake holds it (the API's `Order`), or undefined when there is none. */
export function orderIn(fake: Fake, uuid: string): InspectedOrder | undefined {
  return fake.inspect().orders.find((o) => o.uuid === uuid);
}

/** The route `uuid` as the fake holds it (the API's `Route`, its orders and stops), or undefined. */
export function routeIn(fake: Fake, uuid: string): InspectedRoute | undefined {
  return fake.inspect().routes.find((r) => r.uuid === uuid);
}

/**
 * The fake's view without some of its parts, and without the counts (which count those parts too): for "changes
 * nothing" checks of calls that legitimately change those parts (a kept idempotency key, a failed action).
 */
export function inspectWithout(fake: Fake, ...parts: (keyof FakeInspection)[]): Partial<FakeInspection> {
  const view: Partial<FakeInspection> = fake.inspect();
  for (const part of [...parts, "counts" as const]) delete view[part];
  return view;
}
