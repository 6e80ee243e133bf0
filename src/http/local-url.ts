import type { AddressInfo } from 'node:net';

/**
 * Where a process on the same machine reaches a listening server: a wildcard bind (0.0.0.0, ::)
 * through the loopback address of its family, a specific one as it is.
 */
export function localUrlOf(address: AddressInfo | string | null): string | undefined {
  if (address === null || typeof address === 'string') return undefined;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
