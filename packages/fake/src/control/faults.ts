/**
 * Injected faults: the service failing on purpose, per contract operation. A fault answers a status and error
 * code with the one error body, drops the connection (a network error), or waits before answering (latency),
 * once, N times, always, or with a seeded probability. The pipeline asks {@link FaultInjector.intercept} after
 * authentication and routing and before the handler, so a faulted call changes nothing, and MSW,
 * `fake.fetch` and the standalone server meet the same faults.
 */
import { z } from "zod";
import { type ErrorCode, validationFailed } from "../domain/errors.js";
import { createRandom } from "../domain/ids.js";
import { type Answer, jsonAnswer } from "../http/answer.js";
import { CONTRACT_OPERATIONS, type OperationId } from "../http/contract-operations.js";
import { parseWith } from "../http/input.js";
import type { ApiCall } from "../http/router.js";
import { STATUS_BY_CODE } from "../http/status.js";
import type { components } from "./generated/control-openapi.js";

type Schemas = components["schemas"];

/** Injected faults: the service failing on purpose, per contract operation. */
export interface FakeFaults {
  /**
   * Make calls of one operation fail: answer a status and error code with the one error body, drop the
   * connection, or wait before answering; once (`times: 1`), N times, always, or with a seeded probability.
   * Checked after authentication and routing and before the handler, so a faulted call changes nothing.
   */
  add(fault: FaultInput): Fault;
  /** Every fault added since the last clear, with how often each fired. */
  list(): readonly Fault[];
  /** Remove every fault. */
  clear(): void;
}

/** What to inject into the calls of one operation. */
export interface FaultInput {
  /** The contract operation whose calls fail, e.g. `"listOrders"`. */
  operationId: OperationId;
  /** Answer this status (400–599) with the one error body. */
  status?: number;
  /** The body's error code; default: the code the contract answers with `status` (`INTERNAL` for other 5xx). */
  code?: ErrorCode;
  /** The body's message (default: one naming the fault). */
  message?: string;
  /** Send `Retry-After` with this many seconds (a 429 sends 1 unless told). */
  retryAfterSeconds?: number;
  /** Drop the connection instead of answering: the caller's `fetch` rejects with a `TypeError`. */
  networkError?: boolean;
  /** Wait this long before answering (alone: then the call is answered as usual). */
  latencyMs?: number;
  /** Fire on this many calls, then never again (default: on every call until cleared). */
  times?: number;
  /** Fire on each call with this probability, 0 to 1 (default 1), drawn from a generator seeded by `seed`. */
  probability?: number;
  /** Seed of the probability's draws (default 1): the same seed and calls fire on the same calls. */
  seed?: number;
}

/** A fault as the fake holds it (`Fault` of control-openapi.yaml, its operationId one of the contract's). */
export type Fault = Omit<Schemas["Fault"], "operationId"> & { operationId: OperationId };

/** The faults of one fake. */
export interface FaultInjector {
  /** Add a fault; refuses bad input with 400 `VALIDATION_FAILED` naming the field. */
  add(input: FaultInput): Fault;
  /** Every fault added since the last clear, oldest first (spent ones too). */
  list(): readonly Fault[];
  /** Remove every fault (ids go on from where they were). */
  clear(): void;
  /** Forget every fault and start the ids again (what `fake.reset()` does). */
  reset(): void;
  /**
   * The pipeline's hook: the answer of the first fault that fires on this call (naming it), or undefined, at once
   * when no fault fires.
   */
  intercept(call: ApiCall): Answer | undefined | Promise<Answer | undefined>;
}

/** How injected latency is waited out. */
export type Sleep = (ms: number) => Promise<void>;

const OPERATION_IDS = new Set<string>(CONTRACT_OPERATIONS.map((o) => o.operationId));
const ERROR_CODES = Object.keys(STATUS_BY_CODE) as [ErrorCode, ...ErrorCode[]];
/** Longest injected latency: ten minutes. */
const MAX_LATENCY_MS = 600_000;

/** The body of `POST /_fake/faults` and of `fake.faults.add`. */
export const faultInput = z
  .strictObject({
    operationId: z
      .string()
      .max(100, "must be at most 100 characters")
      .refine((id) => OPERATION_IDS.has(id), "must be an operationId of openapi.yaml"),
    status: z
      .int({ error: "must be an HTTP status" })
      .min(400, "must be 400-599")
      .max(599, "must be 400-599")
      .optional(),
    code: z.enum(ERROR_CODES, { error: "must be an error code of openapi.yaml" }).optional(),
    message: z.string().min(1).max(1000).optional(),
    retryAfterSeconds: z.int({ error: "must be a whole number of seconds" }).min(0).max(86_400).optional(),
    networkError: z.boolean().optional(),
    latencyMs: z
      .int({ error: "must be a whole number of milliseconds" })
      .min(0, "must not be negative")
      .max(MAX_LATENCY_MS, `must be at most ${MAX_LATENCY_MS}`)
      .optional(),
    times: z.int({ error: "must be a whole number" }).min(1, "must be at least 1").optional(),
    probability: z.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1").optional(),
    seed: z.int({ error: "must be an integer" }).optional(),
  })
  .superRefine((fault, issues) => {
    const error = fault.status !== undefined || fault.code !== undefined;
    if (error && fault.networkError) {
      issues.addIssue({
        code: "custom",
        path: ["networkError"],
        message: "a fault answers a status or drops the call, not both",
      });
    }
    if (!error && !fault.networkError && fault.latencyMs === undefined) {
      issues.addIssue({ code: "custom", path: ["status"], message: "give status, networkError or latencyMs" });
    }
    for (const key of ["message", "retryAfterSeconds"] as const) {
      if (fault[key] !== undefined && !error) {
        issues.addIssue({ code: "custom", path: [key], message: "only allowed with status" });
      }
    }
  });

/** The code a status answers with by default: the contract's code for it, `INTERNAL` for any other 5xx. */
function defaultCode(status: number): ErrorCode | undefined {
  const code = ERROR_CODES.find((c) => STATUS_BY_CODE[c] === status);
  return code ?? (status >= 500 ? "INTERNAL" : undefined);
}

const UINT32 = 2 ** 32;

/** Build the fault injector of one fake; `sleep` waits out latency. */
export function createFaultInjector(sleep: Sleep): FaultInjector {
  let faults: { fault: Fault; random: () => number }[] = [];
  let next = 1;

  /** The first live fault of the call's operation whose draw fires, counted as fired. */
  function firing(call: ApiCall): Fault | undefined {
    let chosen: Fault | undefined;
    for (const { fault, random } of faults) {
      if (fault.operationId !== call.operationId) continue;
      // Each fault draws on every call of its operation, so the calls a seed fires on depend on nothing else.
      const drawn = fault.probability >= 1 || random() / UINT32 < fault.probability;
      if (!chosen && drawn && fault.remaining !== 0) chosen = fault;
    }
    if (chosen) {
      if (chosen.remaining !== null) chosen.remaining -= 1;
      chosen.hits += 1;
    }
    return chosen;
  }

  return {
    add(input) {
      const parsed = parseWith(faultInput, input, "add fault");
      const status = parsed.status ?? (parsed.code !== undefined ? STATUS_BY_CODE[parsed.code] : null);
      const code = parsed.code ?? (status !== null ? defaultCode(status) : null);
      if (code === undefined) {
        throw validationFailed("add fault", [{ path: "code", message: `is required with status ${status}` }]);
      }
      const fault: Fault = {
        id: `flt_${next++}`,
        operationId: parsed.operationId as OperationId,
        status,
        code,
        message: parsed.message ?? null,
        retryAfterSeconds: parsed.retryAfterSeconds ?? (status === 429 ? 1 : null),
        networkError: parsed.networkError ?? false,
        latencyMs: parsed.latencyMs ?? 0,
        times: parsed.times ?? null,
        remaining: parsed.times ?? null,
        probability: parsed.probability ?? 1,
        seed: parsed.seed ?? 1,
        hits: 0,
      };
      faults.push({ fault, random: createRandom(fault.seed) });
      return { ...fault };
    },
    list: () => faults.map(({ fault }) => ({ ...fault })),
    clear() {
      faults = [];
    },
    reset() {
      faults = [];
      next = 1;
    },
    intercept(call) {
      if (faults.length === 0) return undefined;
      const fault = firing(call);
      if (!fault) return undefined;
      return answerOf(fault, call);
    },
  };

  /** A fired fault's answer, after its latency; undefined for latency alone (the handler answers). */
  async function answerOf(fault: Fault, call: ApiCall): Promise<Answer | undefined> {
    if (fault.latencyMs > 0) await sleep(fault.latencyMs);
    if (fault.networkError) return { status: 0, headers: {}, body: null, networkError: true, fault: fault.id };
    if (fault.status !== null && fault.code !== null) {
      const message =
        fault.message ??
        `Failed to answer ${call.operationId}: injected fault ${fault.id} (${fault.status} ${fault.code})`;
      const headers: Record<string, string> = { "x-fake-fault": fault.id };
      if (fault.retryAfterSeconds !== null) headers["retry-after"] = String(fault.retryAfterSeconds);
      const answer = jsonAnswer(
        fault.status,
        { code: fault.code, message, requestId: call.requestId },
        call.requestId,
        headers,
      );
      return { ...answer, fault: fault.id };
    }
    return undefined;
  }
}
