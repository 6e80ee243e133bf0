import type { Surface } from '../platform/errors/error-codes.js';
import { MERCHANT_PREFIX } from '../rest/merchant/routes.js';
import { retiredPrefixes } from '../rest/merchant/retired-paths.js';

const graphqlPath = /^\/graphql(?:[/?]|$)/;

/** The face a raw request path belongs to, for answers written before routing (parser refusals). */
export function surfaceOfPath(path: string): Surface {
  if (graphqlPath.test(path)) return 'graphql';
  if ([MERCHANT_PREFIX, ...retiredPrefixes].some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`))) {
    return 'merchant';
  }
  return 'storefront';
}
