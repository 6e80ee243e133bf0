import type { TrustProxy } from '../config.js';

type TrustProxyOption = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's trustProxy for the configured proxies. Fastify no longer takes a bare hop count (it
 * cannot tell a proxy from a client that is the direct peer), so a count becomes the function
 * proxy-addr walks with: hop 0 is the socket's peer, hop 1 the rightmost X-Forwarded-For entry,
 * and the first untrusted hop is the client.
 */
export function trustedProxies(setting: TrustProxy): TrustProxyOption {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
