import type { Store } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { checkedAddress, DownloadRefused, parseTarget, type ResolveHost } from '../../platform/net/guarded-download.js';

export const addressLimits = { maxLength: 2048 } as const;

/**
 * Where a subscription may send: https for a live store (a dev store also takes http, for a
 * receiver on a developer's machine behind a tunnel), never to an address that resolves to an
 * internal network, by the guard image downloads use (`MEDIA_FETCH_ALLOW` exempts the tests'
 * loopback receiver). The relay checks again at every delivery, so a name that later resolves
 * inward is refused then too.
 */
export async function checkDestination(store: Pick<Store, 'mode'>, address: string, allow: readonly string[], resolve?: ResolveHost): Promise<string> {
  if (address.length > addressLimits.maxLength) throw ApiError.invalidField('address', `must be at most ${addressLimits.maxLength} characters`);
  try {
    const url = parseTarget(address);
    if (store.mode === 'live' && url.protocol !== 'https:') throw new DownloadRefused('must be an https URL (a dev store also takes http)');
    if (url.hash) throw new DownloadRefused('must not carry a #fragment');
    await checkedAddress(url, { allow, resolve });
    return url.href;
  } catch (error) {
    if (error instanceof DownloadRefused) throw ApiError.invalidField('address', error.message);
    throw error;
  }
}
