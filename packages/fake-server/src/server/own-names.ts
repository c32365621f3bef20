/**
 * The names a standalone server is reached by, for the fake's refusal of webhook URLs that point at itself
 * (`http/own-urls.ts`): the host it listens on, the names it was allowed to answer to (`--allow-host`), and, when
 * it listens on every interface (`0.0.0.0`, `::`), the machine's name and addresses.
 */
import { hostname, networkInterfaces } from "node:os";

/** The names a server listening on `host` answers to, besides loopback and `localhost`. */
export function ownNames(host: string, allowHosts: readonly string[] = []): string[] {
  const names = [host, ...allowHosts];
  if (host === "0.0.0.0" || host === "::" || host === "") {
    names.push(hostname());
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) names.push(address.address);
    }
  }
  return names;
}
