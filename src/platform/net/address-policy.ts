import ipaddr from 'ipaddr.js';

/**
 * Whether an outgoing connection may go to this address: only globally routable unicast is
 * allowed. ipaddr.js classifies the address (`process` first unwraps IPv4-mapped and
 * IPv4-compatible IPv6 forms into the IPv4 address they carry), so loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, broadcast, unspecified,
 * reserved and documentation ranges, IPv6 unique-local (fd00:ec2::254), and the 6to4, Teredo and
 * NAT64 forms that can carry an internal IPv4 address are all refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The address in the form a socket connects to (IPv4-mapped IPv6 as plain IPv4), with its family. */
export function normalizedAddress(address: string): { address: string; family: 4 | 6 } {
  const parsed = ipaddr.process(address);
  return { address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6 };
}
