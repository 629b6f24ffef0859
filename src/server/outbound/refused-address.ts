import ipaddr from 'ipaddr.js';

/** What a refused range is, in words for the refusal. */
const RANGE_NAMES: Record<string, string> = {
  private: 'a private network address',
  loopback: 'a loopback address (this server itself)',
  linkLocal: 'a link-local address (where cloud metadata services answer)',
  uniqueLocal: 'a unique-local (private IPv6) address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
};

/**
 * Why the server must not connect to `address`, or null for a public unicast address. Only
 * `unicast` passes: every special range ipaddr.js knows (private, loopback, link-local with the
 * 169.254.169.254 metadata service, unique-local with fd00:ec2::254, CGNAT with 100.100.100.200,
 * reserved, and IPv6 forms that embed an IPv4 address: 6to4, NAT64) is refused, and an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
 */
export function refusedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return null;
  return RANGE_NAMES[range] ?? `a reserved address (${range})`;
}

/** A host name as written in a URL, without IPv6 brackets, lower case. */
export function bareHostname(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** Whether the URL's host is an IP address written out (then no DNS is asked). */
export function isAddressLiteral(hostname: string): boolean {
  return ipaddr.isValid(bareHostname(hostname));
}
