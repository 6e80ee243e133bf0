import ipaddr from 'ipaddr.js';

/**
 * Whether an outgoing connection may go to this address: only globally routable unicast is
 * allowed. ipaddr.js classifies the address (`process` first unwraps IPv4-mapped and
 * IPv4-compatible IPv6 forms into the IPv4 address they carry), so loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, broadcast, unspecified,
 * reserved and documentation ranges, IPv6 unique-local (fd00:ec2::254), anything outside IPv6
 * global unicast (2000::/3), and the 6to4, Teredo and NAT64 forms that can carry an internal IPv4
 * address are all refused.
 */
/** IPv6 global unicast, the only IPv6 block the Internet routes. */
const globalUnicast = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  // ipaddr.js names only the special IPv6 blocks; the rest of ::/3 (IPv4-compatible ::a.b.c.d among it) is not routable.
  return parsed.kind() === 'ipv4' || parsed.match(globalUnicast);
}

/** The address in the form a socket connects to (IPv4-mapped IPv6 as plain IPv4), with its family. */
export function normalizedAddress(address: string): { address: string; family: 4 | 6 } {
  const parsed = ipaddr.process(address);
  return { address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6 };
}
