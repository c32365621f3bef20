/**
 * The strict zod schemas of the test-control inputs. In-process calls (`fake.actions.policy`, `fake.driver.*`,
 * `fake.control.createToken`) and the `/_fake/` endpoints parse with the same schemas, so both refuse the same
 * input with the same 400 `VALIDATION_FAILED` details (field paths such as `afterPolls` or `missRate`).
 */
import { z } from "zod";
import type { ActionPolicy } from "../domain/context.js";
import { validationFailed } from "../domain/errors.js";
import { parseWith } from "../http/input.js";
import { MAX_LENGTH, text } from "../http/schemas.js";

/** An instant: epoch milliseconds, an ISO-8601 string or a Date. */
export type Instant = number | string | Date;

/** Longest stretch of time one control call may move or wait: ten years, in milliseconds. */
const MAX_CONTROL_MS = 10 * 366 * 24 * 3_600_000;

/** Epoch ms of an {@link Instant}, or 400 naming `path` when it is not a valid instant. */
export function instantField(value: Instant, path: string, action: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === "string" ? Date.parse(value) : value;
  if (typeof ms !== "number" || !Number.isFinite(ms)) {
    throw validationFailed(action, [{ path, message: `must be an ISO-8601 date-time, got ${JSON.stringify(value)}` }]);
  }
  return ms;
}

const milliseconds = z
  .int({ error: "must be a whole number of milliseconds" })
  .min(0, "must not be negative")
  .max(MAX_CONTROL_MS, `must be at most ${MAX_CONTROL_MS} (ten years)`);
const reason = text(MAX_LENGTH.line).refine((value) => value.length > 0, "must not be empty");

/**
 * Longest strings of the control bodies (control-openapi.yaml declares the same `maxLength` on each): every string
 * a control request may send is bounded, so no client can grow the fake's memory with one (issue 31: a thousand
 * organizations named with 4 MiB each exhausted the heap).
 */
const CONTROL_MAX_LENGTH = {
  /** An IANA time zone (the longest is about 30 characters). */
  timezone: 64,
  /** An instant as an ISO-8601 string. */
  instant: 64,
  /** A token, an organization's name, a uuid or other reference to a record. */
  reference: MAX_LENGTH.name,
} as const;

/** A non-empty string of at most `max` code points, 400 naming the field otherwise. */
const bounded = (max: number) => text(max).refine((value) => value.length > 0, "must not be empty");

const isoInstant = z.iso
  .datetime({ offset: true, error: "must be an ISO-8601 date-time" })
  .max(CONTROL_MAX_LENGTH.instant, `must be at most ${CONTROL_MAX_LENGTH.instant} characters`);

/** A body that may only be empty or `{}`. */
export const emptyBody = z.strictObject({});

/** `POST /_fake/tokens`. */
export const tokenBody = z.strictObject({ expiresInMs: milliseconds.optional() });

/** `POST /_fake/organizations`. */
/** A workspace to create: its name, IANA time zone and service area (each optional). */
const workspaceInit = {
  name: bounded(MAX_LENGTH.line).optional(),
  timezone: bounded(CONTROL_MAX_LENGTH.timezone).optional(),
  serviceArea: z
    .strictObject({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      radiusKm: z.number().gt(0).max(500),
    })
    .optional(),
};

/** `POST /_fake/organizations` (and `fake.control.createOrganization`). */
export const organizationBody = z.strictObject({
  name: bounded(CONTROL_MAX_LENGTH.reference).optional(),
  workspaces: z.array(z.strictObject(workspaceInit)).min(1).max(20).optional(),
});

/** `POST /_fake/workspaces`: a workspace in the organization of `token` (default: the seeded organization). */
export const workspaceBody = z.strictObject({
  token: bounded(CONTROL_MAX_LENGTH.reference).optional(),
  ...workspaceInit,
});

/** `POST /_fake/clock/advance`. */
export const advanceBody = z.strictObject({ ms: milliseconds });

/** `POST /_fake/actions/{uuid}/fail`. */
export const failBody = z.strictObject({ reason });

/** Where an action policy may say when the action ends: at most one of these. */
const TIMINGS = ["afterPolls", "afterMs", "hold"] as const;

const POLICY_SHAPE = 'must be "immediate" or an object such as { "afterPolls": 2 }';

export const policyObject = z
  .strictObject(
    {
      afterPolls: z
        .int({ error: "must be a whole number of polls" })
        .min(0, "must not be negative")
        .max(10_000, "must be at most 10000")
        .optional(),
      afterMs: milliseconds.optional(),
      // false is leaving it out: the kind's actions are not held (how a client undoes a { "hold": true }).
      hold: z.boolean({ error: "must be true or false" }).optional(),
      fail: reason.optional(),
    },
    { error: (issue) => (issue.code === "invalid_type" ? POLICY_SHAPE : undefined) },
  )
  .superRefine((policy, issues) => {
    const given = TIMINGS.filter((key) => policy[key] !== undefined && policy[key] !== false);
    for (const key of given.slice(1)) {
      issues.addIssue({ code: "custom", path: [key], message: `only one of ${TIMINGS.join(", ")} may be given` });
    }
  });

/**
 * An action policy as sent (`"immediate"`, or an object; `{}` and `{ hold: false }` are immediate too) as an
 * {@link ActionPolicy}, or 400 naming the field.
 */
export function parsePolicy(value: unknown, action: string): ActionPolicy {
  if (value === "immediate") return "immediate";
  const body = parseWith(policyObject, value, action);
  const fail = body.fail !== undefined ? { fail: body.fail } : {};
  if (body.afterPolls !== undefined) return { afterPolls: body.afterPolls, ...fail };
  if (body.afterMs !== undefined) return { afterMs: body.afterMs, ...fail };
  if (body.hold) return { hold: true, ...fail };
  return body.fail !== undefined ? { fail: body.fail } : "immediate";
}

/** A driver's completion: delivered or missed, when, notes, the reason of a miss. */
const completionFields = {
  status: z.enum(["delivered", "missed"], { error: "must be delivered or missed" }),
  at: isoInstant.optional(),
  notes: text(MAX_LENGTH.note).optional(),
  missedReason: reason.optional(),
};

function missedReasonOnlyWhenMissed(
  value: { status: "delivered" | "missed"; missedReason?: string | undefined },
  issues: z.RefinementCtx,
): void {
  if (value.status === "delivered" && value.missedReason !== undefined) {
    issues.addIssue({
      code: "custom",
      path: ["missedReason"],
      message: "missedReason is only allowed when status is missed",
    });
  }
}

/** A completion as `fake.driver.complete` takes it (with `at` as an ISO string). */
export const completionSchema = z.strictObject(completionFields).superRefine(missedReasonOnlyWhenMissed);

/** `POST /_fake/driver/complete`: an order (`orderUuid`), or the next stop of a route (`routeUuid`). */
export const driverCompleteBody = z
  .strictObject({
    orderUuid: bounded(CONTROL_MAX_LENGTH.reference).optional(),
    routeUuid: bounded(CONTROL_MAX_LENGTH.reference).optional(),
    ...completionFields,
  })
  .superRefine((value, issues) => {
    if ((value.orderUuid === undefined) === (value.routeUuid === undefined)) {
      issues.addIssue({ code: "custom", path: ["orderUuid"], message: "give exactly one of orderUuid, routeUuid" });
    }
    missedReasonOnlyWhenMissed(value, issues);
  });

/** `POST /_fake/driver/arrive`. */
export const driverArriveBody = z.strictObject({
  orderUuid: bounded(CONTROL_MAX_LENGTH.reference),
  at: isoInstant.optional(),
});

/** `POST /_fake/driver/auto` (and `fake.driver.auto`, with `on: true`). */
export const autoDriverSchema = z
  .strictObject({
    on: z.boolean({ error: "must be true or false" }),
    missRate: z.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1").optional(),
    seed: z.int({ error: "must be an integer" }).optional(),
    missedReason: reason.optional(),
    routeUuids: z.array(text(CONTROL_MAX_LENGTH.reference)).max(1000).optional(),
  })
  .superRefine((value, issues) => {
    if (value.on) return;
    for (const key of ["missRate", "seed", "missedReason", "routeUuids"] as const) {
      if (value[key] !== undefined) {
        issues.addIssue({ code: "custom", path: [key], message: "only allowed with on: true" });
      }
    }
  });
