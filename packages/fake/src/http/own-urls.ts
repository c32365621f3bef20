/**
 * The fake's own addresses, so a webhook subscription cannot aim its deliveries at the fake itself: one to
 * `/_fake/webhook-deliveries/<id>/redeliver` would loop forever, one to `/_fake/tokens/dev-token/expire` would
 * expire the fake's own token. In process, the fake is its base URL (what MSW and `fake.fetch` answer); a
 * standalone server adds each address it listens on (`docs/api-contract.md` section 9).
 */

/** The fake's own addresses (see the module's comment). */
export interface OwnUrls {
  /**
   * Add a server's address: its port, reached through the loopback and unspecified addresses, `localhost`, and
   * `names` (the host it listens on, the names it was allowed to answer to, the machine's own addresses). Returns
   * the function that forgets it (the server closed: its port may serve a receiver next).
   */
  addServer(port: number, names: readonly string[]): () => void;
  /** The address of the fake that `url` reaches (`http://127.0.0.1:4010`), or undefined when it is not the fake's. */
  reached(url: string): string | undefined;
}

/** A hostname as `new URL()` writes it, without IPv6 brackets, lower-case. */
function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

/** Whether a hostname is this machine whatever it runs: loopback, unspecified, `localhost` (and names under it). */
function isLocal(hostname: string): boolean {
  const name = bare(hostname);
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === "0.0.0.0" ||
    name === "::1" ||
    name === "::" ||
    // IPv4-mapped loopback and unspecified addresses, as the URL parser writes them.
    /^::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)$/.test(name)
  );
}

/** The port a URL reaches: its own, or its scheme's default. */
function portOf(url: URL): number {
  return url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** The fake at `baseUrl`, in process; servers add theirs. */
export function createOwnUrls(baseUrl: string): OwnUrls {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const servers: { port: number; names: Set<string> }[] = [];
  return {
    addServer(port, names) {
      const server = { port, names: new Set(names.map(bare)) };
      servers.push(server);
      return () => {
        const at = servers.indexOf(server);
        if (at >= 0) servers.splice(at, 1);
      };
    },
    reached(url) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return undefined;
      }
      if (
        target.origin === base.origin &&
        (target.pathname === basePath || target.pathname.startsWith(`${basePath}/`))
      ) {
        return `${base.origin}${basePath}`;
      }
      const port = portOf(target);
      const name = bare(target.hostname);
      const server = servers.find((s) => s.port === port && (isLocal(name) || s.names.has(name)));
      return server ? `${target.protocol}//${target.host}` : undefined;
    },
  };
}
