/** The same API calls to a fake in process and to a server over HTTP, for checks that both answer alike. */
import type { Fake } from "@dispatchkit/fake";

/** An answer's body as these checks read it. */
export type Body = {
  status?: string;
  actionUuid?: string;
  summary?: { ordersScheduled: number };
  routes?: { routeUuid: string; stops: { orderUuid: string; arrivalTime: number }[] }[];
  unscheduled?: { orderUuid: string }[];
  data?: { uuid: string }[];
};

/** One call with the fake's token and a JSON body; answers its status and parsed body. */
export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Body }>;

/** Calls with `fake`'s token: to `fake` itself in process, or over the server at `url`. */
export function caller(fake: Fake, url?: string): Call {
  return async (method, path, body) => {
    const init = {
      method,
      headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const response = url ? await fetch(`${url}${path}`, init) : await fake.fetch(path, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}
