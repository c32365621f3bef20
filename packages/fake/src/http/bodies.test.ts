import { describe, expect, it } from "vitest";
import type { ActionKind, ActionRecord, ActionSummary } from "../domain/records.js";
import { toActionBody } from "./bodies.js";

const summaries: Record<ActionKind, ActionSummary> = {
  schedule: { routesUsed: 1, ordersScheduled: 2, ordersUnscheduled: 0, committed: true },
  publish: { routes: [{ uuid: "5a8e2f1c-9d3b-4c7a-b6e4-1f0d2c3b4a59", status: "finished" }] },
  update: { orders: [] },
  delete: { deleted: [{ uuid: "0b6e7a52-8c3d-4f1e-a9b7-5d2c8e1f4a30" }], failed: [] },
};
const kinds = Object.keys(summaries) as ActionKind[];

function record(kind: ActionKind, summary: ActionSummary | null): ActionRecord {
  return {
    uuid: "d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a",
    organizationId: "org-1",
    workspaceUuid: null,
    kind,
    status: summary === null ? "pending" : "finished",
    createdAt: Date.parse("2026-11-23T17:30:00.000Z"),
    finishedAt: summary === null ? null : Date.parse("2026-11-23T17:30:02.000Z"),
    summary,
    reason: null,
    dueAt: null,
    held: false,
    afterPolls: null,
    polls: 0,
    failWith: null,
  };
}

describe("toActionBody", () => {
  it("answers each kind with its own summary, keys in the contract's order", () => {
    for (const kind of kinds) {
      const body = toActionBody(record(kind, summaries[kind]));
      expect(body).toEqual({
        actionUuid: "d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a",
        actionName: kind,
        status: "finished",
        createdAt: "2026-11-23T17:30:00.000Z",
        finishedAt: "2026-11-23T17:30:02.000Z",
        actionSummary: summaries[kind],
      });
      expect(Object.keys(body)).toEqual([
        "actionUuid",
        "actionName",
        "status",
        "createdAt",
        "finishedAt",
        "actionSummary",
      ]);
    }
    expect(toActionBody({ ...record("schedule", null), status: "failed", reason: "no_orders" })).toEqual({
      actionUuid: "d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a",
      actionName: "schedule",
      status: "failed",
      createdAt: "2026-11-23T17:30:00.000Z",
      reason: "no_orders",
    });
  });

  it("refuses to answer an action whose summary belongs to another kind", () => {
    for (const kind of kinds) {
      for (const other of kinds.filter((k) => k !== kind)) {
        expect(() => toActionBody(record(kind, summaries[other]))).toThrow(
          `Failed to answer action d4c3b2a1-0f9e-4d8c-8b7a-6f5e4d3c2b1a: its summary is not the summary of a ${kind}`,
        );
      }
    }
  });
});
