/**
 * `GET /_fake/events?type=&since=&organizationId=&workspaceUuid=`: the events the fake emitted (`fake.events`), oldest
 * first, for test suites in other languages. The filters combine; a bad `type` or `since` answers 400 naming it.
 */
import { isoString } from "../domain/clock.js";
import { validationFailed } from "../domain/errors.js";
import type { EventRecord, EventType } from "../domain/records.js";
import { mapPage, paginate } from "../http/pagination.js";
import type { PublicOperation } from "../http/router.js";
import { defineControlOperation } from "./typed.js";

const EVENT_TYPES: readonly EventType[] = ["route.published", "route.eta_updated", "order.status_updated"];

/** An event as `GET /_fake/events` answers it: the record, its instant as an ISO string. */
export function toEventBody(event: EventRecord) {
  return {
    id: event.id,
    type: event.type,
    organizationId: event.organizationId,
    workspaceUuid: event.workspaceUuid,
    createdAt: isoString(event.createdAt),
    // A copy: an object type of its own, which the document's open object accepts.
    data: { ...event.data },
  };
}

/** The events control operation over a fake's events (read at each request: a reset replaces the list). */
export function eventControlOperations(events: () => readonly EventRecord[]): PublicOperation[] {
  return [
    defineControlOperation("/_fake/events", "get", ({ query, url }) => {
      const type = query.get("type");
      const since = query.get("since");
      const organizationId = query.get("organizationId");
      const workspaceUuid = query.get("workspaceUuid");
      const problems: { path: string; message: string }[] = [];
      if (type !== null && !EVENT_TYPES.includes(type as EventType)) {
        problems.push({
          path: "type",
          message: `must be one of ${EVENT_TYPES.join(", ")}, got ${JSON.stringify(type)}`,
        });
      }
      // An instant with its zone (Z or an offset), as the document's date-time: a bare date would read as local time.
      const sinceMs = since === null ? null : Date.parse(since);
      if (since !== null && (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/i.test(since) || !Number.isFinite(sinceMs))) {
        problems.push({
          path: "since",
          message: `must be an ISO-8601 date-time such as 2026-11-23T08:00:00Z, got ${JSON.stringify(since)}`,
        });
      }
      if (problems.length > 0) throw validationFailed("list the events", problems);
      const data = events().filter(
        (event) =>
          (type === null || event.type === type) &&
          (sinceMs === null || event.createdAt >= sinceMs) &&
          (organizationId === null || event.organizationId === organizationId) &&
          (workspaceUuid === null || event.workspaceUuid === workspaceUuid),
      );
      return { status: 200, body: mapPage(paginate(data, url), toEventBody) };
    }),
  ];
}
