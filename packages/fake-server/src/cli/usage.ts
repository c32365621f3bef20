/** `dispatch-fake --help`: every option, its default and its environment variable. */
import { SAVE_DEBOUNCE_MS } from "../state-file/state-file.js";

/** The usage `dispatch-fake --help` prints. */
export const USAGE = `Usage: dispatch-fake [serve] [--port 4010] [--host 127.0.0.1] [--token dev-token] [--seed 1] [--now ISO-INSTANT] [--empty] [--fixtures FILE] [--state FILE] [--allow-origin ORIGIN]... [--allow-host NAME]... [--quiet] [--log-format text|json] [--latency MS] [--rate-limit N/SECONDS] [--allow-link-local-webhooks]

Serves an in-memory fake of the Delivery Dispatch Platform API over HTTP (serve is the default command).
Every option can also be set by the environment variable after it (the option wins when both are given).
  --port   port to listen on (0 picks a free one)     default 4010             DISPATCH_FAKE_PORT
  --host   interface to bind                          default 127.0.0.1        DISPATCH_FAKE_HOST
  --token  API token of the seeded organization       default dev-token        DISPATCH_FAKE_TOKEN
  --seed   seed of every generated id (tokens it      default 1                DISPATCH_FAKE_SEED
           mints, webhook secrets and request ids are random)
  --now    freeze the clock at this instant           default: real time       DISPATCH_FAKE_NOW
           (an ISO instant with its zone: 2026-11-23T08:00:00Z)
  --empty  start without the demo orders and routes                            DISPATCH_FAKE_EMPTY=true
  --fixtures  start with the data of this JSON file instead of the demo data:  DISPATCH_FAKE_FIXTURES
           organizations and their tokens, workspaces, routes, orders, webhook
           subscriptions (docs/standalone.md); a file it cannot load stops it.
           POST /_fake/reset goes back to it; an existing --state file wins
  --state  keep the state in this JSON file across restarts: loaded at start   DISPATCH_FAKE_STATE
           (created when missing), saved ${SAVE_DEBOUNCE_MS} ms after changes and on SIGINT/SIGTERM; a file it cannot
           read stops it. An existing file's seed, token and clock win over --seed, --token, --now and --empty
  --allow-origin  a browser origin (http://localhost:5173) whose pages may use   DISPATCH_FAKE_ALLOW_ORIGIN
           /_fake/ and the console, besides the server's own; repeat it for      (comma-separated)
           several, * for any. The API answers every origin when the token is
           one you chose; with the well-known dev-token, only these origins
  --allow-host    a name the server answers to besides IP addresses and          DISPATCH_FAKE_ALLOW_HOST
           localhost (against DNS rebinding)                                     (comma-separated)
  --quiet  no log line per request (the start lines and errors still print)    DISPATCH_FAKE_QUIET=true
  --log-format  text (default) or json: one JSON object per line, the start    DISPATCH_FAKE_LOG_FORMAT
           lines included
  --latency  every API call waits this many milliseconds (real time) before    DISPATCH_FAKE_LATENCY
           it is answered, default 0; /_fake/ answers at once
  --rate-limit  N/SECONDS: each token may make N API calls per window of       DISPATCH_FAKE_RATE_LIMIT
           SECONDS on the fake's clock, then 429 RATE_LIMITED with Retry-After; default no limit
  --allow-link-local-webhooks  webhook subscriptions may target link-local     DISPATCH_FAKE_ALLOW_LINK_LOCAL_WEBHOOKS=true
           and unspecified addresses (169.254.169.254, fe80::, 0.0.0.0), refused by default
One log line per request on stdout: time, method, path, status, duration, request id.
SIGINT (Ctrl-C) or SIGTERM stops it: no new connections, requests in flight finish, exit code 0.
Exit code 2: a wrong option or DISPATCH_FAKE_ variable; 1: it could not start (a --host name that does not resolve,
a --state folder that does not exist, a file it cannot load, a port in use).

       dispatch-fake conformance --base-url URL --token TOKEN [--only PATTERN] [--json] [--timeout MS]

Checks any server that claims to implement the API against the contract (dispatch-fake conformance --help).`;
