import type { FastifyBaseLogger } from 'fastify';
import { hostname, networkInterfaces } from 'node:os';
import { isLocalHostname, type Config } from '../config.js';

/**
 * Whether a Host names this server, for same-origin checks when BASE_URL is unset: a localhost
 * name, the machine's own name (also as `name.local`), an address one of its network interfaces
 * has, or a name the operator listed (ALLOWED_HOSTS). A page on another site that makes its own
 * name point at this server (DNS rebinding) sends that name as Host, which is none of these.
 * Interfaces are read at each look, so an address gained later (DHCP) is accepted too.
 */
export function acceptsHostname(allowedHosts: readonly string[]): (host: string) => boolean {
  const listed = new Set(allowedHosts.map((name) => name.toLowerCase()));
  const machine = hostname().toLowerCase();
  return (host) => {
    const name = host.toLowerCase().replace(/^\[|\]$/g, '');
    if (isLocalHostname(name) || listed.has(name)) return true;
    if (name === machine || name === `${machine}.local`) return true;
    return Object.values(networkInterfaces()).some((addresses) =>
      addresses?.some((address) => address.address.toLowerCase() === name),
    );
  };
}

/** Without BASE_URL, a server others can reach trusts only the names above: say so at start. */
export function warnWithoutBaseUrl(config: Config, log: FastifyBaseLogger): void {
  if (config.fixedOrigin !== undefined || isLocalHostname(config.host)) return;
  log.warn(
    { host: config.host, allowedHosts: config.allowedHosts },
    "BASE_URL is unset and the server listens beyond this machine: browsers may only send forms from this machine's names and addresses (and ALLOWED_HOSTS). Set BASE_URL to the address people open.",
  );
}
