/**
 * Helpers of the transport's rule tests: answers to script, and a transport over a scripted fetch (no network, no
 * msw) whose backoff sleeps are recorded instead of waited.
 */
import type { ClientOptions, RetryOptions } from "../../src/client-options.js";
import { createTransport } from "../../src/transport.js";
import { TOKEN, workspaceList } from "./scripted.js";

/** The URL the scripted requests go to. */
export const URL_ = "https://api.test/v2/workspaces";

/** A JSON answer. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** A 200 with a workspace list. */
export const ok = () => json(200, workspaceList());

/** An error answer with the API's error body. */
export const failed = (status: number, code = "INTERNAL", headers: Record<string, string> = {}) =>
  json(status, { code, message: `Failed: ${code}`, requestId: "req_0001" }, headers);

/**
 * A transport over a scripted fetch: answers in turn (the last one repeats; a function that throws is a network
 * error), every request kept, every sleep recorded instead of waited, jitter 0.5 unless told.
 */
export function scripted(
  answers: (() => Response)[],
  options: Omit<ClientOptions, "baseUrl" | "token" | "retries"> & { retry?: RetryOptions } = {},
) {
  const seen: Request[] = [];
  const auths: (string | null)[] = [];
  const sleeps: number[] = [];
  const { retry, ...rest } = options;
  const fetch = async (request: Request) => {
    seen.push(request);
    auths.push(request.headers.get("authorization"));
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
    if (!answer) throw new Error("no answer scripted");
    return answer();
  };
  const send = createTransport({
    token: TOKEN,
    fetch,
    retries: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, ...retry },
    ...rest,
  });
  return { send, seen, auths, sleeps };
}
