#!/usr/bin/env python3
"""A delivery day against the Delivery Dispatch Platform API, with Python's standard library only.

Creates orders and a route, plans them (a background action, polled as its Retry-After says), reads the plan,
publishes the route to the driver app, records a delivery, and prints a summary. Runs against the real service
or the fake's standalone server (`npx --package=@dispatchkit/fake dispatch-fake`, or `npm start` in the
repository):

    python3 examples/python/dispatch_flow.py --base-url http://127.0.0.1:4010 --token dev-token

With the server started from the example fixtures in the background, --wait polls its health check
(GET /_fake/health, no token) until it answers before the day begins:

    npm start -- --fixtures examples/fixtures/delivery-day.json &
    python3 examples/python/dispatch_flow.py --wait 30 --token acme-token --date 2026-11-30

It plans only the orders and the route it creates, on its own date (a week from today unless --date says
otherwise), so the demo data of the standalone server, the fixtures' orders and routes, or anything else in the
workspace stay out of it.
"""

import argparse
import datetime
import json
import sys
import time
import urllib.error
import urllib.request

# Five stops in Berlin, with coordinates (an address alone would be geocoded by the service).
STOPS = [
    ("Ada Lovelace", "Torstraße 1, Berlin", 52.5290, 13.4010, "09:00", "12:00"),
    ("Grace Hopper", "Kastanienallee 12, Berlin", 52.5380, 13.4105, "09:00", "13:00"),
    ("Katherine Johnson", "Bergmannstraße 5, Berlin", 52.4890, 13.3930, "12:00", "16:00"),
    ("Margaret Hamilton", "Oranienstraße 40, Berlin", 52.5020, 13.4180, "13:00", "17:00"),
    ("Hedy Lamarr", "Karl-Marx-Allee 90, Berlin", 52.5170, 13.4390, "10:00", "17:00"),
]
DEPOT = {"address": "Depot, Alexanderplatz 1, Berlin", "latitude": 52.5219, "longitude": 13.4132}


class ApiError(Exception):
    """An error answer of the API: its status, code, message and request id."""

    def __init__(self, method, path, status, body):
        self.status = status
        self.code = body.get("code", "?") if isinstance(body, dict) else "?"
        self.request_id = body.get("requestId", "?") if isinstance(body, dict) else "?"
        message = body.get("message", "") if isinstance(body, dict) else str(body)
        super().__init__(f"{method} {path} answered {status} {self.code}: {message} (request {self.request_id})")


class Client:
    """The API over urllib: JSON in, JSON out, the bearer token on every call."""

    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.token = token

    def call(self, method, path, body=None):
        """Answer (JSON, headers) of one call; raises ApiError for an error answer."""
        request = urllib.request.Request(
            self.base_url + path,
            method=method,
            data=None if body is None else json.dumps(body).encode("utf-8"),
            headers={
                "Authorization": "Bearer " + self.token,
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read()
                return (json.loads(text) if text else None), response.headers
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                problem = json.loads(text)
            except ValueError:
                problem = text.decode("utf-8", "replace")
            raise ApiError(method, path, error.code, problem) from None

    def get(self, path):
        return self.call("GET", path)[0]

    def post(self, path, body):
        return self.call("POST", path, body)[0]

    def wait_for_action(self, path, timeout_seconds):
        """Poll an action until it ends, as often as its Retry-After says; the finished action."""
        deadline = time.monotonic() + timeout_seconds
        while True:
            action, headers = self.call("GET", path)
            if action["status"] == "finished":
                return action
            if action["status"] == "failed":
                raise RuntimeError(f"the {action['actionName']} action failed: {action.get('reason')}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {action['actionName']} action did not end within {timeout_seconds} s")
            time.sleep(float(headers.get("Retry-After") or 1))


def wait_for_fake(base_url, timeout_seconds):
    """Poll the standalone fake's health check (no token) until it answers 200; RuntimeError after the timeout."""
    url = base_url.rstrip("/") + "/_fake/health"
    deadline = time.monotonic() + timeout_seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return json.loads(response.read())
        except (urllib.error.URLError, ConnectionError):
            pass  # not listening yet, or not answering yet
        if time.monotonic() > deadline:
            raise RuntimeError(f"the fake at {base_url} did not answer GET /_fake/health within {timeout_seconds:g} s")
        time.sleep(0.2)


def run_day(client, date, timeout_seconds):
    """The whole flow for `date`; returns the summary."""
    workspace = client.get("/v2/workspaces")["data"][0]
    workspace_uuid = workspace["uuid"]
    print(f"workspace: {workspace['name']} ({workspace_uuid}, {workspace['timezone']})")

    orders = client.post(
        "/v2/orders?workspaceUuid=" + workspace_uuid,
        [
            {
                "name": name,
                "deliveryDate": date,
                "locations": [{"address": address, "latitude": latitude, "longitude": longitude}],
                "timeWindows": [{"startTime": start, "endTime": end}],
                "load": 2,
            }
            for name, address, latitude, longitude, start, end in STOPS
        ],
    )["data"]
    print(f"created {len(orders)} orders for {date}: {', '.join(order['orderNumber'] for order in orders)}")

    route = client.post(
        "/v2/routes",
        {
            "workspaceUuid": workspace_uuid,
            "routes": [
                {
                    "name": "Van 1",
                    "date": date,
                    "startTime": "08:00",
                    "endTime": "18:00",
                    "startLocation": DEPOT,
                    "capacity": 20,
                }
            ],
        },
    )["data"][0]
    print(f"created route {route['name']} ({route['uuid']})")

    # Schedule specific: only these orders and this route.
    started = client.post(
        "/v2/schedules",
        {
            "workspaceUuid": workspace_uuid,
            "date": date,
            "orders": [order["uuid"] for order in orders],
            "routes": [route["uuid"]],
        },
    )
    client.wait_for_action("/v2/schedules/actions/" + started["actionUuid"], timeout_seconds)
    solution = client.get(f"/v2/schedules/{started['actionUuid']}/solution")
    summary = solution["summary"]
    stops = solution["routes"][0]["stops"] if solution["routes"] else []
    print(
        f"scheduled {summary['ordersScheduled']} of {len(orders)} orders, "
        f"{summary['distanceInKilometers']} km, {len(solution['unscheduled'])} unscheduled"
    )
    numbers = {order["uuid"]: order["orderNumber"] for order in orders}
    for stop in stops:
        print(f"  {stop['sequence']}. {numbers[stop['orderUuid']]} arrives {stop['arrivalTime']}")
    if not stops:
        raise RuntimeError("the plan has no stops")

    published = client.post(
        "/v2/routes/publish", {"workspaceUuid": workspace_uuid, "date": date, "routeUuids": [route["uuid"]]}
    )
    client.wait_for_action("/v2/routes/actions/" + published["actionUuid"], timeout_seconds)
    print(f"published route {route['name']}")

    first = stops[0]
    client.post(
        f"/v2/orders/{first['orderUuid']}/complete",
        {"status": "delivered", "completedAt": first["departureTime"], "notes": "Left at the door"},
    )
    delivered = client.get("/v2/orders/" + first["orderUuid"])
    print(f"delivered {delivered['orderNumber']} at {delivered['deliveryTime']}")

    return {
        "date": date,
        "workspaceUuid": workspace_uuid,
        "ordersCreated": len(orders),
        "ordersScheduled": summary["ordersScheduled"],
        "ordersUnscheduled": len(solution["unscheduled"]),
        "distanceInKilometers": summary["distanceInKilometers"],
        "routeUuid": route["uuid"],
        "stops": [numbers[stop["orderUuid"]] for stop in stops],
        "published": True,
        "delivered": {
            "orderUuid": delivered["uuid"],
            "orderNumber": delivered["orderNumber"],
            "status": delivered["status"],
            "deliveryTime": delivered["deliveryTime"],
        },
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description="A delivery day against the Delivery Dispatch Platform API.")
    parser.add_argument("--base-url", default="http://127.0.0.1:4010", help="the API's base URL")
    parser.add_argument("--token", default="dev-token", help="the API token")
    parser.add_argument(
        "--date",
        default=(datetime.date.today() + datetime.timedelta(days=7)).isoformat(),
        help="the delivery day, YYYY-MM-DD (default: a week from today)",
    )
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for each background action")
    parser.add_argument(
        "--wait",
        type=float,
        default=0,
        metavar="SECONDS",
        help="first wait up to SECONDS for the standalone fake's GET /_fake/health (default: do not wait)",
    )
    args = parser.parse_args(argv)
    try:
        if args.wait > 0:
            wait_for_fake(args.base_url, args.wait)
        summary = run_day(Client(args.base_url, args.token), args.date, args.timeout)
    except ApiError as error:
        print(f"dispatch_flow: {error}", file=sys.stderr)
        return 1
    except urllib.error.URLError as error:
        print(f"dispatch_flow: cannot reach {args.base_url}: {error.reason}", file=sys.stderr)
        return 1
    except RuntimeError as error:
        print(f"dispatch_flow: {error}", file=sys.stderr)
        return 1
    print("summary: " + json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
