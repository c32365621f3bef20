/**
 * DO NOT EDIT: generated from packages/fake/control-openapi.yaml by openapi-typescript (npm run generate).
 * Change openapi.yaml and regenerate; CI fails when this file is stale (npm run check:generated).
 */

export interface paths {
    "/_fake/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the server is up
         * @description Answers 200 as soon as the server serves requests, with no token, for `wait-on`, a compose
         *     `healthcheck` or a test's setup: the package's version, how long the server has run, and how the saves of
         *     its state file fare (`--state`; `null` without one). `uptimeSeconds` counts from the server's start
         *     (`dispatch-fake`, or `startServer` from `@dispatchkit/fake-server`).
         *     Like every control endpoint, it answers a browser only from the server's own or an allowed origin.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a token
         * @description A new API token of the seeded organization (`fake.control.createToken()`). With `expiresInMs` it
         *     answers 401 `TOKEN_EXPIRED` once the fake's clock has moved that far.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/tokens/{token}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Expire a token now
         * @description The token answers 401 `TOKEN_EXPIRED` from now on (`fake.control.expireToken(token)`). It takes no
         *     body: any body but an empty one or `{}` (a webhook delivery aimed here, say) answers 400 and expires
         *     nothing.
         */
        post: operations["expireToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an organization
         * @description Another organization with a token of its own and one workspace, or the `workspaces` given
         *     (`fake.control.createOrganization()`), to test isolation between organizations and behaviour across
         *     workspaces.
         */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a workspace
         * @description A workspace in the seeded organization, or in the organization of `token`
         *     (`fake.control.createWorkspace()`): its name, IANA time zone (default Europe/Berlin) and service area
         *     (default central Berlin, 15 km). An unknown token answers 404.
         */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/fixtures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Load fixtures
         * @description Adds organizations (with their tokens), workspaces, routes, orders and webhook subscriptions in one
         *     call (`fake.control.loadFixtures(fixtures)`; the same file as `dispatch-fake --fixtures FILE` and
         *     `createFake({ fixtures })`). Records name each other by the `key` you give them; a workspace may also be
         *     named by the uuid of one the fake already holds. Routes, orders and subscriptions go through the API's own
         *     checks and defaults (their fields are those of `POST /v2/routes`, `POST /v2/orders` and
         *     `POST /v2/webhooks`); an order naming a `route` is put on it, in the file's order, as a committed
         *     scheduling run would. All or nothing: any problem answers 400 `VALIDATION_FAILED` with every problem's
         *     path (`orders[3].locations`) and changes nothing. The answer lists what was created, in the file's
         *     order. The guide: docs/standalone.md, "Start with your own data".
         *     Over HTTP it runs in steps, the new state built aside and put in place at once: other clients' reads are
         *     answered meanwhile and see the state as it was, and their writes wait for it (docs/standalone.md, "Big loads,
         *     snapshots and resets"). A host that does not hold writes back answers 409 `CONFLICT` to one of
         *     `loadFixtures`, `takeSnapshot`, `restoreSnapshot` and `resetFake` started while another runs.
         */
        post: operations["loadFixtures"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the clock
         * @description The fake's now (`fake.clock.now()`).
         */
        get: operations["getClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the clock forward
         * @description Moves the clock forward by `ms` (`fake.advance(ms)`), running every background work that becomes
         *     due on the way at the instant it is due, in time order: delayed actions, the auto-driver's
         *     stops. Answers once the clock is `ms` further and nothing due is left.
         */
        post: operations["advanceClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every action and the policies
         * @description Every action of every organization, oldest first (`fake.actions.list()`), and the policy new
         *     actions of each kind get (`fake.actions.policies()`). One page at a time, by the rules of the API's lists (`page`, `perPage` up to 500, `metadata.nextPage`).
         */
        get: operations["listActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/actions/policy/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set how actions of a kind end
         * @description The policy of new actions of `kind` (`fake.actions.policy(kind, policy)`); actions already pending
         *     keep theirs. An unknown kind answers 400 naming `kind`.
         */
        put: operations["setActionPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/actions/{uuid}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a pending action now
         * @description Ends a pending action now, whatever its hold, delay or polls (`fake.actions.release(uuid)`): its
         *     work runs against the state of this moment, or with a `fail` policy it fails with that reason.
         *     The actions of one workspace and date still run in the order they were accepted: an action behind
         *     a scheduling run that plans on the server's worker thread runs once that run has ended (this
         *     answers then), and one behind an action that is held, delayed or waiting for polls answers 409
         *     `CONFLICT` naming it (release or fail that one first).
         */
        post: operations["releaseAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/actions/{uuid}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fail a pending action
         * @description Ends a pending action `failed` with `reason`; its work never runs (`fake.actions.fail(uuid, reason)`).
         */
        post: operations["failAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the faults
         * @description Every fault added since the last clear, with how often each fired (`fake.faults.list()`).
         */
        get: operations["listFaults"];
        put?: never;
        /**
         * Add a fault
         * @description Makes calls of one contract operation fail (`fake.faults.add(fault)`): answer `status` and `code`
         *     with the one error body (header `x-fake-fault` names the fault), drop the connection
         *     (`networkError`), or wait `latencyMs` before answering; once (`times: 1`), N times, always, or
         *     with a seeded `probability`. Faults are checked after authentication and routing and before the
         *     handler, so a faulted call changes nothing. The first fault of the operation that fires answers.
         */
        post: operations["addFault"];
        /**
         * Remove every fault
         * @description Removes every fault (`fake.faults.clear()`); `POST /_fake/reset` does too.
         */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/driver/arrive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A driver arrives at a stop
         * @description Records the driver's arrival at an order's stop at `at` (default now) (`fake.driver.arrive`): the
         *     stop's actual arrival is set, the stops after it are re-estimated (service starts on arrival), and
         *     `route.eta_updated` is emitted. The order must be on a published route and not completed.
         */
        post: operations["driverArrive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/driver/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A driver completes a stop
         * @description The driver completes an order (`orderUuid`, `fake.driver.complete`) or the next stop of a route
         *     (`routeUuid`, `fake.driver.completeNext`) delivered or missed, with the same effects as the API's
         *     complete: the order's completion fields, actual times and re-estimated ETAs on the timeline, a
         *     customer notification, then `order.status_updated` and `route.eta_updated`.
         */
        post: operations["driverComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/driver/auto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start or stop the auto-driver
         * @description With `on: true` (`fake.driver.auto(options)`), as the clock moves the auto-driver arrives at each
         *     stop of every published route (or of `routeUuids`) at its estimated arrival and completes it at
         *     its estimated departure, or misses it on arrival with probability `missRate` (seeded, so the same
         *     seed misses the same stops). `on: false` stops it (`fake.driver.stop()`).
         */
        post: operations["setAutoDriver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the fake
         * @description Forgets everything and starts again from the seed (`fake.reset()`): the seeded organization with
         *     the same ids and token, no faults, an empty journal, the auto-driver off, the action policies of
         *     the fake's options, no snapshots taken over HTTP. The clock does not move back.
         *     Over HTTP it runs in steps, the new state built aside and put in place at once: other clients' reads are
         *     answered meanwhile and see the state as it was, and their writes wait for it (docs/standalone.md, "Big loads,
         *     snapshots and resets"). A host that does not hold writes back answers 409 `CONFLICT` to one of
         *     `loadFixtures`, `takeSnapshot`, `restoreSnapshot` and `resetFake` started while another runs.
         */
        post: operations["resetFake"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the snapshots
         * @description The snapshots kept over HTTP, oldest first.
         */
        get: operations["listSnapshots"];
        put?: never;
        /**
         * Take a snapshot
         * @description A copy of everything the fake holds (organizations, tokens, orders, routes, actions, events,
         *     notifications, the id sequence; not the clock) to restore later (`fake.snapshot()`). The server
         *     keeps at most 10 (each is a whole copy of the state): at that bound it answers 409 `CONFLICT`
         *     until one is deleted or the fake is reset. Ids go `snap_1`, `snap_2`, …, and start again after a
         *     reset.
         *     Over HTTP it runs in steps, the new state built aside and put in place at once: other clients' reads are
         *     answered meanwhile and see the state as it was, and their writes wait for it (docs/standalone.md, "Big loads,
         *     snapshots and resets"). A host that does not hold writes back answers 409 `CONFLICT` to one of
         *     `loadFixtures`, `takeSnapshot`, `restoreSnapshot` and `resetFake` started while another runs.
         */
        post: operations["takeSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/snapshots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a snapshot
         * @description Forgets a snapshot taken over HTTP, which frees its place.
         */
        delete: operations["deleteSnapshot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/snapshots/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a snapshot
         * @description Puts the fake back to a snapshot taken over HTTP (`fake.restore(snapshot)`).
         *     Over HTTP it runs in steps, the new state built aside and put in place at once: other clients' reads are
         *     answered meanwhile and see the state as it was, and their writes wait for it (docs/standalone.md, "Big loads,
         *     snapshots and resets"). A host that does not hold writes back answers 409 `CONFLICT` to one of
         *     `loadFixtures`, `takeSnapshot`, `restoreSnapshot` and `resetFake` started while another runs.
         */
        post: operations["restoreSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the request journal
         * @description Every call of the API the fake answered, oldest first, or those of one operation
         *     (`fake.journal.list({ operationId })`). The fake keeps the newest 1000 by default. One page at a time, by the rules of the API's lists (`page`, `perPage` up to 500, `metadata.nextPage`).
         */
        get: operations["listJournal"];
        put?: never;
        post?: never;
        /**
         * Clear the request journal
         * @description Forgets every journaled call (`fake.journal.clear()`).
         */
        delete: operations["clearJournal"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the events the fake emitted
         * @description Every event the domain emitted (`route.published`, `route.eta_updated`, `order.status_updated`), oldest
         *     first: the records of `fake.events`, each with the `data` its webhook payload carries. The filters combine
         *     (all must hold). Events are kept until a reset or a restore. One page at a time, by the rules of the API's lists (`page`, `perPage` up to 500, `metadata.nextPage`).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customer notifications
         * @description The customer notifications the fake "sent" on completions, oldest first (`fake.notifications`). One page at a time, by the rules of the API's lists (`page`, `perPage` up to 500, `metadata.nextPage`).
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description The delivery log, oldest first (`fake.webhooks.deliveries()`): one delivery per event and subscription
         *     (and per redelivery), each with every attempt made (when, how it ended, the status answered, the next
         *     attempt). Instants are ISO-8601 UTC. One page at a time, by the rules of the API's lists (`page`, `perPage` up to 500, `metadata.nextPage`).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_fake/webhook-deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver a webhook
         * @description The delivery's event again to the same subscription, as a new delivery (`redeliveryOf` names the first)
         *     with its own six attempts, the same event id and the same body (`fake.webhooks.redeliver(id)`). It is
         *     answered `pending`, due now: the standalone server makes its first attempt right after answering (in
         *     process, `fake.runUntilIdle()` does). It takes no body: any body but an empty one or `{}` answers 400
         *     and redelivers nothing, so a webhook delivery aimed here (another fake's) cannot start a loop.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        PaginationMetadata: {
            /**
             * Format: uri-reference
             * @description Relative URI of the next page (same query, `page` incremented), or `null` on the last page.
             * @example /_fake/webhook-deliveries?page=2
             */
            nextPage: string | null;
            totalPages: number;
            totalItems: number;
        };
        /**
         * @description A fake's starting data: organizations with their tokens, their workspaces, routes, orders and webhook
         *     subscriptions. Every list is optional. A record that others name has a `key` of your choosing
         *     (unique among the records of its list), and the others name it by that key; a workspace may also be
         *     named by the uuid of one the fake already holds. The fixtures are added to what the fake holds (the
         *     seeded organization stays).
         */
        Fixtures: {
            /** @description What the fixtures are for (ignored). */
            description?: string;
            organizations?: components["schemas"]["FixtureOrganization"][];
            workspaces?: components["schemas"]["FixtureWorkspace"][];
            routes?: components["schemas"]["FixtureRoute"][];
            orders?: components["schemas"]["FixtureOrder"][];
            webhooks?: components["schemas"]["FixtureWebhook"][];
        };
        /**
         * @description Your name for a record, which other records of the fixtures use to name it.
         * @example berlin
         */
        FixtureKey: string;
        /** @description The `key` of a workspace of the fixtures, or the uuid of a workspace the fake already holds. */
        WorkspaceReference: string;
        /** @description An organization and the API tokens that act for it. */
        FixtureOrganization: {
            key: components["schemas"]["FixtureKey"];
            name?: string;
            /** @description Its API tokens (`Authorization: Bearer <token>`); none may exist already. */
            tokens: string[];
        };
        /** @description A workspace of an organization of the fixtures, as `POST /_fake/workspaces` creates one. */
        FixtureWorkspace: {
            key: components["schemas"]["FixtureKey"];
            organization: components["schemas"]["FixtureKey"];
            name?: string;
            /**
             * @description An IANA time zone (default Europe/Berlin).
             * @example America/New_York
             */
            timezone?: string;
            serviceArea?: components["schemas"]["ServiceArea"];
        };
        /**
         * @description A route of a workspace: `key`, `workspace`, and the fields of a route of `POST /v2/routes`
         *     (`RouteInput` of the API's openapi.yaml: `name`, `date`, `startTime`, `endTime`, `startLocation`, …),
         *     checked as that endpoint checks them.
         */
        FixtureRoute: {
            key?: components["schemas"]["FixtureKey"];
            workspace: components["schemas"]["WorkspaceReference"];
        } & {
            [key: string]: unknown;
        };
        /**
         * @description An order of a workspace: `key`, `workspace`, the `route` to put it on (the key of a route of the fixtures,
         *     of the same workspace and date), and the fields of an order of `POST /v2/orders` (`OrderInput` of the API's openapi.yaml:
         *     `deliveryDate`, `locations`, `timeWindows`, …), checked as that endpoint checks them. Orders named by the
         *     same route are put on it in the file's order.
         */
        FixtureOrder: {
            key?: components["schemas"]["FixtureKey"];
            workspace: components["schemas"]["WorkspaceReference"];
            route?: components["schemas"]["FixtureKey"];
        } & {
            [key: string]: unknown;
        };
        /**
         * @description A webhook subscription: of an `organization` (every workspace of it) or of one `workspace` (exactly one
         *     of the two), with `secret` (default: a generated one) and the fields of `POST /v2/webhooks` (`url`,
         *     `events`), checked as that endpoint checks them.
         */
        FixtureWebhook: {
            key?: components["schemas"]["FixtureKey"];
            organization?: components["schemas"]["FixtureKey"];
            workspace?: components["schemas"]["WorkspaceReference"];
            /** @description The signing secret of its deliveries, so a receiver can know it beforehand. */
            secret?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description What loading fixtures created, each list in the order of the file's. */
        LoadedFixtures: {
            organizations: {
                key: string;
                name: string;
                tokens: string[];
            }[];
            workspaces: {
                key: string;
                /** Format: uuid */
                uuid: string;
                workspaceId: number;
                name: string;
                timezone: string;
            }[];
            routes: {
                key: string | null;
                /** Format: uuid */
                uuid: string;
                /** Format: uuid */
                workspaceUuid: string;
                /** @description The orders on it now, in sequence. */
                orderUuids: string[];
            }[];
            orders: {
                key: string | null;
                /** Format: uuid */
                uuid: string;
                orderNumber: string;
                /** Format: uuid */
                workspaceUuid: string;
                /** Format: uuid */
                routeUuid: string | null;
            }[];
            webhooks: {
                key: string | null;
                /** Format: uuid */
                uuid: string;
                /** Format: uuid */
                workspaceUuid: string | null;
                secret: string;
            }[];
        };
        WorkspaceInit: {
            name?: string;
            /**
             * @description An IANA time zone, e.g. America/New_York.
             * @example America/New_York
             */
            timezone?: string;
            serviceArea?: components["schemas"]["ServiceArea"];
        };
        /** @description Where the workspace's addresses are geocoded to when they come without coordinates. */
        ServiceArea: {
            latitude: number;
            longitude: number;
            radiusKm: number;
        };
        SnapshotInfo: {
            /** @example snap_1 */
            id: string;
            /** Format: date-time */
            takenAt: string;
        };
        /** @description A stretch of the fake's time in milliseconds (at most ten years). */
        Milliseconds: number;
        /** @enum {string} */
        ActionKind: "schedule" | "publish" | "update" | "delete";
        /**
         * @description How actions of a kind end: `"immediate"` (the default: the first poll shows the action ended);
         *     `afterPolls` (that many polls answer `pending`, the next shows it ended); `afterMs` (pending until
         *     the clock has moved that far past its creation); `hold: true` (pending until released or failed). At
         *     most one of these; `fail` alone or beside one of them ends the action `failed` with that reason
         *     instead of running its work. `{}` is `"immediate"`, and so is `{"hold": false}`: `hold: false` is
         *     the same as leaving `hold` out (it undoes a `{"hold": true}`; actions already held stay pending
         *     until released). The fake answers the policy as it keeps it, without `hold: false`.
         */
        ActionPolicy: "immediate" | {
            afterPolls?: number;
            afterMs?: components["schemas"]["Milliseconds"];
            /** @description `true` holds new actions until released; `false` is the same as leaving it out. */
            hold?: boolean;
            fail?: string;
        };
        /** @description An action with everything the fake holds about it. */
        ControlAction: {
            /** Format: uuid */
            uuid: string;
            kind: components["schemas"]["ActionKind"];
            /** @enum {string} */
            status: "pending" | "finished" | "failed";
            organizationId: string;
            workspaceUuid: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            finishedAt: string | null;
            /** @description The action's `actionSummary` in the API (its kind's summary). */
            summary: {
                [key: string]: unknown;
            } | null;
            /** @description Why it failed. */
            reason: string | null;
            /** @description Waits for a release. */
            held: boolean;
            /**
             * Format: date-time
             * @description With `afterMs`, when it ends.
             */
            dueAt: string | null;
            /** @description With `afterPolls`, how many polls answer `pending`. */
            afterPolls: number | null;
            /** @description How many times it was polled at its endpoint. */
            polls: number;
            /** @description With a `fail` policy, the reason it will fail with. */
            failWith: string | null;
        };
        /**
         * @description The API's closed set of error codes (the same enum as the API's openapi.yaml).
         * @enum {string}
         */
        ErrorCode: "UNAUTHORIZED" | "TOKEN_EXPIRED" | "FORBIDDEN" | "NOT_FOUND" | "INVALID_JSON" | "VALIDATION_FAILED" | "UNSUPPORTED_MEDIA_TYPE" | "PAYLOAD_TOO_LARGE" | "URI_TOO_LONG" | "HEADERS_TOO_LARGE" | "REQUEST_TIMEOUT" | "CONFLICT" | "ORDER_NOT_PUBLISHED" | "ORDER_COMPLETED" | "ACTION_NOT_FINISHED" | "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "INTERNAL" | "NOT_IMPLEMENTED";
        /**
         * @description What to inject into the calls of one operation: `status` (with `code`), `networkError`, or
         *     `latencyMs`, the last alone or beside one of the others.
         */
        FaultInput: {
            /**
             * @description An operationId of the API's openapi.yaml, e.g. `listOrders`.
             * @example listOrders
             */
            operationId: string;
            /** @description Answer this status with the one error body. */
            status?: number;
            code?: components["schemas"]["ErrorCode"];
            message?: string;
            /** @description Send `Retry-After` (a 429 sends 1 unless told). */
            retryAfterSeconds?: number;
            /** @description Drop the connection without an answer. */
            networkError?: boolean;
            /**
             * @description Wait this long before answering. On a fake created with `now` the fake's clock moves instead
             *     (no real time passes).
             */
            latencyMs?: number;
            /** @description Fire on this many calls (default every call). */
            times?: number;
            /** @description Fire on each call with this probability (default 1). */
            probability?: number;
            /** @description Seed of the probability's draws (default 1). */
            seed?: number;
        };
        /** @description A fault as the fake holds it. */
        Fault: {
            /** @example flt_1 */
            id: string;
            operationId: string;
            status: number | null;
            code: components["schemas"]["ErrorCode"] | null;
            message: string | null;
            retryAfterSeconds: number | null;
            networkError: boolean;
            latencyMs: number;
            times: number | null;
            /** @description The calls it still fires on (`null`: unlimited). */
            remaining: number | null;
            probability: number;
            seed: number;
            /** @description The calls it fired on so far. */
            hits: number;
        };
        DriverStop: {
            orderUuid: string;
            routeUuid: string;
            /** @enum {string} */
            status: "scheduled" | "delivered" | "missed";
            /** Format: date-time */
            arrivedAt: string | null;
            /** Format: date-time */
            completedAt: string | null;
            missedReason: string | null;
            notes: string | null;
        };
        /** @description One call of the API the fake answered. */
        JournalEntry: {
            requestId: string;
            /** @description `null` when the method and path name no operation. */
            operationId: string | null;
            method: string;
            /** @description Relative to the base URL, without the query. */
            path: string;
            /** @description The query string without `?`. */
            query: string;
            /** @description 0 for an injected network error. */
            status: number;
            /**
             * @description The request body as JSON, its text when not JSON (or nested deeper than 64 levels), `null`
             *     when empty or over 64 KiB (then only its size is kept).
             */
            requestBody: unknown;
            /** @description The request body's size in bytes. */
            requestBodyBytes: number;
            /** @description The response body, read the same way. */
            responseBody: unknown;
            /** @description The response body's size in bytes (0 for a network error). */
            responseBodyBytes: number;
            /** Format: date-time */
            at: string;
            /** @description The id of the injected fault that answered the call. */
            fault: string | null;
        };
        /** @description One delivery of one event to one subscription, with every attempt made. */
        WebhookDelivery: {
            /** @example whd_1 */
            id: string;
            subscriptionUuid: string;
            url: string;
            /** @example evt_3f2a9c1d4b5e6f708192a3b4 */
            eventId: string;
            /** @enum {string} */
            eventType: "route.published" | "route.eta_updated" | "order.status_updated";
            /**
             * @description `pending` (attempts left), `succeeded`, `failed` (gave up after six attempts) or `cancelled` (subscription deleted).
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed" | "cancelled";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** @description The delivery this one redelivers. */
            redeliveryOf: string | null;
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        /** @description One attempt of a delivery. */
        WebhookAttempt: {
            attempt: number;
            /**
             * Format: date-time
             * @description When the attempt was made, on the fake's clock. The standalone server signs the attempt's
             *     `x-dispatch-timestamp` with its wall clock, so once the fake's clock was moved the two differ.
             */
            at: string;
            /**
             * @description `succeeded` (a 2xx in time), `rejected` (any other status), `timeout` or `connection_error`.
             * @enum {string}
             */
            result: "succeeded" | "rejected" | "timeout" | "connection_error";
            /** @description The status the receiver answered; null when it did not answer. */
            status: number | null;
            error: string | null;
            durationMs: number;
            /** Format: date-time */
            nextAttemptAt: string | null;
        };
        /** @description A customer notification the fake "sent" when an order was completed. */
        Notification: {
            /** Format: uuid */
            id: string;
            organizationId: string;
            workspaceUuid: string;
            orderUuid: string;
            routeUuid: string;
            /** @enum {string} */
            kind: "order_delivered" | "order_missed";
            email: string | null;
            phone: string | null;
            message: string;
            /** Format: uri */
            trackingLink: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description The server is up; what it runs and how its state file fares. */
        Health: {
            /** @constant */
            status: "ok";
            /**
             * @description The version of `@dispatchkit/fake` serving.
             * @example 0.3.0
             */
            version: string;
            /** @description Seconds since the server started (real time, not the fake's clock). */
            uptimeSeconds: number;
            /** @description The state file (`--state`) and its last save, or null when the data lives in memory only. */
            stateFile: null | {
                /** @description The state file's absolute path. */
                path: string;
                /**
                 * Format: date-time
                 * @description When it was last written (real time); null before the first write.
                 */
                savedAt: string | null;
                /** @description Why the last save failed (the previous file is kept), or null. */
                error: string | null;
            };
        };
        /**
         * @description One event the fake emitted (`fake.events`), as its webhook payload carries it: `data` is the payload's
         *     `data` at emission (`RouteEventData` or `OrderStatusUpdatedData` of the API's openapi.yaml).
         */
        Event: {
            /** @description The event id (`evt_…`), the same as the webhook's. */
            id: string;
            /** @enum {string} */
            type: "route.published" | "route.eta_updated" | "order.status_updated";
            organizationId: string;
            workspaceUuid: string;
            /** Format: date-time */
            createdAt: string;
            data: {
                [key: string]: unknown;
            };
        };
        Workspace: {
            /** Format: uuid */
            uuid: string;
            workspaceId: number;
            name: string;
            timezone: string;
        };
        /** @description The API's one error body. */
        Error: {
            code: components["schemas"]["ErrorCode"];
            message: string;
            requestId: string;
            details?: components["schemas"]["ErrorDetail"][];
        };
        ErrorDetail: {
            /** @description The field, e.g. `afterPolls` or `routeUuids[0]`. */
            path: string;
            message: string;
        };
    };
    responses: {
        /** @description Done. */
        NoContent: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The fake's now. */
        Clock: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** Format: date-time */
                    now: string;
                };
            };
        };
        /** @description The action as it ended. */
        Action: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ControlAction"];
            };
        };
        /** @description The stop as the driver left it. */
        DriverStop: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["DriverStop"];
            };
        };
        /** @description The snapshot's id and when it was taken. */
        Snapshot: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SnapshotInfo"];
            };
        };
        /** @description `PAYLOAD_TOO_LARGE`: the request body is larger than 5 MiB (5,242,880 bytes); nothing was read or changed. */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `INVALID_JSON` (malformed body) or `VALIDATION_FAILED` (unknown field or bad value), with
         *     `details` naming the field. Nothing changed.
         */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `NOT_FOUND`: no such token, action, order, route or snapshot, or no such endpoint. */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `CONFLICT` (the action already ended, the driver already arrived, the route has no stop left or is
         *     not published, another fixtures load, snapshot, restore or reset runs), `ORDER_COMPLETED` or
         *     `ORDER_NOT_PUBLISHED`.
         */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description 1-based page number. */
        Page: number;
        /** @description Items per page (at most 500). */
        PerPage: number;
        /** @description The action's uuid (`actionUuid` in the API). */
        ActionUuid: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifies the request; equal to `requestId` in an error body.
         * @example req_8f14e45fceea167a
         */
        XRequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is up. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    expiresInMs?: components["schemas"]["Milliseconds"];
                };
            };
        };
        responses: {
            /** @description The new token, and when it expires (`null`: never). */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        /** Format: date-time */
                        expiresAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    expireToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token and the instant it expired. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    workspaces?: components["schemas"]["WorkspaceInit"][];
                };
            };
        };
        responses: {
            /** @description The organization's token and workspaces. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        workspaces: components["schemas"]["Workspace"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    createWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description A token of the organization the workspace belongs to. */
                    token?: string;
                    name?: string;
                    /** @description An IANA time zone, e.g. America/New_York. */
                    timezone?: string;
                    serviceArea?: components["schemas"]["ServiceArea"];
                };
            };
        };
        responses: {
            /** @description The workspace, as the API answers it. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    loadFixtures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Fixtures"];
            };
        };
        responses: {
            /** @description What was created, each list in the order of the file's. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoadedFixtures"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Clock"];
        };
    };
    advanceClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ms: components["schemas"]["Milliseconds"];
                };
            };
        };
        responses: {
            200: components["responses"]["Clock"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listActions: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The actions and the policies. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ControlAction"][];
                        metadata: components["schemas"]["PaginationMetadata"];
                        policies: {
                            schedule: components["schemas"]["ActionPolicy"];
                            publish: components["schemas"]["ActionPolicy"];
                            update: components["schemas"]["ActionPolicy"];
                            delete: components["schemas"]["ActionPolicy"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    setActionPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `schedule`, `publish`, `update` or `delete`. */
                kind: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActionPolicy"];
            };
        };
        responses: {
            /** @description The kind and its policy now. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kind: components["schemas"]["ActionKind"];
                        policy: components["schemas"]["ActionPolicy"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    releaseAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The action's uuid (`actionUuid` in the API). */
                uuid: components["parameters"]["ActionUuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Action"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    failAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The action's uuid (`actionUuid` in the API). */
                uuid: components["parameters"]["ActionUuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            200: components["responses"]["Action"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The faults, oldest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Fault"][];
                    };
                };
            };
        };
    };
    addFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultInput"];
            };
        };
        responses: {
            /** @description The fault as the fake holds it. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
        };
    };
    driverArrive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    orderUuid: string;
                    /** Format: date-time */
                    at?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DriverStop"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    driverComplete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The order to complete (give this or `routeUuid`). */
                    orderUuid?: string;
                    /** @description Complete the next stop of this route in sequence. */
                    routeUuid?: string;
                    /** @enum {string} */
                    status: "delivered" | "missed";
                    /**
                     * Format: date-time
                     * @description When (default now).
                     */
                    at?: string;
                    notes?: string;
                    /** @description Only with `missed`. */
                    missedReason?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DriverStop"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    setAutoDriver: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    on: boolean;
                    missRate?: number;
                    seed?: number;
                    missedReason?: string;
                    routeUuids?: string[];
                };
            };
        };
        responses: {
            /** @description Whether it runs, and its settings when it does. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        on: boolean;
                        missRate?: number;
                        seed?: number;
                        missedReason?: string;
                        routeUuids?: string[] | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    resetFake: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
        };
    };
    listSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The kept snapshots. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SnapshotInfo"][];
                    };
                };
            };
        };
    };
    takeSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: components["responses"]["Snapshot"];
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
        };
    };
    deleteSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
            404: components["responses"]["NotFound"];
        };
    };
    restoreSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Snapshot"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listJournal: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["PerPage"];
                /** @description An operationId of the API's openapi.yaml, e.g. `listOrders`. */
                operationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The journaled calls. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["JournalEntry"][];
                        metadata: components["schemas"]["PaginationMetadata"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    clearJournal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["NoContent"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["PerPage"];
                /** @description Only events of this type. */
                type?: "route.published" | "route.eta_updated" | "order.status_updated";
                /** @description Only events emitted at or after this instant (ISO-8601, on the fake's clock). */
                since?: string;
                /** @description Only events of this organization. */
                organizationId?: string;
                /** @description Only events of this workspace. */
                workspaceUuid?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        metadata: components["schemas"]["PaginationMetadata"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["PerPage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notifications. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Notification"][];
                        metadata: components["schemas"]["PaginationMetadata"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description 1-based page number. */
                page?: components["parameters"]["Page"];
                /** @description Items per page (at most 500). */
                perPage?: components["parameters"]["PerPage"];
                /** @description Only the deliveries of this event (`evt_…`). */
                eventId?: string;
                /** @description Only the deliveries to this subscription. */
                subscriptionUuid?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        metadata: components["schemas"]["PaginationMetadata"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (`whd_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
}
