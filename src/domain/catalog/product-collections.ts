import type { Collection } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';

/**
 * The storefront collections a product is a manual member of, in the merchant's collection order.
 * Smart collections match by rules, and deciding them per product would run every rule: they are
 * left out here and listed by the collection pages themselves.
 */
export async function storefrontCollectionsOf(ctx: Ctx, productId: string): Promise<Collection[]> {
  const memberships = await ctx.loaders.collectionsByProduct.load(productId);
  return memberships.map((m) => m.collection).filter((c) => c.storefront && c.mode === 'manual');
}
