/**
 * Where webhook deliveries may not go.
 *
 * The fake's own addresses: a subscription aimed at the fake itself would call its own API (one to
 * `/_fake/webhook-deliveries/<id>/redeliver` looped forever, one to `/_fake/tokens/dev-token/expire` expired the
 * fake's own token). In process, the fake is its base URL (what MSW and `fake.fetch` answer); a standalone server
 * adds each port it listens on (`docs/api-contract.md` section 9), and from then on a URL is the fake's when its
 * port is the server's and its host is, or resolves to, an address of this machine (loopback, the unspecified
 * address, an interface's address) or a name the server answers to.
 *
 * Link-local and unspecified addresses (`169.254.169.254`, a cloud's metadata service; `fe80::…`; `0.0.0.0`, `::`)
 * are refused too unless `webhooks.allowLinkLocal` is set: a page or a process that can create subscriptions must not
 * reach them through the fake. Checked on the URL as written when a subscription is created, and on the addresses
 * its host resolves to when the fake is served (at creation and again before each attempt, so a name that resolves
 * elsewhere later, DNS rebinding, is caught too).
 */

/** What the host's resolver answers for a name: its addresses. */
type ResolveAddresses = (hostname: string) => Promise<string[]>;

/** The fake's own addresses and the targets it refuses (see the module's comment). */
export interface OwnUrls {
  /**
   * Add a server's address: its port, reached through the loopback and unspecified addresses, `localhost`, the
   * machine's own addresses, and `names` (the host it listens on, the names it was allowed to answer to). Returns
   * the function that forgets it (the server closed: its port may serve a receiver next).
   */
  addServer(port: number, names: readonly string[]): () => void;
  /** The address of the fake that `url` reaches (`http://127.0.0.1:4010`), or undefined when it is not the fake's. */
  reached(url: string): string | undefined;
  /**
   * Why a subscription may not use `url` as written (the fake itself, a link-local or unspecified address), or
   * undefined when it may. No name is resolved.
   */
  refusal(url: string): string | undefined;
  /**
   * {@link refusal}, then, while a server serves the fake, the same checks on each address the URL's host resolves
   * to. A name that does not resolve is not refused here (its attempts fail to connect).
   */
  resolvedRefusal(url: string): Promise<string | undefined>;
}

/** Options of {@link createOwnUrls}. */
export interface OwnUrlsOptions {
  /** Allow link-local and unspecified targets (`createFake({ webhooks: { allowLinkLocal: true } })`). */
  allowLinkLocal?: boolean | undefined;
  /** The resolver (default: Node's `dns.lookup` where the host is Node; none in a browser). */
  resolve?: ResolveAddresses | undefined;
  /** The machine's own addresses (default: Node's `os.networkInterfaces()`; none in a browser). */
  machineAddresses?: (() => string[]) | undefined;
}

/** A hostname as `new URL()` writes it, without IPv6 brackets, lower-case. */
function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

/** A name as `--allow-host` gives it (`fake`, `fake:4010`, `[::1]:4010`) without its port. */
function withoutPort(name: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(name);
  if (bracketed) return bracketed[1] ?? name;
  return /^[^:]*:\d+$/.test(name) ? name.slice(0, name.lastIndexOf(":")) : name;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv4-mapped IPv6 address (`::ffff:a9fe:a9fe`, `::ffff:169.254.169.254`) as its IPv4 address. */
function unmapped(address: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) return dotted[1] ?? address;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (!hex) return address;
  const high = Number.parseInt(hex[1] ?? "0", 16);
  const low = Number.parseInt(hex[2] ?? "0", 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether a hostname is this machine whatever it runs: loopback, unspecified, `localhost` (and names under it). */
function isLocal(hostname: string): boolean {
  const name = unmapped(bare(hostname));
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === "0.0.0.0" ||
    name === "::1" ||
    name === "::" ||
    name === "0:0:0:0:0:0:0:1" ||
    name === "0:0:0:0:0:0:0:0"
  );
}

/** Whether an address is link-local (`169.254.0.0/16`, `fe80::/10`) or unspecified (`0.0.0.0`, `::`). */
function isLinkLocalOrUnspecified(hostname: string): boolean {
  const name = unmapped(bare(hostname));
  const v4 = IPV4.exec(name);
  if (v4) return (v4[1] === "169" && v4[2] === "254") || name === "0.0.0.0";
  return name === "::" || name === "0:0:0:0:0:0:0:0" || /^fe[89ab][0-9a-f]?:/.test(name);
}

/** Whether a hostname is an IP address literal (no resolution needed). */
function isAddress(hostname: string): boolean {
  const name = bare(hostname);
  return IPV4.test(name) || name.includes(":");
}

/** The port a URL reaches: its own, or its scheme's default. */
function portOf(url: URL): number {
  return url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** Node's modules when the host is Node (`process.getBuiltinModule`, Node 20.16+), without importing them. */
function nodeModule<T>(id: string): T | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return process?.getBuiltinModule?.(id) as T | undefined;
  } catch {
    return undefined;
  }
}

/** Node's `dns.lookup` (every address of a name), or undefined outside Node. */
function nodeResolver(): ResolveAddresses | undefined {
  const dns = nodeModule<{
    promises: { lookup(name: string, options: { all: true }): Promise<{ address: string }[]> };
  }>("node:dns");
  if (!dns) return undefined;
  return async (hostname) => (await dns.promises.lookup(hostname, { all: true })).map((a) => a.address);
}

/** The addresses of this machine's interfaces, or none outside Node. */
function nodeMachineAddresses(): string[] {
  const os = nodeModule<{ networkInterfaces(): Record<string, { address: string }[] | undefined> }>("node:os");
  if (!os) return [];
  return Object.values(os.networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((a) => a.address));
}

const LINK_LOCAL =
  "must not point at a link-local or unspecified address (such as 169.254.169.254, a cloud's metadata service, or 0.0.0.0); createFake({ webhooks: { allowLinkLocal: true } }) allows them";

/** The fake at `baseUrl`, in process; servers add theirs. */
export function createOwnUrls(baseUrl: string, options: OwnUrlsOptions = {}): OwnUrls {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const servers: { port: number; names: Set<string> }[] = [];
  const allowLinkLocal = options.allowLinkLocal === true;
  const resolve = options.resolve ?? nodeResolver();
  const machineAddresses = options.machineAddresses ?? nodeMachineAddresses;

  const ownRefusal = (fake: string) =>
    `must not point at the fake itself (${fake}): its deliveries would call the fake's own API`;

  /** The server `hostname` on `port` reaches, if any (`hostname` a name or an address). */
  function serverAt(port: number, hostname: string, machine: () => Set<string>) {
    const name = unmapped(bare(hostname));
    return servers.find(
      (s) =>
        s.port === port && (isLocal(name) || s.names.has(name) || s.names.has(bare(hostname)) || machine().has(name)),
    );
  }

  function parse(url: string): URL | undefined {
    try {
      return new URL(url);
    } catch {
      return undefined;
    }
  }

  function reached(url: string): string | undefined {
    const target = parse(url);
    if (!target) return undefined;
    if (target.origin === base.origin && (target.pathname === basePath || target.pathname.startsWith(`${basePath}/`))) {
      return `${base.origin}${basePath}`;
    }
    let machine: Set<string> | undefined;
    const server = serverAt(portOf(target), target.hostname, () => {
      machine ??= new Set(servers.length > 0 ? machineAddresses().map((a) => bare(a)) : []);
      return machine;
    });
    return server ? `${target.protocol}//${target.host}` : undefined;
  }

  function refusal(url: string): string | undefined {
    const fake = reached(url);
    if (fake !== undefined) return ownRefusal(fake);
    const target = parse(url);
    if (target && !allowLinkLocal && isLinkLocalOrUnspecified(target.hostname)) return LINK_LOCAL;
    return undefined;
  }

  return {
    addServer(port, names) {
      const server = { port, names: new Set(names.map((n) => bare(withoutPort(n)))) };
      servers.push(server);
      return () => {
        const at = servers.indexOf(server);
        if (at >= 0) servers.splice(at, 1);
      };
    },
    reached,
    refusal,
    async resolvedRefusal(url) {
      const written = refusal(url);
      if (written !== undefined) return written;
      const target = parse(url);
      // Resolved only while a server serves the fake: in process, deliveries go where the test's fetch sends them.
      if (!target || servers.length === 0 || resolve === undefined || isAddress(target.hostname)) return undefined;
      let addresses: string[];
      try {
        addresses = await resolve(bare(target.hostname));
      } catch {
        return undefined;
      }
      const machine = new Set(machineAddresses().map((a) => bare(a)));
      const port = portOf(target);
      for (const address of addresses) {
        if (serverAt(port, address, () => machine)) {
          return ownRefusal(`${target.protocol}//${target.host}, which resolves to ${address}`);
        }
        if (!allowLinkLocal && isLinkLocalOrUnspecified(address)) {
          return `must not resolve to a link-local or unspecified address (${target.hostname} resolves to ${address}); createFake({ webhooks: { allowLinkLocal: true } }) allows them`;
        }
      }
      return undefined;
    },
  };
}
