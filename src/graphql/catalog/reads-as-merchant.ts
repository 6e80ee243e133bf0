import type { Ctx } from '../../domain/context.js';

/**
 * `Variant` is one type on both faces, so what it shows follows the caller rather than the path:
 * a private key allowed to read product detail sees what the merchant sees (inactive variants,
 * every defined metafield), any other caller what a shopper sees.
 */
export function readsAsMerchant(ctx: Ctx): boolean {
  return ctx.principal.kind === 'private' && ctx.principal.scopes.has('merchant-items-detail');
}
