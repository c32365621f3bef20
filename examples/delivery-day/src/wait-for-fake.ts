/**
 * Wait for the standalone fake to serve: poll its health check (`GET /_fake/health`, no token) until it answers 200,
 * as `wait-on` or a compose healthcheck would. For the fake only: the real service has no `/_fake/`.
 */
export async function waitForFake(baseUrl: string, timeoutMs: number): Promise<void> {
  const url = `${baseUrl.replace(/\/+$/, "")}/_fake/health`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`Failed to reach the fake: ${url} did not answer within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
